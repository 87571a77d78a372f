"""``html5lib.filters.optionaltags``: leave out the start and end tags the
HTML syntax lets a document omit.

https://html.spec.whatwg.org/#optional-tags

The filter sees a token stream, not a tree, so "the first thing inside"
an element is the next token and "no more content in the parent element"
is a following end tag or the end of the stream.  The rules are the
standard's, as html5lib 1.1 applies them to tokens, with these choices
(checked by html5lib-tests' optionaltags.test):

* Whitespace text counts as "a space character" after ``<html>``,
  ``</html>``, ``</body>`` as well as where the standard says it.
* ``</colgroup>`` is kept before another ``<colgroup>``, and ``<tbody>`` is
  kept after ``</tbody>``, ``</thead>`` or ``</tfoot>``, instead of
  remembering which end tags were dropped.
* ``</tfoot>`` may go before ``<tbody>`` (older text of the standard).
* ``</p>`` may also go before ``dir`` and ``datagrid`` (html5lib's list).

Newer than html5lib 1.1: the standard's current lists for ``</p>``
(``details``, ``main``, ``search`` ...) and for ``<body>`` (not omitted
before ``meta``, ``link``, ``noscript``, ``template``), ``</caption>``,
``</option>`` / ``</optgroup>`` before ``<hr>``, and ``</p>`` is kept when
the parent is an ``a``, ``audio``, ``del``, ``ins``, ``map``, ``noscript``
or ``video`` element or an autonomous custom element.
"""

from __future__ import annotations

from typing import Iterator

from . import base

__all__ = ["Filter"]

# End tags that may be omitted when the next token is a start tag (or
# empty tag) with one of these names ...
_END_BEFORE = {
    "li": frozenset({"li"}),
    "dt": frozenset({"dt", "dd"}),
    "dd": frozenset({"dt", "dd"}),
    "rt": frozenset({"rt", "rp"}),
    "rp": frozenset({"rt", "rp"}),
    "optgroup": frozenset({"optgroup", "hr"}),
    "option": frozenset({"option", "optgroup", "hr"}),
    "tr": frozenset({"tr"}),
    "td": frozenset({"td", "th"}),
    "th": frozenset({"td", "th"}),
    "thead": frozenset({"tbody", "tfoot"}),
    "tbody": frozenset({"tbody", "tfoot"}),
    "tfoot": frozenset({"tbody"}),
    "p": frozenset(
        """address article aside blockquote datagrid details dialog dir div dl
        fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup
        hr main menu nav ol p pre search section table ul""".split()
    ),
}
# ... and those that may also be omitted when nothing follows in the parent.
_END_AT_PARENT_END = frozenset(
    {"li", "dd", "rt", "rp", "optgroup", "option", "tr", "td", "th", "tbody", "tfoot", "p"}
)
# </p> stays when the parent is one of these (transparent content models).
_P_KEPT_IN = frozenset({"a", "audio", "del", "ins", "map", "noscript", "video"})
# End tags omitted unless a comment or whitespace follows.
_END_UNLESS_SPACE_OR_COMMENT = frozenset({"html", "head", "body", "caption", "colgroup"})
# <body> is kept when its first child is one of these.
_BODY_KEPT_BEFORE = frozenset({"meta", "noscript", "link", "script", "style", "template"})

_TAGS = ("StartTag", "EmptyTag")


# "Not followed by a comment" and "the first thing inside is not a comment":
# a processing instruction (2026) goes wherever a comment goes, so it keeps
# the tag just as a comment does.
_COMMENT_OR_SPACE = ("Comment", "ProcessingInstruction", "SpaceCharacters")

class Filter(base.Filter):
    """Removes optional tags from the token stream"""

    def slider(self) -> Iterator[tuple]:
        """(previous, token, next) for each token; None past either end."""
        previous1 = previous2 = None
        for token in self.source:
            if previous1 is not None:
                yield previous2, previous1, token
            previous2 = previous1
            previous1 = token
        if previous1 is not None:
            yield previous2, previous1, None

    def __iter__(self) -> Iterator[dict]:
        for previous, token, next in self.slider():
            kind = token["type"]
            if kind == "StartTag":
                if token["data"] or not self.is_optional_start(token["name"], previous, next):
                    yield token
            elif kind == "EndTag":
                if not self.is_optional_end(token["name"], next):
                    yield token
            else:
                yield token

    def is_optional_start(self, tagname: str, previous: dict | None, next: dict | None) -> bool:
        # The next token's type (None at the end) and, for a tag, its name.
        if next:
            kind, next_name = next["type"], next.get("name", "")
        else:
            kind, next_name = None, ""
        if tagname == "html":
            # ... if the first thing inside is not a comment (or space).
            return kind not in _COMMENT_OR_SPACE
        if tagname == "head":
            # ... if the element is empty, or the first thing inside is an element.
            return kind in _TAGS or (kind == "EndTag" and next_name == "head")
        if tagname == "body":
            # ... if empty, or the first thing inside is not whitespace or a
            # comment, except meta, noscript, link, script, style, template.
            if kind in _COMMENT_OR_SPACE:
                return False
            if kind in _TAGS:
                return next_name not in _BODY_KEPT_BEFORE
            return True
        if tagname == "colgroup":
            # ... if the first thing inside is a col element (and see </colgroup>).
            return kind in _TAGS and next_name == "col"
        if tagname == "tbody":
            # ... if the first thing inside is a tr, and not right after a
            # tbody, thead or tfoot whose end tag may have been omitted.
            if kind != "StartTag" or next_name != "tr":
                return False
            return not (
                previous
                and previous["type"] == "EndTag"
                and previous["name"] in ("tbody", "thead", "tfoot")
            )
        return False

    def is_optional_end(self, tagname: str, next: dict | None) -> bool:
        if next:
            kind, next_name = next["type"], next.get("name", "")
        else:
            kind, next_name = None, ""
        if tagname in _END_UNLESS_SPACE_OR_COMMENT:
            if kind in _COMMENT_OR_SPACE:
                return False
            if tagname == "colgroup" and kind == "StartTag" and next_name == "colgroup":
                return False  # so that the next <colgroup> may keep its start tag
            return True
        before = _END_BEFORE.get(tagname)
        if before is None:
            return False
        if kind in _TAGS:
            return next_name in before
        if kind == "EndTag" or kind is None:
            if tagname not in _END_AT_PARENT_END:
                return False
            if tagname == "p" and kind == "EndTag":
                parent = next_name
                return parent not in _P_KEPT_IN and "-" not in parent
            return True
        return False
