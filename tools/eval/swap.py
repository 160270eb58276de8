"""Dev dialogues told with other values: true turns whose names, dates, times, counts and prices the guards were
not tuned on.

Each dev dialogue is rendered again with every value of a free slot (SGD's non-categorical slots: names, cities,
addresses, dates, times, prices, ratings, phone numbers) and of a count slot (party size, tickets, seats,
passengers…) replaced by a value of the same service's same slot taken from ANOTHER dev dialogue (`ValuePool`,
built from the dev split only: a held-out dialogue is never read), drawn by a stable hash of the dialogue, slot and
value. One value is one replacement everywhere the dialogue holds it:

* the utterances of both speakers, at SGD's own character spans (the new spans are written back, so the
  mutations of `tools.eval.mutations` find the new values); a count, which SGD gives no span, where the turn's
  acts state it and its utterance writes it once, in digits or in words;
* the acts' values (surface forms) and canonical values, the customer's dialogue state, every service call's
  parameters and every service result's fields.

The new value comes as the other dialogue wrote it (its surface form with its canonical value: "$2,450" with
"2450", "next Friday" with "2019-03-08", "half past 6 in the evening" with "18:30"), in the case of the span it
replaces (a customer's lower-case "san jose" becomes a lower-case name). A dialogue where a value cannot be
replaced consistently is skipped (`swapped` returns None): a span whose text is no known form of a value, a count
written twice or not at all, or an old value still written somewhere after the rendering (`leftovers`).

Each split is one draw (`SALTS`): `dev_swapped` is the first (salt 0, the draw as it was before salts), and
`dev_swapped2` and `dev_swapped3` a second and a third, independent ones by the same rules (salts 2 and 3: every
hash of the draw takes the salt), so a misreading one draw's values happen to miss can show in another's.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from guards.calibration import dialogues, schemas
from tools.eval.sgd import split_of

COUNT_SLOT_RE = re.compile(r"^(?:party_size|number_of_(?:tickets|seats|riders|rooms|adults)|passengers|travelers"
                           r"|group_size)$")
SALTS = {"dev_swapped": 0, "dev_swapped2": 2, "dev_swapped3": 3}  # split name -> the salt of its draw
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten").split()
_WORD_RE = re.compile(r"[a-z0-9]+")


def _seed(*parts: object, salt: int = 0) -> int:
    """A stable draw from `parts`; a non-zero `salt` makes another, independent draw (salt 0 is the first split's,
    `dev_swapped`, whose draws stay what they were before salts existed)."""
    if salt:
        parts = (*parts, f"salt={salt}")
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


class ValuePool:
    """(canonical, surface) pairs of each (service, slot), as the dev dialogues' acts write them."""

    def __init__(self, corpus: Path) -> None:
        self.schema = schemas(corpus)
        self.free: dict[str, set[str]] = {}
        self.counts: dict[str, set[str]] = {}
        for name, service in self.schema.items():
            self.free[name] = {slot["name"] for slot in service["slots"] if not slot.get("is_categorical")}
            self.counts[name] = {slot["name"] for slot in service["slots"]
                                 if slot.get("is_categorical") and COUNT_SLOT_RE.match(slot["name"])}
        pairs: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for dialogue in dialogues(corpus):
            if split_of(dialogue["dialogue_id"]) != "dev":
                continue
            for turn in dialogue["turns"]:
                for frame in turn.get("frames", []):
                    service = frame["service"]
                    for action in frame.get("actions", []):
                        slot = action.get("slot") or ""
                        if not self.swappable(service, slot):
                            continue
                        values = action.get("values") or []
                        canonical = action.get("canonical_values") or values
                        for surface, canon in zip(values, canonical, strict=False):
                            if surface.strip() and canon.strip():
                                pairs.setdefault((service, slot), set()).add((canon, surface))
        self.pairs = {key: sorted({canon for canon, _ in found}) for key, found in pairs.items()}
        self.forms: dict[tuple[str, str, str], list[str]] = {}  # (service, slot, canonical) -> surface forms
        for (service_name, slot_name), found in pairs.items():
            for canon, surface in sorted(found):
                if not _odd(surface):
                    self.forms.setdefault((service_name, slot_name, canon), []).append(surface)

    def swappable(self, service: str, slot: str) -> bool:
        return slot in self.free.get(service, ()) or slot in self.counts.get(service, ())

    def is_count(self, service: str, slot: str) -> bool:
        return slot in self.counts.get(service, ())


