"""Run the enabled guards on a draft within the turn's time budget, and word what follows a failure.

The guards run on a worker of a small shared thread pool, one after the other in one task (`_GuardsInOrder`: the
GIL runs one Python thread at a time, so a task per guard bought no parallelism and cost the pool's hand-offs,
about a third of the guards' own CPU), each with its deadline: the budget in CPU time of the thread it runs on
(`guards.contract.deadline_after`), so waiting for a core on a busy machine does not count against it. Guards
check it cooperatively; as a hard backstop the runner stops waiting after `WALL_BACKSTOP` × the budget of
wall-clock time (a guard blocked without spending CPU, or starved for that long) and counts the guard that has not
answered as failed ("budget exceeded"); the guards it held up then run each in a task of its own, with a backstop of
their own, as if they had run beside it. Python cannot kill a thread: such a guard keeps running in the background
until it returns, and its result is dropped. A guard that raises also counts as failed. The runner logs both with
`logger.warning` and never raises.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace

from guards.contract import BUDGET_EXCEEDED_EVIDENCE, GuardInput, GuardVerdict, deadline_after
from guards.messages import HANDOFF, RETRY_INTRO
from guards.registry import registered
from guards.scan import MIN_LENGTH, draft_words, word_text
from guards.text import folded
from language.locales import Lang
from magie.metrics import guard_verdicts_observed

logger = logging.getLogger(__name__)

POOL_WORKERS = 8
WALL_BACKSTOP = 5  # the runner waits at most this many budgets of wall-clock time
_pool = ThreadPoolExecutor(max_workers=POOL_WORKERS, thread_name_prefix="guard")


@dataclass(frozen=True)
class GuardReport:
    passed: bool
    failures: list[GuardVerdict] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    total_ms: float = 0.0


def _timed(guard, inp: GuardInput, budget_s: float) -> tuple[GuardVerdict, float]:
    started = time.perf_counter()
    verdict = guard(inp, deadline_after(budget_s))  # on the pool thread: its own CPU time
    return verdict, (time.perf_counter() - started) * 1000


def _failure(name: str, inp: GuardInput, reason: str) -> GuardVerdict:
    if reason == BUDGET_EXCEEDED_EVIDENCE:
        return GuardVerdict.budget_exceeded(name, inp.lang)
    return GuardVerdict.fail(name, reason, (reason,), problem="guard_error")


class _GuardsInOrder:
    """The guards of one draft run one after the other in one pool task. Each result is kept as it comes (a verdict
    and its milliseconds, or what the guard raised); `stop` (the runner's backstop) lets the task start no other
    guard and says which one it was running and which it had not started."""

    def __init__(self, names: list[str], guards: dict[str, Callable], inp: GuardInput, budget_s: float) -> None:
        self.names, self.guards, self.inp, self.budget_s = names, guards, inp, budget_s
        self.results: dict[str, tuple[GuardVerdict, float] | Exception] = {}
        self.lock = threading.Lock()
        self.next = 0
        self.running: str | None = None
        self.stopped = False

    def run(self) -> None:
        while True:
            with self.lock:
                if self.stopped or self.next == len(self.names):
                    return
                name = self.running = self.names[self.next]
                self.next += 1
            result: tuple[GuardVerdict, float] | Exception
            try:
                result = _timed(self.guards[name], self.inp, self.budget_s)
            except Exception as error:  # a broken guard fails its check, never the turn (logged by the runner)
                result = error
            with self.lock:
                self.results[name] = result
                self.running = None

    def stop(self) -> tuple[str | None, list[str]]:
        """No guard starts after this; (the guard running now, the guards not started)."""
        with self.lock:
            self.stopped = True
            return self.running, self.names[self.next:]


def run_guards(inp: GuardInput, enabled: list[str] | tuple[str, ...], budget_ms: int) -> GuardReport:
    """Every guard of `enabled` on `inp.draft`, each within `budget_ms` of its own CPU time (see the module doc).

    An unknown name counts as a failing guard, so a policy can never silently switch a check off. The first call of
    a process warms the guards up first (`warm_up`), outside every budget.
    """
    if not _warm:
        warm_up()
    started = time.perf_counter()
    backstop_s = WALL_BACKSTOP * budget_ms / 1000  # the wall-clock backstop; guards get CPU deadlines
    if len(enabled) > 1:
        share_draft_views(inp.draft)
    guards = registered()
    verdicts: dict[str, GuardVerdict] = {}
    timings: dict[str, float] = {}
    names: list[str] = []
    for name in dict.fromkeys(enabled):
        if name not in guards:
            logger.warning("guard %s is not registered", name)
            verdicts[name] = GuardVerdict.fail(name, "unknown guard", ("unknown guard",), problem="unknown_guard")
            continue
        names.append(name)
    batch = _GuardsInOrder(names, guards, inp, budget_ms / 1000)
    done, _ = wait([_pool.submit(batch.run)], timeout=backstop_s)
    stalled, held_up = (None, []) if done else batch.stop()
    for name in names:
        if name == stalled or name in held_up:
            continue
        result = batch.results.get(name)
        if result is None or isinstance(result, Exception):  # None: the task ended without running it (raised)
            if result is not None:
                _guard_raised_logged(name, result)
            verdicts[name] = _failure(name, inp, "guard error")
            timings[name] = (time.perf_counter() - started) * 1000
        else:
            verdicts[name], timings[name] = result
            if verdicts[name].problem == "budget_exceeded":
                logger.warning("guard %s gave up at its deadline", name)
    if stalled is not None:  # still running: left to finish in the background, result dropped
        _guard_overran(stalled, inp, budget_ms, started, verdicts, timings)
    if held_up:
        _guards_each_apart(held_up, guards, inp, budget_ms, started, verdicts, timings)
    guard_verdicts_observed(verdicts)
    failures = [v for name, v in verdicts.items() if not v.passed]
    return GuardReport(passed=not failures, failures=failures, timings_ms=timings,
                       total_ms=(time.perf_counter() - started) * 1000)


def _guards_each_apart(names: list[str], guards: dict[str, Callable], inp: GuardInput, budget_ms: int, started: float,
                verdicts: dict[str, GuardVerdict], timings: dict[str, float]) -> None:
    """The guards a stalled one held up: each in a pool task of its own, all within one more backstop."""
    deadline = time.monotonic() + WALL_BACKSTOP * budget_ms / 1000
    pending: dict[Future, str] = {_pool.submit(_timed, guards[name], inp, budget_ms / 1000): name for name in names}
    while pending:
        done, _ = wait(pending, timeout=max(0.0, deadline - time.monotonic()), return_when=FIRST_COMPLETED)
        if not done:
            break
        for future in done:
            name = pending.pop(future)
            try:
                verdicts[name], timings[name] = future.result()
            except Exception as error:  # a broken guard fails its check, never the turn
                _guard_raised_logged(name, error)
                verdicts[name] = _failure(name, inp, "guard error")
                timings[name] = (time.perf_counter() - started) * 1000
            else:
                if verdicts[name].problem == "budget_exceeded":
                    logger.warning("guard %s gave up at its deadline", name)
    for future, name in pending.items():  # still running: left to finish in the background, result dropped
        future.cancel()
        _guard_overran(name, inp, budget_ms, started, verdicts, timings)


def _guard_raised_logged(name: str, error: Exception) -> None:
    logger.warning("guard %s raised", name, exc_info=(type(error), error, error.__traceback__))


def _guard_overran(name: str, inp: GuardInput, budget_ms: int, started: float, verdicts: dict[str, GuardVerdict],
             timings: dict[str, float]) -> None:
    logger.warning("guard %s overran the %d ms budget (waited %d ms)", name, budget_ms, WALL_BACKSTOP * budget_ms)
    verdicts[name] = _failure(name, inp, BUDGET_EXCEEDED_EVIDENCE)
    timings[name] = (time.perf_counter() - started) * 1000


def share_draft_views(draft: str) -> None:
    """Build, before the guards run, the views of the draft most of them read (each cached per text): the folded
    draft and, when the tables' passes look up its words (`guards.scan.MIN_LENGTH`), its distinct words. Built here
    once, not by whichever guard reads them first: after an overrun the guards left run side by side, and two
    threads missing the cache at once would both build them (of a 70 KB draft, ~1 ms to fold and ~2.5 ms to list
    its words, each time)."""
    low = folded(draft)
    if len(low) >= MIN_LENGTH:
        word_text(low)  # and `draft_words(low)`, which it is made of
        draft_words(low)


_warm: list[bool] = []  # set once this process has compiled the guards' tables


def warm_up() -> float:
    """Compile every guard's tables and load the language detector once (a process's first drafts would otherwise
    pay for it inside their budget: about 0.7 s of CPU for the detector, 20–30 ms per language's claim tables, 0.2 s
    per language's dictionary), and read what each table's matches must contain (`guards.scan.requirement_of`,
    looked at only for a draft of `MIN_LENGTH` characters or more: without it, the first long draft parses every
    table it scans, ~15 ms of the 5,000-fact draft's first run).
    Returns the CPU seconds it took."""
    from guards.common_words import in_dictionary
    from guards.contract import GuardInput, HistoryItem
    from language.detect import language_probabilities
    from language.locales import LANGS

    started = time.process_time()
    language_probabilities("warm up", list(LANGS))
    for lang in LANGS:
        in_dictionary("warm", lang)  # each language's word list, read by the name reader (about 0.2 s each)
        said = "Pix de R$ 1,00 enviado para Ana em 1 de março às 9h. Quedan 2 plazas."
        # (a customer's message too: what the customer said is read with tables of its own, in every language)
        inp = GuardInput(draft=said, lang=lang, currency="BRL", org_kind="bank", languages=LANGS,
                         history=(HistoryItem("customer", said),))
        long = replace(inp, draft="\n".join([inp.draft] * (MIN_LENGTH // len(inp.draft) + 1)))
        for guard in registered().values():
            guard(inp, deadline_after(60))
            guard(long, deadline_after(60))
    _warm.append(True)
    return time.process_time() - started


def retry_instructions(report: GuardReport, lang: Lang) -> str:
    """The message for the model's second try: which guard failed and why, one line each."""
    lines = [RETRY_INTRO[lang]] + [f"- {failure.code}: {failure.explanation}" for failure in report.failures]
    return "\n".join(lines)


def handoff_message(lang: Lang) -> str:
    """What the customer reads when the draft is discarded: a person will take over."""
    return HANDOFF[lang]
