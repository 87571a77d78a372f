"""Element categories as bits, computed once per element record.

The stack of open elements holds records whose ``flags`` combine these
bits, so "has an element in scope", "special", "formatting" and "generate
implied end tags" are bit tests.  https://html.spec.whatwg.org/#special
https://html.spec.whatwg.org/#has-an-element-in-the-specific-scope
"""

from typing import Final

from ..constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE

__all__ = [
    "ANNOTATION_XML_HTML_ENCODINGS",
    "BUTTON_SCOPE",
    "CONTENTS_DISCONNECTED",
    "ENDED_BY_POP",
    "FLAGS_BY_NAMESPACE",
    "FORMATTING",
    "FOSTER_TARGET",
    "HEADING",
    "HTML_ELEMENT",
    "HTML_FLAGS",
    "HTML_INTEGRATION_POINT",
    "HTML_NOT_TEMPLATE",
    "HTML_RECORD_FLAGS",
    "IMPLIED_END",
    "IMPLIED_END_THOROUGH",
    "LIST_SCOPE",
    "MATHML_FLAGS",
    "MATHML_TEXT_INTEGRATION_POINT",
    "PLAIN_HTML_RECORD",
    "POP_HOOK",
    "SCOPE",
    "SPECIAL",
    "SVG_FLAGS",
    "TABLE_BODY_CONTEXT",
    "TABLE_CONTEXT",
    "TABLE_ROW_CONTEXT",
    "TABLE_SCOPE",
]

# The bits the tree constructor tests on every token come first: CPython
# caches the ints up to 256, so "flags & BIT" with a result below 1 << 9
# allocates no int object (HTML_NOT_TEMPLATE at 1 << 17 cost one
# allocation and free per token).
SPECIAL: Final = 1 << 0
# Set for every element in the HTML namespace (not looked up by name).
HTML_ELEMENT: Final = 1 << 1
# Set for every HTML element but template, whose children go into its
# template contents instead: one bit for the tree constructor's fast paths.
HTML_NOT_TEMPLATE: Final = 1 << 2
# Elements that end "has an element in scope" and its variants.
SCOPE: Final = 1 << 3
LIST_SCOPE: Final = 1 << 4
BUTTON_SCOPE: Final = 1 << 5
FORMATTING: Final = 1 << 6
# Popped by "generate implied end tags" / "... thoroughly".
IMPLIED_END: Final = 1 << 7
# An HTML element that an end tag of its name pops when it is the current
# node, in body or in cell (see _NOT_ENDED_BY_POP below).
ENDED_BY_POP: Final = 1 << 8
# table, tbody, tfoot, thead, tr: foster parenting targets.
FOSTER_TARGET: Final = 1 << 9
TABLE_SCOPE: Final = 1 << 10
HTML_INTEGRATION_POINT: Final = 1 << 11
MATHML_TEXT_INTEGRATION_POINT: Final = 1 << 12
# td, th: the cells; "clear the stack back to a table ... context" stops
# at these groups.
TABLE_CONTEXT: Final = 1 << 13       # table, template, html
TABLE_BODY_CONTEXT: Final = 1 << 14  # tbody, tfoot, thead, template, html
TABLE_ROW_CONTEXT: Final = 1 << 15   # tr, template, html
# Elements whose popping the parser must observe (option and select:
# selectedcontent, treeconstruction/selectedcontent.py).
POP_HOOK: Final = 1 << 16
# h1 ... h6
HEADING: Final = 1 << 17
IMPLIED_END_THOROUGH: Final = 1 << 18
# A template whose contents are not connected: every template's contents
# (a DocumentFragment), and a declarative shadow root whose host is not
# connected (the parser clears the bit of a template whose shadow root
# is: treeconstruction/shadow.py).
CONTENTS_DISCONNECTED: Final = 1 << 19

def _names(text: str) -> list[str]:
    return text.split()


HTML_FLAGS: dict[str, int] = {}
MATHML_FLAGS: dict[str, int] = {}
SVG_FLAGS: dict[str, int] = {}


def _add(table: dict[str, int], names: str, bit: int) -> None:
    for name in _names(names):
        table[name] = table.get(name, 0) | bit


