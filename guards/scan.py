"""Skipping a table's pass over a draft that cannot hold a match, with the same matches as the table's own pass.

A guard's table is a regular expression tried at every position of the draft (Python's engine skips ahead quickly
only when a pattern starts with a literal or a character class, and the tables start with a look-behind). A table
can only match where its words are ("tap", "click", "telegram", "refund", "json", a "_" of a field name), and most
drafts hold none of them. `scan(pattern, text)` reads from the pattern itself (its parsed form, once per pattern)
what every match must contain: a literal, one of a set of literals, or a word starting with one of them (a literal
after a look-behind that refuses a word character: `(?<![\\w'-])tap`), for each part of the pattern that every match
goes through, and checks them on `text` — substrings by `in`, words against `draft_words(text)`, the distinct words
of the text, read once per text and shared by every table of every guard. When a requirement is missing the pass
is skipped; else it is the pattern's own `finditer`. What cannot be read (a class of characters, an optional part)
requires nothing. Only passes that cannot match are not made: the matches are the pattern's own.
"""

from __future__ import annotations

import importlib
import re
from bisect import bisect_left
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

_sre: Any = None
_sre_parser: Any = None
_sre_compiler: Any = None
_sre_engine: Any = None
try:  # the parser of the standard library's engine (re._parser since Python 3.11); without it, every pass is made
    _sre = importlib.import_module("re._constants")
    _sre_parser = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - another Python
    _sre_parser = None
try:  # its compiler and engine (`_with_start_filter`); without them, a table is led by a look-ahead
    _sre_compiler = importlib.import_module("re._compiler")
    _sre_engine = importlib.import_module("_sre")
except ImportError:  # pragma: no cover - another Python
    _sre_compiler = None

MAX_LITERALS = 400  # a part with more alternatives than this requires nothing (checking it would cost a pass)
MIN_LENGTH = 2_000  # a shorter text is scanned as it is: a pass over it costs less than the look-ups (a few µs)
MAX_SUBSTRINGS = 32  # substrings are looked for one by one in the whole text (~50 µs each in 70 KB, a pass ~2 ms): a larger set requires nothing
_WORDS_RE = re.compile(r"\w+")

# A requirement on the text: None (nothing), ("in", literals): one of them is a substring; ("word", prefixes): a word
# starts with one of them; ("all", requirements), ("any", requirements).
Requirement = tuple[str, Any] | None


@lru_cache(maxsize=64)
def draft_words(text: str) -> tuple[str, ...]:
    """The distinct words (`\\w+` runs) of `text`, sorted: the one tokenisation the tables' look-ups share. Read
    from the distinct whitespace-separated chunks of a long text (no word holds a space, so they hold the same words):
    a list of a thousand lines repeats most of its chunks, and splitting on spaces is several times quicker."""
    if len(text) >= MIN_LENGTH:
        text = " ".join(set(text.split()))
    return tuple(sorted(set(_WORDS_RE.findall(text))))


@lru_cache(maxsize=64)
def word_text(text: str) -> str:
    """The distinct words of `text` (`draft_words`), one a line: a literal of word characters only is in `text` if
    and only if it is in one of its words, so it is looked for here (a list of thousands of lines repeats a
    few hundred words: a tenth of the characters to read)."""
    return "\n".join(draft_words(text))


@lru_cache(maxsize=2048)
def _word_runs(literal: str) -> tuple[tuple[str, ...], bool]:
    """The runs of word characters of a table's literal, and whether it is one run alone."""
    runs = tuple(_WORDS_RE.findall(literal))
    return runs, runs == (literal,)


def _in_text(literal: str, text: str) -> bool:
    """`literal in text`. Each run of word characters of the literal lies inside one word of the text, so a literal
    one of whose runs no word holds is not there (looked up among the words, not in the whole text); a literal of
    one run is there if a word holds it."""
    runs, whole = _word_runs(literal)
    if runs:
        words = word_text(text)
        if not all(run in words for run in runs):
            return False
        if whole:
            return True
    return literal in text


def holds(text: str, literal: str) -> bool:
    """`literal in text`; in a long text looked up among its distinct words first (`_in_text`: a few µs, where a
    substring looked for in the whole of a 70 KB draft takes ~40 µs)."""
    return _in_text(literal, text) if len(text) >= MIN_LENGTH else literal in text


