"""The README's commands, as written, on a fresh copy of the project: what a newcomer types first.

The commands are read from the README itself — the code blocks of its Quickstart and Tests sections and the
`make …` / `.venv/bin/python manage.py …` spans of its Quickstart prose — so a command added there without being
run here fails `test_every_readme_command_is_one_this_module_runs`.

The copy holds the tracked files of this checkout (what a clone of it holds) in a folder of its own, with its own
`.data` (so `make run` starts its own embedded PostgreSQL and Redis, migrates and seeds from nothing). Its `.venv` is
the one running this test, linked in, as a second `make run` finds it: building a virtualenv from nothing is what
CI's own `make test` does on its clean clone, minutes this test does not spend again. `make test` and `make lint`
are run as written by CI itself (`.ci/run`), which this module checks; `make test` with a `PYTEST_ARGS` of one file
runs here.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from testing.servers import free_port

ROOT = Path(settings.BASE_DIR)
README = ROOT / "README.md"
RUN_BY_CI = {"make test", "make lint"}  # .ci/run runs these as written


def section(name: str) -> str:
    text = README.read_text()
    match = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"the README has no '## {name}' section"
    return match.group(1)


def readme_commands() -> list[str]:
    """Each command of the Quickstart and Tests code blocks (comments and continuation lines dropped), then the
    commands the Quickstart's prose names in code spans."""
    found: list[str] = []
    for name in ("Quickstart", "Tests"):
        for block in re.findall(r"^```\w*\n(.*?)^```", section(name), flags=re.MULTILINE | re.DOTALL):
            for line in block.splitlines():
                command = line.split(" #", 1)[0].strip()
                if command and not line.startswith(" "):
                    found.append(command)
    for span in re.findall(r"`([^`]+)`", section("Quickstart")):
        if span.startswith(("make ", ".venv/bin/python manage.py ")):
            found.append(span)
    return list(dict.fromkeys(found))


def fresh_copy(folder: Path) -> Path:
    project = folder / "magie"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, (file.decode() for file in files)):
        source = ROOT / name
        if source.is_file():
            target = project / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    (project / ".venv").symlink_to(Path(sys.prefix))
    for requirements in ("requirements.txt", "requirements-dev.txt"):  # older than the linked venv's stamp
        os.utime(project / requirements, (0, 0))
    return project


def environment(port: int) -> dict[str, str]:
    """A newcomer's shell: none of this test run's database, broker or settings; `make run` on a free port."""
    dropped = ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "DJANGO_SETTINGS_MODULE", "MAGIE_DATA_DIR",
               "MAGIE_DEPLOYMENT", "PROMETHEUS_MULTIPROC_DIR", "SECRET_KEY", "MAGIE_FIELD_KEYS", "PYTEST_ADDOPTS",
               "CELERY_TASK_ALWAYS_EAGER", "WHATSAPP_RATE_REDIS_URL", "MAGIE_SITE",
               "XDG_RUNTIME_DIR")  # the last: set by this run's own embedded PostgreSQL
    return {key: value for key, value in os.environ.items() if key not in dropped} | {"MAGIE_BIND": f"127.0.0.1:{port}"}


def get(port: int, path: str, host: str) -> tuple[int, str]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def start(command: str, project: Path, env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(command, shell=True, cwd=project, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)  # its own process group: Ctrl-C reaches all of it


def wait_for_line(process: subprocess.Popen, log: Path, pattern: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, log.read_text(errors="replace")):
            return
        assert process.poll() is None, f"exited {process.returncode}: {log.read_text(errors='replace')[-3000:]}"
        time.sleep(0.5)
    raise AssertionError(f"no {pattern!r} in {timeout:.0f} s: {log.read_text(errors='replace')[-3000:]}")


def ctrl_c(process: subprocess.Popen, timeout: float = 90) -> int:
    os.killpg(process.pid, signal.SIGINT)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise


def run(command: str, project: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(command, shell=True, cwd=project, env=env, capture_output=True, text=True, timeout=timeout)


def test_every_readme_command_is_one_this_module_runs():
    commands = readme_commands()
    assert "make run" in commands and "make test" in commands, commands
    known = {"make run", "make dev", "make stop", ".venv/bin/python manage.py doctor"} | RUN_BY_CI
    unknown = [c for c in commands if c not in known and not c.startswith("make test PYTEST_ARGS=")]
    assert not unknown, f"README commands nothing runs: {unknown}"
    ci = (ROOT / ".ci" / "run").read_text()
    for command in RUN_BY_CI:
        # as a line of its own, or as a background subshell's first command: `( make lint > log; … ) &`
        assert re.search(rf"^\s*(\(\s*)?(env [^\n]*)?{re.escape(command)}\b", ci, flags=re.MULTILINE), command


def test_the_quick_start_runs_as_written_on_a_fresh_copy(tmp_path):
    commands = readme_commands()
    project = fresh_copy(tmp_path)
    port = free_port()
    env = environment(port)
    try:
        # make run: from nothing to the demo organisations served, with a worker and beat, then Ctrl-C.
        log = tmp_path / "make-run.log"
        up = start("make run", project, env, log)
        try:
            wait_for_line(up, log, r"ready:", timeout=600)
            assert get(port, "/healthz", "localhost")[0] == 200
            status, page = get(port, "/admin/login/", "demobank.localhost")
            assert status == 200 and 'name="password"' in page
            assert "magie-demo" in log.read_text()  # the demo logins are printed
            doctor = ".venv/bin/python manage.py doctor"
            if doctor in commands:  # the worker's ping and beat's first heartbeat may take a moment
                deadline = time.monotonic() + 120
                while (checked := run(doctor, project, env, timeout=120)).returncode and time.monotonic() < deadline:
                    time.sleep(3)
                assert checked.returncode == 0, checked.stdout + checked.stderr
        finally:
            assert ctrl_c(up) in (0, -signal.SIGINT, 130), log.read_text()[-3000:]
        assert "Traceback" not in log.read_text(), log.read_text()[-3000:]

        if "make dev" in commands:  # runserver on the same database, the second start in seconds
            log = tmp_path / "make-dev.log"
            dev = start("make dev", project, env, log)
            try:
                wait_for_line(dev, log, r"ready:", timeout=300)
                assert get(port, "/healthz", "localhost")[0] == 200
            finally:
                ctrl_c(dev)

        for command in (c for c in commands if c.startswith("make test PYTEST_ARGS=")):
            tested = run(command, project, env, timeout=900)
            assert tested.returncode == 0 and " passed" in tested.stdout, tested.stdout[-3000:] + tested.stderr[-2000:]

        if "make stop" in commands:
            stopped = run("make stop", project, env, timeout=120)
            assert stopped.returncode == 0, stopped.stdout + stopped.stderr
    finally:
        run(".venv/bin/python manage.py embedded stop", project, env, timeout=120)  # nothing left running


@pytest.mark.parametrize("command", sorted(RUN_BY_CI))
def test_what_ci_runs_is_what_the_readme_says(command):
    assert command in readme_commands()
