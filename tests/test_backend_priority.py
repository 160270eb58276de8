"""The worker's database backends follow the worker's CPU priority and cores (magie/db/backend_priority.py)."""

from __future__ import annotations

import os
import subprocess
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
