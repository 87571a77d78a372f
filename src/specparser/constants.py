"""Namespace URLs and prefixes.  https://infra.spec.whatwg.org/#namespaces"""

from typing import Final

__all__ = [
    "ATTRIBUTE_PREFIXES",
    "HTML_NAMESPACE",
    "MATHML_NAMESPACE",
    "SVG_NAMESPACE",
    "XLINK_NAMESPACE",
    "XMLNS_NAMESPACE",
    "XML_NAMESPACE",
    "namespaces",
    "prefixes",
]

HTML_NAMESPACE: Final = "http://www.w3.org/1999/xhtml"
MATHML_NAMESPACE: Final = "http://www.w3.org/1998/Math/MathML"
SVG_NAMESPACE: Final = "http://www.w3.org/2000/svg"
XLINK_NAMESPACE: Final = "http://www.w3.org/1999/xlink"
XML_NAMESPACE: Final = "http://www.w3.org/XML/1998/namespace"
XMLNS_NAMESPACE: Final = "http://www.w3.org/2000/xmlns/"

# html5lib's names for the same URLs (html5lib.constants.namespaces).
namespaces = {
    "html": HTML_NAMESPACE,
    "mathml": MATHML_NAMESPACE,
    "svg": SVG_NAMESPACE,
    "xlink": XLINK_NAMESPACE,
    "xml": XML_NAMESPACE,
    "xmlns": XMLNS_NAMESPACE,
}
prefixes = {url: prefix for prefix, url in namespaces.items()}
prefixes[MATHML_NAMESPACE] = "math"

# The namespaces the parser puts attributes in, with their prefixes
# (https://html.spec.whatwg.org/#adjust-foreign-attributes); the dumpers,
# walkers and serializers name such an attribute by these prefixes.
ATTRIBUTE_PREFIXES: Final = {XLINK_NAMESPACE: "xlink", XML_NAMESPACE: "xml", XMLNS_NAMESPACE: "xmlns"}
