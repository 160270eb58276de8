"""The test process's TRUNCATE survives being a deadlock's victim (testing.platform.truncate_retrying_on_deadlock):
a deadlock between the test database's flush and a process `up` started failed a CI run."""

from __future__ import annotations

import threading
import time
from contextlib import nullcontext

import psycopg
import pytest
from django.db import connection, transaction

from testing.platform import test_database_url as database_url_of_the_tests

TABLES = ("deadlock_first", "deadlock_second")


@pytest.fixture
def two_tables(transactional_db):
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"CREATE TABLE {table} (id int)")
            cursor.execute(f"INSERT INTO {table} VALUES (1)")
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS " + ", ".join(TABLES))


def waiting_for_a_lock(pid: int) -> bool:
    with psycopg.connect(database_url_of_the_tests(), autocommit=True) as observer:
        row = observer.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone()
        return row is not None and row[0] == "Lock"


def reader_holding_then_waiting(test_pid: int, done: list[str]) -> None:
    """Another process's transaction: it reads the second table, then, once the test's TRUNCATE holds the first and
    waits for the second, reads the first. Its deadlock check waits 10 s, so the TRUNCATE is the one aborted."""
    with psycopg.connect(database_url_of_the_tests()) as reader:
        reader.execute("SET deadlock_timeout = '10s'")
        reader.execute("SELECT * FROM deadlock_second")
        deadline = time.monotonic() + 30
        while not waiting_for_a_lock(test_pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        reader.execute("SELECT * FROM deadlock_first")
        reader.commit()
    done.append("committed")


@pytest.mark.parametrize("in_transaction", [True, False], ids=["in a transaction, as Django's flush", "autocommit"])
def test_a_truncate_aborted_as_a_deadlock_victim_runs_again(two_tables, in_transaction):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        [test_pid] = cursor.fetchone()
    done: list[str] = []
    reader = threading.Thread(target=reader_holding_then_waiting, args=(test_pid, done))
    reader.start()
    time.sleep(0.3)  # the reader holds deadlock_second before the TRUNCATE starts
    with transaction.atomic(durable=True) if in_transaction else nullcontext():
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE deadlock_first, deadlock_second")  # deadlocked once, then run again
            cursor.execute("SELECT (SELECT count(*) FROM deadlock_first) + (SELECT count(*) FROM deadlock_second)")
            assert cursor.fetchone() == (0,)
    reader.join(timeout=30)
    assert done == ["committed"]


def test_any_other_error_of_a_truncate_is_raised(transactional_db):
    from django.db import ProgrammingError

    with pytest.raises(ProgrammingError), connection.cursor() as cursor:
        cursor.execute("TRUNCATE no_such_table")