def _odd(surface: str) -> bool:
    """A form no other sentence can take: shouted ("2 O"CLOCK IN THE AFTERNOON") or with a stray quote."""
    return '"' in surface or (surface.isupper() and len(surface) > 4)


_BARE_DATE_RE = re.compile(r"^(?:today|tonight|tomorrow|day after tomorrow|the day after tomorrow|later today"
                           r"|next|this|coming)\b", re.IGNORECASE)


def shape(slot: str, surface: str) -> str:
    """How a form sits in a sentence: a date said bare ("today", "next Friday": no "on" before it) or with "on"
    ("March 5th", "the 5th", "Friday"); every other form alike."""
    if "date" in slot:
        return "bare" if _BARE_DATE_RE.match(surface.strip()) else "on"
    return ""


def _words(text: str) -> set[str]:
    return set(_WORD_RE.findall(text.lower()))


def _cased_like(new: str, old: str) -> str:
    if old[:1].islower() and _BARE_DATE_RE.match(new) or old[:3] == "the" and new[:3] == "The":
        return new[:1].lower() + new[1:]  # "next Friday" where the dialogue wrote "today", not "Next Friday"
    if old.islower() and not new.islower():
        return new.lower()
    if old.isupper() and sum(c.isalpha() for c in old) >= 4:  # shouted, not "5 PM"
        return new.upper()
    return new


def _count_in(text: str, value: str) -> list[re.Match]:
    """Where `text` writes the count `value`, in digits or in words."""
    number = int(value)
    forms = [re.escape(value)] + ([NUMBER_WORDS[number]] if number < len(NUMBER_WORDS) else [])
    return list(re.finditer(rf"(?<![\w$:.,])(?:{'|'.join(forms)})(?![\w:]|[.,]\d)", text, re.IGNORECASE))


def _count_form(new: str, old_text: str) -> str:
    if old_text.isdigit():
        return new
    word = NUMBER_WORDS[int(new)]
    return word.capitalize() if old_text[:1].isupper() else word


