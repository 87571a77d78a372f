"""html5lib-tests 9329e64 tree-construction cases that the 2026 processing
instruction rule supersedes.

The tree-construction tests moved to web-platform-tests after 9329e64, and
WPT updated these cases for the processing instruction states (whatwg/html
320c05f6; WPT PRs 60828 and 61846).  The runner of the old snapshot
(``compat/tree_suite.py``) takes the expected tree of each case below from
the same file of ``../shared/wpt-tree-construction`` (the case with the same
``#data``), and counts it as superseded.  The upstream files stay untouched.
"""

from __future__ import annotations

from compat.paths import wpt_tree_construction_dir

__all__ = ["SUPERSEDED", "wpt_expectation"]

_PI_RULE = "2026 processing instruction rule (whatwg/html 320c05f6): "

# (file, index in the 9329e64 file) -> why its expectation no longer holds.
SUPERSEDED: dict[tuple[str, int], str] = {
    ("html5test-com.dat", 11): _PI_RULE + "<?import ...> is now a processing instruction, not a comment",
    ("tests1.dat", 39): _PI_RULE + "'<?' at the end of the input leaves no node (it was the comment '?')",
    ("tests1.dat", 43): _PI_RULE + "<?COMMENT?> is now the processing instruction COMMENT",
    ("tests1.dat", 46): _PI_RULE + "<?COM--MENT?> is now the processing instruction COM--MENT",
}


def wpt_expectation(file: str, data: str) -> str | None:
    """The ``#document`` of the case with this ``#data`` in WPT's copy of
    ``file``, or None when that copy or case is absent."""
    from compat.tree_suite import parse_dat

    base = wpt_tree_construction_dir()
    path = None if base is None else base / file
    if path is None or not path.is_file():
        return None
    for raw in parse_dat(path):
        if "\n".join(raw["data"]) == data:
            document = raw.get("document", [])
            while document and document[-1] == "":
                document.pop()
            return "\n".join(document)
    return None
