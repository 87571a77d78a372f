"""bleach's parsing step on specparser: the tokenizer's tokens pass through
:class:`BleachTokenSink` on their way to tree construction.

bleach 6 does not sanitize a tree parsed as the standard parses it: its
html5lib tokenizer subclass (``html5lib_shim.BleachHTMLTokenizer``) changes
the token stream *before* tree construction sees it, and bleach's outputs
depend on that:

* a start or end tag whose name is not allowed never reaches tree
  construction: it becomes text, the tag exactly as written (``strip=False``)
  or nothing (``strip=True``; a newline for a block-level start tag after an
  earlier tag).  So ``<script>x</script>`` with ``script`` not allowed is the
  text ``<script>x</script>``, never a script element whose content would be
  raw text, and a disallowed ``<table>`` foster-parents nothing;
* character references are not decoded: text and attribute values keep them
  as written (the sanitizer filter turns the valid ones into Entity tokens,
  the serializer writes the others' ``&`` as ``&amp;``);
* ``</ x>`` (a bogus comment for the standard) is text unless ``x`` is an
  allowed tag;
* a tag cut off by the end of the input (``<a b``) is text, not dropped;
* a disallowed tag whose attribute names hold ``<``, ``"`` or ``'``
  (``<foo <b>``) is text up to its first space, and the rest is tokenized
  again (``<b>`` is a tag);
* ``<?...>`` is a bogus comment (html5lib 1.1 predates the standard's
  processing instructions).

Offsets, not a second tokenizer, give the original text: every token the
tokenizer emits carries the offset of its first character (tags also the
offset after their ``>``), so a run of text is ``text[pos:next token's
pos]`` and a tag is ``text[tag.pos:tag.end]``.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from ..builders import get_builder
from ..constants import HTML_NAMESPACE
from ..tokenizer import (
    AFTER_ATTRIBUTE_NAME_STATE,
    AFTER_ATTRIBUTE_VALUE_QUOTED_STATE,
    ATTRIBUTE_NAME_STATE,
    ATTRIBUTE_VALUE_UNQUOTED_STATE,
    BEFORE_ATTRIBUTE_NAME_STATE,
    BEFORE_ATTRIBUTE_VALUE_STATE,
    SELF_CLOSING_START_TAG_STATE,
    TAG_NAME_STATE,
    Tokenizer,
)
from ..tokens import EndTag, StartTag
from ..treeconstruction import TreeConstructor, run_tree_construction

__all__ = ["HTML_TAGS_BLOCK_LEVEL", "MAX_SPLITS", "BleachTokenSink", "parse_fragment", "raw_attribute_values"]

#: bleach's block-level tags (html5lib_shim.HTML_TAGS_BLOCK_LEVEL, from MDN
#: 2019-07-11): stripping one of these start tags leaves a newline.
HTML_TAGS_BLOCK_LEVEL = frozenset(
    "address article aside blockquote details dialog dd div dl dt fieldset figcaption figure footer form "
    "h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section table ul".split()
)

# The tokenizer states in which the end of the input drops the tag being
# built (the standard's eof-in-tag): html5lib 1.1's errors eof-in-tag-name,
# eof-in-attribute-name, eof-in-attribute-value-no-quotes and
# expected-end-of-tag-but-got-eof, which bleach turns into text.  EOF in a
# quoted attribute value still drops the tag, as in bleach.
_EOF_AS_TEXT_STATES = frozenset(
    (
        TAG_NAME_STATE,
        BEFORE_ATTRIBUTE_NAME_STATE,
        ATTRIBUTE_NAME_STATE,
        AFTER_ATTRIBUTE_NAME_STATE,
        BEFORE_ATTRIBUTE_VALUE_STATE,
        ATTRIBUTE_VALUE_UNQUOTED_STATE,
        AFTER_ATTRIBUTE_VALUE_QUOTED_STATE,
        SELF_CLOSING_START_TAG_STATE,
    )
)

# An attribute in a tag's source, as the tokenizer's attribute states read
# it (https://html.spec.whatwg.org/#before-attribute-name-state onward):
# a name of one or more characters (the first may be "="), then optionally
# "=" and a double-quoted, single-quoted or unquoted value.  Whitespace and
# "/" separate attributes.
_ATTRIBUTE = re.compile(
    r"""[\t\n\f /]*([^\t\n\f />][^\t\n\f />=]*)"""
    r"""(?:[\t\n\f ]*=[\t\n\f ]*(?:"([^"]*)"?|'([^']*)'?|([^\t\n\f >]*)))?"""
)
_TAG_NAME = re.compile(r"</?[^\t\n\f />]*")
_BAD_NAME_CHARACTERS = re.compile("[<\"']")
_CDATA_OPEN = "<![CDATA["