class _Swap:
    """One dialogue's replacements: old value key (its canonical form, folded) -> (new canonical, new surface)."""

    def __init__(self, dialogue: dict, pool: ValuePool, salt: int = 0) -> None:
        self.dialogue = dialogue
        self.pool = pool
        self.salt = salt  # which independent draw of other values (`_seed`)
        self.canon: dict[str, str] = {}  # key -> the old canonical value
        self.surfaces: dict[str, str] = {}  # folded surface form -> key
        self.old_forms: dict[str, set[str]] = {}  # key -> every form the dialogue writes it in
        self.slot_of: dict[str, tuple[str, str]] = {}  # key -> (service, slot) it was first seen in
        self.new: dict[str, tuple[str, str]] = {}
        self.new_forms: dict[str, str] = {}  # folded old surface form -> its new form (of the same shape)
        self.counts: set[str] = set()  # keys of count values

    def learn(self) -> bool:
        for turn in self.dialogue["turns"]:
            for frame in turn.get("frames", []):
                service = frame["service"]
                for action in frame.get("actions", []):
                    slot = action.get("slot") or ""
                    if not self.pool.swappable(service, slot):
                        continue
                    values = action.get("values") or []
                    canonical = action.get("canonical_values") or values
                    if len(canonical) != len(values):
                        return False
                    for surface, canon in zip(values, canonical, strict=True):
                        if not self._add(service, slot, canon, surface):
                            return False
                for slot, values in frame.get("slot_values", {}).items():
                    if self.pool.swappable(service, slot):
                        for value in values:
                            key = self.surfaces.get(value.lower(), value.lower())
                            if key not in self.canon and not self._add(service, slot, value, value):
                                return False
                            self.old_forms[key].add(value)
                call = frame.get("service_call") or {}
                for slot, value in call.get("parameters", {}).items():
                    if self.pool.swappable(service, slot) and value.lower() not in self.canon \
                            and not self._add(service, slot, value, value):
                        return False
        return True

    def _add(self, service: str, slot: str, canon: str, surface: str) -> bool:
        key = canon.lower()
        known = self.surfaces.get(surface.lower())
        if known is not None and known != key:
            return False  # one form read as two values: no consistent replacement
        if self.pool.is_count(service, slot) and not canon.isdigit():
            return False
        self.canon.setdefault(key, canon)
        self.slot_of.setdefault(key, (service, slot))
        self.surfaces[surface.lower()] = key
        self.surfaces.setdefault(key, key)
        self.old_forms.setdefault(key, set()).update({canon, surface})
        if self.pool.is_count(service, slot):
            self.counts.add(key)
        return True

    def draw(self) -> bool:
        """A new value for every key: another dialogue's value of the same slot that this dialogue writes nowhere."""
        texts = [turn["utterance"].lower() for turn in self.dialogue["turns"]]
        held = set(self.canon) | {str(v).lower() for v in _result_values(self.dialogue)}
        said_words = set().union(*(_words(text) for text in texts))
        taken: set[str] = set()
        for key in sorted(self.canon):
            service, slot = self.slot_of[key]
            if key in self.counts:
                options = [str(n) for n in range(1, 7) if str(n) not in held and str(n) not in taken]
                if not options:
                    return False
                choice = options[_seed(self.dialogue["dialogue_id"], slot, key, salt=self.salt) % len(options)]
                self.new[key] = (choice, choice)
                taken.add(choice)
                continue
            pairs = self.pool.pairs.get((service, slot), [])
            start = _seed(self.dialogue["dialogue_id"], slot, key, salt=self.salt)
            old = sorted(form for form, k in self.surfaces.items() if k == key)
            for step in range(min(len(pairs), 200)):
                canon = pairs[(start + step * 7919) % len(pairs)]
                forms = self.pool.forms.get((service, slot, canon), [])
                folded = canon.lower()
                if not forms or folded in held or folded in taken:
                    continue
                chosen = {}
                for form in old:
                    fitting = [f for f in forms if shape(slot, f) == shape(slot, form)]
                    if fitting:
                        chosen[form] = fitting[_seed(key, form, salt=self.salt) % len(fitting)]
                written = set(chosen.values())
                # a name's words the dialogue says elsewhere would read as the old value's (dates and times share
                # their words: "March", "evening")
                names = set() if re.search("date|time", slot) else \
                    {w for w in _words(" ".join([canon, *written])) if len(w) >= 4 and not w.isdigit()}
                if len(chosen) < len(old) or any(f.lower() in self.surfaces for f in written) \
                        or names & said_words or any(_phrase_in(f, text) for f in written for text in texts):
                    continue
                self.new[key] = (canon, chosen.get(key) or sorted(written)[0])
                self.new_forms.update(chosen)
                taken.add(folded)
                break
            else:
                return False
        return True

    def render(self) -> dict | None:
        out = copy.deepcopy(self.dialogue)
        for turn in out["turns"]:
            if not self._render_utterance(turn):
                return None
            for frame in turn.get("frames", []):
                service = frame["service"]
                for action in frame.get("actions", []):
                    if not self.pool.swappable(service, action.get("slot") or ""):
                        continue
                    if action.get("canonical_values"):
                        action["canonical_values"] = [self.new[v.lower()][0] for v in action["canonical_values"]]
                    action["values"] = [self._surface(v) for v in action.get("values") or []]
                for slot, values in frame.get("slot_values", {}).items():
                    if self.pool.swappable(service, slot):
                        frame["slot_values"][slot] = [self._surface(v) for v in values]
                call = frame.get("service_call") or {}
                params = call.get("parameters", {})
                for slot, value in params.items():
                    if self.pool.swappable(service, slot):
                        params[slot] = self.new[value.lower()][0]
                for row in frame.get("service_results", []) or []:
                    for slot, value in row.items():
                        if isinstance(value, str) and self.pool.swappable(service, slot) \
                                and value.lower() in self.new:
                            row[slot] = self.new[value.lower()][0]
        return out

    def _surface(self, value: str) -> str:
        key = self.surfaces[value.lower()]
        return _cased_like(self.new_forms.get(value.lower()) or self.new[key][1], value)

    def _render_utterance(self, turn: dict) -> bool:
        text = turn["utterance"]
        edits: dict[tuple[int, int], str] = {}  # (start, end) of the old text -> its new text
        for frame in turn.get("frames", []):
            for slot, start, end in frame.get("spans", []):
                old = text[start:end]
                key = self.surfaces.get(old.lower())
                if key is None or key not in self.new:
                    return False
                if not re.search("date|time", slot) and _CAPITAL_BEFORE_RE.search(text[:start]):
                    return False  # "Honda Accord", "the Fillmore Philadelphia": the writer's words around the value
                edits[(start, end)] = self._surface(old)
        counts = {value for frame in turn.get("frames", []) for action in frame.get("actions", [])
                  if self.pool.is_count(frame["service"], action.get("slot") or "")
                  for value in action.get("canonical_values") or action.get("values") or []}
        for value in sorted(counts):
            found = [m for m in _count_in(text, value) if not any(s < m.end() and m.start() < e for s, e in edits)]
            if len(found) != 1:
                return False  # written twice, or not at all: no place to put the new count
            edits[(found[0].start(), found[0].end())] = _count_form(self.new[value.lower()][0], found[0].group())
        for (start, end), new in list(edits.items()):
            agreed = _agreeing_noun(text, start, end, new)
            if agreed is not None:
                edits[agreed[0]] = agreed[1]
        ordered = sorted(edits)
        if any(start < end for (_, end), (start, _) in zip(ordered, ordered[1:], strict=False)):
            return False  # overlapping spans
        pieces: list[str] = []
        moved: dict[tuple[int, int], tuple[int, int]] = {}
        at = shift = 0
        for start, end in ordered:
            new = edits[(start, end)]
            pieces.extend((text[at:start], new))
            moved[(start, end)] = (start + shift, start + shift + len(new))
            shift += len(new) - (end - start)
            at = end
        pieces.append(text[at:])
        turn["utterance"] = "".join(pieces)
        for frame in turn.get("frames", []):
            if frame.get("spans"):
                frame["spans"] = [[slot, *moved[(start, end)]] for slot, start, end in frame["spans"]]
        return True


