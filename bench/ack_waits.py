"""What the acknowledgements wait for, counted (`PIPELINE_BENCH_WAITS=1` in bench/pipeline_bench.py).

Wall-clock latencies on a shared machine say little about a cause; these counts do not depend on how loaded the
machine is:

- the web's backends sampled in `pg_stat_activity` every few milliseconds: how often one was running a statement,
  and what it was waiting for (a lock, WAL writing or syncing, the client);
- `log_lock_waits` with `deadlock_timeout` at 1 ms: each statement that waited over 1 ms on a lock, from the server's
  log, by the waiting process's application (web, worker, beat);
- `pg_stat_wal` (with `track_wal_io_timing`): the WAL syncs and their time over the phase;
- the scheduler's own account (`/proc/<pid>/task/<tid>/schedstat`) of the web processes' threads and of the web's
  backends: CPU time, and the time each spent runnable but waiting for a core (`run_delay`), per request;
- the server's own time per request (granian's access line, `dt_ms`) beside the client's.
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import psutil

WAIT_SETTINGS = {"log_lock_waits": "'on'", "deadlock_timeout": "'1ms'", "track_wal_io_timing": "'on'",
                 "log_line_prefix": "'%m [%p] %a '"}
ACCESS = re.compile(r'"(GET|POST) (\S+) [^"]*" (\d+) ([\d.]+)ms')


def _schedstat(pid: int) -> tuple[float, float]:
    """CPU seconds and run-queue waiting seconds of every thread of `pid` (0, 0 if it is gone)."""
    cpu = delay = 0.0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                fields = (task / "schedstat").read_text().split()
            except OSError:
                continue
            cpu += int(fields[0]) / 1e9
            delay += int(fields[1]) / 1e9
    except OSError:
        pass
    return cpu, delay


class WaitProbe:
    def __init__(self, data_dir: Path, platform_pid: int, log_path: Path) -> None:
        import psycopg

        self.data_dir = data_dir
        self.platform_pid = platform_pid
        self.log_path = log_path
        self.connect = lambda: psycopg.connect(host=str((data_dir / "pg").resolve()), dbname="postgres", user="postgres",
                                               autocommit=True)
        with self.connect() as connection:
            for name, value in WAIT_SETTINGS.items():
                connection.execute(f"ALTER SYSTEM SET {name} = {value}")
            connection.execute("SELECT pg_reload_conf()")
        self.samples: Counter[str] = Counter()
        self.stop_event = threading.Event()
        self.thread: threading.Thread | None = None

    # ------------------------------------------------------------------ processes

    def web_pids(self) -> list[int]:
        pids = []
        for child in psutil.Process(self.platform_pid).children(recursive=True):
            try:
                line = " ".join(child.cmdline())
            except psutil.Error:
                continue
            if "granian" in line or " serve" in line:
                pids.append(child.pid)
        return pids

    def backend_pids(self, connection: Any) -> dict[str, list[int]]:
        rows = connection.execute("SELECT application_name, pid FROM pg_stat_activity "
                                  "WHERE application_name LIKE 'magie-%'").fetchall()
        found: dict[str, list[int]] = {}
        for application, pid in rows:
            found.setdefault(application.split("@")[0], []).append(pid)
        return found

    def sched(self, connection: Any) -> dict[str, tuple[float, float]]:
        web = [_schedstat(pid) for pid in self.web_pids()]
        backends = [_schedstat(pid) for pid in self.backend_pids(connection).get("magie-web", [])]
        return {"web": (sum(c for c, _ in web), sum(d for _, d in web)),
                "web backends": (sum(c for c, _ in backends), sum(d for _, d in backends))}

    # ------------------------------------------------------------------ phases

    def start(self) -> dict[str, Any]:
        self.samples = Counter()
        self.stop_event.clear()
        connection = self.connect()
        wal = connection.execute("SELECT wal_sync, wal_sync_time, wal_write FROM pg_stat_wal").fetchone()
        mark = {"wal": wal, "sched": self.sched(connection), "log": self._pg_log_size(),
                "access": self.log_path.stat().st_size}
        connection.close()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()
        return mark

    def _sample(self) -> None:
        connection = self.connect()
        query = ("SELECT state, wait_event_type, wait_event, left(query, 40) FROM pg_stat_activity "
                 "WHERE application_name LIKE 'magie-web%' AND pid <> pg_backend_pid()")
        while not self.stop_event.is_set():
            self.samples["polls"] += 1
            for state, kind, event, query_text in connection.execute(query).fetchall():
                if state != "active":
                    continue
                what = "INSERT inbound" if "inbound" in (query_text or "") else (query_text or "").split(" ")[0]
                self.samples[f"{what}: {kind or 'CPU'}:{event or '-'}"] += 1
            time.sleep(0.002)
        connection.close()

    def stop(self, mark: dict[str, Any], requests: int) -> str:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join()
        connection = self.connect()
        wal: Any = connection.execute("SELECT wal_sync, wal_sync_time, wal_write FROM pg_stat_wal").fetchone()
        sched = self.sched(connection)
        connection.close()
        lines = []
        syncs = wal[0] - mark["wal"][0]
        lines.append(f"  WAL: {syncs} syncs, {(wal[1] - mark['wal'][1]) / max(1, syncs):.2f} ms each, "
                     f"{wal[2] - mark['wal'][2]} writes")
        for name, (cpu, delay) in sched.items():
            cpu0, delay0 = mark["sched"].get(name, (0.0, 0.0))
            lines.append(f"  {name}: CPU {(cpu - cpu0) * 1000 / max(1, requests):.2f} ms per request, waiting for a "
                         f"core {(delay - delay0) * 1000 / max(1, requests):.2f} ms per request")
        waits = self._lock_waits(mark["log"])
        lines.append(f"  lock waits over 1 ms (log_lock_waits): {dict(waits) or 'none'}")
        polls = self.samples.pop("polls", 0)
        lines.append(f"  web backends sampled {polls} times, active: "
                     + (", ".join(f"{key} {value}" for key, value in self.samples.most_common(12)) or "never"))
        lines.append("  server time per request (granian dt_ms): " + self._server_times(mark["access"]))
        return "\n".join(lines)

    def _pg_log(self) -> Path | None:
        log = self.data_dir / "pg" / "log"  # pgserver's server log: one file
        if log.is_file():
            return log
        logs = sorted(log.glob("*"), key=lambda path: path.stat().st_mtime)
        return logs[-1] if logs else None

    def _pg_log_size(self) -> tuple[str, int]:
        log = self._pg_log()
        return (str(log), log.stat().st_size) if log else ("", 0)

    def _lock_waits(self, mark: tuple[str, int]) -> Counter[str]:
        log = self._pg_log()
        waits: Counter[str] = Counter()
        if log is None:
            return waits
        with open(log, errors="replace") as handle:
            if str(log) == mark[0]:
                handle.seek(mark[1])
            for line in handle:
                found = re.search(r"\] (\S*) LOG:  process \d+ (still waiting|acquired) for (\w+)", line)
                if found and found.group(2) == "still waiting":
                    waits[f"{found.group(1)} {found.group(3)}"] += 1
        return waits

    def _server_times(self, offset: int) -> str:
        times: dict[str, list[float]] = {}
        with open(self.log_path, errors="replace") as handle:
            handle.seek(offset)
            for line in handle:
                found = ACCESS.search(line)
                if found:
                    times.setdefault(f"{found.group(1)} {found.group(2)}", []).append(float(found.group(4)))
        parts = []
        for path, values in sorted(times.items()):
            values.sort()
            p50 = values[len(values) // 2]
            p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
            parts.append(f"{path} n={len(values)} p50 {p50:.1f} ms p99 {p99:.1f} ms max {values[-1]:.1f} ms")
        return "; ".join(parts) or "no access lines"