#: How many times :meth:`BleachTokenSink._split` splits one tag.
MAX_SPLITS = 16


def raw_attribute_values(source: str) -> dict[str, str]:
    """The attributes of the start tag ``source`` (``<name ...>``) with
    their values as written, character references not decoded; the first
    of repeated names wins, as in the tokenizer."""
    found: dict[str, str] = {}
    name_end = _TAG_NAME.match(source)
    pos = name_end.end() if name_end else 1
    limit = len(source) - 1 if source.endswith(">") else len(source)
    while pos < limit:
        m = _ATTRIBUTE.match(source, pos, limit)
        if m is None or m.end() == pos:
            break
        name = m.group(1).lower() if m.group(1).isascii() else _ascii_lower(m.group(1))
        if name not in found:
            double, single, unquoted = m.group(2), m.group(3), m.group(4)
            value = double if double is not None else single if single is not None else unquoted or ""
            # The tokenizer makes U+0000 in a value U+FFFD.
            found[name] = value.replace("\x00", "\ufffd") if "\x00" in value else value
        pos = m.end()
    return found


def _ascii_lower(name: str) -> str:
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in name)


class _Collector:
    """The sink for re-tokenizing the rest of a split tag: keeps the tokens."""

    def __init__(self) -> None:
        self.tokens: list[Any] = []

    def characters(self, data: str, pos: int) -> None:
        self.tokens.append((data, pos))

    def start_tag(self, tag: StartTag) -> None:
        self.tokens.append(tag)

    def end_tag(self, tag: EndTag) -> None:
        self.tokens.append(tag)

    def comment(self, data: str, pos: int) -> None:
        pass  # the rest of a split tag is one tag; it holds no comment

    def eof(self, pos: int) -> None:
        pass

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        pass

    def doctype(self, doctype: Any) -> None:
        pass

    def cdata_allowed(self) -> bool:
        return False