_NOUN_AFTER_RE = re.compile(r"\s+(day|night|week|room|ticket|seat|person|adult|passenger|rider|travell?er|guest"
                            r"|people)(s?)\b", re.IGNORECASE)
_PLURALS = {"person": "people"}


def _number(said: str) -> int | None:
    said = said.strip().lower()
    return int(said) if said.isdigit() else NUMBER_WORDS.index(said) if said in NUMBER_WORDS else None


def _agreeing_noun(text: str, start: int, end: int, new: str) -> tuple[tuple[int, int], str] | None:
    """The noun after a count, made to agree with its new number ("1 room" told with 6 is "6 rooms", "3 people"
    with 1 "1 person"): where it is and its new form; None when it needs no change. SGD's writers say "1 day", and
    "6 day" is a shape no one writes."""
    old_n, new_n = _number(text[start:end]), _number(new)
    match = _NOUN_AFTER_RE.match(text, end)
    if old_n is None or new_n is None or match is None or (old_n == 1) == (new_n == 1):
        return None
    noun, plural = match.group(1), bool(match.group(2)) or match.group(1).lower() == "people"
    if new_n == 1 and plural:
        single = next((one for one, many in _PLURALS.items() if many == noun.lower()), noun)
        form = single if noun.lower() == "people" else noun
        return (match.start(1), match.end()), _cased_like(form, noun)
    if new_n != 1 and not plural:
        many = _PLURALS.get(noun.lower())
        return (match.start(1), match.end()), _cased_like(many, noun) if many else noun + "s"
    return None


