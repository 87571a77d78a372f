import sys
from pathlib import Path

# The compat runners are importable from the tests (``import compat.…``).
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from compat.paths import MISSING_CORPUS, MISSING_TESTS, MISSING_WPT_TREE  # noqa: E402

# The conformance data a run may lack (../shared or the variables), by the
# reason its tests skip with.
_CONFORMANCE_DATA = {
    MISSING_WPT_TREE: "WPT tree-construction tests",
    MISSING_TESTS: "html5lib-tests (tokenizer, tree, serializer, encoding suites)",
    MISSING_CORPUS: "the real-page corpus (round trips, differential and speed checks)",
}


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # type: ignore[no-untyped-def]
    """Say at the end of the run, where it is seen, that conformance suites
    were skipped for want of their data: a green run without ../shared has
    not checked the parser against the standard's tests."""
    skipped: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        for message, name in _CONFORMANCE_DATA.items():
            if message in reason:
                skipped[name] = skipped.get(name, 0) + 1
    if not skipped:
        return
    terminalreporter.write_sep("=", "conformance suites skipped", yellow=True, bold=True)
    for name, count in skipped.items():
        terminalreporter.write_line(f"no data for {name}: {count} skipped (tests, or whole modules)")
    terminalreporter.write_line(
        "Place the data in ../shared beside the checkout or set SPECPARSER_SHARED, WPT_TREE_CONSTRUCTION, "
        "HTML5LIB_TESTS, SPECPARSER_CORPUS (see CONTRIBUTING.md)."
    )
