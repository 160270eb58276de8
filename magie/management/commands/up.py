"""`make run`: migrate, seed the demo, collect static files, then run and supervise the platform's processes:

- web:    `manage.py serve` — the production server (magie/serving.py), one process per core, as in production;
          `--dev` serves with Django's runserver instead (auto-reload off, for debugging only);
- worker: `celery -A magie worker` (prefork, `--concurrency` children), at a lower CPU priority than web
          (MAGIE_WORKER_NICE, default 10, and Linux's SCHED_IDLE, MAGIE_WORKER_SCHED) on every core
          (MAGIE_WORKER_CORES, `worker_cores`): a web thread that wakes takes a core from a turn at once;
- beat:   `celery -A magie beat` — exactly one (scheduled Pix, the webhook and outbound sweepers, the heartbeat).

SIGTERM or SIGINT (Ctrl-C) stops them all gracefully: each gets SIGTERM, requests and tasks in flight finish
(up to 30 s, then SIGKILL). If any of them exits on its own, the others are stopped and `up` exits non-zero, so a
supervisor (systemd, a container runtime) sees the failure instead of a half-running platform.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from magie.serving import close_database_connections, connection_budget, database_max_connections, split_bind

STOP_GRACE_SECONDS = 30


def metrics_dir_reset(folder) -> None:
    """The multi-process metrics of the processes of an earlier run are not this run's: start empty."""
    import shutil

    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)