def _excludes_word_before(op, av) -> bool:
    """A zero-width item that fails right after a word character: `(?<!\\w)`, `(?<![\\w'-])`, `\\b` before a word."""
    if op is _sre.AT:
        return av is _sre.AT_BOUNDARY
    if op is _sre.ASSERT_NOT and av[0] == -1 and len(av[1].data) == 1:
        inner_op, inner_av = av[1].data[0]
        return inner_op is _sre.IN and (_sre.CATEGORY, _sre.CATEGORY_WORD) in inner_av \
            and (_sre.NEGATE, None) not in inner_av  # not `(?<![^\w])`
    return False


def _literal(text: str, at_word_start: bool) -> Requirement:
    """A literal run: a word starting with it where a word starts ("tap"), and the whole of it ("la funcio": the
    word "la", then "la funcio" somewhere); elsewhere the substring."""
    if at_word_start and _WORDS_RE.match(text[0]):
        prefix = _WORDS_RE.match(text)
        assert prefix is not None
        word = ("word", frozenset({prefix.group()}))
        return word if prefix.group() == text else ("all", (word, ("in", frozenset({text}))))
    return ("in", frozenset({text}))


def _merged(kind: str, parts: list[Requirement]) -> Requirement:
    """`parts` joined by "all" or "any"; alternatives of one literal kind become one set of literals."""
    if kind == "any":
        if any(part is None for part in parts):
            return None  # an alternative that requires nothing
        pairs = [part for part in parts if part is not None]
        kinds = {part[0] for part in pairs}
        if len(kinds) == 1 and kinds <= {"in", "word"}:
            literals = frozenset().union(*(part[1] for part in pairs))
            kind = kinds.pop()
            return (kind, literals) if len(literals) <= (MAX_SUBSTRINGS if kind == "in" else MAX_LITERALS) else None
        return ("any", tuple(parts))
    kept = [part for part in parts if part is not None]
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else ("all", tuple(kept))


def _sequence(items: list, at_word_start: bool, depth: int, opened: bool = False) -> Requirement:
    """What every match of the sequence `items` contains (see `Requirement`); `opened`: its spellings at a word's
    start are already required (`_opening`)."""
    if depth > 12:
        return None
    parts: list[Requirement] = []
    index = 0
    word_start = at_word_start
    while index < len(items):
        op, av = items[index]
        if op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT):  # zero-width: the next item starts here too
            word_start = word_start or _excludes_word_before(op, av)
            index += 1
            continue
        if word_start and not opened:  # the words every match starts with, whole where spelt ("reservat")
            opening = _opening(items[index:], depth)
            if opening is not None:
                parts.append(opening)
                opened = True
        if op is _sre.LITERAL:
            run = []
            while index < len(items) and items[index][0] is _sre.LITERAL:
                run.append(chr(items[index][1]))
                index += 1
            parts.append(_literal("".join(run), word_start))
            word_start = opened = False
            continue
        parts.append(_item(op, av, word_start, depth, opened))
        word_start = opened = False
        index += 1
    return _merged("all", list(dict.fromkeys(parts)))


MAX_OPENINGS = 64  # the most spellings of a match's start read from a pattern (`_spellings`)


def _opening(items: list, depth: int) -> Requirement:
    """What a match of `items`, starting at a word's start, begins with: its spellings up to its first part that is
    not literal (`_spellings`: "reserv(?:at|ada|ats|ades)" begins with one of four words, not any word starting
    with "reserv"); None when one may be empty or there are too many."""
    spelt = _spellings(items, depth)
    if spelt is None or "" in spelt[0]:
        return None
    return _merged("any", [_literal(start, True) for start in sorted(spelt[0])])


def _spellings(items: list, depth: int) -> tuple[frozenset[str], bool] | None:
    """(strings one of which every match of `items` starts with, whether every match is one of them), read up to
    the first part that is not literal; None when nothing is known or there would be more than `MAX_OPENINGS`."""
    if depth > 12:
        return None
    found = {""}
    for op, av in items:
        if op is _sre.LITERAL:
            found = {start + chr(av) for start in found}
            continue
        part = _item_spellings(op, av, depth + 1)
        if part is None:
            return frozenset(found), False
        strings, whole = part
        if len(found) * len(strings) > MAX_OPENINGS:
            return frozenset(found), False
        found = {start + string for start in found for string in strings}
        if not whole:
            return frozenset(found), False
    return frozenset(found), True


