"""Data tables of the tree construction stage: element categories, the
SVG/MathML name and attribute adjustments, the quirks-mode doctype lists."""
