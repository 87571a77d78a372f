"""Sphinx configuration: the documentation site of specparser.

Build (warnings are errors, as in .ci/run)::

    pip install '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

Pages are Markdown (MyST); the API reference is generated from the
docstrings (autodoc) of the package in ``src/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Document the checkout's package, not whatever version is installed.
sys.path.insert(0, str(ROOT / "src"))

import specparser  # noqa: E402

project = "specparser"
author = "The specparser maintainers"
copyright = "2026, The specparser maintainers"
version = release = specparser.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
root_doc = "index"

# "#heading" links between Markdown pages.
myst_heading_anchors = 3
myst_enable_extensions = ["deflist"]

autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
# Signatures keep the annotations as written (from __future__ import
# annotations); the description repeats nothing.
autodoc_typehints = "signature"

html_theme = "alabaster"
html_title = f"specparser {release}"
html_theme_options = {"description": "The WHATWG HTML parsing algorithm in pure Python"}
