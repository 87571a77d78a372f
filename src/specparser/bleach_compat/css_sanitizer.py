"""``bleach.css_sanitizer``: :class:`CSSSanitizer`, which keeps the
declarations of a ``style`` value whose properties are allowed.  Needs
tinycss2 (``pip install 'specparser-html[css]'``), as bleach's does."""

from __future__ import annotations

from typing import Any, Iterable

import tinycss2  # type: ignore[import-untyped]

__all__ = ["ALLOWED_CSS_PROPERTIES", "ALLOWED_SVG_PROPERTIES", "CSSSanitizer"]

ALLOWED_CSS_PROPERTIES = frozenset(
    """azimuth background-color border-bottom-color border-collapse border-color border-left-color
    border-right-color border-top-color clear color cursor direction display elevation float font
    font-family font-size font-style font-variant font-weight height letter-spacing line-height
    overflow pause pause-after pause-before pitch pitch-range richness speak speak-header
    speak-numeral speak-punctuation speech-rate stress text-align text-decoration text-indent
    unicode-bidi vertical-align voice-family volume white-space width""".split()
)

ALLOWED_SVG_PROPERTIES = frozenset(
    """fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin
    stroke-opacity""".split()
)


class CSSSanitizer:
    """Keeps the declarations whose property is in
    ``allowed_css_properties`` or ``allowed_svg_properties``; drops
    at-rules and parse errors."""

    def __init__(
        self,
        allowed_css_properties: Iterable[str] = ALLOWED_CSS_PROPERTIES,
        allowed_svg_properties: Iterable[str] = ALLOWED_SVG_PROPERTIES,
    ) -> None:
        self.allowed_css_properties = allowed_css_properties
        self.allowed_svg_properties = allowed_svg_properties

    def sanitize_css(self, style: str) -> str:
        """The allowed declarations of ``style``, serialized."""
        parsed = tinycss2.parse_declaration_list(style)
        if not parsed:
            return ""
        new_tokens: list[Any] = []
        for token in parsed:
            if token.type == "declaration":
                if token.lower_name in self.allowed_css_properties or token.lower_name in self.allowed_svg_properties:
                    new_tokens.append(token)
            elif token.type in ("comment", "whitespace"):
                if new_tokens and new_tokens[-1].type != token.type:
                    new_tokens.append(token)
        if not new_tokens:
            return ""
        return str(tinycss2.serialize(new_tokens)).strip()
