"""The Sanitizer API's built-in lists and configurations
(https://wicg.github.io/sanitizer-api/#sanitization-defaults), as data.

Generated from the WICG sanitizer-api text at ffdd3ae (2026-04-29),
``builtins/*.json`` and ``event-handler-content-attributes.txt`` (W3C
Software and Document License); ``tests/test_sanitizer_config.py`` checks
these tables against those files when ``../shared/sanitizer-api`` is there.
Names are ``(local name, namespace)`` pairs.
"""

from __future__ import annotations

from ..constants import HTML_NAMESPACE as HTML, MATHML_NAMESPACE as MATHML, SVG_NAMESPACE as SVG, XLINK_NAMESPACE as XLINK

__all__ = [
    "ANIMATING_URL_ATTRIBUTES",
    "BROWSER_EVENT_HANDLER_ATTRIBUTES",
    "EVENT_HANDLER_CONTENT_ATTRIBUTES",
    "NAVIGATING_URL_ATTRIBUTES",
    "NON_REPLACEABLE_ELEMENTS",
    "SAFE_BASELINE_REMOVE_ATTRIBUTES",
    "SAFE_BASELINE_REMOVE_ELEMENTS",
    "SAFE_DEFAULT_ATTRIBUTES",
    "SAFE_DEFAULT_ELEMENTS",
]

#: https://wicg.github.io/sanitizer-api/#built-in-safe-default-configuration
#: "elements": (name, namespace, per-element allowed attribute names), in
#: the file's order; its other members are "processingInstructions": [],
#: "comments": false, "dataAttributes": false.
SAFE_DEFAULT_ELEMENTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ('math', MATHML, ()),
    ('merror', MATHML, ()),
    ('mfrac', MATHML, ()),
    ('mi', MATHML, ()),
    ('mmultiscripts', MATHML, ()),
    ('mn', MATHML, ()),
    ('mo', MATHML, ('fence', 'form', 'largeop', 'lspace', 'maxsize', 'minsize', 'movablelimits', 'rspace', 'separator', 'stretchy', 'symmetric')),
    ('mover', MATHML, ('accent',)),
    ('mpadded', MATHML, ('depth', 'height', 'lspace', 'voffset', 'width')),
    ('mphantom', MATHML, ()),
    ('mprescripts', MATHML, ()),
    ('mroot', MATHML, ()),
    ('mrow', MATHML, ()),
    ('ms', MATHML, ()),
    ('mspace', MATHML, ('depth', 'height', 'width')),
    ('msqrt', MATHML, ()),
    ('mstyle', MATHML, ()),
    ('msub', MATHML, ()),
    ('msubsup', MATHML, ()),
    ('msup', MATHML, ()),
    ('mtable', MATHML, ()),
    ('mtd', MATHML, ('columnspan', 'rowspan')),
    ('mtext', MATHML, ()),
    ('mtr', MATHML, ()),
    ('munder', MATHML, ('accentunder',)),
    ('munderover', MATHML, ('accent', 'accentunder')),
    ('semantics', MATHML, ()),
    ('a', HTML, ('href', 'hreflang', 'type')),
    ('abbr', HTML, ()),
    ('address', HTML, ()),
    ('article', HTML, ()),
    ('aside', HTML, ()),
    ('b', HTML, ()),
    ('bdi', HTML, ()),
    ('bdo', HTML, ()),
    ('blockquote', HTML, ('cite',)),
    ('body', HTML, ()),
    ('br', HTML, ()),
    ('caption', HTML, ()),
    ('cite', HTML, ()),
    ('code', HTML, ()),
    ('col', HTML, ('span',)),
    ('colgroup', HTML, ('span',)),
    ('data', HTML, ('value',)),
    ('dd', HTML, ()),
    ('del', HTML, ('cite', 'datetime')),
    ('dfn', HTML, ()),
    ('div', HTML, ()),
    ('dl', HTML, ()),
    ('dt', HTML, ()),
    ('em', HTML, ()),
    ('figcaption', HTML, ()),
    ('figure', HTML, ()),
    ('footer', HTML, ()),
    ('h1', HTML, ()),
    ('h2', HTML, ()),
    ('h3', HTML, ()),
    ('h4', HTML, ()),
    ('h5', HTML, ()),
    ('h6', HTML, ()),
    ('head', HTML, ()),
    ('header', HTML, ()),
    ('hgroup', HTML, ()),
    ('hr', HTML, ()),
    ('html', HTML, ()),
    ('i', HTML, ()),
    ('ins', HTML, ('cite', 'datetime')),
    ('kbd', HTML, ()),
    ('li', HTML, ('value',)),
    ('main', HTML, ()),
    ('mark', HTML, ()),
    ('menu', HTML, ()),
    ('nav', HTML, ()),
    ('ol', HTML, ('reversed', 'start', 'type')),
    ('p', HTML, ()),
    ('pre', HTML, ()),
    ('q', HTML, ()),
    ('rp', HTML, ()),
    ('rt', HTML, ()),
    ('ruby', HTML, ()),
    ('s', HTML, ()),
    ('samp', HTML, ()),
    ('search', HTML, ()),
    ('section', HTML, ()),
    ('small', HTML, ()),
    ('span', HTML, ()),
    ('strong', HTML, ()),
    ('sub', HTML, ()),
    ('sup', HTML, ()),
    ('table', HTML, ()),
    ('tbody', HTML, ()),
    ('td', HTML, ('colspan', 'headers', 'rowspan')),
    ('tfoot', HTML, ()),
    ('th', HTML, ('abbr', 'colspan', 'headers', 'rowspan', 'scope')),
    ('thead', HTML, ()),
    ('time', HTML, ('datetime',)),
    ('title', HTML, ()),
    ('tr', HTML, ()),
    ('u', HTML, ()),
    ('ul', HTML, ()),
    ('var', HTML, ()),
    ('wbr', HTML, ()),
    ('a', SVG, ('href', 'hreflang', 'type')),
    ('circle', SVG, ('cx', 'cy', 'pathLength', 'r')),
    ('defs', SVG, ()),
    ('desc', SVG, ()),
    ('ellipse', SVG, ('cx', 'cy', 'pathLength', 'rx', 'ry')),
    ('foreignObject', SVG, ('height', 'width', 'x', 'y')),
    ('g', SVG, ()),
    ('line', SVG, ('pathLength', 'x1', 'x2', 'y1', 'y2')),
    ('marker', SVG, ('markerHeight', 'markerUnits', 'markerWidth', 'orient', 'preserveAspectRatio', 'refX', 'refY', 'viewBox')),
    ('metadata', SVG, ()),
    ('path', SVG, ('d', 'pathLength')),
    ('polygon', SVG, ('pathLength', 'points')),
    ('polyline', SVG, ('pathLength', 'points')),
    ('rect', SVG, ('height', 'pathLength', 'rx', 'ry', 'width', 'x', 'y')),
    ('svg', SVG, ('height', 'preserveAspectRatio', 'viewBox', 'width', 'x', 'y')),
    ('text', SVG, ('dx', 'dy', 'lengthAdjust', 'rotate', 'textLength', 'x', 'y')),
    ('textPath', SVG, ('lengthAdjust', 'method', 'path', 'side', 'spacing', 'startOffset', 'textLength')),
    ('title', SVG, ()),
    ('tspan', SVG, ('dx', 'dy', 'lengthAdjust', 'rotate', 'textLength', 'x', 'y')),
)

