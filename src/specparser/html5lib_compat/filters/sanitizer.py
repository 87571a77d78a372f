"""``html5lib.filters.sanitizer``: html5lib 1.1's sanitizer filter, ported.

Deprecated from html5lib 1.1 (importing this module and creating a
:class:`Filter` warn with html5lib's own DeprecationWarning); see
https://github.com/html5lib/html5lib-python/issues/443.  It is here because
code written for html5lib calls it (``serialize(tree, sanitize=True)``,
``Filter(walker)``); new code should use a maintained sanitizer (nh3,
bleach).

The allow-lists, the URI and CSS checks and the token rewriting are
html5lib 1.1's, unchanged (the tables are written compactly, one string of
names per namespace): elements not allowed are escaped into text,
attributes not allowed are dropped, URI-valued attributes keep only the
allowed schemes (and ``data:`` only the allowed content types), ``url()``
references and off-document ``xlink:href`` are removed where SVG allows
only local ones, and ``style`` keeps only the allowed CSS.  Comments are
dropped.  One robustness change: a hand-made start or end tag token
without a ``namespace`` key is taken as HTML instead of raising KeyError.

Ported from html5lib 1.1 (``html5lib/filters/sanitizer.py``), which is
under the MIT license:

    Copyright (c) 2006-2013 James Graham and other contributors

    Permission is hereby granted, free of charge, to any person obtaining
    a copy of this software and associated documentation files (the
    "Software"), to deal in the Software without restriction, including
    without limitation the rights to use, copy, modify, merge, publish,
    distribute, sublicense, and/or sell copies of the Software, and to
    permit persons to whom the Software is furnished to do so, subject to
    the following conditions:

    The above copyright notice and this permission notice shall be
    included in all copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
    EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
    MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
    NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
    LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
    OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
    WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""

from __future__ import annotations

import re
import warnings
from typing import AbstractSet, Iterable, Iterator
from urllib.parse import urlparse
from xml.sax.saxutils import escape, unescape

from . import base
from ..constants import namespaces, prefixes

__all__ = ["Filter"]


# html5lib's message, word for word: callers filter warnings on it.
_deprecation_msg = (
    "html5lib's sanitizer is deprecated; see "
    "https://github.com/html5lib/html5lib-python/issues/443 and please let "
    "us know if Bleach is unsuitable for your needs"
)

warnings.warn(_deprecation_msg, DeprecationWarning)


def _names(namespace: str | None, names: str) -> frozenset[tuple[str | None, str]]:
    """``(namespace, name)`` keys for a space-separated list of names."""
    return frozenset((namespace, name) for name in names.split())


allowed_elements = frozenset(
    _names(
        namespaces["html"],
        "a abbr acronym address area article aside audio b big blockquote br button canvas "
        "caption center cite code col colgroup command datagrid datalist dd del details dfn "
        "dialog dir div dl dt em event-source fieldset figcaption figure footer font form "
        "header h1 h2 h3 h4 h5 h6 hr i img input ins keygen kbd label legend li m map menu "
        "meter multicol nav nextid ol output optgroup option p pre progress q s samp section "
        "select small sound source spacer span strike strong sub sup table tbody td textarea "
        "time tfoot th thead tr tt u ul var video",
    )
    | _names(
        namespaces["mathml"],
        "maction math merror mfrac mi mmultiscripts mn mo mover mpadded mphantom mprescripts "
        "mroot mrow mspace msqrt mstyle msub msubsup msup mtable mtd mtext mtr munder "
        "munderover none",
    )
    | _names(
        namespaces["svg"],
        "a animate animateColor animateMotion animateTransform clipPath circle defs desc "
        "ellipse font-face font-face-name font-face-src g glyph hkern linearGradient line "
        "marker metadata missing-glyph mpath path polygon polyline radialGradient rect set "
        "stop svg switch text title tspan use",
    )
)

allowed_attributes = frozenset(
    _names(
        None,
        "abbr accept accept-charset accesskey action align alt autocomplete autofocus axis "
        "background balance bgcolor bgproperties border bordercolor bordercolordark "
        "bordercolorlight bottompadding cellpadding cellspacing ch challenge char charoff "
        "choff charset checked cite class clear color cols colspan compact contenteditable "
        "controls coords data datafld datapagesize datasrc datetime default delay dir "
        "disabled draggable dynsrc enctype end face for form frame galleryimg gutter headers "
        "height hidefocus hidden high href hreflang hspace icon id inputmode ismap keytype "
        "label leftspacing lang list longdesc loop loopcount loopend loopstart low lowsrc max "
        "maxlength media method min multiple name nohref noshade nowrap open optimum pattern "
        "ping point-size poster pqg preload prompt radiogroup readonly rel repeat-max "
        "repeat-min replace required rev rightspacing rows rowspan rules scope selected shape "
        "size span src start step style summary suppress tabindex target template title "
        "toppadding type unselectable usemap urn valign value variable volume vspace vrml "
        "width wrap actiontype columnalign columnlines columnspacing columnspan depth display "
        "displaystyle equalcolumns equalrows fence fontstyle fontweight linethickness lspace "
        "mathbackground mathcolor mathvariant maxsize minsize other rowalign rowlines "
        "rowspacing rspace scriptlevel selection separator stretchy accent-height accumulate "
        "additive alphabetic arabic-form ascent attributeName attributeType baseProfile bbox "
        "begin by calcMode cap-height clip-path color-rendering content cx cy d dx dy descent "
        "dur fill fill-opacity fill-rule font-family font-size font-stretch font-style "
        "font-variant font-weight from fx fy g1 g2 glyph-name gradientUnits hanging "
        "horiz-adv-x horiz-origin-x ideographic k keyPoints keySplines keyTimes marker-end "
        "marker-mid marker-start markerHeight markerUnits markerWidth mathematical offset "
        "opacity orient origin overline-position overline-thickness panose-1 path pathLength "
        "points preserveAspectRatio r refX refY repeatCount repeatDur requiredExtensions "
        "requiredFeatures restart rotate rx ry slope stemh stemv stop-color stop-opacity "
        "strikethrough-position strikethrough-thickness stroke stroke-dasharray "
        "stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity "
        "stroke-width systemLanguage text-anchor to transform u1 u2 underline-position "
        "underline-thickness unicode unicode-range units-per-em values version viewBox "
        "visibility widths x x-height x1 x2 y y1 y2 zoomAndPan",
    )
    | _names(
        namespaces["xml"],
        "lang base space",
    )
    | _names(
        namespaces["xlink"],
        "href show type actuate arcrole role title",
    )
)

attr_val_is_uri = frozenset(
    _names(
        None,
        "href src cite action longdesc poster background datasrc dynsrc lowsrc ping",
    )
    | _names(
        namespaces["xlink"],
        "href",
    )
    | _names(
        namespaces["xml"],
        "base",
    )
)

svg_attr_val_allows_ref = frozenset(
    _names(
        None,
        "clip-path color-profile cursor fill filter marker marker-start marker-mid marker-end "
        "mask stroke",
    )
)

svg_allow_local_href = frozenset(
    _names(
        None,
        "altGlyph animate animateColor animateMotion animateTransform cursor feImage filter "
        "linearGradient pattern radialGradient textpath tref set use",
    )
)

allowed_css_properties = frozenset(
    (
        "azimuth background-color border-bottom-color border-collapse border-color "
        "border-left-color border-right-color border-top-color clear color cursor direction "
        "display elevation float font font-family font-size font-style font-variant "
        "font-weight height letter-spacing line-height overflow pause pause-after "
        "pause-before pitch pitch-range richness speak speak-header speak-numeral "
        "speak-punctuation speech-rate stress text-align text-decoration text-indent "
        "unicode-bidi vertical-align voice-family volume white-space width"
    ).split()
)

allowed_css_keywords = frozenset(
    (
        "auto aqua black block blue bold both bottom brown center collapse dashed dotted "
        "fuchsia gray green !important italic left lime maroon medium none navy normal nowrap "
        "olive pointer purple red right solid silver teal top transparent underline white "
        "yellow"
    ).split()
)

allowed_svg_properties = frozenset(
    (
        "fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin "
        "stroke-opacity"
    ).split()
)

allowed_protocols = frozenset(
    (
        "ed2k ftp http https irc mailto news gopher nntp telnet webcal xmpp callto feed urn "
        "aim rsync tag ssh sftp rtsp afs data"
    ).split()
)

allowed_content_types = frozenset(
    (
        "image/png image/jpeg image/gif image/webp image/bmp text/plain"
    ).split()
)


data_content_type = re.compile(
    r"""
    ^
    # Match a content type <application>/<type>
    (?P<content_type>[-a-zA-Z0-9.]+/[-a-zA-Z0-9.]+)
    # Match any character set and encoding
    (?:(?:;charset=(?:[-a-zA-Z0-9]+)(?:;(?:base64))?)
      |(?:;(?:base64))?(?:;charset=(?:[-a-zA-Z0-9]+))?)
    # Assume the rest is data
    ,.*
    $
    """,
    re.VERBOSE,
)

# The checks' regular expressions, html5lib's, compiled once.
# What is removed from a URI-valued attribute before its scheme is read
# (html5lib does not say where this list comes from; removing more only
# makes the check stricter).
_URI_IGNORED = re.compile("[`\x00-\x20\x7f-\xa0\\s]+")
_XLINK_HREF = (namespaces["xlink"], "href")
_NON_LOCAL_HREF = re.compile(r"^\s*[^#\s].*")
# url(...) other than url(#local) in attributes that may hold a reference.
_NON_LOCAL_URL_REF = re.compile(r"url\s*\(\s*[^#\s][^)]+?\)")
_CSS_URL = re.compile(r"url\s*\(\s*[^\s)]+?\s*\)\s*")
_CSS_GAUNTLET = re.compile(r"""^([:,;#%.\sa-zA-Z0-9!]|\w-\w|'[\s\w]+'|"[\s\w]+"|\([\d,\s]+\))*$""")
_CSS_DECLARATIONS = re.compile(r"^\s*([-\w]+\s*:[^:;]*(;\s*|$))*$")
_CSS_DECLARATION = re.compile(r"([-\w]+)\s*:\s*([^:;]*)")
_CSS_SHORTHANDS = ("background", "border", "margin", "padding")
_CSS_KEYWORD_VALUE = re.compile(
    r"^(#[0-9a-fA-F]+|rgb\(\d+%?,\d*%?,?\d*%?\)?|\d{0,2}\.?\d{0,2}(cm|em|ex|in|mm|pc|pt|px|%|,|\))?)$"
)


class Filter(base.Filter):
    """Sanitizes token stream of XHTML+MathML+SVG and of inline style attributes"""

    def __init__(
        self,
        source: Iterable[dict],
        allowed_elements: AbstractSet[tuple[str | None, str]] = allowed_elements,
        allowed_attributes: AbstractSet[tuple[str | None, str]] = allowed_attributes,
        allowed_css_properties: AbstractSet[str] = allowed_css_properties,
        allowed_css_keywords: AbstractSet[str] = allowed_css_keywords,
        allowed_svg_properties: AbstractSet[str] = allowed_svg_properties,
        allowed_protocols: AbstractSet[str] = allowed_protocols,
        allowed_content_types: AbstractSet[str] = allowed_content_types,
        attr_val_is_uri: AbstractSet[tuple[str | None, str]] = attr_val_is_uri,
        svg_attr_val_allows_ref: AbstractSet[tuple[str | None, str]] = svg_attr_val_allows_ref,
        svg_allow_local_href: AbstractSet[tuple[str | None, str]] = svg_allow_local_href,
    ) -> None:
        """Creates a Filter

        :arg allowed_elements: set of elements to allow--everything else will
            be escaped

        :arg allowed_attributes: set of attributes to allow in
            elements--everything else will be stripped

        :arg allowed_css_properties: set of CSS properties to allow--everything
            else will be stripped

        :arg allowed_css_keywords: set of CSS keywords to allow--everything
            else will be stripped

        :arg allowed_svg_properties: set of SVG properties to allow--everything
            else will be removed

        :arg allowed_protocols: set of allowed protocols for URIs

        :arg allowed_content_types: set of allowed content types for ``data`` URIs.

        :arg attr_val_is_uri: set of attributes that have URI values--values
            that have a scheme not listed in ``allowed_protocols`` are removed

        :arg svg_attr_val_allows_ref: set of SVG attributes that can have
            references

        :arg svg_allow_local_href: set of SVG elements that can have local
            hrefs--these are removed

        """
        base.Filter.__init__(self, source)

        warnings.warn(_deprecation_msg, DeprecationWarning)

        self.allowed_elements = allowed_elements
        self.allowed_attributes = allowed_attributes
        self.allowed_css_properties = allowed_css_properties
        self.allowed_css_keywords = allowed_css_keywords
        self.allowed_svg_properties = allowed_svg_properties
        self.allowed_protocols = allowed_protocols
        self.allowed_content_types = allowed_content_types
        self.attr_val_is_uri = attr_val_is_uri
        self.svg_attr_val_allows_ref = svg_attr_val_allows_ref
        self.svg_allow_local_href = svg_allow_local_href

    def __iter__(self) -> Iterator[dict]:
        sanitize_token = self.sanitize_token
        for token in base.Filter.__iter__(self):
            sanitized = sanitize_token(token)
            if sanitized:
                yield sanitized

    # Sanitize the +html+, escaping all elements not in ALLOWED_ELEMENTS, and
    # stripping out all attributes not in ALLOWED_ATTRIBUTES. Style attributes
    # are parsed, and a restricted set, specified by ALLOWED_CSS_PROPERTIES and
    # ALLOWED_CSS_KEYWORDS, are allowed through. attributes in ATTR_VAL_IS_URI
    # are scanned, and only URI schemes specified in ALLOWED_PROTOCOLS are
    # allowed.
    #
    #   sanitize_html('<script> do_nasty_stuff() </script>')
    #    => &lt;script> do_nasty_stuff() &lt;/script>
    #   sanitize_html('<a href="javascript: sucker();">Click here for $100</a>')
    #    => <a>Click here for $100</a>
    def sanitize_token(self, token: dict) -> dict | None:
        """The token to write instead of ``token`` (the same dict,
        changed), or None to drop it (comments)."""
        token_type = token["type"]
        if token_type in ("StartTag", "EndTag", "EmptyTag"):
            name = token["name"]
            namespace = token.get("namespace")
            if (namespace, name) in self.allowed_elements or (
                namespace is None and (namespaces["html"], name) in self.allowed_elements
            ):
                return self.allowed_token(token)
            return self.disallowed_token(token)
        if token_type == "Comment" or token_type == "ProcessingInstruction":
            # html5lib 1.1 read "<?...>" as a comment, and dropped it.
            return None
        return token

    def allowed_token(self, token: dict) -> dict:
        """Strip an allowed element's attributes down to the allowed ones
        with safe values."""
        if "data" in token:
            attrs = token["data"]
            attr_names = set(attrs.keys())

            # Remove forbidden attributes
            for to_remove in attr_names - self.allowed_attributes:
                del attrs[to_remove]
                attr_names.remove(to_remove)

            # Remove attributes with disallowed URL values
            for attr in attr_names & self.attr_val_is_uri:
                val_unescaped = _URI_IGNORED.sub("", unescape(attrs[attr])).lower()
                # remove replacement characters from unescaped characters
                val_unescaped = val_unescaped.replace("\ufffd", "")
                try:
                    uri = urlparse(val_unescaped)
                except ValueError:
                    uri = None
                    del attrs[attr]
                if uri and uri.scheme:
                    if uri.scheme not in self.allowed_protocols:
                        del attrs[attr]
                    if uri.scheme == "data":
                        m = data_content_type.match(uri.path)
                        if not m:
                            del attrs[attr]
                        elif m.group("content_type") not in self.allowed_content_types:
                            del attrs[attr]

            for attr in self.svg_attr_val_allows_ref:
                if attr in attrs:
                    attrs[attr] = _NON_LOCAL_URL_REF.sub(" ", unescape(attrs[attr]))
            if (
                token["name"] in self.svg_allow_local_href
                and _XLINK_HREF in attrs
                and _NON_LOCAL_HREF.search(attrs[_XLINK_HREF])
            ):
                del attrs[_XLINK_HREF]
            if (None, "style") in attrs:
                attrs[(None, "style")] = self.sanitize_css(attrs[(None, "style")])
            token["data"] = attrs
        return token

    def disallowed_token(self, token: dict) -> dict:
        """Turn a tag that is not allowed into Characters: its markup as
        text, which the serializer escapes."""
        token_type = token["type"]
        if token_type == "EndTag":
            token["data"] = f"</{token['name']}>"
        elif token["data"]:
            assert token_type in ("StartTag", "EmptyTag")
            attrs = []
            for (ns, name), v in token["data"].items():
                qualified = name if ns is None else f"{prefixes[ns]}:{name}"
                attrs.append(f' {qualified}="{escape(v)}"')
            token["data"] = f"<{token['name']}{''.join(attrs)}>"
        else:
            token["data"] = f"<{token['name']}>"
        if token.get("selfClosing"):
            token["data"] = token["data"][:-1] + "/>"

        token["type"] = "Characters"

        del token["name"]
        return token

    def sanitize_css(self, style: str) -> str:
        """The declarations of a ``style`` value that are allowed, or ""
        when the value does not pass html5lib's CSS gauntlet."""
        # disallow urls
        style = _CSS_URL.sub(" ", style)

        # gauntlet
        if not _CSS_GAUNTLET.match(style):
            return ""
        if not _CSS_DECLARATIONS.match(style):
            return ""

        clean = []
        for prop, value in _CSS_DECLARATION.findall(style):
            if not value:
                continue
            if prop.lower() in self.allowed_css_properties:
                clean.append(prop + ": " + value + ";")
            elif prop.split("-")[0].lower() in _CSS_SHORTHANDS:
                for keyword in value.split():
                    if keyword not in self.allowed_css_keywords and not _CSS_KEYWORD_VALUE.match(keyword):
                        break
                else:
                    clean.append(prop + ": " + value + ";")
            elif prop.lower() in self.allowed_svg_properties:
                clean.append(prop + ": " + value + ";")

        return " ".join(clean)
