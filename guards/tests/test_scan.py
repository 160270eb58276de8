"""A table's pass is skipped only where it cannot match: `guards.scan` against the tables' own passes."""

import json
import os
import random
import re
import subprocess
import sys

import pytest
from django.conf import settings

from guards.scan import (
    MIN_LENGTH,
    draft_words,
    first_characters,
    led_by_first_characters,
    may_match,
    requirement_of,
    scan,
)


def test_the_words_a_pattern_starts_with_after_a_look_behind_are_read_as_words():
    pattern = re.compile(r"(?<![\w'-])(?:tap|click)\s+(?:approve|\d)")
    assert requirement_of(pattern) == ("word", frozenset({"tap", "click"}))  # "approve or a digit": nothing known
    assert not may_match(pattern, "a stap here, an unclick there", min_length=0)  # no word starts with them
    assert may_match(pattern, "clickable", min_length=0)  # a word starting with one: the pass is made (it may not match)
    assert may_match(pattern, "a stap here")  # a short text is scanned as it is
    assert may_match(pattern, "tap approve", min_length=0)


def test_a_literal_anywhere_in_every_match_is_required_and_an_optional_part_is_not():
    assert requirement_of(re.compile(r"(?<![^\w])tap")) == ("in", frozenset({"tap"}))  # after a word: no word start
    assert requirement_of(re.compile(r"(?<![@.])[a-z]+(?:_[a-z0-9]+)+")) == ("in", frozenset({"_"}))
    assert requirement_of(re.compile(r"(?:foo)?\d+")) is None
    assert requirement_of(re.compile(r"(?i)tap")) is None  # case-insensitive: nothing is assumed
    assert list(scan(re.compile(r"(?<!\w)telegram(?!\w)"), "no channel here " * 200)) == []


@pytest.fixture(scope="module")
def heap() -> dict:
    """The checks over every table of every guard, run in a fresh interpreter (`guards.tests.heap_tables`)."""
    result = subprocess.run([sys.executable, "-m", "guards.tests.heap_tables"], cwd=settings.BASE_DIR,
                            env={**os.environ, "DJANGO_SETTINGS_MODULE": "magie.settings.test"},
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_every_table_of_the_guards_is_skipped_only_on_a_text_it_cannot_match(heap):
    assert heap["tables"] > 50
    assert heap["skipped_where_it_matches"] == []


def test_a_scan_gives_the_tables_own_matches(heap):
    assert heap["scan_differs"] == []


def test_the_words_of_a_text_are_read_once_sorted_and_distinct():
    assert draft_words("b a b_c 12 a") == ("12", "a", "b", "b_c")


def test_the_words_of_a_long_text_are_its_own_words():
    """A long text's words are read from its distinct chunks between spaces: the same words as reading it whole."""
    rng = random.Random(29)
    alphabet = "ab1_é-.,:\n\t\u00a0\u2003\u200b\x1cÇ·'’"
    for _ in range(20):
        text = "".join(rng.choice(alphabet) for _ in range(MIN_LENGTH + rng.randint(0, 3000)))
        assert draft_words(text) == tuple(sorted(set(re.findall(r"\w+", text))))


def test_the_characters_a_match_starts_with_are_read_from_the_pattern():
    assert first_characters(re.compile(r"(?<![\w/-])(?:(?:dia\s+|el\s+)?(?P<d>[0-3]?\d)|dema)(?!\w)")) == r"[de0-3\d]"
    assert first_characters(re.compile(r"(?<!\w)(?:(?<=\W)|^)(?:a|b)\d")) == "[ab]"  # zero-width parts: no character
    assert first_characters(re.compile(r"(?:a|)b")) == "[ab]"  # an empty alternative: the next part may come first
    assert first_characters(re.compile(r"a?")) is None  # a match may be empty
    assert first_characters(re.compile(r"(?<!\w)[^a]b")) is None  # a negated class: anything may come first
    assert first_characters(re.compile(r"(?i)tap")) is None
    assert led_by_first_characters(re.compile(r".x")).pattern == ".x"  # nothing known: the pattern itself


def test_a_table_opening_with_a_look_behind_is_searched_from_its_first_characters_only():
    """The engine's start filter, not a look-ahead: the pattern's own text, groups and matches, searched only where
    a match can start; a pattern with a filter of its own (a literal first) is led by a look-ahead as before."""
    plain = re.compile(r"(?<![\w/-])(?:(?P<d>[0-3]?\d) de (?P<m>maig|juny)|(?P<w>dilluns|dimarts))(?![\w/-])")
    led = led_by_first_characters(plain)
    assert led.pattern == plain.pattern and led.groupindex == plain.groupindex and led.groups == plain.groups
    assert not led.pattern.startswith("(?=")
    rng = random.Random(29)
    pieces = ["1", "2", "31", " de ", "maig", "juny", "dilluns", "dimarts", "d", "e", "/", "-", "x", " ", "\n", "é", "•"]
    texts = ["el 2 de maig i dilluns, 31 de juny/3 de maig", "x2 de maig -1 de juny dimartsx"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 24))) for _ in range(20000)]
    for text in texts:
        assert [(m.span(), m.groupdict()) for m in led.finditer(text)] \
            == [(m.span(), m.groupdict()) for m in plain.finditer(text)], text
        assert [m.span() for m in led.finditer(text, 3, 20)] == [m.span() for m in plain.finditer(text, 3, 20)]
        assert bool(led.match(text)) == bool(plain.match(text)) and led.findall(text) == plain.findall(text)
    literal_first = re.compile(r"ab(?<=xab)c")
    assert first_characters(literal_first) == "[a]"
    assert [m.span() for m in led_by_first_characters(literal_first).finditer("xabc abc xabc")] == [(1, 4), (10, 13)]


def test_every_table_of_the_guards_led_by_its_first_characters_gives_its_own_matches(heap):
    """Led by a look-ahead for the characters its matches start with, every table of every guard (those the scan
    reads and those it cannot: the fact readers' tables start with a class) finds the same matches and groups."""
    assert heap["led"] > 50
    assert heap["led_differs"] == []
