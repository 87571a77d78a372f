"""The optional tree libraries the tests exercise when installed: for each,
``None`` when it imports, else the reason to skip with (naming the extra
that installs it).

    from _optional import LXML_MISSING
    if LXML_MISSING:
        pytest.skip(LXML_MISSING)
"""

from __future__ import annotations

try:
    import lxml.etree  # noqa: F401

    LXML_MISSING: str | None = None
except ImportError:  # pragma: no cover - depends on the environment
    LXML_MISSING = "lxml is not installed (pip install specparser-html[lxml])"
try:
    import bs4  # noqa: F401

    BS4_MISSING: str | None = None
except ImportError:  # pragma: no cover
    BS4_MISSING = "beautifulsoup4 is not installed (pip install specparser-html[bs4])"

# Tree type -> why it cannot be tested here, for the missing ones only.
MISSING: dict[str, str] = {
    name: reason for name, reason in (("lxml", LXML_MISSING), ("bs4", BS4_MISSING)) if reason is not None
}
