import pytest

from language.picks import find_pick, picked


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("the later one", "en", "last"),
        ("the earlier one pls", "en", "first"),
        ("the second one", "en", "second"),
        ("la segona", "ca", "second"),
        ("doncs la primera", "ca", "first"),
        ("l'última", "ca", "last"),
        ("me quedo con la segunda", "es", "second"),
        ("el primero, porfa", "es", "first"),
        ("la de más tarde", "es", "last"),
        ("a segunda", "pt-BR", "second"),
        ("a mais cedo", "pt-BR", "first"),
    ],
)
def test_a_pick_by_its_place(text, lang, expected):
    assert find_pick(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("la de la tarde", "es"),  # a part of the day, not a place in the list
        ("la segunda semana", "es"),
        ("first thing tomorrow", "en"),
        ("the 2nd", "en"),  # a day of the month
        ("reserva la primera clase de esquí per a 2", "ca"),  # more than a pick
    ],
)
def test_no_pick(text, lang):
    assert find_pick(text, lang) is None


def test_picked_counts_in_the_order_listed():
    assert [picked(["9", "15", "17"], pick) for pick in ("first", "second", "third", "last")] == ["9", "15", "17", "17"]
    assert picked(["9"], "second") is None
