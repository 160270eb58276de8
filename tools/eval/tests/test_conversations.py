"""The conversation checker's own rules: a silent change is found, a new preview is no silent change."""

from datetime import UTC, datetime
from types import SimpleNamespace

from tools.eval.conversations.run import SCHEMA, load, silent_changes

PREVIEW = {"n": 2, "ask": 7, "kind": "pix_transfer", "state": "awaiting_confirmation", "buttons": ["Aprovar"],
           "slots": {"recipient": "Pedro", "amount": {"amount_cents": 5000, "currency": "BRL"}}}


def reply(n: int, *, recipient: str = "Pedro", cents: int = 5000, preview: bool = False) -> dict:
    return {**PREVIEW, "n": n, "state": "awaiting_confirmation" if preview else "collecting",
            "buttons": ["Aprovar"] if preview else [],
            "slots": {"recipient": recipient, "amount": {"amount_cents": cents, "currency": "BRL"}}}


def pix(cents: int, name: str) -> SimpleNamespace:
    return SimpleNamespace(amount_cents=cents, recipient_name=name, status="settled", scheduled_for=None)


def test_a_recipient_changed_after_the_preview_without_a_new_one_is_a_silent_change():
    found = silent_changes([reply(2, preview=True), reply(4, recipient="Maria")], [])
    assert len(found) == 1 and "without a new preview" in found[0]


def test_a_change_shown_in_a_new_preview_is_none():
    assert silent_changes([reply(2, preview=True), reply(4, cents=7000, preview=True)], [pix(7000, "Pedro Almeida")]) == []


def test_a_pix_other_than_the_last_preview_or_with_none_is_a_silent_change():
    assert silent_changes([reply(2, preview=True)], [pix(9000, "Pedro Almeida")]) == [
        "Pix of 9000 made after a preview of 5000"]
    assert silent_changes([reply(2)], [pix(5000, "Pedro Almeida")]) == ["Pix of 5000 made with no preview shown"]


def test_a_change_preview_left_unconfirmed_changed_nothing():
    """"push it to the next day" after a scheduled Pix: its change previewed, not tapped; the Pix keeps its day."""
    scheduled = SimpleNamespace(amount_cents=5000, recipient_name="Pedro Almeida", status="scheduled",
                                scheduled_for=datetime(2026, 12, 7, 12, tzinfo=UTC))
    made = {**reply(2, preview=True), "slots": {**PREVIEW["slots"], "when": "2026-12-07"}}
    done = {**made, "n": 4, "state": "completed", "buttons": []}
    change = {**made, "n": 6, "ask": 8, "kind": "pix_transfer_change", "slots": {**made["slots"], "when": "2026-12-08"}}
    assert silent_changes([made, done, change], [scheduled]) == []
    # the change carried out without a preview of its own is still found
    carried = {**change, "state": "completed", "buttons": [], "n": 8}
    assert silent_changes([made, done, carried], [SimpleNamespace(**{**vars(scheduled), "scheduled_for": datetime(
        2026, 12, 8, 12, tzinfo=UTC)})]) == ["Pix scheduled for 2026-12-08 12:00:00+00:00 after a preview for 2026-12-07"]


def test_the_sets_are_distinct_and_large_enough():
    heldout, tuning = load("heldout"), load("tuning")
    assert len(heldout) >= 300 and len(tuning) >= 80  # issue 30: at least 300 held-out conversations
    assert not {c["id"] for c in heldout} & {c["id"] for c in tuning}
    assert not {tuple(c["say"]) for c in heldout} & {tuple(c["say"]) for c in tuning}  # no conversation in both
    assert {c["lang"] for c in heldout} == {"pt-BR", "es", "ca", "en"}
    assert {c["org"] for c in heldout} == {"bank", "school", "store"}


def test_the_second_held_out_set_is_apart_from_the_others():
    """heldout2 was written without reading the perception code or the other sets: it must share nothing with them."""
    second, others = load("heldout2"), load("heldout") + load("tuning")
    assert len(second) >= 100
    assert not {c["id"] for c in second} & {c["id"] for c in others}
    assert not {tuple(c["say"]) for c in second} & {tuple(c["say"]) for c in others}
    assert {c["lang"] for c in second} == {"pt-BR", "es", "ca", "en"}
    orgs = [c["org"] for c in second]
    assert set(orgs) == {"bank", "school", "store"} and orgs.count("bank") >= 0.35 * len(second)


OPTIONAL_FIELDS = {"pix": {"status"}}
EXPECT_KEYS = {"pix": {"cents", "to", "day"}, "booking": {"activity", "party", "day", "time"},
               "quote": {"model", "gb", "battery"}, "cancelled": None, "handoff": None, "says": None,
               "says_digits": None, "kind": None, "slots": None}


def test_every_conversation_is_well_formed():
    """The checker ignores what it does not know: a misspelt expectation would pass whatever the bot did."""
    for split in ("heldout", "heldout2", "tuning"):
        conversations = load(split)
        assert len({c["id"] for c in conversations}) == len(conversations), split
        for c in conversations:
            assert set(c) == {"id", "org", "lang", "say", "expect"}, c["id"]
            assert c["org"] in SCHEMA and c["lang"] in ("pt-BR", "es", "ca", "en"), c["id"]
            assert c["say"] and all(isinstance(line, str) and line.strip() for line in c["say"]), c["id"]
            assert set(c["expect"]) <= set(EXPECT_KEYS), c["id"]
            for key, fields in EXPECT_KEYS.items():
                if fields and key in c["expect"]:
                    given = set(c["expect"][key])
                    assert fields <= given <= fields | OPTIONAL_FIELDS.get(key, set()), c["id"]
            if "says_digits" in c["expect"]:
                assert c["expect"]["says_digits"].isdigit(), c["id"]
