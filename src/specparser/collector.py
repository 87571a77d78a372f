"""CPython's cyclic garbage collector while a tree is built: paused once
the growing tree drives it to full collections.

Why: BeautifulSoup and ``dom`` trees are Python objects full of reference
cycles (parent <-> child, sibling links), and every node of every tree
type is a container the collector tracks.  While a tree grows, the
collector scans each new node in its young generations, and whenever what
moved into the oldest generation since the last full collection passes a
quarter of it (CPython's rule), it scans the whole heap, the growing tree
included.  A tree that is large next to the rest of the heap is so scanned
again and again: a 64k-deep bs4 document takes about 2x the CPU time
(``benchmarks/bench_gc.py``).  Nothing a parse builds becomes garbage
before the parse ends, so those scans find only garbage that was there
before.

The strategy: a parse registers a ``gc.callbacks`` hook while it builds.
The first full collection (generation 2) during a build may be the
process's own garbage coming due and is left alone; when a second one
starts in the same build, the tree is what drives them: the hook lets that
collection run (it frees the process's garbage up to that moment) and
then pauses automatic collection (``gc.disable``) until the build ends,
when the collector is enabled again.  Builds that trigger fewer full
collections (nearly every web page) run with the collector exactly as the
caller has it, so their memory is what it was.

Measured and rejected (``benchmarks/bench_gc.py --memory``; the README's
Speed section): pausing every build from its start, and pausing from the
first full collection (the trees of earlier parses wait longer for the
collections that free them: bs4's peak over the corpus went from 27 MB to
65 and 41 MB); collecting the young generations before each build, then
pausing (bs4 makes its soup object before the parser runs, and that
collection moves it to an older generation, so the finished tree waits
for a full collection: 50 MB, and 1.5x slower on many small documents);
raising generation 0's threshold during the build (65 MB); ``gc.freeze``
of the finished tree (never collected: a leak once the caller drops it).

What it costs the process: the collector is process-wide, so while any
thread is inside a paused build, **no thread** gets automatic collections
(explicit ``gc.collect()`` still works).  A counter under a lock makes
overlapping parses (threads) enable the collector again only when the last
one ends, and only if the hook disabled it; thresholds are never changed;
a caller whose collector is disabled sees no change at all.  A caller that
must keep automatic collection running (a long parse of a huge document in
one thread while other threads make cyclic garbage) turns the pause off
with :func:`set_pause_gc` (process-wide).
"""

from __future__ import annotations

import gc
import threading

__all__ = ["set_pause_gc", "pause_gc_enabled", "pause_collection", "resume_collection"]

_enabled = True  # the module-level setting (set_pause_gc)
_lock = threading.Lock()
_depth = 0  # builds in progress that watch the collector
_watching = False  # the hook is registered (the collector was enabled)
_paused = False  # the hook disabled the collector
_full_collections = 0  # full collections started during the builds in progress

# The full collection during a build that pauses the collector: the first
# may be the process's own garbage coming due; a second one in the same
# build means the growing tree itself is driving them (module docstring).
FULL_COLLECTIONS_BEFORE_PAUSE = 2


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
    """Start watching the collector for one build, if the setting asks for
    it.  Returns whether this call took part (pass it to
    :func:`resume_collection` in a ``finally``)."""
    global _depth, _watching, _paused, _full_collections
    if not _enabled:
        return False
    with _lock:
        if _depth == 0:
            _paused = False
            _full_collections = 0
            _watching = gc.isenabled()
            if _watching:
                gc.callbacks.append(_on_collection)
        _depth += 1
    return True


def resume_collection(watching: bool) -> None:
    """End one build; the last one out removes the hook and enables the
    collector again if the hook disabled it."""
    global _depth, _watching, _paused
    if not watching:
        return
    with _lock:
        _depth -= 1
        if _depth == 0 and _watching:
            gc.callbacks.remove(_on_collection)
            _watching = False
            if _paused:
                _paused = False
                gc.enable()


def _on_collection(phase: str, info: dict[str, int]) -> None:
    """The ``gc.callbacks`` hook: the second full collection during a build
    runs, then automatic collection is paused until the build ends.  (No lock here: the hook can
    run inside pause_collection's own allocations.)"""
    global _paused, _full_collections
    if phase == "start" and info["generation"] == 2 and _depth and not _paused and gc.isenabled():
        _full_collections += 1
        if _full_collections >= FULL_COLLECTIONS_BEFORE_PAUSE:
            _paused = True
            gc.disable()
