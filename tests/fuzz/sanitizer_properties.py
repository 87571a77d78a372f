"""The sanitizer's security properties and the inputs that attack them,
shared by ``tests/test_sanitizer_properties.py`` (short hypothesis runs in
the suite) and ``tests/fuzz/fuzz_sanitizer.py`` (the long run).

Properties (:func:`check`), for any markup, configuration and context:

* **fixed point**: ``sanitize(sanitize(x)) == sanitize(x)``;
* **survives parsing**: parsing ``sanitize(x)`` again in the same context
  (scripting on and off: a browser parses with scripting on; declarative
  shadow roots allowed, as ``setHTMLUnsafe`` parses, and not, as
  ``innerHTML`` does) gives a tree the sanitizer keeps unchanged, the same
  each way;
* in a ``div`` context, the output put into a ``<div>`` of a page parsed
  with declarative shadow roots allowed gives no shadow root;
* **no script** in that re-parsed tree (and in that page): no script-capable element
  (``script`` in any namespace, ``iframe``, ``frame``, ``object``,
  ``embed``, SVG ``use``), no ``on*`` attribute, no ``javascript:`` URL in
  a URL attribute, no SVG animation of ``href``;
* the **tree API** (``parse_fragment(..., sanitizer=..., safe=True,
  shadow_roots=True)``, as ``setHTML`` parses; shadow trees included) holds
  no script-capable element, no event handler attribute of the standard's
  list and no ``javascript:`` URL where the standard looks for one.

The oracle reads the trees with specparser's own parser (the exact
algorithm browsers run), not with the sanitizer's code.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import specparser
from specparser.builders import get_walker
from specparser.constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from specparser.sanitizer import SanitizingTreeBuilder, get_a_sanitizer_instance_from_options
from specparser.sanitizer.builtins import BROWSER_EVENT_HANDLER_ATTRIBUTES, EVENT_HANDLER_CONTENT_ATTRIBUTES
from specparser.testformat import dump_events
from specparser.walkers import SHADOW, START

__all__ = ["CONFIGS", "CONTEXTS", "MXSS_SHAPES", "check", "markup", "script_capable"]

SCRIPT_ELEMENTS = {
    ("script", HTML_NAMESPACE), ("script", SVG_NAMESPACE), ("script", MATHML_NAMESPACE),
    ("iframe", HTML_NAMESPACE), ("frame", HTML_NAMESPACE), ("object", HTML_NAMESPACE),
    ("embed", HTML_NAMESPACE), ("use", SVG_NAMESPACE),
}  # fmt: skip
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "cite"}
EVENT_HANDLERS = frozenset(EVENT_HANDLER_CONTENT_ATTRIBUTES + BROWSER_EVENT_HANDLER_ATTRIBUTES)
# Where the standard looks for javascript: URLs (its navigating URL
# attributes list), as (element, namespace, serialized attribute name).
NAVIGATING = {
    ("a", HTML_NAMESPACE, "href"), ("area", HTML_NAMESPACE, "href"), ("base", HTML_NAMESPACE, "href"),
    ("form", HTML_NAMESPACE, "action"), ("button", HTML_NAMESPACE, "formaction"),
    ("input", HTML_NAMESPACE, "formaction"), ("a", SVG_NAMESPACE, "href"), ("a", SVG_NAMESPACE, "xlink:href"),
}  # fmt: skip

#: Configurations the generators pick from: the default, "everything the
#: baseline allows", and configurations that allow what mXSS needs.
CONFIGS: list[Any] = [
    None,
    {},
    {"comments": True, "processingInstructions": [{"target": "x"}, {"target": "xml-stylesheet"}]},
    {"replaceWithChildrenElements": ["tr", "tbody", "table", "td", "p", "b", "div", "select", "option"]},
    {"elements": ["svg", "math", "style", "mtext", "mglyph", "malignmark", "table", "a", "p", "img", "noscript", "xmp",
                  "plaintext", "template", "select", "option", "title", "textarea", "iframe", "script", "form", "button",
                  {"name": "style", "namespace": SVG_NAMESPACE}, {"name": "style", "namespace": MATHML_NAMESPACE},
                  {"name": "a", "namespace": SVG_NAMESPACE}, {"name": "animate", "namespace": SVG_NAMESPACE},
                  {"name": "set", "namespace": SVG_NAMESPACE}, {"name": "foreignObject", "namespace": SVG_NAMESPACE},
                  {"name": "desc", "namespace": SVG_NAMESPACE}, {"name": "mi", "namespace": MATHML_NAMESPACE},
                  {"name": "annotation-xml", "namespace": MATHML_NAMESPACE}],
     "attributes": ["href", "src", "onerror", "onclick", "title", "id", "attributeName", "to", "values", "action",
                    "formaction", "encoding", {"name": "href", "namespace": "http://www.w3.org/1999/xlink"},
                    "shadowrootmode", "shadowrootserializable", "slot"],
     "comments": True},
    {"removeElements": ["p", "div", "table"], "removeAttributes": ["title"], "comments": True},
]  # fmt: skip

CONTEXTS = ["div", "p", "table", "tr", "select", "template", "svg svg", "math mi", "textarea", "style", "title", "td"]

_PIECES = [
    "<svg>", "</svg>", "<math>", "</math>", "<style>", "</style>", "<mtext>", "<mglyph>", "<malignmark>",
    "<table>", "</table>", "<tr>", "<td>", "<noscript>", "</noscript>", "<xmp>", "</xmp>", "<plaintext>",
    "<select>", "</select>", "<option>", "<template>", "</template>", "<!--", "-->", "--!>", "<!-- x -->",
    "<?x y>", "<?xml-stylesheet href=javascript:alert(1)>", "<p>", "</p>", "<b>", "</b>", "<i>", "<div>",
    "</div>", "<a href=javascript:alert(1)>", "<a href='  jav\tascript:alert(1)'>", "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>", "<iframe srcdoc='<script>alert(1)</script>'>", "<foreignObject>", "<desc>",
    "<annotation-xml encoding=text/html>", "<title>", "</title>", "<textarea>", "</textarea>", "<form action=javascript:x>",
    "<button formaction=javascript:x>", "<svg><a xlink:href=javascript:alert(1)>", "<math href=javascript:alert(1)>",
    "<svg><animate attributeName=href to=javascript:alert(1)>", "<svg><set attributeName=xlink:href to=javascript:x>",
    "&lt;img src=x onerror=alert(1)&gt;", "&#13;", "\r", "\x00", "<p title='</noscript><img src=x onerror=alert(1)>'>",
    "<style><img src=x onerror=alert(1)></style>", "</", "<", ">", "'", '"', "=", " ", "x", "<br>", "</br>", "<html>",
    "<body onload=alert(1)>", "<frameset>", "<object data=javascript:x>", "<embed src=x>", "<svg><use href=#x>",
    "<p onanimationend=alert(1) style=animation:x>", "<svg><animate onbegin=alert(1) dur=1s>", "<keygen>", "<listing>", "<pre>\n", "<image>", "<isindex>", "<noembed>", "</noembed>", "<noframes>", "<font color=red>",
]  # fmt: skip

# Declarative shadow roots (setHTML parses with them allowed): hosts with
# their templates, templates alone (a second one, or one whose parent can
# host none, stays a template), slots.
_SHADOW_PIECES = [
    "<div><template shadowrootmode=open>", "<span><template shadowrootmode=closed shadowrootserializable>",
    "<my-el><template shadowrootmode=open shadowrootserializable>", "<template shadowrootmode=open>",
    "<template shadowrootmode=closed>", "</template>", "<div>", "<p>", "<slot>", "<b slot=a>", "<slot name=a>",
]  # fmt: skip


#: Known mutation-XSS shapes (DOMPurify's and the browsers' bug trackers),
#: each with a payload that runs if the shape survives.
MXSS_SHAPES = [
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<noscript><!--</noscript><img src=x onerror=alert(1)>--></noscript>',
    '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    '<svg><style>&lt;img src=x onerror=alert(1)&gt;</style></svg>',
    '<math><style>&lt;img src=x onerror=alert(1)&gt;</style></math>',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    '<math><mtext><table><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
    '<plaintext><img src=x onerror=alert(1)>',
    '<xmp>&lt;/xmp&gt;&lt;img src=x onerror=alert(1)&gt;</xmp>',
    '<select><template><style><img src=x onerror=alert(1)></style></template></select>',
    '<select><option><svg><style><img src=x onerror=alert(1)></style></svg></option></select>',
    '<table><b><tr><td>a</td></tr></b><img src=x onerror=alert(1)></table>',
    '<!--><img src=x onerror=alert(1)>-->',
    '<!-- --!><img src=x onerror=alert(1)>-->',
    '<?x <img src=x onerror=alert(1)>?>',
    'a&#13;b<p title="a&#13;b">',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
    '<math href="javascript:alert(1)">x</math>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe><object data="javascript:alert(1)"></object>',
    '<svg><use href="data:image/svg+xml,<svg id=x><script>alert(1)</script></svg>#x"/></svg>',
    '<template><script>alert(1)</script></template>',
    '<textarea></textarea><img src=x onerror=alert(1)></textarea>',
    '<title></title><img src=x onerror=alert(1)></title>',
    '<svg><foreignObject><p><style></p><img src=x onerror=alert(1)></style></foreignObject></svg>',
    '<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>',
    '<table><div><td>x</td></div><img src=x onerror=alert(1)></table>',
    # Declarative shadow roots (setHTML parses with them): a second
    # template of a host stays a template, and becomes the shadow root
    # when the output is parsed again; shadow content getHTML leaves out.
    '<div><template shadowrootmode=open>A</template><template shadowrootmode=open><img src=x onerror=alert(1)></template></div>',
    '<div><template shadowrootmode=open><style><img src=x onerror=alert(1)></style></template></div>',
    '<div><template shadowrootmode=open><div><template shadowrootmode=open><script>alert(1)</script></template></div></template></div>',
    '<span><template shadowrootmode=closed shadowrootserializable><noscript><p title="</noscript><img src=x onerror=alert(1)>"></template></span>',
    '<my-el><template shadowrootmode=open></template><noscript><template shadowrootmode=open><img src=x onerror=alert(1)></template></noscript></my-el>',
    '<div><template shadowrootmode=open><svg></template><style><img src=x onerror=alert(1)></style></div>',
]


def markup() -> st.SearchStrategy[str]:
    """Tag soup made of known mXSS pieces, shadow-root templates and
    hosts, tags, attributes and text."""
    piece = st.one_of(
        st.sampled_from(_PIECES),
        st.sampled_from(_SHADOW_PIECES),
        st.text(alphabet="<>/=\"' abcxsvgmathstyle-!?&;#\r\n\0", max_size=8),
    )
    return st.lists(piece, max_size=24).map("".join)


def _events(text: str, context: str, scripting: bool, shadow_roots: bool) -> list:
    fragment = specparser.parse_fragment(
        text, context, "etree", html_namespace=True, scripting=scripting, shadow_roots=shadow_roots
    )
    return list(get_walker("etree")(fragment))


def script_capable(events: list, *, every_on_attribute: bool, every_url_attribute: bool) -> str | None:
    """What in a tree's walker events could run script, or ``None``.  The
    strict form (``every_*``, for the string API) also counts a MathML
    ``script``, which browsers never run."""
    for event in events:
        if event[0] != START:
            continue
        _, name, namespace, attrs = event
        element = (name, namespace or HTML_NAMESPACE)
        if element in SCRIPT_ELEMENTS and (every_on_attribute or element != ("script", MATHML_NAMESPACE)):
            return f"element {name!r} ({namespace})"
        for key, value in (attrs or {}).items():
            attr = key if isinstance(key, str) else (f"{key[0]}:{key[1]}" if key[0] else key[1])
            if (attr[:2].lower() == "on") if every_on_attribute else (attr in EVENT_HANDLERS):
                return f"event handler {attr!r} on {name!r}"
            is_url = attr in URL_ATTRIBUTES if every_url_attribute else (
                (name, namespace or HTML_NAMESPACE, attr) in NAVIGATING
                or (namespace == MATHML_NAMESPACE and attr in ("href", "xlink:href"))
            )
            # The URL parser strips C0 controls and spaces around the value
            # and drops tabs and newlines anywhere.
            url = value.strip("".join(map(chr, range(0x21)))).translate({9: None, 10: None, 13: None})
            if is_url and url.lower().startswith("javascript:"):
                return f"javascript: URL in {attr!r} on {name!r}"
            if attr == "attributeName" and namespace == SVG_NAMESPACE and value in ("href", "xlink:href"):
                return f"animation of {value!r}"
    return None


def check(text: str, config: Any, context: str) -> None:
    """Assert every property for one input (see the module docstring)."""
    out = specparser.sanitize(text, config, context=context)
    assert specparser.sanitize(out, config, context=context) == out, f"not a fixed point: {out!r}"
    instance = get_a_sanitizer_instance_from_options("default" if config is None else config, True, "check")
    dumps = []
    for scripting in (False, True):
        for shadow_roots in (False, True):
            events = _events(out, context, scripting, shadow_roots)
            problem = script_capable(events, every_on_attribute=True, every_url_attribute=True)
            assert problem is None, f"{problem} after parsing {out!r} again (scripting {scripting}, shadow roots {shadow_roots})"
            dumps.append(dump_events(events))
    assert dumps.count(dumps[0]) == 4, f"{out!r} parses differently with scripting on or shadow roots allowed"
    if context == "div":
        # Concatenated into a <div> of a page that allows declarative shadow
        # roots (a browser's navigation): no shadow root, nothing that runs.
        page = specparser.parse("<!DOCTYPE html><body><div>" + out + "</div>", "etree", html_namespace=True,
                                scripting=True, shadow_roots=True)  # fmt: skip
        events = list(get_walker("etree")(page))
        assert not any(event[0] == SHADOW for event in events), f"{out!r} in a <div> of a page gives a shadow root"
        problem = script_capable(events, every_on_attribute=True, every_url_attribute=True)
        assert problem is None, f"{problem} in a page's <div> holding {out!r}"
    from specparser.builders import get_builder
    from specparser.fragment_context import parse_fragment_context
    from specparser.treeconstruction import build_tree

    builder = SanitizingTreeBuilder(get_builder("etree")(), instance, safe=True, hardened=True)
    build_tree(out, builder, context=parse_fragment_context(context, "check", "context"), shadow_roots=True)
    assert not builder.changed, f"the sanitizer changes the re-parsed output {out!r}"
    tree = specparser.parse_fragment(text, context, "etree", html_namespace=True, shadow_roots=True,
                                     sanitizer="default" if config is None else config)  # fmt: skip
    problem = script_capable(list(get_walker("etree")(tree)), every_on_attribute=False, every_url_attribute=False)
    assert problem is None, f"{problem} in the tree of a safe parse_fragment"
