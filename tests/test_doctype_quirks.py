"""The document mode a DOCTYPE selects, and its effect on the tree.

https://html.spec.whatwg.org/#the-initial-insertion-mode, as changed by
whatwg/html e7318c5e (January 2026, WPT PR 57077): a system identifier that
is the empty string counts as missing for the two HTML 4.01 conditions, so
``PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" ""`` is quirks mode (it
was limited-quirks).  No ``.dat`` case tests this; quirks mode shows in the
tree through ``<p><table>``: in quirks mode a ``table`` start tag does not
close the ``p`` (#parsing-main-inbody, start tag "table").

Every expected mode below is the standard's, and headless Chromium 156
gives the same (document.compatMode and the ``p table`` check, through
DOMParser, 2026-11): BackCompat exactly for the "quirks" rows.  html5lib
1.1 still gives limited-quirks for the empty-string rows.
"""

from __future__ import annotations

import pytest

from specparser import html5lib_compat
from specparser.tables.quirks import doctype_mode
from specparser.testformat import dump_events
from specparser.walkers.etree import walk

TRANSITIONAL = "-//W3C//DTD HTML 4.01 Transitional//EN"
FRAMESET = "-//W3C//DTD HTML 4.01 Frameset//EN"

CASES = [
    # The change: the empty string is "missing" for these two conditions.
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL}" "">', "quirks"),
    (f"<!DOCTYPE html PUBLIC \"{FRAMESET}\" ''>", "quirks"),
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL.lower()}" "">', "quirks"),
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL.upper()}" "">', "quirks"),
    # The system identifier ends at the second quote; the rest is bogus.
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL}" """">', "quirks"),
    # Unchanged: missing is quirks, non-empty is limited-quirks.
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL}">', "quirks"),
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL}" "x">', "limited-quirks"),
    (f'<!DOCTYPE html PUBLIC "{FRAMESET}" "http://www.w3.org/TR/html4/frameset.dtd">', "limited-quirks"),
    # A non-ASCII system identifier is not empty (U+212A KELVIN SIGN).
    (f'<!DOCTYPE html PUBLIC "{TRANSITIONAL}" "\u212a">', "limited-quirks"),
    # The XHTML 1.0 prefixes are limited-quirks whatever the system id.
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "">', "limited-quirks"),
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Frameset//EN">', "limited-quirks"),
    # The empty system identifier alone selects nothing.
    ('<!DOCTYPE html SYSTEM "">', "no-quirks"),
    ('<!DOCTYPE html PUBLIC "" "">', "no-quirks"),
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "">', "no-quirks"),
    # Quirks whatever the system identifier.
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "">', "quirks"),
    ('<!DOCTYPE html SYSTEM "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd">', "quirks"),
]


@pytest.mark.parametrize("doctype, mode", CASES)
def test_the_document_mode_and_the_tree_it_gives(doctype: str, mode: str) -> None:
    parser = html5lib_compat.HTMLParser("etree")
    tree = parser.parse(doctype + "<p><table></table>")
    assert parser.compatMode.replace(" ", "-") == mode  # html5lib spells "limited quirks"
    dump = dump_events(walk(tree))
    if mode == "quirks":
        assert "|       <table>" in dump  # inside the p
    else:
        assert "|     <table>" in dump.split("\n")  # a sibling of the p


def test_doctype_mode_takes_missing_and_empty_alike_only_for_html_401() -> None:
    for public in (TRANSITIONAL, FRAMESET):
        assert doctype_mode("html", public, None, False) == "quirks"
        assert doctype_mode("html", public, "", False) == "quirks"
        assert doctype_mode("html", public, " ", False) == "limited-quirks"
    assert doctype_mode("html", None, "", False) == "no-quirks"


def test_an_empty_system_identifier_is_still_a_parse_error() -> None:
    # The validity condition still tells "" from missing: "system identifier
    # is neither missing nor about:legacy-compat".
    parser = html5lib_compat.HTMLParser("etree")
    parser.parse('<!DOCTYPE html SYSTEM ""><p>')
    assert [e.code for e in parser.errors] == ["unknown-doctype"]
    parser.parse("<!DOCTYPE html><p>")
    assert parser.errors == []
