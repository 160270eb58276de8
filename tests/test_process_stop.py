import signal
import subprocess
import sys

from testing.platform import process_stop


def _python(code: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "ready\n"  # its handlers are in place
    return process


def test_a_process_that_honours_sigterm_ends_by_it():
    process = _python("import time; print('ready', flush=True); time.sleep(60)")
    assert process_stop(process, timeout=30) == -signal.SIGTERM


def test_a_process_that_ignores_sigterm_is_killed_after_the_timeout():
    process = _python("import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True);"
                      " time.sleep(60)")
    assert process_stop(process, timeout=0.5) == -signal.SIGKILL


def test_an_exited_process_is_only_reaped():
    process = _python("print('ready', flush=True); raise SystemExit(3)")
    process.wait()
    assert process_stop(process, timeout=30) == 3
