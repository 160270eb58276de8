"""A table's pass is skipped only where it cannot match: `guards.scan` against the tables' own passes."""

import gc
import re

import pytest

from guards.normalise import normalised
from guards.runner import warm_up
from guards.scan import draft_words, first_characters, led_by_first_characters, may_match, requirement_of, scan
from guards.tests.helpers import facts_draft
from guards.tests.test_adversarial import CASES
from guards.tests.test_issue_examples import EXAMPLES
from guards.text import folded


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


def _texts() -> list[str]:
    drafts = [case.draft for case in CASES.values()] + [example.draft for example in EXAMPLES.values()]
    drafts += [facts_draft().draft, "Tap APPROVE or click [Aprovar] [Recusar]; fale no telegram @pix_ajuda, json api_key."]
    return [text for draft in drafts for text in dict.fromkeys((draft, folded(draft), normalised(draft)))]


@pytest.fixture(scope="module")
def tables() -> list[re.Pattern[str]]:
    warm_up()  # every guard's tables compiled, in every language
    # type(), not isinstance(): isinstance asks a lazy object left by an earlier test (a request's CSP nonce) for
    # its __class__, which evaluates it and raises
    return [p for p in gc.get_objects() if type(p) is re.Pattern and isinstance(p.pattern, str)
            and requirement_of(p) is not None]


def test_every_table_of_the_guards_is_skipped_only_on_a_text_it_cannot_match(tables):
    assert len(tables) > 50
    unsound = [(p.pattern[:80], text[:80]) for p in tables for text in _texts()
               if not may_match(p, text, min_length=0) and p.search(text)]
    assert unsound == []


def test_a_scan_gives_the_tables_own_matches(tables):
    for text in _texts():
        for pattern in tables:
            assert [m.span() for m in scan(pattern, text)] == [m.span() for m in pattern.finditer(text)]


def test_the_words_of_a_text_are_read_once_sorted_and_distinct():
    assert draft_words("b a b_c 12 a") == ("12", "a", "b", "b_c")


def test_the_characters_a_match_starts_with_are_read_from_the_pattern():
    assert first_characters(re.compile(r"(?<![\w/-])(?:(?:dia\s+|el\s+)?(?P<d>[0-3]?\d)|dema)(?!\w)")) == r"[de0-3\d]"
    assert first_characters(re.compile(r"(?<!\w)(?:(?<=\W)|^)(?:a|b)\d")) == "[ab]"  # zero-width parts: no character
    assert first_characters(re.compile(r"(?:a|)b")) == "[ab]"  # an empty alternative: the next part may come first
    assert first_characters(re.compile(r"a?")) is None  # a match may be empty
    assert first_characters(re.compile(r"(?<!\w)[^a]b")) is None  # a negated class: anything may come first
    assert first_characters(re.compile(r"(?i)tap")) is None
    assert led_by_first_characters(re.compile(r".x")).pattern == ".x"  # nothing known: the pattern itself


def test_every_table_of_the_guards_led_by_its_first_characters_gives_its_own_matches():
    """Led by a look-ahead for the characters its matches start with, every table of every guard (those the scan
    reads and those it cannot: the fact readers' tables start with a class) finds the same matches and groups."""
    warm_up()
    patterns = [p for p in gc.get_objects() if type(p) is re.Pattern and isinstance(p.pattern, str)]
    led = [(p, led_by_first_characters(p)) for p in patterns]
    led = [(p, q) for p, q in led if q is not p]
    assert len(led) > 50
    for text in _texts():
        for pattern, leading in led:
            assert [(m.span(), m.groupdict()) for m in leading.finditer(text)] == \
                [(m.span(), m.groupdict()) for m in pattern.finditer(text)], pattern.pattern[:80]
