"""Data tables of the tree construction stage: element categories, the
SVG/MathML name and attribute adjustments, the quirks-mode doctype lists."""

__all__: list[str] = []
