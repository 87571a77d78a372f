"""The insertion modes (https://html.spec.whatwg.org/#insertion-mode), as
empty tables; the modules ``document_modes``, ``body_mode``,
``table_modes`` fill them in."""

from .records import Mode

__all__ = [
    "INITIAL",
    "BEFORE_HTML",
    "BEFORE_HEAD",
    "IN_HEAD",
    "IN_HEAD_NOSCRIPT",
    "AFTER_HEAD",
    "IN_BODY",
    "TEXT",
    "IN_TABLE",
    "IN_TABLE_TEXT",
    "IN_CAPTION",
    "IN_COLUMN_GROUP",
    "IN_TABLE_BODY",
    "IN_ROW",
    "IN_CELL",
    "IN_TEMPLATE",
    "AFTER_BODY",
    "IN_FRAMESET",
    "AFTER_FRAMESET",
    "AFTER_AFTER_BODY",
    "AFTER_AFTER_FRAMESET",
]

INITIAL = Mode("initial")
BEFORE_HTML = Mode("before html")
BEFORE_HEAD = Mode("before head")
IN_HEAD = Mode("in head")
IN_HEAD_NOSCRIPT = Mode("in head noscript")
AFTER_HEAD = Mode("after head")
IN_BODY = Mode("in body")
TEXT = Mode("text")
IN_TABLE = Mode("in table")
IN_TABLE_TEXT = Mode("in table text")
IN_CAPTION = Mode("in caption")
IN_COLUMN_GROUP = Mode("in column group")
IN_TABLE_BODY = Mode("in table body")
IN_ROW = Mode("in row")
IN_CELL = Mode("in cell")
IN_TEMPLATE = Mode("in template")
AFTER_BODY = Mode("after body")
IN_FRAMESET = Mode("in frameset")
AFTER_FRAMESET = Mode("after frameset")
AFTER_AFTER_BODY = Mode("after after body")
AFTER_AFTER_FRAMESET = Mode("after after frameset")
