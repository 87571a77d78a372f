"""CPython's cyclic garbage collector while a tree is built: paused once
it turns to full collections.

Why: BeautifulSoup and ``dom`` trees are Python objects full of reference
cycles (parent <-> child, sibling links), and every node of every tree
type is a container the collector tracks.  While a tree grows, the
collector scans each new node in its young generations, and whenever what
moved into the oldest generation since the last full collection passes a
quarter of it (CPython's rule), it scans the whole heap, the growing tree
included.  A tree that is large next to the rest of the heap is so scanned
again and again: a 64k-deep bs4 document takes 2.5x the CPU time, a 4 MB
``dom`` document 1.4x (``benchmarks/bench_gc.py``).  Nothing a parse builds
becomes garbage before the parse ends, so those scans find only garbage
that was there before.

The strategy: a parse registers a ``gc.callbacks`` hook while it builds;
when the collector starts a full collection (generation 2) during the
build, the hook lets that collection run (it frees the process's garbage
up to that moment) and then pauses automatic collection (``gc.disable``)
until the build ends, when the collector is enabled again.  Builds that
trigger no full collection (most web pages) run with the collector
exactly as the caller has it.

Measured and rejected (``benchmarks/bench_gc.py``, the README's Speed
section): pausing every build from its start (garbage made before the
parse waits for it: the soups of earlier parses, held by the young
generations' timing, raised bs4's peak on the corpus from 27-43 MB to 64-77
MB), collecting the young generations before each build (bs4 builds its
soup object before the parser runs, and collecting then promotes that
object, so the finished tree is only freed by a full collection; 1.15x
slower on many small documents), raising generation 0's threshold during
the build (the same memory cost), and ``gc.freeze`` (a frozen tree is never
collected: a leak once the caller drops it).

What it costs the process: the collector is process-wide, so while any
thread is inside a paused build, **no thread** gets automatic collections
(explicit ``gc.collect()`` still works).  A counter under a lock makes
overlapping parses (threads) enable the collector again only when the last
one ends, and only if the pause disabled it; thresholds are never changed;
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
    global _depth, _watching, _paused
    if not _enabled:
        return False
    with _lock:
        if _depth == 0:
            _paused = False
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


def _on_collection(phase: str, info: dict) -> None:
    """The ``gc.callbacks`` hook: a full collection during a build pauses
    automatic collection until the build ends.  (No lock here: the hook can
    run inside pause_collection's own allocations.)"""
    global _paused
    if phase == "start" and info["generation"] == 2 and _depth and not _paused and gc.isenabled():
        _paused = True
        gc.disable()