def _die_with_parent() -> None:
    """In the child before exec (Linux): SIGTERM it if `up` itself dies, even by SIGKILL — no orphaned servers."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


# Web and worker share the machine's cores under `up`: the worker (and beat) run at a lower CPU priority, so a
# burst of turns takes the cores the web server leaves idle and never the ones an acknowledgement waits for (Meta
# redelivers what is not acknowledged in time). MAGIE_WORKER_NICE=0 turns it off; with web and workers on machines
# of their own it changes nothing.
WORKER_NICE = int(os.environ.get("MAGIE_WORKER_NICE", "10"))
# SAME_SESSION: each child has a process group of its own (Ctrl-C and the stop reach each one once) but stays in
# `up`'s session. Linux's autogroup (sched_autogroup_enabled, on by default) shares the CPU between sessions first
# and applies a nice value only inside its own session: with web and worker in sessions of their own, the worker's
# nice 10 gave the acknowledgements nothing on a shared core.


def worker_cores(setting: str, available: set[int]) -> set[int]:
    """The cores the worker and beat may run on under `up` (MAGIE_WORKER_CORES): by default ("all") every core, the
    idle scheduling class (`WORKER_SCHED`) keeping the acknowledgements ahead — measured on 2 idle cores with the
    batched inbound tasks, 101 msg/s end to end with the ack's p99 at 1.7× the bare view's, where one core left to
    web capped the pipeline at ~65 msg/s (docs/benchmarks.md); "spare": every core but the lowest when there are two
    or more, so one core is web's (and PostgreSQL's) alone; a number N: the N highest cores (at least one core is
    always left to the worker)."""
    ordered = sorted(available)
    value = setting.strip().lower()
    if value in ("", "default", "all") or len(ordered) < 2:
        return set(ordered)
    count = len(ordered) - 1 if value == "spare" else int(value)
    return set(ordered[-max(1, min(count, len(ordered))):])


WORKER_CORES = os.environ.get("MAGIE_WORKER_CORES", "")
# The worker's and beat's processes under Linux's SCHED_IDLE (MAGIE_WORKER_SCHED=idle, the default; "normal" keeps
# them in the normal class at WORKER_NICE): a web thread that wakes on a core one of them runs takes it at once,
# where nice 10 still let a woken web thread wait for the worker's slice, and in the CPU share of `up`'s session a
# worker process weighs 3 against a web thread's 1024 (110 at nice 10). Measured with the bench's
# PIPELINE_BENCH_WAITS=1 (docs/benchmarks.md, 2026-12-06): the acknowledgements wait on no lock a turn holds,
# but their threads waited ~5× longer for a core with turns running.
# The class is NOT given to the worker's PostgreSQL backends (`magie.db.backend_priority`): each is a session and a
# scheduling group of its own, where a task's class changes nothing against web, and they take WALWriteLock, which
# the acknowledgement's commit waits on most of its time in the database — an idle-class holder left without a
# core would hold every acknowledgement (priority inversion). The worker's Python processes hold no lock the
# acknowledgement takes (its one INSERT touches no row a turn locks).
WORKER_SCHED = os.environ.get("MAGIE_WORKER_SCHED", "idle").strip().lower()


def background_scheduling() -> None:
    """This process (a worker or beat about to exec) into SCHED_IDLE when WORKER_SCHED says so and Linux has it;
    its children (prefork's) inherit it. Never raises: a kernel without the class keeps the nice value alone."""
    if WORKER_SCHED != "idle" or not hasattr(os, "SCHED_IDLE"):
        return
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except OSError:
        pass


def _background_child() -> None:
    _die_with_parent()
    if WORKER_NICE:
        os.nice(WORKER_NICE)
    background_scheduling()
    if hasattr(os, "sched_setaffinity"):  # Linux
        os.sched_setaffinity(0, worker_cores(WORKER_CORES, os.sched_getaffinity(0)))


def background_environment(name: str) -> dict[str, str]:
    """What the worker and beat add to `child_environment`: with the embedded PostgreSQL (a server of this machine,
    run as this user), the backends serving their connections take their priority and cores
    (`magie.db.backend_priority`) — a third of a turn's CPU is PostgreSQL's, and it competed with the
    acknowledgements at the web's priority."""
    if name == "web" or not WORKER_NICE or not settings.EMBEDDED_DATABASE:
        return {}
    return {"MAGIE_DATABASE_BACKEND_NICE": str(WORKER_NICE)}


def child_environment(*, addr: str) -> dict[str, str]:
    """What web, worker and beat start with: the database, broker and deployment `up` decided on (without the last, a
    child of the embedded default sees a DATABASE_URL with DEBUG off, takes itself for production and refuses to
    start without SECRET_KEY), and — unless MAGIE_PUBLIC_URL_TEMPLATE is set — links to customers on the port served
    (`--addr 127.0.0.1:8150` sent payment and approval links to :8000, where nothing answered)."""
    public = os.environ.get("MAGIE_PUBLIC_URL_TEMPLATE") or f"http://{{host}}:{split_bind(addr)[1]}"
    metrics = settings.DATA_DIR / "metrics"  # every child writes its metrics here; /metrics reads them all
    return os.environ | {"PROMETHEUS_MULTIPROC_DIR": str(metrics),
                         "DATABASE_URL": settings.DATABASE_URL, "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
                         "MAGIE_DATA_DIR": str(settings.DATA_DIR), "PYTHONUNBUFFERED": "1",
                         "MAGIE_DEPLOYMENT": settings.MAGIE_DEPLOYMENT,  # the children inherit the decision
                         "MAGIE_PUBLIC_URL_TEMPLATE": public}


class Command(BaseCommand):
    help = "Bring the whole platform up: database, broker, migrations, demo data, worker, beat and web server."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default=os.environ.get("MAGIE_BIND", "127.0.0.1:8000"))
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker children")
        parser.add_argument("--web-workers", type=int, default=None, help="web processes (default: one per core)")
        parser.add_argument("--no-worker", action="store_true", help="no Celery worker and no beat")
        parser.add_argument("--no-seed", action="store_true", help="do not create the demo organisations")
        parser.add_argument("--dev", action="store_true",
                            help="serve with Django's runserver instead of the production server (debugging only)")

    def handle(self, *args, addr: str, concurrency: int, web_workers: int | None, no_worker: bool, no_seed: bool,
               dev: bool, **options):
        data_dir = settings.DATA_DIR
        data_dir.mkdir(parents=True, exist_ok=True)
        self._say(f"database: {'embedded PostgreSQL under ' + str(data_dir) if settings.EMBEDDED_DATABASE else 'DATABASE_URL'}")
        self._say(f"broker:   {'embedded Redis under ' + str(data_dir) if settings.EMBEDDED_BROKER else 'CELERY_BROKER_URL'}")
        web_workers = web_workers or settings.MAGIE_WEB_WORKERS
        self._check_database()
        self._check_budget(web_workers=1 if dev else web_workers, concurrency=0 if no_worker else concurrency,
                           beat=not no_worker)
        call_command("migrate_schemas", interactive=False, verbosity=0)
        if not no_seed:
            call_command("seed_demo", port=split_bind(addr)[1])
        if not dev:
            call_command("collectstatic", interactive=False, verbosity=0)
        close_database_connections()  # `up` only supervises from here on: it holds no connection
        metrics_dir_reset(settings.DATA_DIR / "metrics")
        env = child_environment(addr=addr)
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        commands: dict[str, list[str]] = {}
        if not no_worker:
            commands["worker"] = [sys.executable, "-m", "celery", "-A", "magie", "worker", "-c", str(concurrency),
                                  "-l", "INFO", "-n", f"magie-{os.getpid()}@%h"]
            commands["beat"] = [sys.executable, "-m", "celery", "-A", "magie", "beat", "-l", "INFO",
                                "--pidfile", str(data_dir / "celerybeat.pid")]
        if dev:
            commands["web"] = [*manage, "runserver", addr, "--noreload"]
        else:
            commands["web"] = [*manage, "serve", "--bind", addr, "--workers", str(web_workers)]
        self.children: dict[str, subprocess.Popen] = {}
        self.stopping = False
        signal.signal(signal.SIGTERM, self._on_signal)
        signal.signal(signal.SIGINT, self._on_signal)
        try:
            for name, command in commands.items():
                self.children[name] = subprocess.Popen(
                    command, env=env | {"MAGIE_PROCESS_ROLE": name} | background_environment(name), cwd=settings.BASE_DIR,
                    process_group=0,  # Ctrl-C reaches `up` alone, which stops each child once; see SAME_SESSION
                    preexec_fn=_die_with_parent if name == "web" else _background_child)
                self._say(f"{name + ':':<9} pid {self.children[name].pid}")
            self._wait_ready(addr)
            exit_code = self._supervise()
        finally:
            self._stop_all()
        if exit_code:
            raise CommandError(f"a process exited on its own (code {exit_code}); everything was stopped")

    def _say(self, line: str) -> None:
        self.stdout.write(line)
        self.stdout.flush()

    def _check_database(self) -> None:
        """One plain connection first, so that a database that is missing or unreachable is said in one line with what
        to do (the pool would retry for DATABASE_POOL_TIMEOUT seconds, then raise a traceback)."""
        from magie.db.own_connections import database_unusable

        reason = database_unusable(settings.DATABASE_URL)
        if reason is not None:
            raise CommandError(f"cannot use the database of DATABASE_URL: {reason}. Create it (e.g. `createdb` with "
                               "its name), fix DATABASE_URL, or unset it for the embedded PostgreSQL") from None

    def _check_budget(self, *, web_workers: int, concurrency: int, beat: bool) -> None:
        """Refuse to start what could exhaust PostgreSQL's connections (every pool full at once)."""
        budget = connection_budget(web_workers=web_workers, worker_concurrency=concurrency, beat=beat)
        limit, reserved = database_max_connections()
        self._say(f"pool:     at most {budget} PostgreSQL connections from what `up` starts "
                  f"(server max_connections {limit}, {reserved} reserved)")
        if budget > limit - reserved:
            raise CommandError(f"{budget} connections could be opened but PostgreSQL allows {limit - reserved}: "
                               "lower MAGIE_WEB_WORKERS, DATABASE_POOL_MAX_SIZE or --concurrency, "
                               "or raise max_connections")

    def _wait_ready(self, addr: str, timeout: float = 60) -> None:
        host, port = split_bind(addr)
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}/healthz"
        deadline = time.monotonic() + timeout
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        while time.monotonic() < deadline and not self.stopping:
            if any(child.poll() is not None for child in self.children.values()):
                return  # _supervise reports it
            try:
                opener.open(urllib.request.Request(url, headers={"Host": "localhost"}), timeout=1).read()
            except OSError:
                time.sleep(0.2)
                continue
            self._say(f"ready:    http://localhost:{port}/ (Ctrl-C or SIGTERM stops everything)")
            return
        if not self.stopping:
            self._say(f"warning:  the web server did not answer {url} within {timeout:.0f} s")

    def _on_signal(self, signum, frame) -> None:
        self.stopping = True

    def _supervise(self) -> int:
        while not self.stopping:
            for name, child in self.children.items():
                code = child.poll()
                if code is not None:
                    self.stderr.write(f"{name} (pid {child.pid}) exited with code {code}; stopping the others")
                    return code or 1
            time.sleep(0.2)
        return 0

    def _stop_all(self) -> None:
        running = {name: child for name, child in self.children.items() if child.poll() is None}
        for child in running.values():
            child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for name, child in running.items():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self.stderr.write(f"{name} (pid {child.pid}) did not stop in {STOP_GRACE_SECONDS} s: killed")
                child.kill()
                child.wait()
        if running:
            self._say("stopped:  " + ", ".join(running))
