"""Timing for the scaling tests, which compare the same code at two sizes
(never an absolute time).  CPU time (``time.process_time``), not the wall
clock: other processes on a busy machine take the CPU away from the test
without adding to its CPU time."""

from __future__ import annotations

import time
from typing import Any


def best_time(func: Any, rounds: int = 3) -> float:
    """The least CPU time of ``rounds`` calls of ``func()``, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        func()
        best = min(best, time.process_time() - start)
    return best
