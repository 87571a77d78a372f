"""``bleach.linkifier``: :class:`Linker`, :class:`LinkifyFilter` and the
URL and e-mail patterns, with bleach 6.4's behaviour."""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Iterator
from urllib.parse import quote

from ..html5lib_compat import getTreeWalker
from ..html5lib_compat.filters.base import Filter
from . import callbacks as linkify_callbacks
from ._entities import entity_tokens
from ._parser import parse_fragment
from ._rules import Token
from ._serializer import render
from .html5lib_shim import HTML_TAGS, allowed_protocols

__all__ = [
    "DEFAULT_CALLBACKS",
    "EMAIL_RE",
    "PROTO_RE",
    "TLDS",
    "URL_RE",
    "Linker",
    "LinkifyFilter",
    "build_email_re",
    "build_url_re",
]

#: List of default callbacks
DEFAULT_CALLBACKS: list[Callable[..., Any]] = [linkify_callbacks.nofollow]

TLDS = """ac ad ae aero af ag ai al am an ao aq ar arpa as asia at au aw ax az
       ba bb bd be bf bg bh bi biz bj bm bn bo br bs bt bv bw by bz ca cat
       cc cd cf cg ch ci ck cl cm cn co com coop cr cu cv cx cy cz de dj dk
       dm do dz ec edu ee eg er es et eu fi fj fk fm fo fr ga gb gd ge gf gg
       gh gi gl gm gn gov gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il
       im in info int io iq ir is it je jm jo jobs jp ke kg kh ki km kn kp
       kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mil mk
       ml mm mn mo mobi mp mq mr ms mt mu museum mv mw mx my mz na name nc ne
       net nf ng ni nl no np nr nu nz om org pa pe pf pg ph pk pl pm pn post
       pr pro ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl
       sm sn so sr ss st su sv sx sy sz tc td tel tf tg th tj tk tl tm tn to
       tp tr travel tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws
       xn xxx ye yt yu za zm zw""".split()

# Make sure that .com doesn't get matched by .co first
TLDS.reverse()


def build_url_re(tlds: Iterable[str] = TLDS, protocols: Iterable[str] = allowed_protocols) -> re.Pattern[str]:
    """The URL pattern linkify uses, for these TLDs and protocols."""
    return re.compile(
        r"""\(*  # Match any opening parentheses.
        \b(?<![@.])(?:(?:{0}):/{{0,3}}(?:(?:\w+:)?\w+@)?)?  # http://
        ([\w-]+\.)+(?:{1})(?:\:[0-9]+)?(?!\.\w)\b   # xx.yy.tld(:##)?
        (?:[/?][^\s\{{\}}\|\\\^`<>"]*)?
            # /path/zz (excluding "unsafe" chars from RFC 3986,
            # except for # and ~, which happen in practice)
        """.format("|".join(sorted(protocols)), "|".join(sorted(tlds))),
        re.IGNORECASE | re.VERBOSE | re.UNICODE,
    )


URL_RE = build_url_re()

PROTO_RE = re.compile(r"^[\w-]+:/{0,3}", re.IGNORECASE)


def build_email_re(tlds: Iterable[str] = TLDS) -> re.Pattern[str]:
    """The e-mail address pattern linkify uses, for these TLDs."""
    return re.compile(
        r"""(?<!//)
        (([-!#$%&'*+/=?^_`{{}}|~0-9A-Z]+
            (\.[-!#$%&'*+/=?^_`{{}}|~0-9A-Z]+)*  # dot-atom
        |^"([\001-\010\013\014\016-\037!#-\[\]-\177]
            |\\[\001-\011\013\014\016-\177])*"  # quoted-string
        )@(?:[A-Z0-9](?:[A-Z0-9-]{{0,61}}[A-Z0-9])?\.)+(?:{0}))  # domain
        """.format("|".join(tlds)),
        re.IGNORECASE | re.MULTILINE | re.VERBOSE,
    )


EMAIL_RE = build_email_re()


