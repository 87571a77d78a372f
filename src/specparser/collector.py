"""Pausing CPython's cyclic garbage collector while a tree is built.

Why: BeautifulSoup and ``dom`` trees are Python objects full of reference
cycles (parent <-> child, sibling links), so every node is a container the
collector tracks.  While a tree grows, each young collection scans the new
nodes and the older generations are re-scanned as the tree passes into
them: on the benchmark corpus that is about a third of the CPU time of a
bs4 parse (``benchmarks/bench_gc.py``).  Nothing a parse builds becomes
garbage before it ends, so collecting during it only finds the caller's
garbage, which waits until the parse returns.

What it costs the process: the collector is process-wide, so while any
thread is inside a parse, **no thread** gets automatic collections
(explicit ``gc.collect()`` still works).  A counter under a lock makes
overlapping parses (threads) restore the collector only when the last one
ends, and only if it was enabled when the first one began; thresholds are
never touched.  A caller that must keep automatic collection running
(for example a long parse of a huge document in one thread while other
threads make cyclic garbage) turns the pause off with
:func:`set_pause_gc`.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["set_pause_gc", "pause_gc_enabled", "pause_collection", "resume_collection"]

_enabled = True  # the module-level setting (set_pause_gc)
_lock = threading.Lock()
_depth = 0  # parses in progress that paused the collector
_restore = False  # whether the collector was enabled when the first began


def set_pause_gc(enabled: bool) -> bool:
    """Whether parses pause the cyclic garbage collector while they build
    (default ``True``); returns the previous setting.  Process-wide, like
    the collector; parses already running are not affected."""
    global _enabled
    if not isinstance(enabled, bool):
        raise TypeError(f"set_pause_gc(): enabled must be a bool, not {type(enabled).__name__}")
    previous, _enabled = _enabled, enabled
    return previous


def pause_gc_enabled() -> bool:
    """The setting :func:`set_pause_gc` changes."""
    return _enabled


def pause_collection() -> bool:
    """Pause the collector for one parse, if the setting asks for it.
    Returns whether this call took part (pass it to
    :func:`resume_collection` in a ``finally``)."""
    global _depth, _restore
    if not _enabled:
        return False
    with _lock:
        if _depth == 0:
            _restore = gc.isenabled()
            gc.disable()
        _depth += 1
    return True


def resume_collection(paused: bool) -> None:
    """End one parse's pause; the last parse out re-enables the collector
    if it was enabled when the first came in."""
    global _depth
    if not paused:
        return
    with _lock:
        _depth -= 1
        if _depth == 0 and _restore:
            gc.enable()
