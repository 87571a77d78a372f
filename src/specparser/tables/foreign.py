"""Name and attribute adjustments for SVG and MathML.

https://html.spec.whatwg.org/#adjust-svg-attributes
https://html.spec.whatwg.org/#adjust-mathml-attributes
https://html.spec.whatwg.org/#adjust-foreign-attributes
and the tag name table of "any other start tag" in
https://html.spec.whatwg.org/#parsing-main-inforeign
"""

from typing import Final

from ..constants import XLINK_NAMESPACE, XML_NAMESPACE, XMLNS_NAMESPACE

__all__ = ["BREAKOUT_TAGS", "FOREIGN_ATTRIBUTES", "MATHML_ATTRIBUTES", "SVG_ATTRIBUTES", "SVG_TAG_NAMES"]

SVG_TAG_NAMES: Final = {
    name.lower(): name
    for name in (
        "altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath "
        "feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting "
        "feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR "
        "feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight "
        "feSpecularLighting feSpotLight feTile feTurbulence foreignObject glyphRef linearGradient "
        "radialGradient textPath"
    ).split()
}

SVG_ATTRIBUTES: Final = {
    name.lower(): name
    for name in (
        "attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits "
        "diffuseConstant edgeMode filterUnits glyphRef gradientTransform gradientUnits "
        "kernelMatrix kernelUnitLength keyPoints keySplines keyTimes lengthAdjust "
        "limitingConeAngle markerHeight markerUnits markerWidth maskContentUnits maskUnits "
        "numOctaves pathLength patternContentUnits patternTransform patternUnits pointsAtX "
        "pointsAtY pointsAtZ preserveAlpha preserveAspectRatio primitiveUnits refX refY "
        "repeatCount repeatDur requiredExtensions requiredFeatures specularConstant "
        "specularExponent spreadMethod startOffset stdDeviation stitchTiles surfaceScale "
        "systemLanguage tableValues targetX targetY textLength viewBox viewTarget "
        "xChannelSelector yChannelSelector zoomAndPan"
    ).split()
}

MATHML_ATTRIBUTES: Final = {"definitionurl": "definitionURL"}

# name on the token -> (prefix, local name, namespace): the TreeBuilder's
# key for a namespaced attribute.
FOREIGN_ATTRIBUTES: Final = {
    "xlink:actuate": ("xlink", "actuate", XLINK_NAMESPACE),
    "xlink:arcrole": ("xlink", "arcrole", XLINK_NAMESPACE),
    "xlink:href": ("xlink", "href", XLINK_NAMESPACE),
    "xlink:role": ("xlink", "role", XLINK_NAMESPACE),
    "xlink:show": ("xlink", "show", XLINK_NAMESPACE),
    "xlink:title": ("xlink", "title", XLINK_NAMESPACE),
    "xlink:type": ("xlink", "type", XLINK_NAMESPACE),
    "xml:lang": ("xml", "lang", XML_NAMESPACE),
    "xml:space": ("xml", "space", XML_NAMESPACE),
    "xmlns": (None, "xmlns", XMLNS_NAMESPACE),
    "xmlns:xlink": ("xmlns", "xlink", XMLNS_NAMESPACE),
}

# Start tags that break out of foreign content
# (https://html.spec.whatwg.org/#parsing-main-inforeign); "font" only with
# a color, face or size attribute.
BREAKOUT_TAGS: Final = frozenset(
    "b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i "
    "img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt "
    "u ul var".split()
)
