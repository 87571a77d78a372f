"""bs4's own tree-builder smoke tests with specparser as the builder.

The classes come from :func:`compat.bs4_suite.smoke_test_classes`; the bs4
sdist the tests come from is found (or downloaded once into a cache) by
:func:`compat.bs4_suite.prepare`.  ``python compat/run.py bs4`` runs this
module and prints the summary.
"""

import pytest

pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")

from compat import bs4_suite  # noqa: E402

_reason = bs4_suite.prepare()
if _reason:
    pytest.skip(f"bs4's smoke tests are unavailable: {_reason}", allow_module_level=True)

globals().update(bs4_suite.smoke_test_classes())
