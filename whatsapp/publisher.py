"""The webhook's publishes, off the request threads: one publishing thread per web process, fed by a bounded queue.

`whatsapp.views.Acknowledged.close()` runs on a request thread once the 200 has left, but that thread serves no
other request until close() returns. The publish waits on Redis twice (the number's queued mark, then the broker),
each bounded by a timeout and, after a failure, by the publish circuit; but with the broker hung every request
thread of a process is held for those timeouts (~1.5 s) before the circuit opens, and the requests behind them wait
for a thread: an ack p99 of seconds while the broker hangs. So close() only hands (body, numbers) to this process's
publishing thread, which never blocks (`put_nowait`), and the mark and the publish happen on that thread, in arrival
order. A broker that hangs now holds one thread that serves no request.

Nothing is lost by it: the body is committed before the 200, and a body whose publish never happens (the queue
full, the thread gone, the process killed with publishes still queued) is left to the inbound sweeper
(`raw_inbound_sweep`), as a publish that failed is.

The thread is started by the first hand-off of each process and again after a fork (its pid differs: a forked child
has no thread of its parent's) or if it died. It is a daemon: a process that exits gives what is still queued
EXIT_DRAIN_SECONDS to go out (a server restarted in a burst), then leaves the rest to the sweeper.

WHATSAPP_PUBLISH_AFTER_RESPONSE = "inline" publishes on the request thread in close() instead (test settings:
Django's test client calls close() before it returns, so a test reads what its request published, deterministically;
the real server's tests and the benches run the thread). So does Celery's eager mode (CELERY_TASK_ALWAYS_EAGER: the
task runs in the publishing call), which promises its caller the work is done when the call returns: a server run
eagerly has answered the message once close() has.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from opentelemetry import context

from magie.celery import app as celery_app
from magie.tracing import within
from whatsapp import conf
from whatsapp.services import inbound_publish

logger = logging.getLogger(__name__)

CAPACITY = 4096  # publishes queued per process; at the broker's pace (~0.3 ms each) a few hundred ms of a burst
EXIT_DRAIN_SECONDS = 2.0


@dataclass(frozen=True)
class PublishDue:
    inbound_id: int
    numbers: tuple[str, ...]
    trace_context: context.Context  # the webhook's: the published task continues its trace


class InboundPublisher:
    """One process's publishing thread and its queue (`hand_off`); made anew in a forked child."""

    def __init__(self, *, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._lock = threading.Lock()
        self._pid = 0
        self._due: queue.Queue[PublishDue] = queue.Queue(maxsize=capacity)
        self._thread: threading.Thread | None = None
        os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        """In a forked child (one thread so far): a lock, queue and thread of its own, the parent's left alone."""
        self._lock, self._pid, self._thread = threading.Lock(), 0, None

    def hand_off(self, due: PublishDue) -> bool:
        """Queue `due` for the publishing thread, never waiting; False if it was not queued (logged: the inbound
        sweeper publishes its body)."""
        try:
            self._running().put_nowait(due)
        except queue.Full:
            logger.warning("whatsapp inbound %s stored; %s publishes already queued in this process, the sweeper "
                           "will publish it", due.inbound_id, self.capacity)
            return False
        except RuntimeError:  # no thread can start (the interpreter is shutting down)
            logger.warning("whatsapp inbound %s stored; no publishing thread, the sweeper will publish it",
                           due.inbound_id, exc_info=True)
            return False
        return True

    def drain(self, timeout: float) -> bool:
        """Wait until every publish queued so far is done (tests, and a server that stops); whether they are."""
        due = self._due
        with due.all_tasks_done:
            return due.all_tasks_done.wait_for(lambda: not due.unfinished_tasks, timeout)

    def _running(self) -> queue.Queue[PublishDue]:
        thread = self._thread
        if thread is not None and self._pid == os.getpid() and thread.is_alive():
            return self._due
        with self._lock:
            if self._pid != os.getpid():  # first use, or a forked child: its parent's queue and thread are not its own
                self._due, self._pid, self._thread = queue.Queue(maxsize=self.capacity), os.getpid(), None
            elif self._thread is not None and not self._thread.is_alive():
                logger.error("the whatsapp publishing thread had stopped; starting another")
                self._thread = None
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, args=(self._due,), daemon=True,
                                                name="whatsapp-publisher")
                self._thread.start()
                atexit.unregister(self._exit_drain)  # once per process, whichever thread it started last
                atexit.register(self._exit_drain)
            return self._due

    def _exit_drain(self) -> None:
        if self._pid == os.getpid() and not self.drain(EXIT_DRAIN_SECONDS):
            logger.warning("exiting with whatsapp publishes still queued; the sweeper will publish their bodies")

    @staticmethod
    def _run(work: queue.Queue[PublishDue]) -> None:
        while True:
            due = work.get()
            try:
                with within(due.trace_context):
                    inbound_publish(inbound_id=due.inbound_id, numbers=due.numbers)  # never raises (logs)
            except Exception:  # noqa: BLE001 — the thread outlives any one publish; the sweeper publishes this one
                logger.exception("whatsapp inbound %s: its publish failed; the sweeper will publish it",
                                 due.inbound_id)
            finally:
                work.task_done()


PUBLISHER = InboundPublisher()


def inbound_publish_after_response(*, inbound_id: int, numbers: Sequence[str], trace_context: context.Context) -> None:
    """Publish a stored body's task once its 200 has left: handed to this process's publishing thread, or inline
    (WHATSAPP_PUBLISH_AFTER_RESPONSE = "inline", or Celery eager). Never raises; a body not published is left to the
    sweeper."""
    due = PublishDue(inbound_id=inbound_id, numbers=tuple(numbers), trace_context=trace_context)
    if conf.setting("WHATSAPP_PUBLISH_AFTER_RESPONSE") == "inline" or celery_app.conf.task_always_eager:
        with within(trace_context):
            inbound_publish(inbound_id=inbound_id, numbers=due.numbers)
        return
    PUBLISHER.hand_off(due)
