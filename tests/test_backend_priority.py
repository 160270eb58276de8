"""The worker's database backends follow the worker's CPU priority and cores (magie/db/backend_priority.py)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from magie.db import backend_priority
from magie.management.commands.up import WORKER_NICE, background_environment


def connection_of(pid: int) -> SimpleNamespace:
    """What Django's `connection_created` passes, as far as the handler reads it: the driver's connection info."""
    return SimpleNamespace(connection=SimpleNamespace(info=SimpleNamespace(backend_pid=pid)))


@pytest.fixture
def backend():
    """A process of this user standing in for a PostgreSQL backend of the embedded server."""
    process = subprocess.Popen(["sleep", "60"])
    yield process.pid
    process.kill()
    process.wait()
    backend_priority._done.discard(process.pid)


def test_a_backend_takes_the_workers_priority_and_cores(backend, monkeypatch):
    monkeypatch.setenv("MAGIE_DATABASE_BACKEND_NICE", "10")
    backend_priority.backend_follow_process(connection=connection_of(backend))
    assert os.getpriority(os.PRIO_PROCESS, backend) == max(10, os.getpriority(os.PRIO_PROCESS, 0))
    assert os.sched_getaffinity(backend) == os.sched_getaffinity(0)


def test_a_backend_in_a_session_of_its_own_takes_the_priority_as_a_scheduling_group(monkeypatch):
    """PostgreSQL starts each backend in its own session; with Linux's autogroup each session is one scheduling group,
    weighed by the group's niceness alone: the backend's own nice value would change nothing against web."""
    process = subprocess.Popen(["sleep", "60"], start_new_session=True)  # as the postmaster starts a backend
    ours = Path("/proc/self/autogroup").read_text()
    try:
        monkeypatch.setenv("MAGIE_DATABASE_BACKEND_NICE", "10")
        backend_priority.backend_follow_process(connection=connection_of(process.pid))
        assert Path(f"/proc/{process.pid}/autogroup").read_text().split()[-2:] == ["nice", "10"]
        assert Path("/proc/self/autogroup").read_text() == ours  # ours untouched
    finally:
        process.kill()
        process.wait()
        backend_priority._done.discard(process.pid)


def test_without_the_setting_a_backend_is_left_alone(backend, monkeypatch):
    monkeypatch.delenv("MAGIE_DATABASE_BACKEND_NICE", raising=False)
    before = os.getpriority(os.PRIO_PROCESS, backend)
    backend_priority.backend_follow_process(connection=connection_of(backend))
    assert os.getpriority(os.PRIO_PROCESS, backend) == before


def test_a_backend_that_cannot_be_reniced_is_logged_not_raised(monkeypatch, caplog):
    monkeypatch.setenv("MAGIE_DATABASE_BACKEND_NICE", "10")
    gone = subprocess.Popen(["true"])
    gone.wait()
    backend_priority.backend_follow_process(connection=connection_of(gone.pid))
    backend_priority._done.discard(gone.pid)
    assert "keeps its CPU priority" in caplog.text


def test_up_asks_it_of_worker_and_beat_with_the_embedded_database_only(settings):
    settings.EMBEDDED_DATABASE = True
    expected = {"MAGIE_DATABASE_BACKEND_NICE": str(WORKER_NICE)} if WORKER_NICE else {}  # MAGIE_WORKER_NICE=0: off
    assert background_environment("worker") == background_environment("beat") == expected
    assert background_environment("web") == {}
    settings.EMBEDDED_DATABASE = False  # a server elsewhere (or another user's): never touched
    assert background_environment("worker") == {}