# a capitalised word just before a value, not opening a sentence, not an article or a title: part of what the writer
# wrote around the value ("Honda" before the model "Accord", "the Fillmore" before the city "Philadelphia")
_CAPITAL_BEFORE_RE = re.compile(r"(?<![.!?]\s)(?<!^)(?<!\bDr\.\s)\b(?!(?:The|A|An|Dr|Mr|Mrs|Ms)\s$)[A-Z][\w'&-]*\s$")
COUNT_NOUN_RE = r"\s+(?:people|persons?|tickets?|seats?|passengers?|rooms?|adults?|riders?|travell?ers?|guests?)\b"


def _phrase_in(phrase: str, text: str) -> bool:
    return bool(re.search(rf"(?<!\w){re.escape(phrase.lower())}(?!\w)", text))


def _result_values(dialogue: dict) -> Iterable[Any]:
    for turn in dialogue["turns"]:
        for frame in turn.get("frames", []):
            for row in frame.get("service_results", []) or []:
                yield from row.values()
            yield from (frame.get("service_call") or {}).get("parameters", {}).values()


def leftovers(original: dict, rendered: dict, pool: ValuePool) -> list[str]:
    """The old values (forms with a digit or a capital letter, as names, dates, times and prices are written) that
    the rendered dialogue still writes in an utterance, call or result, and the new values its spans miss."""
    swap = _Swap(original, pool)
    if not swap.learn():
        return ["unlearnable"]
    texts = [turn["utterance"] for turn in rendered["turns"]]
    fields = [str(v).lower() for v in _result_values(rendered)]
    found = []
    for key, forms in swap.old_forms.items():
        if key in swap.counts:  # an old count still said of people, tickets, seats…, or "for 2"
            for text in texts:
                for match in _count_in(text, swap.canon[key]):
                    if re.match(COUNT_NOUN_RE, text[match.end():], re.IGNORECASE) or (
                            re.search(r"\b(?:for|of)\s$", text[:match.start()], re.IGNORECASE)
                            and not re.match(r"\s*(?:am|pm|a\.m|p\.m|o.clock|days?|nights?)\b", text[match.end():],
                                             re.IGNORECASE)):
                        found.append(f"{match.group()} ({key})")
            continue
        for form in forms:
            if (any(c.isdigit() or c.isupper() for c in form) and len(form) >= 3
                    and any(_phrase_in(form, text.lower()) for text in texts)) or form.lower() in fields:
                found.append(form)
    return sorted(set(found))


def swapped(dialogue: dict, pool: ValuePool, salt: int = 0) -> dict | None:
    """`dialogue` with other dev dialogues' values (see the module doc), or None where they cannot be put in
    consistently. `salt` picks the draw: 0 is split `dev_swapped`'s, another number an independent one of the same
    rules (`SALTS`: 2 is `dev_swapped2`'s, 3 `dev_swapped3`'s)."""
    swap = _Swap(dialogue, pool, salt)
    if not swap.learn() or not swap.draw():
        return None
    rendered = swap.render()
    if rendered is None or leftovers(dialogue, rendered, pool):
        return None
    return rendered
