"""A circuit breaker for publishing to the broker: once a publish fails, the publishes of the next few seconds in
this process fail at once instead of each waiting for the broker, then one call probes it again.

A request thread must never wait on a broker that is down: what it meant to publish is durable already (a raw
webhook body, an outbox message) and its sweeper publishes it later, so failing fast loses nothing. The state is
per process and only decides *whether to try now*; it never changes what is published or stored.
"""

from __future__ import annotations

import threading
import time


class BrokerUnavailable(Exception):
    """The broker failed lately: this publish was not attempted (its sweeper publishes it later)."""


class Circuit:
    def __init__(self, *, pause_seconds: float) -> None:
        self.pause_seconds = pause_seconds
        self._lock = threading.Lock()
        self._open_until = 0.0  # monotonic; 0: closed
        self._probing = False

    def before_call(self) -> None:
        """Raise BrokerUnavailable while the circuit is open; after the pause, let exactly one caller probe."""
        if not self._open_until:
            return
        with self._lock:
            if not self._open_until:
                return
            if time.monotonic() < self._open_until or self._probing:
                raise BrokerUnavailable("the broker failed lately; publishing is paused")
            self._probing = True

    def succeeded(self) -> None:
        if self._open_until:
            with self._lock:
                self._open_until, self._probing = 0.0, False

    def failed(self) -> None:
        with self._lock:
            self._open_until, self._probing = time.monotonic() + self.pause_seconds, False

    def reset(self) -> None:
        """Closed again (tests: one test's broken broker must not pause the next test's publishing)."""
        self.succeeded()

    @property
    def is_open(self) -> bool:
        return bool(self._open_until)
