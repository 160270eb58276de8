"""The guards measured the way they are judged: false alarms on true turns and recall per fact kind, per language.

    .venv/bin/python -m tools.eval.guards [--corpus ../shared/corpora/sgd] [--split dev|dev_swapped|dev_swapped2|dev_swapped3|held_out|held_out2|all]
                                          [--limit N] [--json] [--examples N]

Every guard of the production configuration (`magie.choices.GUARD_NAMES`, each called as `run_guards` calls it,
with its CPU deadline) reads:

* the true SGD system turns of the split (`tools.eval.sgd`; `held_out` is a fifth of the dialogues no table was
  tuned on) — a turn any guard holds is a false alarm — and their mutations, one family per fact kind
  (`tools.eval.mutations`) — a mutated turn no guard holds is a miss;
* the multilingual turns rendered from SGD values in pt-BR, es, ca and en (`tools.eval.rendered`: bank, school and
  store results in the tools' shapes, true drafts and one mutation per fact kind; templates of two sets, `dev` and
  `held_out`, the second never read while tuning);
* the hand-written adversarial drafts with their expected verdicts (`tools.eval.adversarial`, and its third to
  eleventh rounds `tools.eval.adversarial_round3`, `tools.eval.adversarial_round4`, `tools.eval.adversarial_round5`,
  `tools.eval.adversarial_round6`, `tools.eval.adversarial_round7`, `tools.eval.adversarial_round8`,
  `tools.eval.adversarial_round9` (SGD-like services the demo does not have), `tools.eval.adversarial_round10` and
  `tools.eval.adversarial_round11` (system turns as SGD's writers word them, on SGD's own services), written blind but read since: split `dev`), and their second
  held-out round, written blind (`tools.eval.adversarial_held_out2`, split `held_out2`: totals only, it never
  prints an example of it whatever `--examples` says).

It prints, per split, the false-alarm rate on true turns (overall, per language and per guard), the recall per
fact kind (overall and per language), the slowest guard call against the production budget, and examples.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from itertools import chain
from pathlib import Path

from guards.calibration import dialogues
from guards.checks.facts import unsupported_facts
from guards.common_words import in_dictionary, misspelt_word, near_word
from guards.contract import GuardInput, deadline_after
from guards.registry import registered
from magie.corpora import sgd_corpus_dir
from tools.eval import (
    adversarial,
    adversarial_held_out2,
    adversarial_round3,
    adversarial_round4,
    adversarial_round5,
    adversarial_round6,
    adversarial_round7,
    adversarial_round8,
    adversarial_round9,
    adversarial_round10,
    adversarial_round11,
    rendered,
)
from tools.eval.mutations import NamePool, dialogue_oracle, mutations
from tools.eval.sgd import WORD_RE, Corpus, split_of
from tools.eval.source_values import SourceValues
from tools.eval.swap import SALTS, ValuePool, swapped

BUDGET_MS = 1000  # the production budget per guard (tenants.models.OrganisationPolicy.guard_time_budget_ms)
GOALS = {"recall": 0.995, "false_alarms": 0.001}
# the dev dialogues told with other dev dialogues' values (`tools.eval.swap`), each split an independent draw of
# them: `dev_swapped`, `dev_swapped2`, `dev_swapped3`
SWAPPED_SPLITS = tuple(SALTS)
UNPRINTED = frozenset({adversarial_held_out2.SPLIT})  # splits measured for totals only: no example is ever kept


class Run:
    """Verdicts of the production guards, counted by split, source, language and kind."""

    def __init__(self, examples: int) -> None:
        from magie.choices import GUARD_NAMES

        guards = registered()
        self.guards = {name: guards[name] for name in GUARD_NAMES}
        self.examples = examples
        self.true: Counter[tuple[str, str]] = Counter()  # (split, lang) -> turns
        self.false_alarms: Counter[tuple[str, str]] = Counter()  # (split, lang) -> held
        self.by_guard: Counter[tuple[str, str]] = Counter()  # (split, guard) -> held true turns
        # held true turns whose draft claims an effect SGD's own acts say did not happen (see `claims_unexecuted`)
        self.unexecuted_claims: Counter[str] = Counter()
        # held true turns whose every held fact is a value stated from no source (see `states_unsourced`)
        self.unsourced_facts: Counter[str] = Counter()
        # held true turns whose every held fact is in no annotation of the dialogue (see `writers_text`)
        self.writers_texts: Counter[str] = Counter()
        # the rest (held true turns counted in no group above) by what held them: a guard's name, or for
        # `unsupported_fact` the kind of each fact it found unsupported ("unsupported_fact:name"); a turn counts once
        # per kind. Totals only, so held-out splits print them too: which reading to study on dev, never a draft.
        self.rest_by_kind: Counter[tuple[str, str]] = Counter()
        self.rest_dialogues: dict[str, set[str]] = defaultdict(set)  # split -> the dialogues ("sgd 12_00034") they are in
        self.last_evidence: dict[str, list[str]] = {}
        self.mutated: Counter[tuple[str, str, str]] = Counter()  # (split, kind, lang) -> mutations
        self.caught: Counter[tuple[str, str, str]] = Counter()
        self.slowest = (0.0, "", "")
        self.skipped: Counter[str] = Counter()  # dialogues `tools.eval.swap` could not tell with other values
        self.cpu_ms: list[float] = []
        self.alarm_examples: dict[str, list] = defaultdict(list)
        self.miss_examples: dict[str, list] = defaultdict(list)

    def held(self, inp: GuardInput) -> list[str]:
        failed = []
        self.last_evidence = {}
        for name, guard in self.guards.items():
            started = time.thread_time()
            verdict = guard(inp, deadline_after(BUDGET_MS / 1000))
            spent = (time.thread_time() - started) * 1000
            self.cpu_ms.append(spent)
            if spent > self.slowest[0]:
                self.slowest = (spent, name, inp.draft[:120])
            if not verdict.passed:
                failed.append(f"{name}: {', '.join(verdict.evidence[:3])}")
                self.last_evidence[name] = list(verdict.evidence)
        return failed

    def true_turn(self, split: str, lang: str, inp: GuardInput, where: str, executed_nothing: bool = False,
                  unsourced: tuple[str, ...] = (), source_values: SourceValues | None = None,
                  annotated: frozenset[str] = frozenset()) -> bool:
        self.true[(split, lang)] += 1
        failed = self.held(inp)
        if failed:
            self.false_alarms[(split, lang)] += 1
            apart = None
            if executed_nothing and claims_only(self.last_evidence):
                self.unexecuted_claims[split] += 1
                apart = "unexecuted claim"
            elif (unsourced or source_values is not None) \
                    and states_unsourced(self.last_evidence, unsourced, source_values):
                self.unsourced_facts[split] += 1
                apart = "unsourced: " + ", ".join(fact for held in self.last_evidence.values() for fact in held)
            elif annotated and writers_text(self.last_evidence, annotated):
                self.writers_texts[split] += 1
                apart = "writer's text: " + ", ".join(fact for held in self.last_evidence.values() for fact in held)
            for line in failed:
                self.by_guard[(split, line.split(":")[0])] += 1
            if apart is None:
                self.rest_dialogues[split].add(where.split("#")[0])
                for kind in self.held_kinds(inp):
                    self.rest_by_kind[(split, kind)] += 1
            if split not in UNPRINTED and len(self.alarm_examples[split]) < self.examples:
                self.alarm_examples[split].append({"where": where, "lang": lang, "draft": inp.draft, "held": failed,
                                                   "apart": apart})
        return not failed

    def held_kinds(self, inp: GuardInput) -> list[str]:
        """What held the last verdicts: the guards' names, `unsupported_fact` split into its facts' kinds."""
        kinds = [name for name in self.last_evidence if name != "unsupported_fact"]
        if "unsupported_fact" in self.last_evidence:
            facts = unsupported_facts(inp, deadline_after(BUDGET_MS / 1000)) or []
            kinds += sorted({f"unsupported_fact:{fact.kind}" for fact in facts}) or ["unsupported_fact"]
        return kinds

    def mutation(self, split: str, kind: str, lang: str, inp: GuardInput, where: str) -> None:
        self.mutated[(split, kind, lang)] += 1
        if self.held(inp):
            self.caught[(split, kind, lang)] += 1
        elif split not in UNPRINTED and len(self.miss_examples[split]) < self.examples:
            self.miss_examples[split].append({"where": where, "kind": kind, "lang": lang, "draft": inp.draft})

    def summary(self) -> dict:
        splits = sorted({key[0] for key in self.true} | {key[0] for key in self.mutated})
        out: dict = {"goals": GOALS, "budget_ms": BUDGET_MS, "splits": {}}
        for split in splits:
            langs = sorted({lang for s, lang in self.true if s == split})
            true = sum(self.true[(split, lang)] for lang in langs)
            alarms = sum(self.false_alarms[(split, lang)] for lang in langs)
            kinds = sorted({kind for s, kind, _ in self.mutated if s == split})
            recall = {}
            for kind in kinds:
                by_lang = {lang: (self.caught[(split, kind, lang)], self.mutated[(split, kind, lang)])
                           for s, k, lang in self.mutated if s == split and k == kind}
                caught, total = sum(c for c, _ in by_lang.values()), sum(t for _, t in by_lang.values())
                recall[kind] = {"mutated": total, "held": caught, "rate": caught / total if total else None,
                                "by_language": {lang: {"mutated": t, "held": c, "rate": c / t if t else None}
                                                for lang, (c, t) in sorted(by_lang.items())}}
            out["splits"][split] = {
                "true_turns": true, "false_alarms": alarms, "false_alarm_rate": alarms / true if true else None,
                "false_alarms_by_language": {lang: {"turns": self.true[(split, lang)],
                                                    "held": self.false_alarms[(split, lang)],
                                                    "rate": self.false_alarms[(split, lang)] / self.true[(split, lang)]}
                                             for lang in langs},
                "false_alarms_by_guard": {g: n for (s, g), n in sorted(self.by_guard.items()) if s == split},
                "rest_by_kind": {k: n for (s, k), n in sorted(self.rest_by_kind.items()) if s == split},
                "rest_dialogues": len(self.rest_dialogues[split]),
                "of_which_unexecuted_claims": self.unexecuted_claims[split],
                "of_which_unsourced_facts": self.unsourced_facts[split],
                "of_which_writers_text": self.writers_texts[split],
                "dialogues_skipped": self.skipped[split],
                "recall": recall, "alarm_examples": self.alarm_examples[split],
                "miss_examples": self.miss_examples[split]}
        ordered = sorted(self.cpu_ms) or [0.0]
        out["guard_cpu_ms"] = {"calls": len(self.cpu_ms), "p50": statistics.median(ordered),
                               "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], "max": ordered[-1],
                               "slowest": {"ms": self.slowest[0], "guard": self.slowest[1], "draft": self.slowest[2]}}
        return out


def name_pool(corpus_path: Path, source: str) -> NamePool:
    """The wrong names a run's mutations draw from: the name slots' values of the `source` split's own dialogues
    (every split's for "all"), so a dev run (and the swapped one, made of dev dialogues) reads no held-out one."""
    names = NamePool()
    for dialogue in dialogues(corpus_path):
        if source == "all" or split_of(dialogue["dialogue_id"]) == source:
            names.add(dialogue)
    return names


def run_sgd(run: Run, corpus_path: Path, split: str, limit: int | None) -> None:
    corpus = Corpus(corpus_path)
    source = "dev" if split in SALTS else split
    names = name_pool(corpus_path, source)
    values = ValuePool(corpus_path) if split in SALTS else None
    for index, dialogue in enumerate(dialogues(corpus_path)):
        if limit is not None and index >= limit:
            break
        which = split_of(dialogue["dialogue_id"])
        if source != "all" and which != source:
            continue
        if values is not None:
            other = swapped(dialogue, values, SALTS[split])
            if other is None:
                run.skipped[split] += 1
                continue
            dialogue, which = other, split
        oracle = dialogue_oracle(dialogue)
        for turn in corpus.dialogue_turns(dialogue):
            where = f"sgd {turn.dialogue_id}#{turn.turn}"
            if run.true_turn(which, "en", turn.inp, where, executed_nothing=claims_unexecuted(turn),
                             unsourced=turn.unsourced, source_values=turn.source_values, annotated=turn.annotated):
                for kind, mutated in mutations(turn, oracle, names):
                    run.mutation(which, kind, "en", mutated, where)


def states_unsourced(evidence: dict[str, list[str]], unsourced: tuple[str, ...],
                     values: SourceValues | None = None) -> bool:
    """Whether a true turn was held only by `unsupported_fact` and `unsupported_amount`, and only for values stated
    from no source of the dialogue: each held fact shares a word with a value SGD's own acts state that no source
    holds (`tools.eval.sgd.unsourced_values`), or says a number or a clock time no source writes in any form — no
    customer message, earlier reply, service call or result, confirmed slot or default; any digit group, any sum of
    two, any hour in either half of the day counts (`tools.eval.source_values`): "gates opening at 3 pm", "4.2
    stars" of a restaurant no result rates, "$2,443.48.68" for a balance of 2443.48. The guard is right there (the
    draft states what no tool returned); such turns are counted apart. A number some source writes ("reservation
    for 5" after "5 pm", "6 Diner options" of six results) stays a false alarm."""
    if not evidence or set(evidence) - {"unsupported_fact", "unsupported_amount"}:
        return False
    words_of = [set(WORD_RE.findall(value.lower())) - _LINKING for value in unsourced]
    facts = [fact for held in evidence.values() for fact in held]
    return all(any(set(WORD_RE.findall(fact.lower())) & words for words in words_of)
               or (values is not None and values.states_unsourced_number(fact)) for fact in facts)


_LINKING = frozenset({"the", "a", "an", "of", "and", "at", "in", "on", "for", "to"})


def writers_text(evidence: dict[str, list[str]], annotated: frozenset[str]) -> bool:
    """Whether a true turn was held only by `unsupported_fact` and `unsupported_amount`, and only for values SGD's
    writer wrote from their own knowledge: no word of any held fact is in any annotation of the whole dialogue
    (`tools.eval.sgd.annotated_words`: no customer message, act slot value, service call or result, first turn to
    last), and each held fact holds a word no English dictionary holds (a name: "Daenerys Targaryen", "NFL"). A held
    fact made of words of the language alone ("the Zipcode or city", "They do have Liquor", "Best Blues Album") may
    be a common word the guard misread as a name: it stays a misreading. Numbers are `states_unsourced`'s."""
    if not evidence or set(evidence) - {"unsupported_fact", "unsupported_amount"}:
        return False
    return all(_unannotated_name(fact, annotated) for held in evidence.values() for fact in held)


def _unannotated_name(fact: str, annotated: frozenset[str]) -> bool:
    words = set(WORD_RE.findall(fact.lower())) - _LINKING
    if not words or words & annotated or any(word.isdigit() for word in words):
        return False
    return any(_no_word(word) for word in words)


def _no_word(word: str) -> bool:
    """Whether `word` is no English word, nor one mistyped (`near_word`: one letter from a common word, two common
    words run together), nor two dictionary words written together ("zipcode"): a name's own word."""
    if near_word(word, "en") or misspelt_word(word, "en"):
        return False
    return not any(in_dictionary(word[:i], "en") and in_dictionary(word[i:], "en") for i in range(3, len(word) - 2))


def claims_unexecuted(turn) -> bool:
    """Whether SGD's acts for this system turn execute nothing: it only asks to confirm, offers or says goodbye
    (no NOTIFY_SUCCESS, no service call), and no earlier turn executed anything for the Ask the customer's last
    message is on (`GuardInput.effects_earlier`, what the product gives a reply after a completed Ask). Such a turn
    is still counted as true; a hold of it for its claim alone is reported apart, as the draft says a booking nobody
    made ("Okay. I have reserved 1 ticket in Toronto." on a CONFIRM turn, "I have booked appointment at …" after the
    service refused it, "Okay! I confirmed the ticket for you." after "Please confirm this one" of a flight only
    searched, though event tickets were bought earlier): SGD's writers sometimes worded the request as done. A
    goodbye after a success of the Ask in scope, or after any when the last message starts none ("This task is
    completed."), claims what did happen: held, it stays a false alarm."""
    acts = {action.get("act") for frame in turn.frames for action in frame.get("actions", [])}
    return not turn.succeeded and not turn.inp.effects_earlier and "NOTIFY_SUCCESS" not in acts \
        and bool(acts & {"CONFIRM", "GOODBYE", "OFFER"})


def claims_only(evidence: dict[str, list[str]]) -> bool:
    """Whether a turn was held only for its claim of an effect: by the effect-claim guard, and by `unsupported_fact`
    at most for status words inside that claim ("booked" in "I have booked")."""
    claims = evidence.get("effect_claim_without_effect")
    if not claims or set(evidence) - {"effect_claim_without_effect", "unsupported_fact"}:
        return False
    words = {word for claim in claims for word in WORD_RE.findall(claim.lower())}
    return all(set(WORD_RE.findall(fact.lower())) <= words for fact in evidence.get("unsupported_fact", []))


def run_rendered(run: Run, corpus_path: Path, split: str) -> None:
    for case in rendered.cases(corpus_path):
        if split != "all" and case.split != split:
            continue
        where = f"rendered {case.scenario}/{case.template}"
        if run.true_turn(case.split, case.lang, case.inp, where):
            for kind, mutated in case.mutations:
                run.mutation(case.split, kind, case.lang, mutated, where)


def run_adversarial(run: Run, split: str) -> None:
    for case in chain(adversarial.cases(), adversarial_round3.cases(), adversarial_round4.cases(),
                      adversarial_round5.cases(), adversarial_round6.cases(), adversarial_round7.cases(),
                      adversarial_round8.cases(), adversarial_round9.cases(), adversarial_round10.cases(),
                      adversarial_round11.cases(),
                      adversarial_held_out2.cases()):
        if split != "all" and case.split != split:
            continue
        where = f"adversarial {case.name}"
        if case.held:
            run.mutation(case.split, f"adversarial:{case.kind}", case.lang, case.inp, where)
        else:
            run.true_turn(case.split, case.lang, case.inp, where)


def format_summary(result: dict) -> str:
    lines = [f"production guards, budget {result['budget_ms']} ms each; goals: recall per kind ≥ "
             f"{GOALS['recall']:.1%}, false alarms ≤ {GOALS['false_alarms']:.1%} of true turns"]
    for split, row in result["splits"].items():
        rate = row["false_alarm_rate"]
        lines.append(f"\n[{split}] true turns {row['true_turns']}, held {row['false_alarms']} "
                     f"= {rate:.3%} false alarms" if rate is not None else f"\n[{split}]")
        if row["dialogues_skipped"]:
            lines.append(f"    ({row['dialogues_skipped']} dialogues skipped: a value not replaceable consistently)")
        for lang, figures in row["false_alarms_by_language"].items():
            lines.append(f"    {lang:6} {figures['turns']:>7} true turns, {figures['held']:>4} held ({figures['rate']:.3%})")
        if row["false_alarms_by_guard"]:
            lines.append("    by guard: " + ", ".join(f"{g} {n}" for g, n in row["false_alarms_by_guard"].items()))
        apart = row["of_which_unexecuted_claims"] + row["of_which_unsourced_facts"] + row["of_which_writers_text"]
        if apart and row["true_turns"]:
            rest = row["false_alarms"] - apart
            lines.append(f"    of which the guard is right on {apart} (SGD's text states what no tool returned): "
                         f"{row['of_which_unexecuted_claims']} held only for claiming an effect on an SGD turn "
                         f"whose acts execute nothing (CONFIRM/OFFER/GOODBYE), {row['of_which_unsourced_facts']} "
                         f"only for values stated from no source of the dialogue so far and "
                         f"{row['of_which_writers_text']} only for names in no annotation of the whole dialogue "
                         f"(the writer's own text)")
            lines.append(f"    misreadings (held true turns without them): {rest} = {rest / row['true_turns']:.3%}")
        if row["rest_by_kind"]:
            lines.append("    misreadings by what held them: "
                         + ", ".join(f"{k} {n}" for k, n in row["rest_by_kind"].items())
                         + f"; in {row['rest_dialogues']} dialogues or drafts")
        lines.append(f"  {'kind':24} {'mutated':>8} {'held':>8} {'recall':>8}   per language")
        for kind, figures in row["recall"].items():
            per = "  ".join(f"{lang} {f['rate']:.2%} ({f['mutated']})" for lang, f in figures["by_language"].items())
            lines.append(f"  {kind:24} {figures['mutated']:>8} {figures['held']:>8} {figures['rate']:>8.2%}   {per}")
    cpu = result["guard_cpu_ms"]
    lines.append(f"\nguard calls {cpu['calls']}: CPU p50 {cpu['p50']:.3f} ms, p99 {cpu['p99']:.3f} ms, max "
                 f"{cpu['max']:.1f} ms ({cpu['slowest']['guard']}); budget {result['budget_ms']} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=None, help="an SGD-layout folder (default: the shared one)")
    parser.add_argument("--split", choices=("dev", *SWAPPED_SPLITS, "held_out", "held_out2", "all"), default="all")
    parser.add_argument("--limit", type=int, default=None, help="read at most N SGD dialogues")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--examples", type=int, default=8)
    parser.add_argument("--skip-sgd", action="store_true", help="only the rendered and hand-written drafts")
    args = parser.parse_args(argv)
    corpus = args.corpus or sgd_corpus_dir()
    from guards.runner import warm_up

    warm_up()  # as a worker process does before its first turn (agent.tasks)
    started = time.perf_counter()
    run = Run(args.examples)
    if not args.skip_sgd:
        run_sgd(run, corpus, args.split, args.limit)
    run_rendered(run, corpus, args.split)
    run_adversarial(run, args.split)
    result = run.summary()
    result["seconds"] = round(time.perf_counter() - started, 1)
    result["load_average"] = os.getloadavg()
    print(json.dumps(result, indent=1, ensure_ascii=False, default=str) if args.json else format_summary(result))
    if not args.json:
        for split, row in result["splits"].items():
            for title, items in (("false alarms", row["alarm_examples"]), ("misses", row["miss_examples"])):
                if items:
                    print(f"\n[{split}] {title}, examples:")
                    for item in items:
                        print(f"  - {json.dumps(item, ensure_ascii=False)[:400]}")
        print(f"\n{result['seconds']} s, load average {' '.join(f'{x:.2f}' for x in result['load_average'])}")
    return result


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.test")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    django.setup()
    main()