def _item_spellings(op, av, depth: int) -> tuple[frozenset[str], bool] | None:
    if op is _sre.IN and av and len(av) <= 16 and all(item_op is _sre.LITERAL for item_op, _ in av):
        return frozenset(chr(value) for _, value in av), True
    if op is _sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        return None if add_flags or del_flags else _spellings(list(sub.data), depth)
    if op is _sre.BRANCH:
        strings: set[str] = set()
        whole = True
        for alternative in av[1]:
            part = _spellings(list(alternative.data), depth)
            if part is None:
                return None
            strings |= part[0]
            whole = whole and part[1]
            if len(strings) > MAX_OPENINGS:
                return None
        return frozenset(strings), whole
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
        low, high, body = av
        part = _spellings(list(body.data), depth)
        if part is None:
            return (frozenset({""}), False) if low == 0 else None
        if low == 0 and high == 1:  # "s?": nothing, or the body once
            return part[0] | {""}, part[1]
        return (part[0] | {""}) if low == 0 else part[0], False  # the body's first time, then anything
    return None


def _item(op, av, at_word_start: bool, depth: int, opened: bool = False) -> Requirement:
    if op is _sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        return None if add_flags or del_flags else _sequence(list(sub.data), at_word_start, depth + 1, opened)
    if op is _sre.BRANCH:
        return _merged("any", [_sequence(list(alternative.data), at_word_start, depth + 1, opened)
                               for alternative in av[1]])
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
        low, _high, body = av
        return _sequence(list(body.data), at_word_start, depth + 1, opened) if low >= 1 else None
    if op is _sre.IN and av and len(av) <= 16 and all(item_op is _sre.LITERAL for item_op, _ in av):
        return _merged("any", [_literal(chr(value), at_word_start) for _, value in av])
    return None  # a class, any character, a reference: nothing known


@lru_cache(maxsize=512)
def requirement_of(pattern: re.Pattern[str]) -> Requirement:
    """What every match of `pattern` contains, read from its parsed form once (None: nothing known)."""
    if _sre_parser is None or not isinstance(pattern.pattern, str) or pattern.flags & (re.IGNORECASE | re.VERBOSE):
        return None
    try:
        items = list(_sre_parser.parse(pattern.pattern, pattern.flags).data)
        # under re.ASCII a look-behind's \w is not the words' \w: literals then are only substrings
        return _sequence(items, False, 0) if not pattern.flags & re.ASCII else _as_substrings(_sequence(items, False, 0))
    except Exception:  # an unexpected parse tree: the pass is always made
        return None


def _as_substrings(requirement: Requirement) -> Requirement:
    if requirement is None:
        return None
    kind, value = requirement
    if kind == "word":
        return ("in", value)
    if kind == "in":
        return requirement
    return (kind, tuple(_as_substrings(part) for part in value))


def _met(requirement: Requirement, text: str) -> bool:
    if requirement is None:
        return True
    kind, value = requirement
    if kind == "in":
        return any(_in_text(literal, text) for literal in value)
    if kind == "word":
        words = draft_words(text)
        for prefix in value:
            index = bisect_left(words, prefix)
            if index < len(words) and words[index].startswith(prefix):
                return True
        return False
    if kind == "all":
        return all(_met(part, text) for part in value)
    return any(_met(part, text) for part in value)


def may_match(pattern: re.Pattern[str], text: str, *, min_length: int = MIN_LENGTH) -> bool:
    """False only when no match of `pattern` can be in `text` (something every match contains is not there). A text
    shorter than `min_length` is not looked at (True): its pass costs less than reading its words."""
    return len(text) < min_length or _met(requirement_of(pattern), text)


