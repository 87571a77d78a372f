"""Timing for the scaling tests, which compare the same code at two sizes
(never an absolute time)."""

from __future__ import annotations

import time
from typing import Any


def best_time(func: Any, rounds: int = 3) -> float:
    """The fastest of ``rounds`` calls of ``func()``, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best
