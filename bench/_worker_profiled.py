"""`python bench/_worker_profiled.py <celery arguments>`: a Celery worker under cProfile on the process's CPU clock
(time waiting for PostgreSQL, Redis or Meta is not counted), profiling only after its first PROFILE_SKIP_TASKS
tasks have ended (the warm-up: imports, the lemma dictionaries, the compiled statements), writing PROFILE_TO when
the worker exits. Run by bench/pipeline_bench.py with PIPELINE_BENCH_PROFILE; use the solo pool, so the tasks run
in this process."""

from __future__ import annotations

import cProfile
import os
import runpy
import sys
import time

from celery.signals import task_postrun

profiler = cProfile.Profile(time.process_time)
skip = int(os.environ.get("PROFILE_SKIP_TASKS", "0"))
ended = 0


@task_postrun.connect(weak=False)
def profile_after_warm_up(**_: object) -> None:
    global ended
    ended += 1
    if ended == skip:
        profiler.enable()


if skip == 0:
    profiler.enable()
sys.argv = ["celery", *sys.argv[1:]]
try:
    runpy.run_module("celery", run_name="__main__", alter_sys=True)
finally:
    profiler.disable()
    profiler.dump_stats(os.environ["PROFILE_TO"])
