"""What the corpus benchmarks share: the pages, best-of timing, the table.

Each ``benchmarks/bench_*.py`` stays a script (``python benchmarks/bench_x.py``)
and imports this module as ``_common`` (the script's folder is first on
``sys.path``).  Importing it puts the repository root on ``sys.path`` too, so
``compat.paths`` and an uninstalled ``specparser`` import.

Timings on a shared machine are noisy: the scripts interleave their
contenders round by round, keep each one's best round, and print ratios.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402

Clock = Callable[[], float]


def corpus_paths(limit: int | None = None) -> list[Path]:
    """The corpus pages (``*.html`` in :func:`compat.paths.corpus_dir`),
    sorted by name, the first ``limit`` of them when given; exits with
    :data:`compat.paths.MISSING_CORPUS` when there is no corpus."""
    directory = corpus_dir()
    if directory is None:
        raise SystemExit(MISSING_CORPUS)
    paths = sorted(directory.glob("*.html"))
    return paths[:limit] if limit else paths


def read_page(path: Path) -> str:
    """A page as text: UTF-8 with a byte order mark dropped and malformed
    bytes replaced (the text the parsers are handed)."""
    return path.read_bytes().decode("utf-8-sig", errors="replace")


def load_pages(limit: int | None = None) -> list[str]:
    """The corpus pages as text (:func:`read_page`)."""
    return [read_page(path) for path in corpus_paths(limit)]


def megabytes(pages: Iterable[str]) -> float:
    """The pages' size in UTF-8, in MB."""
    return sum(len(page.encode("utf-8", "surrogatepass")) for page in pages) / 1e6


def best_of(
    runs: dict[str, Callable[[], Any]],
    rounds: int,
    clock: Clock,
    results: dict[str, Any] | None = None,
) -> dict[str, float]:
    """Each run's best time over ``rounds`` rounds.  The runs take turns
    within each round (interleaved), so machine noise hits them alike.  When
    ``results`` is given, each run's last return value is kept there."""
    best = {name: float("inf") for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            start = clock()
            result = run()
            best[name] = min(best[name], clock() - start)
            if results is not None:
                results[name] = result
    return best


def time_each(call: Callable[[Any], Any], items: Iterable[Any], clock: Clock = time.perf_counter) -> float:
    """The total time of ``call(item)`` over ``items``, each call timed alone:
    the previous result is freed and collected before each call, untimed."""
    total = 0.0
    result = None
    for item in items:
        result = None
        gc.collect()
        start = clock()
        result = call(item)
        total += clock() - start
    del result
    gc.collect()
    return total


def print_table(best: dict[str, float], megabytes: float, width: int, unit: str = "MB/s") -> None:
    """One line per contender: its best time and its throughput."""
    for name, seconds in best.items():
        print(f"  {name:{width}s} {seconds:7.2f} s  {megabytes / seconds:6.2f} {unit}")