_add(HTML_FLAGS, """address applet area article aside base basefont bgsound blockquote body br
    button caption center col colgroup dd details dir div dl dt embed fieldset figcaption figure
    footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input
    keygen li link listing main marquee menu meta nav noembed noframes noscript object ol p param
    plaintext pre script search section select source style summary table tbody td template
    textarea tfoot th thead title tr track ul wbr xmp""", SPECIAL)
_add(MATHML_FLAGS, "mi mo mn ms mtext annotation-xml", SPECIAL)
_add(SVG_FLAGS, "foreignObject desc title", SPECIAL)

_add(HTML_FLAGS, "a b big code em font i nobr s small strike strong tt u", FORMATTING)

_SCOPE_HTML: Final = "applet caption html table td th marquee object template select"
for bit in (SCOPE, LIST_SCOPE, BUTTON_SCOPE):
    _add(HTML_FLAGS, _SCOPE_HTML, bit)
    _add(MATHML_FLAGS, "mi mo mn ms mtext annotation-xml", bit)
    _add(SVG_FLAGS, "foreignObject desc title", bit)
_add(HTML_FLAGS, "ol ul", LIST_SCOPE)
_add(HTML_FLAGS, "button", BUTTON_SCOPE)
_add(HTML_FLAGS, "html table template", TABLE_SCOPE)

_add(HTML_FLAGS, "dd dt li optgroup option p rb rp rt rtc", IMPLIED_END | IMPLIED_END_THOROUGH)
_add(HTML_FLAGS, "caption colgroup tbody td tfoot th thead tr", IMPLIED_END_THOROUGH)

_add(SVG_FLAGS, "foreignObject desc title", HTML_INTEGRATION_POINT)
# annotation-xml is an HTML integration point only with a suitable
# encoding attribute: decided per element (see ANNOTATION_XML_HTML_ENCODINGS).
_add(MATHML_FLAGS, "mi mo mn ms mtext", MATHML_TEXT_INTEGRATION_POINT)

_add(HTML_FLAGS, "table tbody tfoot thead tr", FOSTER_TARGET)
_add(HTML_FLAGS, "table template html", TABLE_CONTEXT)
_add(HTML_FLAGS, "tbody tfoot thead template html", TABLE_BODY_CONTEXT)
_add(HTML_FLAGS, "tr template html", TABLE_ROW_CONTEXT)
_add(HTML_FLAGS, "option select", POP_HOOK)
_add(HTML_FLAGS, "template", CONTENTS_DISCONNECTED)
_add(HTML_FLAGS, "h1 h2 h3 h4 h5 h6", HEADING)

# The end tags whose in-body rules do more than pop the current node of
# their name: the adoption agency (formatting elements), clearing the list
# of active formatting elements (applet, marquee, object), a br, the after
# body mode (body, html), the form element pointer, the in head rules
# (template), and the names with rules of their own in cell (caption ...
# tr).  Every other HTML element is ENDED_BY_POP: the in-body end tag
# rules of its name (any other end tag, _end_block, _end_p ...) come down
# to popping it when it is the current node (tests/test_tree_fast_paths.py
# checks this against body_mode's shortcut marks).
_NOT_ENDED_BY_POP: Final = frozenset(
    """a b big code em font i nobr s small strike strong tt u applet marquee object br body html
    form template caption col colgroup table tbody td tfoot th thead tr""".split()
)

# The flags of an HTML element's record, by name; other names get
# PLAIN_HTML_RECORD.
PLAIN_HTML_RECORD: Final = HTML_ELEMENT | HTML_NOT_TEMPLATE | ENDED_BY_POP
HTML_RECORD_FLAGS: Final = {
    name: flags
    | (HTML_ELEMENT if name == "template" else HTML_ELEMENT | HTML_NOT_TEMPLATE)
    | (0 if name in _NOT_ENDED_BY_POP else ENDED_BY_POP)
    for name, flags in HTML_FLAGS.items()
}

ANNOTATION_XML_HTML_ENCODINGS: Final = frozenset({"text/html", "application/xhtml+xml"})

FLAGS_BY_NAMESPACE: Final = {
    HTML_NAMESPACE: HTML_FLAGS,
    MATHML_NAMESPACE: MATHML_FLAGS,
    SVG_NAMESPACE: SVG_FLAGS,
}