#: Its global "attributes" (all in no namespace), in the file's order.
SAFE_DEFAULT_ATTRIBUTES: tuple[str, ...] = (
    'alignment-baseline', 'baseline-shift', 'clip-path', 'clip-rule', 'color', 'color-interpolation', 'cursor', 'dir',
    'direction', 'display', 'displaystyle', 'dominant-baseline', 'fill', 'fill-opacity', 'fill-rule', 'font-family',
    'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight', 'lang', 'letter-spacing',
    'marker-end', 'marker-mid', 'marker-start', 'mathbackground', 'mathcolor', 'mathsize', 'opacity', 'paint-order',
    'pointer-events', 'scriptlevel', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke', 'stroke-dasharray', 'stroke-dashoffset',
    'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'text-anchor', 'text-decoration', 'text-overflow',
    'text-rendering', 'title', 'transform', 'transform-origin', 'unicode-bidi', 'vector-effect', 'visibility', 'white-space',
    'word-spacing', 'writing-mode',
)

#: https://wicg.github.io/sanitizer-api/#built-in-safe-baseline-configuration
SAFE_BASELINE_REMOVE_ELEMENTS: tuple[tuple[str, str], ...] = (
    ('embed', HTML),
    ('frame', HTML),
    ('iframe', HTML),
    ('object', HTML),
    ('script', HTML),
    ('script', SVG),
    ('use', SVG),
)
SAFE_BASELINE_REMOVE_ATTRIBUTES: tuple[tuple[str, str | None], ...] = ()