class Linker:
    """Convert URL-like strings in an HTML fragment to links
    (``bleach.linkifier.Linker``).  Tags not in ``recognized_tags`` are
    escaped as text; linkify does not sanitize."""

    def __init__(
        self,
        callbacks: Iterable[Callable[..., Any]] = DEFAULT_CALLBACKS,
        skip_tags: Iterable[str] | None = None,
        parse_email: bool = False,
        url_re: re.Pattern[str] = URL_RE,
        email_re: re.Pattern[str] = EMAIL_RE,
        recognized_tags: Iterable[str] = HTML_TAGS,
    ) -> None:
        self.callbacks = callbacks
        self.skip_tags = skip_tags
        self.parse_email = parse_email
        self.url_re = url_re
        self.email_re = email_re
        self.recognized_tags = frozenset(recognized_tags)

    def linkify(self, text: str) -> str:
        """Linkify ``text``.

        :raises TypeError: if ``text`` is not a text type
        """
        if not isinstance(text, str):
            raise TypeError("argument must be of text type")
        if not text:
            return ""
        dom = parse_fragment(text, self.recognized_tags, False)
        filtered = LinkifyFilter(
            source=getTreeWalker("etree")(dom),
            callbacks=self.callbacks,
            skip_tags=self.skip_tags,
            parse_email=self.parse_email,
            url_re=self.url_re,
            email_re=self.email_re,
        )
        return render(filtered)


def _characters(data: str) -> Token:
    return {"type": "Characters", "data": data}


def _link(attrs: dict[Any, Any], text: str) -> list[Token]:
    return [
        {"type": "StartTag", "name": "a", "data": attrs},
        _characters(str(text)),
        {"type": "EndTag", "name": "a"},
    ]