class BleachTokenSink:
    """The tokenizer's sink: bleach's token changes (module docstring), then
    :class:`~specparser.treeconstruction.TreeConstructor`.

    ``tags``: the allowed tag names, lower-cased, or ``None`` to let every
    tag through; ``strip``: drop disallowed tags instead of writing them as
    text; ``consume_entities``: decode character references (bleach's
    ``consume_entities=True``)."""

    def __init__(
        self, constructor: TreeConstructor, tags: frozenset[str] | None, strip: bool, consume_entities: bool
    ) -> None:
        self.constructor = constructor
        self.tags = tags
        self.strip = strip
        self.consume_entities = consume_entities
        self.tokenizer: Tokenizer | None = None
        self.text = ""
        # Text not yet given to tree construction, and its offset; and a
        # chunk whose source is not known yet: it ends where the next
        # token begins.
        self._buffer: list[str] = []
        self._buffer_pos = 0
        self._open: tuple[str, int] | None = None
        # html5lib_shim's emitted_last_token: a tag was seen before.
        self._seen_tag = False

    def attach(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.text = tokenizer.text

    # -- text ---------------------------------------------------------------

    def _close(self, end: int) -> None:
        """The text chunk waiting for its end (``end``: where the next
        token begins) goes into the buffer: its source, if it holds
        references the tokenizer decoded, else its data (a longer source
        that merely continues with markup the tokenizer dropped, such as
        "</>" or the "]]>" of a CDATA section, is not text)."""
        data, pos = self._open  # type: ignore[misc]
        self._open = None
        raw = self.text[pos:end]
        if "&" in raw and not raw.startswith(data):
            # Outside the data state the tokenizer made U+0000 U+FFFD.
            data = raw if "\x00" not in raw or "\x00" in data else raw.replace("\x00", "\ufffd")
        self._add(data, pos)

    def _add(self, data: str, pos: int) -> None:
        if not self._buffer:
            self._buffer_pos = pos
        self._buffer.append(data)

    def _flush(self, end: int) -> None:
        """Give the text before ``end`` (the offset of the token after it)
        to tree construction, as one run."""
        if self._open is not None:
            self._close(end)
        buffer = self._buffer
        if buffer:
            data = buffer[0] if len(buffer) == 1 else "".join(buffer)
            buffer.clear()
            if data:
                self.constructor.characters(data, self._buffer_pos)

    def characters(self, data: str, pos: int) -> None:
        if self._open is not None:
            self._close(pos)
        # Text with no "&" that is in the source as it is needs no waiting
        # for its end (a decoded reference can only match its source if it
        # decodes to "&"): the commonest case.
        if self.consume_entities or ("&" not in data and self.text.startswith(data, pos)):
            buffer = self._buffer
            if not buffer:
                self._buffer_pos = pos
            buffer.append(data)
        else:
            self._open = (data, pos)

    def _text(self, data: str, pos: int) -> None:
        """Text that is already as it should be (a tag written as text).
        An empty one still ends the source of the text before it (a
        stripped tag is not part of it)."""
        if self._open is not None:
            self._close(pos)
        if data:
            buffer = self._buffer
            if not buffer:
                self._buffer_pos = pos
            buffer.append(data)

    # -- tags ---------------------------------------------------------------

    def start_tag(self, tag: StartTag) -> None:
        tags = self.tags
        if tags is not None and tag.name not in tags:
            self._disallowed(tag, True)
            return
        self._allowed_start(tag, self.text, 0)

    def _allowed_start(self, tag: StartTag, text: str, offset: int) -> None:
        self._seen_tag = True
        attrs = tag.attrs
        if attrs:
            # html5lib_shim: attribute names holding <, " or ' (an
            # invalid-character-in-attribute-name error) are dropped.
            if _BAD_NAME_CHARACTERS.search("".join(attrs)):
                attrs = {name: value for name, value in attrs.items() if not _BAD_NAME_CHARACTERS.search(name)}
            source = text[tag.pos : tag.end]
            if "&" in source and not self.consume_entities:
                raw = raw_attribute_values(source)
                attrs = {name: (raw.get(name, value) if "&" in raw.get(name, "") else value) for name, value in attrs.items()}
            tag = StartTag(tag.name, attrs, tag.self_closing, tag.pos + offset, tag.end + offset)
        self._flush(tag.pos)
        self.constructor.start_tag(tag)

    def end_tag(self, tag: EndTag) -> None:
        tags = self.tags
        if tags is not None and tag.name not in tags:
            # _disallowed(tag, False), inlined: the commonest token of a
            # page cleaned with a short allow-list.
            self._seen_tag = True
            if self._open is not None:
                self._close(tag.pos)
            if not self.strip:
                buffer = self._buffer
                if not buffer:
                    self._buffer_pos = tag.pos
                buffer.append(self.text[tag.pos : tag.end])
            return
        self._seen_tag = True
        self._flush(tag.pos)
        self.constructor.end_tag(tag)

    def _disallowed(self, tag: Any, start: bool) -> None:
        """A tag whose name is not allowed: text (bleach's
        BleachHTMLTokenizer.emitCurrentToken)."""
        if self.strip:
            newline = start and self._seen_tag and tag.name in HTML_TAGS_BLOCK_LEVEL
            self._text("\n" if newline else "", tag.pos)
            self._seen_tag = True
            return
        self._seen_tag = True
        source = self.text[tag.pos : tag.end]
        if start and tag.attrs and _BAD_NAME_CHARACTERS.search("".join(tag.attrs)):
            self._split(source, tag.pos)
        else:
            self._text(source, tag.pos)

    def _split(self, source: str, pos: int) -> None:
        """``<foo <b>``: the text up to the first space, then the rest
        tokenized again (html5lib_shim's BleachHTMLTokenizer.__iter__, for
        the invalid-character-in-attribute-name error).  A loop, not
        recursion: ``<a <b <c ...>`` splits again and again, each time
        tokenizing the rest of the tag; after :data:`MAX_SPLITS` splits the
        rest is text (bleach goes on, in time quadratic in the tag's
        length; a real tag is never that deep in such a chain)."""
        for _ in range(MAX_SPLITS):
            head, space, rest = source.partition(" ")
            if not space or not rest.strip().startswith("<"):
                self._text(source, pos)
                return
            self._text(head + space, pos)
            offset = pos + len(head) + 1
            collector = _Collector()
            Tokenizer(rest, collector).run()
            again = None
            for token in collector.tokens:
                if isinstance(token, tuple):
                    self._text(token[0], token[1] + offset)
                elif self.tags is not None and token.name not in self.tags:
                    tag_source = rest[token.pos : token.end]
                    if isinstance(token, StartTag) and _BAD_NAME_CHARACTERS.search("".join(token.attrs)):
                        again = (tag_source, token.pos + offset)
                    else:
                        self._text(tag_source, token.pos + offset)
                elif isinstance(token, StartTag):
                    self._allowed_start(token, rest, offset)
                else:
                    self._flush(token.pos + offset)
                    self.constructor.end_tag(EndTag(token.name, token.pos + offset, token.end + offset))
            if again is None:
                return
            source, pos = again
        self._text(source, pos)

    # -- the rest -------------------------------------------------------------

    def comment(self, data: str, pos: int) -> None:
        text = self.text
        if text.startswith("</", pos) and (self.tags is None or data.lower().strip() not in self.tags):
            # "</ x>": a bogus comment for the standard and html5lib; text
            # for bleach (expected-closing-tag-but-got-char).
            end = text.find(">", pos)
            self._text(text[pos : end + 1 if end >= 0 else len(text)], pos)
            return
        self._flush(pos)
        self.constructor.comment(data, pos)

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        # html5lib 1.1 (and so bleach) reads "<?...>" as a bogus comment.
        text = self.text
        end = text.find(">", pos)
        self._flush(pos)
        self.constructor.comment(text[pos + 1 : end if end >= 0 else len(text)], pos)

    def doctype(self, doctype: Any) -> None:
        self._flush(doctype.pos)
        self.constructor.doctype(doctype)

    def cdata_allowed(self) -> bool:
        # Tree construction decides from the current node, which pending
        # text may change (a reconstructed formatting element): give it
        # the text before the "<![CDATA[" first.
        tokenizer = self.tokenizer
        if tokenizer is not None:
            self._flush(self.text.rfind(_CDATA_OPEN, 0, tokenizer.pos))
        return self.constructor.cdata_allowed()

    def eof(self, pos: int) -> None:
        tokenizer = self.tokenizer
        if tokenizer is not None and tokenizer.state in _EOF_AS_TEXT_STATES:
            # The tag being built when the input ended: bleach keeps it as
            # text.  Its "<" is the tokenizer's current tag offset.
            start = tokenizer._tag_pos
            self._text(self.text[start:pos], start)
        self._flush(pos)
        self.constructor.eof(pos)


def parse_fragment(
    text: str,
    tags: Iterable[str] | None,
    strip: bool,
    consume_entities: bool = False,
    container: str = "div",
) -> Any:
    """bleach's ``BleachHTMLParser(tags, strip, consume_entities,
    namespaceHTMLElements=False).parseFragment(text)``: an ElementTree
    element ``DOCUMENT_FRAGMENT`` holding the fragment, parsed in a
    ``<div>`` with scripting enabled (``<noscript>`` is raw text, as
    bleach parses it)."""
    allowed = frozenset(tag.lower() for tag in tags) if tags is not None else None
    builder = get_builder("etree")(namespaceHTMLElements=False)  # type: ignore[call-arg]
    constructor = TreeConstructor(builder, scripting=True, context=(container, HTML_NAMESPACE))
    sink = BleachTokenSink(constructor, allowed, strip, consume_entities)
    tokenizer = Tokenizer(text, sink)
    sink.attach(tokenizer)
    constructor.tokenizer = tokenizer
    builder.set_source(tokenizer.text)
    tokenizer.state = constructor.initial_tokenizer_state()
    return run_tree_construction(tokenizer, builder)