#: https://html.spec.whatwg.org/#ix-event-handlers: the event handler content
#: attributes that "remove unsafe" removes besides the baseline.
EVENT_HANDLER_CONTENT_ATTRIBUTES: tuple[str, ...] = (
    'onafterprint', 'onauxclick', 'onbeforeinput', 'onbeforematch', 'onbeforeprint', 'onbeforeunload',
    'onbeforetoggle', 'onblur', 'oncancel', 'oncanplay', 'oncanplaythrough', 'onchange',
    'onclick', 'onclose', 'oncontextlost', 'oncontextmenu', 'oncontextrestored', 'oncopy',
    'oncuechange', 'oncut', 'ondblclick', 'ondrag', 'ondragend', 'ondragenter',
    'ondragleave', 'ondragover', 'ondragstart', 'ondrop', 'ondurationchange', 'onemptied',
    'onended', 'onerror', 'onfocus', 'onformdata', 'onhashchange', 'oninput',
    'oninvalid', 'onkeydown', 'onkeypress', 'onkeyup', 'onlanguagechange', 'onload',
    'onloadeddata', 'onloadedmetadata', 'onloadstart', 'onmessage', 'onmessageerror', 'onmousedown',
    'onmouseenter', 'onmouseleave', 'onmousemove', 'onmouseout', 'onmouseover', 'onmouseup',
    'onoffline', 'ononline', 'onpagehide', 'onpagereveal', 'onpageshow', 'onpageswap',
    'onpaste', 'onpause', 'onplay', 'onplaying', 'onpopstate', 'onprogress',
    'onratechange', 'onreset', 'onresize', 'onrejectionhandled', 'onscroll', 'onscrollend',
    'onsecuritypolicyviolation', 'onseeked', 'onseeking', 'onselect', 'onslotchange', 'onstalled',
    'onstorage', 'onsubmit', 'onsuspend', 'ontimeupdate', 'ontoggle', 'onunhandledrejection',
    'onunload', 'onvolumechange', 'onwaiting', 'onwheel',
)

#: Event handler content attributes that browsers run but HTML's index
#: above does not list: other standards' (CSS Animations and Transitions,
#: Fullscreen, Pointer Lock, Selection API, Page Lifecycle, SVG animation,
#: WebXR, invoker commands) and browsers' own (prefixed, legacy).  The
#: standard leaves such extensions to the user agent ("remove unsafe",
#: its warning); output of this library may reach any browser, so
#: "remove unsafe" removes these too.  Chromium 156's setHTML removes
#: onbegin, onsearch and oncommand (checked), keeping a name it does not
#: know (onfoo).
BROWSER_EVENT_HANDLER_ATTRIBUTES: tuple[str, ...] = (
    "onactivate", "onanimationcancel", "onanimationend", "onanimationiteration", "onanimationstart",
    "onbeforeactivate", "onbeforecopy", "onbeforecut", "onbeforepaste", "onbeforexrselect", "onbegin",
    "oncommand", "oncontentvisibilityautostatechange", "onend", "onfocusin", "onfocusout", "onfreeze",
    "onfullscreenchange", "onfullscreenerror", "onmousewheel", "onmove", "onoverscroll",
    "onpointerlockchange", "onpointerlockerror", "onpointerrawupdate", "onprerenderingchange",
    "onreadystatechange", "onrepeat", "onresume", "onscrollsnapchange", "onscrollsnapchanging", "onsearch",
    "onselectionchange", "onselectstart", "onshow", "ontimezonechange", "ontransitioncancel",
    "ontransitionend", "ontransitionrun", "ontransitionstart", "onvisibilitychange",
    "onwebkitanimationend", "onwebkitanimationiteration", "onwebkitanimationstart",
    "onwebkitfullscreenchange", "onwebkitfullscreenerror", "onwebkittransitionend", "onzoom",
)

#: https://wicg.github.io/sanitizer-api/#built-in-navigating-url-attributes-list
NAVIGATING_URL_ATTRIBUTES: frozenset[tuple[tuple[str, str], tuple[str, str | None]]] = frozenset({
    (("a", HTML), ("href", None)),
    (("area", HTML), ("href", None)),
    (("base", HTML), ("href", None)),
    (("button", HTML), ("formaction", None)),
    (("form", HTML), ("action", None)),
    (("input", HTML), ("formaction", None)),
    (("a", SVG), ("href", None)),
    (("a", SVG), ("href", XLINK)),
})

#: https://wicg.github.io/sanitizer-api/#built-in-animating-url-attributes-list
ANIMATING_URL_ATTRIBUTES: frozenset[tuple[tuple[str, str], tuple[str, str | None]]] = frozenset({
    (("animate", SVG), ("attributeName", None)),
    (("animateTransform", SVG), ("attributeName", None)),
    (("set", SVG), ("attributeName", None)),
})

#: https://wicg.github.io/sanitizer-api/#built-in-non-replaceable-elements-list
NON_REPLACEABLE_ELEMENTS: frozenset[tuple[str, str]] = frozenset({("html", HTML), ("svg", SVG), ("math", MATHML)})