class LinkifyFilter(Filter):
    """html5lib filter that linkifies text (``bleach.linkifier.LinkifyFilter``):
    e-mail addresses (with ``parse_email``) and URLs in text become links,
    existing links go through the callbacks."""

    def __init__(
        self,
        source: Iterable[Token],
        callbacks: Iterable[Callable[..., Any]] | None = DEFAULT_CALLBACKS,
        skip_tags: Iterable[str] | None = None,
        parse_email: bool = False,
        url_re: re.Pattern[str] = URL_RE,
        email_re: re.Pattern[str] = EMAIL_RE,
    ) -> None:
        super().__init__(source)
        self.callbacks = callbacks or []
        self.skip_tags = skip_tags or {}
        self.parse_email = parse_email
        self.url_re = url_re
        self.email_re = email_re

    def apply_callbacks(self, attrs: dict[Any, Any], is_new: bool) -> dict[Any, Any] | None:
        """Run the callbacks; ``None`` (the link is dropped) stops them."""
        for cb in self.callbacks:
            attrs = cb(attrs, is_new)
            if attrs is None:
                return None
        return attrs

    def extract_character_data(self, token_list: Iterable[Token]) -> str:
        """The text of a token list (its Characters and SpaceCharacters)."""
        return "".join(t["data"] for t in token_list if t["type"] in ("Characters", "SpaceCharacters"))

    def handle_email_addresses(self, src_iter: Iterable[Token]) -> Iterator[Token]:
        """E-mail addresses in Characters tokens become links."""
        for token in src_iter:
            if token["type"] == "Characters":
                text = token["data"]
                new_tokens: list[Token] = []
                end = 0
                for match in self.email_re.finditer(text):
                    if match.start() > end:
                        new_tokens.append(_characters(text[end : match.start()]))
                    parts = match.group(0).split("@")
                    parts[0] = quote(parts[0])
                    address = "@".join(parts)
                    attrs = self.apply_callbacks({(None, "href"): "mailto:%s" % address, "_text": match.group(0)}, True)
                    if attrs is None:
                        new_tokens.append(_characters(match.group(0)))
                    else:
                        new_tokens.extend(_link(attrs, attrs.pop("_text", "")))
                    end = match.end()
                if new_tokens:
                    if end < len(text):
                        new_tokens.append(_characters(text[end:]))
                    yield from new_tokens
                    continue
            yield token

    def strip_non_url_bits(self, fragment: str) -> tuple[str, str, str]:
        """``(url, prefix, suffix)``: parentheses, commas and periods the
        pattern took around a URL."""
        prefix = suffix = ""
        while fragment:
            if fragment.startswith("("):
                prefix = prefix + "("
                fragment = fragment[1:]
                if fragment.endswith(")"):
                    suffix = ")" + suffix
                    fragment = fragment[:-1]
                continue
            if fragment.endswith(")") and "(" not in fragment:
                fragment = fragment[:-1]
                suffix = ")" + suffix
                continue
            if fragment.endswith(","):
                fragment = fragment[:-1]
                suffix = "," + suffix
                continue
            if fragment.endswith("."):
                fragment = fragment[:-1]
                suffix = "." + suffix
                continue
            break
        return fragment, prefix, suffix

    def handle_links(self, src_iter: Iterable[Token]) -> Iterator[Token]:
        """URLs in Characters tokens (outside links) become links."""
        in_a = False
        for token in src_iter:
            if in_a:
                if token["type"] == "EndTag" and token["name"] == "a":
                    in_a = False
                yield token
                continue
            if token["type"] == "StartTag" and token["name"] == "a":
                in_a = True
                yield token
                continue
            if token["type"] == "Characters":
                new_tokens = self._links_in(token["data"])
                if new_tokens:
                    yield from new_tokens
                    continue
            yield token

    def _links_in(self, text: str) -> list[Token]:
        new_tokens: list[Token] = []
        end = 0
        for match in self.url_re.finditer(text):
            if match.start() > end:
                new_tokens.append(_characters(text[end : match.start()]))
            url, prefix, suffix = self.strip_non_url_bits(match.group(0))
            href = url if PROTO_RE.search(url) else "http://%s" % url
            attrs = self.apply_callbacks({(None, "href"): href, "_text": url}, True)
            if attrs is None:
                new_tokens.append(_characters(prefix + url + suffix))
            else:
                if prefix:
                    new_tokens.append(_characters(prefix))
                new_tokens.extend(_link(attrs, attrs.pop("_text", "")))
                if suffix:
                    new_tokens.append(_characters(suffix))
            end = match.end()
        if new_tokens and end < len(text):
            new_tokens.append(_characters(text[end:]))
        return new_tokens

    def handle_a_tag(self, token_buffer: list[Token]) -> Iterator[Token]:
        """An existing link: through the callbacks, which may change its
        attributes, its text (``_text``) or drop it (its text stays)."""
        a_token = token_buffer[0]
        attrs = a_token["data"] if a_token["data"] else {}
        text = self.extract_character_data(token_buffer)
        attrs["_text"] = text
        attrs = self.apply_callbacks(attrs, False)
        if attrs is None:
            yield _characters(text)
            return
        new_text = attrs.pop("_text", "")
        a_token["data"] = attrs
        if text == new_text:
            yield a_token
            yield from token_buffer[1:]
        else:
            yield a_token
            yield _characters(str(new_text))
            yield token_buffer[-1]

    def extract_entities(self, token: Token) -> Iterator[Token]:
        """References in a Characters token as Entity tokens (``&amp;`` as
        an ``&`` character), so that the serializer keeps them."""
        data = token.get("data", "")
        # bleach looks at any token's data, so a comment holding "&" inside
        # a link becomes text (escaped): kept as bleach has it.
        if not isinstance(data, str) or "&" not in data:
            yield token
            return
        yield from entity_tokens(data)

    def __iter__(self) -> Iterator[Token]:
        in_a = False
        in_skip_tag = None
        token_buffer: list[Token] = []
        for token in super().__iter__():
            if in_a:
                if token["type"] == "EndTag" and token["name"] == "a":
                    token_buffer.append(token)
                    yield from self.handle_a_tag(token_buffer)
                    in_a = False
                    token_buffer = []
                else:
                    token_buffer.extend(self.extract_entities(token))
                continue
            if token["type"] in ("StartTag", "EmptyTag"):
                if token["name"] in self.skip_tags:
                    in_skip_tag = token["name"]
                elif token["name"] == "a":
                    in_a = True
                    token_buffer.append(token)
                    continue
            elif in_skip_tag and self.skip_tags:
                if token["type"] == "EndTag" and token["name"] == in_skip_tag:
                    in_skip_tag = None
            elif not in_a and not in_skip_tag and token["type"] == "Characters":
                new_stream: Iterable[Token] = iter([token])
                if self.parse_email:
                    new_stream = self.handle_email_addresses(new_stream)
                new_stream = self.handle_links(new_stream)
                for new_token in new_stream:
                    yield from self.extract_entities(new_token)
                continue
            yield token
