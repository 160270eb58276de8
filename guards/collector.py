"""The time the interpreter spends in its cyclic garbage collector: the process's housekeeping, never a guard's work.

CPython runs a collection in whichever thread allocates when a generation's threshold trips, holding the GIL until
it is done. A full collection walks every tracked object of the process (a long-running process: hundreds of
milliseconds of CPU), so when it lands on a guard's thread it would be billed to that guard — its CPU deadline and
the runner's wall-clock backstop — although the guard did none of it and no Python code ran meanwhile. On a busy
machine those milliseconds stretch to seconds of wall clock, and a good draft would be handed to a person because
of where the collector happened to run. `guards.contract` subtracts this thread's collection CPU from the guard's
clock, and the runner's backstop waits as much longer as collections (in any thread: they stop every thread) took.

Measured by `gc.callbacks`, registered once when this module is imported.
"""

from __future__ import annotations

import gc
import threading
import time

_lock = threading.Lock()
_local = threading.local()  # per thread: `cpu`, seconds of its CPU spent collecting; `started` during a collection
_ongoing: dict[int, float] = {}  # thread id → monotonic start of the collection it is running
_wall_done = 0.0  # monotonic seconds of the collections finished so far, in every thread


def _on_collection(phase: str, info: dict[str, int]) -> None:
    global _wall_done
    ident = threading.get_ident()
    if phase == "start":
        _local.started = time.thread_time()
        with _lock:
            _ongoing[ident] = time.monotonic()
        return
    started = getattr(_local, "started", None)
    _local.started = None
    if started is not None:
        _local.cpu = getattr(_local, "cpu", 0.0) + time.thread_time() - started
    with _lock:
        began = _ongoing.pop(ident, None)
        if began is not None:
            _wall_done += time.monotonic() - began


def collection_cpu() -> float:
    """CPU seconds this thread has spent in finished collections (since the module was imported)."""
    return float(getattr(_local, "cpu", 0.0))


def collection_wall() -> float:
    """Wall-clock seconds spent collecting in every thread, the collections under way included so far."""
    now = time.monotonic()
    with _lock:
        return _wall_done + sum(now - began for began in _ongoing.values())


if _on_collection not in gc.callbacks:
    gc.callbacks.append(_on_collection)