def scan(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)`, skipped when no match can be there (`may_match`)."""
    if may_match(pattern, text):
        return pattern.finditer(text)
    return iter(())


# --- a pass tried only where a match can start ---------------------------------------------------------------------
#
# A table that starts with a look-behind is tried by the engine at every position of the text. Where every match
# starts with one of a few characters (a digit, the first letters of its words), a look-ahead for them placed first
# makes the engine turn most positions down at once, before the look-behind and the alternatives: the same matches.


def _class_items(op, av) -> list[str] | None:
    """A character class's items as class text ("0-9", "\\d", "a"); None when negated or unknown."""
    if _sre is None:
        return None
    if op is _sre.LITERAL:
        return [re.escape(chr(av))]
    if op is _sre.CATEGORY:
        category = {_sre.CATEGORY_DIGIT: r"\d", _sre.CATEGORY_WORD: r"\w", _sre.CATEGORY_SPACE: r"\s"}.get(av)
        return [category] if category else None
    if op is _sre.RANGE:
        return [f"{re.escape(chr(av[0]))}-{re.escape(chr(av[1]))}"]
    if op is _sre.IN:
        items: list[str] = []
        for item_op, item_av in av:
            part = _class_items(item_op, item_av)
            if part is None:
                return None
            items += part
        return items
    return None


def _first_of_sequence(items: list, depth: int) -> tuple[list[str] | None, bool]:
    """(the class items a match of `items` can start with, whether it can be empty); (None, _) when unknown."""
    if depth > 24:
        return None, False
    first: list[str] = []
    for op, av in items:
        if op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT):  # zero-width: the next item starts here
            continue
        part, empty = _first_of_item(op, av, depth)
        if part is None:
            return None, False
        first += part
        if not empty:
            return first, False
    return first, True


def _first_of_item(op, av, depth: int) -> tuple[list[str] | None, bool]:
    if op in (_sre.LITERAL, _sre.IN):
        return _class_items(op, av), False
    if op is _sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        return (None, False) if add_flags or del_flags else _first_of_sequence(list(sub.data), depth + 1)
    if op is _sre.BRANCH:
        first: list[str] = []
        empty = False
        for alternative in av[1]:
            part, part_empty = _first_of_sequence(list(alternative.data), depth + 1)
            if part is None:
                return None, False
            first += part
            empty = empty or part_empty
        return first, empty
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
        low, _high, body = av
        part, empty = _first_of_sequence(list(body.data), depth + 1)
        return part, part is not None and (empty or low == 0)
    return None, False  # any character, a reference, a conditional: anything may come first


@lru_cache(maxsize=256)
def first_characters(pattern: re.Pattern[str]) -> str | None:
    """A character class every match of `pattern` starts with ("[\\d0-2de]"), read from its parsed form; None when
    a match may start with anything or be empty, or the pattern is not understood."""
    if _sre_parser is None or not isinstance(pattern.pattern, str) or pattern.flags & (re.IGNORECASE | re.VERBOSE):
        return None
    try:
        first, empty = _first_of_sequence(list(_sre_parser.parse(pattern.pattern, pattern.flags).data), 0)
    except Exception:  # an unexpected parse tree: no look-ahead
        return None
    if first is None or empty or not first:
        return None
    return "[" + "".join(dict.fromkeys(first)) + "]"


def led_by_first_characters(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern`, searched only where its matches can start (`first_characters`): the same pattern, groups, matches
    and spans, compiled with the engine's own start filter for those characters (`_with_start_filter`: a quick scan
    past the other positions, no try of the pattern there), or, where that cannot be had, with a look-ahead for them
    placed first. The pattern itself when nothing is known."""
    first = first_characters(pattern)
    if first is None:
        return pattern
    filtered = _with_start_filter(pattern, first)
    if filtered is not None:
        return filtered
    try:
        return re.compile(f"(?={first})(?:{pattern.pattern})", pattern.flags)
    except re.error:  # a pattern whose inline flags must open it
        return pattern


def _with_start_filter(pattern: re.Pattern[str], first: str) -> re.Pattern[str] | None:
    """`pattern` compiled with `first` (a character class every match starts with) as its start filter, or None.

    The engine reads a pattern's search filter from the first item it consumes (a literal, a class), so a table that
    opens with a look-behind (`(?<![\\w/-])…`) is tried at every position of the text, where most fail at once: the
    call of its matcher there is most of a pass's cost (~1 ms of a 70 KB draft each). Here the pattern is compiled as
    it is, its own code unchanged, with the header the engine builds for a pattern opening with `first` (the filter
    block of the engine's code: where a search may start, and nothing else): the positions the filter refuses are
    positions where no match starts. Only where the pattern has no filter of its own; None where the standard
    library's compiler is not the one this was written against (its code is checked by the engine when compiled,
    and `guards/tests/test_scan.py` compares every table's matches with its plain form's)."""
    if _sre_compiler is None or _sre_engine is None:
        return None
    try:
        parsed = _sre_parser.parse(pattern.pattern, pattern.flags)
        flags = parsed.state.flags | pattern.flags
        code = _sre_compiler._code(parsed, flags)
        info = _sre_compiler._code(_sre_parser.parse(f"{first}(?:{pattern.pattern})", pattern.flags), flags)
        if code[0] != _sre.INFO or info[0] != _sre.INFO or code[2] != 0 or info[2] != _sre.SRE_INFO_CHARSET:
            return None  # the pattern has a filter of its own (a literal prefix, a class), or no width
        header = info[:1 + info[1]]
        header[3:5] = code[3:5]  # the pattern's own least and greatest widths
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in parsed.state.groupdict.items():
            indexgroup[index] = name
        return _sre_engine.compile(pattern.pattern, flags, header + code[1 + code[1]:], parsed.state.groups - 1,
                                   parsed.state.groupdict, tuple(indexgroup))
    except Exception:  # another engine's code or compiler: the look-ahead instead
        return None
