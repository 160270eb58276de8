"""Run the enabled guards on a draft within the turn's time budget, and word what follows a failure.

Each guard runs in a worker of a small shared thread pool and gets its deadline: the budget in CPU time of the
thread it runs on (`guards.contract.deadline_after`), so waiting for a core on a busy machine does not count
against it. Guards check it cooperatively; as a hard backstop the runner stops waiting after
`WALL_BACKSTOP` × the budget of wall-clock time (a guard blocked without spending CPU, or starved for that long)
and counts a guard that has not answered as failed ("budget exceeded"). Python cannot kill a thread: such a guard keeps
running in the background until it returns, and its result is dropped. A guard that raises also counts as failed.
The runner logs both with `logger.warning` and never raises.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

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


def run_guards(inp: GuardInput, enabled: list[str] | tuple[str, ...], budget_ms: int) -> GuardReport:
    """Every guard of `enabled` on `inp.draft`, each within `budget_ms` of its own CPU time (see the module doc).

    An unknown name counts as a failing guard, so a policy can never silently switch a check off. The first call of
    a process warms the guards up first (`warm_up`), outside every budget.
    """
    if not _warm:
        warm_up()
    started = time.perf_counter()
    deadline = time.monotonic() + WALL_BACKSTOP * budget_ms / 1000  # the backstop; guards get CPU deadlines
    if len(enabled) > 1:
        share_draft_views(inp.draft)
    guards = registered()
    verdicts: dict[str, GuardVerdict] = {}
    timings: dict[str, float] = {}
    pending: dict[Future, str] = {}
    for name in dict.fromkeys(enabled):
        if name not in guards:
            logger.warning("guard %s is not registered", name)
            verdicts[name] = GuardVerdict.fail(name, "unknown guard", ("unknown guard",), problem="unknown_guard")
            continue
        pending[_pool.submit(_timed, guards[name], inp, budget_ms / 1000)] = name
    while pending:
        done, _ = wait(pending, timeout=max(0.0, deadline - time.monotonic()), return_when=FIRST_COMPLETED)
        if not done:
            break
        for future in done:
            name = pending.pop(future)
            try:
                verdicts[name], timings[name] = future.result()
            except Exception:  # a broken guard fails its check, never the turn
                logger.warning("guard %s raised", name, exc_info=True)
                verdicts[name] = _failure(name, inp, "guard error")
                timings[name] = (time.perf_counter() - started) * 1000
            else:
                if verdicts[name].problem == "budget_exceeded":
                    logger.warning("guard %s gave up at its deadline", name)
    for future, name in pending.items():  # still running: left to finish in the background, result dropped
        future.cancel()
        logger.warning("guard %s overran the %d ms budget (waited %d ms)", name, budget_ms, WALL_BACKSTOP * budget_ms)
        verdicts[name] = _failure(name, inp, BUDGET_EXCEEDED_EVIDENCE)
        timings[name] = (time.perf_counter() - started) * 1000
    guard_verdicts_observed(verdicts)
    failures = [v for name, v in verdicts.items() if not v.passed]
    return GuardReport(passed=not failures, failures=failures, timings_ms=timings,
                       total_ms=(time.perf_counter() - started) * 1000)


def share_draft_views(draft: str) -> None:
    """Build, before the guards start side by side, the views of the draft most of them read (each cached per text):
    the folded draft and, when the tables' passes look up its words (`guards.scan.MIN_LENGTH`), its distinct words.
    Left to the first guard that reads them, two guards' threads could miss the cache at once and both build them
    (of a 70 KB draft, ~1 ms to fold and ~2.5 ms to list its words, each time)."""
    low = folded(draft)
    if len(low) >= MIN_LENGTH:
        word_text(low)  # and `draft_words(low)`, which it is made of
        draft_words(low)


_warm: list[bool] = []  # set once this process has compiled the guards' tables


def warm_up() -> float:
    """Compile every guard's tables and load the language detector once (a process's first drafts would otherwise
    pay for it inside their budget: about 0.7 s of CPU for the detector, 20–30 ms per language's claim tables, 0.2 s
    per language's dictionary).
    Returns the CPU seconds it took."""
    from guards.common_words import in_dictionary
    from guards.contract import GuardInput
    from language.detect import language_probabilities
    from language.locales import LANGS

    started = time.process_time()
    language_probabilities("warm up", list(LANGS))
    for lang in LANGS:
        in_dictionary("warm", lang)  # each language's word list, read by the name reader (about 0.2 s each)
        inp = GuardInput(draft="Pix de R$ 1,00 enviado para Ana em 1 de março às 9h. Quedan 2 plazas.", lang=lang,
                         currency="BRL", org_kind="bank", languages=LANGS)
        for guard in registered().values():
            guard(inp, deadline_after(60))
    _warm.append(True)
    return time.process_time() - started


def retry_instructions(report: GuardReport, lang: Lang) -> str:
    """The message for the model's second try: which guard failed and why, one line each."""
    lines = [RETRY_INTRO[lang]] + [f"- {failure.code}: {failure.explanation}" for failure in report.failures]
    return "\n".join(lines)


def handoff_message(lang: Lang) -> str:
    """What the customer reads when the draft is discarded: a person will take over."""
    return HANDOFF[lang]
