"""The WPT tree-construction cases that need processing instructions.

Processing instructions (HTML Standard 320c05f6, 2026-06-25) are built on
branch issue-16a, in parallel with this list's branch.  Until they land,
exactly these cases fail; every tree-suite test marks them
``xfail(strict=True)`` so that they fail loudly once the feature works, and
the list is then deleted (with its uses).  Each listed case has ``<?`` in
its input (checked by tests/test_tree_suite.py).
"""

from __future__ import annotations

import pytest

__all__ = ["PROCESSING_INSTRUCTION_CASES", "XFAIL_PROCESSING_INSTRUCTIONS", "params", "pending"]

XFAIL_PROCESSING_INSTRUCTIONS = pytest.mark.xfail(
    strict=True, reason="processing instructions: issue 16, branch issue-16a"
)

# Case ids (file:index:scripting) as compat.tree_suite.TreeCase.id.
PROCESSING_INSTRUCTION_CASES = frozenset(
    (
        # html5test-com.dat
        "html5test-com.dat:11:script-off", "html5test-com.dat:11:script-on",
        # processing-instructions.dat
        "processing-instructions.dat:0:script-off", "processing-instructions.dat:0:script-on",
        "processing-instructions.dat:1:script-off", "processing-instructions.dat:1:script-on",
        "processing-instructions.dat:2:script-off", "processing-instructions.dat:2:script-on",
        "processing-instructions.dat:3:script-off", "processing-instructions.dat:3:script-on",
        "processing-instructions.dat:4:script-off", "processing-instructions.dat:4:script-on",
        "processing-instructions.dat:5:script-off", "processing-instructions.dat:5:script-on",
        "processing-instructions.dat:6:script-off", "processing-instructions.dat:6:script-on",
        "processing-instructions.dat:7:script-off", "processing-instructions.dat:7:script-on",
        "processing-instructions.dat:8:script-off", "processing-instructions.dat:8:script-on",
        "processing-instructions.dat:9:script-off", "processing-instructions.dat:9:script-on",
        "processing-instructions.dat:10:script-off", "processing-instructions.dat:10:script-on",
        "processing-instructions.dat:11:script-off", "processing-instructions.dat:11:script-on",
        "processing-instructions.dat:12:script-off", "processing-instructions.dat:12:script-on",
        "processing-instructions.dat:13:script-off", "processing-instructions.dat:13:script-on",
        "processing-instructions.dat:14:script-off", "processing-instructions.dat:14:script-on",
        "processing-instructions.dat:15:script-off", "processing-instructions.dat:15:script-on",
        "processing-instructions.dat:16:script-off", "processing-instructions.dat:16:script-on",
        "processing-instructions.dat:17:script-off", "processing-instructions.dat:17:script-on",
        "processing-instructions.dat:18:script-off", "processing-instructions.dat:18:script-on",
        "processing-instructions.dat:19:script-off", "processing-instructions.dat:19:script-on",
        "processing-instructions.dat:20:script-off", "processing-instructions.dat:20:script-on",
        "processing-instructions.dat:21:script-off", "processing-instructions.dat:21:script-on",
        "processing-instructions.dat:22:script-off", "processing-instructions.dat:22:script-on",
        "processing-instructions.dat:23:script-off", "processing-instructions.dat:23:script-on",
        "processing-instructions.dat:24:script-off", "processing-instructions.dat:24:script-on",
        "processing-instructions.dat:25:script-off", "processing-instructions.dat:25:script-on",
        "processing-instructions.dat:26:script-off", "processing-instructions.dat:26:script-on",
        "processing-instructions.dat:27:script-off", "processing-instructions.dat:27:script-on",
        "processing-instructions.dat:28:script-off", "processing-instructions.dat:28:script-on",
        "processing-instructions.dat:29:script-off", "processing-instructions.dat:29:script-on",
        "processing-instructions.dat:30:script-off", "processing-instructions.dat:30:script-on",
        "processing-instructions.dat:31:script-off", "processing-instructions.dat:31:script-on",
        "processing-instructions.dat:32:script-off", "processing-instructions.dat:32:script-on",
        "processing-instructions.dat:33:script-off", "processing-instructions.dat:33:script-on",
        "processing-instructions.dat:34:script-off", "processing-instructions.dat:34:script-on",
        "processing-instructions.dat:35:script-off", "processing-instructions.dat:35:script-on",
        "processing-instructions.dat:36:script-off", "processing-instructions.dat:36:script-on",
        "processing-instructions.dat:37:script-off", "processing-instructions.dat:37:script-on",
        "processing-instructions.dat:38:script-off", "processing-instructions.dat:38:script-on",
        "processing-instructions.dat:39:script-off", "processing-instructions.dat:39:script-on",
        "processing-instructions.dat:40:script-off", "processing-instructions.dat:40:script-on",
        "processing-instructions.dat:41:script-off", "processing-instructions.dat:41:script-on",
        "processing-instructions.dat:42:script-off", "processing-instructions.dat:42:script-on",
        "processing-instructions.dat:43:script-off", "processing-instructions.dat:43:script-on",
        "processing-instructions.dat:44:script-off", "processing-instructions.dat:44:script-on",
        "processing-instructions.dat:45:script-off", "processing-instructions.dat:45:script-on",
        "processing-instructions.dat:46:script-off", "processing-instructions.dat:46:script-on",
        "processing-instructions.dat:47:script-off", "processing-instructions.dat:47:script-on",
        "processing-instructions.dat:48:script-off", "processing-instructions.dat:48:script-on",
        "processing-instructions.dat:49:script-off", "processing-instructions.dat:49:script-on",
        "processing-instructions.dat:50:script-off", "processing-instructions.dat:50:script-on",
        "processing-instructions.dat:51:script-off", "processing-instructions.dat:51:script-on",
        "processing-instructions.dat:52:script-off", "processing-instructions.dat:52:script-on",
        "processing-instructions.dat:53:script-off", "processing-instructions.dat:53:script-on",
        "processing-instructions.dat:54:script-off", "processing-instructions.dat:54:script-on",
        "processing-instructions.dat:55:script-off", "processing-instructions.dat:55:script-on",
        "processing-instructions.dat:56:script-off", "processing-instructions.dat:56:script-on",
        "processing-instructions.dat:57:script-off", "processing-instructions.dat:57:script-on",
        "processing-instructions.dat:58:script-off", "processing-instructions.dat:58:script-on",
        "processing-instructions.dat:59:script-off", "processing-instructions.dat:59:script-on",
        "processing-instructions.dat:60:script-off", "processing-instructions.dat:60:script-on",
        "processing-instructions.dat:61:script-off", "processing-instructions.dat:61:script-on",
        "processing-instructions.dat:62:script-off", "processing-instructions.dat:62:script-on",
        "processing-instructions.dat:63:script-off", "processing-instructions.dat:63:script-on",
        "processing-instructions.dat:64:script-off", "processing-instructions.dat:64:script-on",
        "processing-instructions.dat:100:script-off", "processing-instructions.dat:100:script-on",
        "processing-instructions.dat:101:script-off", "processing-instructions.dat:101:script-on",
        "processing-instructions.dat:102:script-off", "processing-instructions.dat:102:script-on",
        "processing-instructions.dat:103:script-off", "processing-instructions.dat:103:script-on",
        "processing-instructions.dat:104:script-off", "processing-instructions.dat:104:script-on",
        "processing-instructions.dat:105:script-off", "processing-instructions.dat:105:script-on",
        "processing-instructions.dat:107:script-off", "processing-instructions.dat:107:script-on",
        "processing-instructions.dat:108:script-off", "processing-instructions.dat:108:script-on",
        "processing-instructions.dat:109:script-off", "processing-instructions.dat:109:script-on",
        "processing-instructions.dat:110:script-off", "processing-instructions.dat:110:script-on",
        "processing-instructions.dat:113:script-off", "processing-instructions.dat:113:script-on",
        "processing-instructions.dat:114:script-off", "processing-instructions.dat:114:script-on",
        "processing-instructions.dat:115:script-off", "processing-instructions.dat:115:script-on",
        "processing-instructions.dat:116:script-off", "processing-instructions.dat:116:script-on",
        "processing-instructions.dat:117:script-off", "processing-instructions.dat:117:script-on",
        "processing-instructions.dat:118:script-off", "processing-instructions.dat:118:script-on",
        "processing-instructions.dat:119:script-off", "processing-instructions.dat:119:script-on",
        "processing-instructions.dat:122:script-off", "processing-instructions.dat:123:script-off",
        "processing-instructions.dat:123:script-on",
        # tests1.dat
        "tests1.dat:39:script-off", "tests1.dat:39:script-on", "tests1.dat:43:script-off",
        "tests1.dat:43:script-on", "tests1.dat:46:script-off", "tests1.dat:46:script-on",
    )
)


def pending(case) -> bool:
    return case.id in PROCESSING_INSTRUCTION_CASES


def params(cases) -> list:
    """``cases`` as pytest params, the pending ones marked xfail(strict)."""
    return [
        pytest.param(case, id=case.id, marks=[XFAIL_PROCESSING_INSTRUCTIONS] if pending(case) else [])
        for case in cases
    ]
