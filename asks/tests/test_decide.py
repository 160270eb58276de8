"""One test per row of the decision table in asks/decide.py."""

from datetime import UTC, datetime, timedelta

import pytest

from asks.decide import Action, AskView, DecisionPolicy, Inbound, Quote, Tap, decide
from asks.kinds import slot_values
from asks.perception.contract import MoneySlot, Perception, Slots

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
SUSPEND = DecisionPolicy(ask_stale_after_seconds=600, side_request="suspend")
SUPERSEDE = DecisionPolicy(ask_stale_after_seconds=600, side_request="supersede")
BANK = ("pix_transfer", "balance", "pix_history")


def said(kind=None, markers=(), **slots) -> Perception:
    if "amount" in slots:
        slots["amount"] = MoneySlot(amount_cents=slots["amount"], currency="BRL")
    return Perception(perceiver="test", lang="pt-BR", request_kind=kind, slots=Slots(**slots),
                      markers=frozenset(markers))


PIX = AskView(id=1, kind="pix_transfer", status="collecting", slots={"amount": {"amount_cents": 20000, "currency": "BRL"}},
              last_activity_at=T0)
AWAITING = AskView(id=1, kind="pix_transfer", status="awaiting_confirmation",
                   slots={"amount": {"amount_cents": 20000, "currency": "BRL"}, "recipient": "Pedro"},
                   last_activity_at=T0, pending_approval_id=41)
PARKED = AskView(id=7, kind="pix_transfer", status="suspended", slots={"recipient": "Ana"}, last_activity_at=T0)


def run(perception, *, open_ask=None, parked=(), after=timedelta(seconds=30), tap=None, quote=None, policy=SUSPEND,
        asked_for=None, org_kinds=BANK):
    inbound = Inbound(at=T0 + after, perception=perception, tap=tap, quote=quote, asked_for=asked_for)
    return decide(open_ask=open_ask, parked=list(parked), inbound=inbound, policy=policy, org_kinds=org_kinds)


def test_T1_a_tap_with_the_current_token_confirms_and_decline_cancels():
    assert (run(said(), open_ask=AWAITING, tap=Tap("confirm", 1, approval_id=41)).rule) == "button_confirms"
    decision = run(said(), open_ask=AWAITING, tap=Tap("decline", 1, approval_id=41))
    assert (decision.action, decision.rule) == (Action.CANCEL, "button_declines")


@pytest.mark.parametrize("tap,open_ask", [
    (Tap("confirm", 1, approval_id=40), AWAITING),  # a replaced preview
    (Tap("confirm", 1, approval_id=None), AWAITING),  # a forged or altered signature
    (Tap("confirm", 2, approval_id=41), AWAITING),  # another Ask's button
    (Tap("confirm", 1, approval_id=41), None),  # the Ask is closed
    (Tap("confirm", 1, approval_id=41), PIX),  # not awaiting any confirmation
])
def test_T2_any_other_confirmation_tap_is_refused_as_stale(tap, open_ask):
    decision = run(said(), open_ask=open_ask, tap=tap)
    assert (decision.action, decision.rule) == (Action.REFUSE_STALE, "stale_confirmation_button")


def test_T3_a_resume_tap_resumes_the_parked_ask():
    decision = run(said(), parked=[PARKED], tap=Tap("resume", 7))
    assert (decision.action, decision.rule, decision.ask_id) == (Action.RESUME, "resume_button", 7)


def test_T4_a_resume_tap_for_an_ask_no_longer_parked_is_stale():
    assert run(said(), parked=[], tap=Tap("resume", 7)).rule == "stale_resume_button"


def test_T5_choosing_correct_amends_the_open_ask():
    decision = run(said(amount=30000), open_ask=PIX, tap=Tap("choose", 1, choice="correct", message_id=40))
    assert (decision.action, decision.rule) == (Action.CORRECT, "clarified_as_correction")
    assert decision.values == {"amount": {"amount_cents": 30000, "currency": "BRL"}}


def test_T6_choosing_new_starts_a_new_ask_with_only_that_messages_values():
    decision = run(said(amount=30000), open_ask=PIX, tap=Tap("choose", 1, choice="new:pix_transfer", message_id=40))
    assert (decision.action, decision.rule, decision.kind) == (Action.START_NEW, "clarified_as_new_request",
                                                               "pix_transfer")
    assert decision.close_open == "superseded" and set(decision.values) == {"amount"}


def test_T7_a_choice_whose_question_is_gone_is_stale():
    assert run(said(), open_ask=PIX, tap=Tap("choose", 1, choice="correct", message_id=None)).rule == (
        "stale_choice_button"
    )
    other_open = AskView(**{**PIX.__dict__, "id": 9})
    assert run(said(amount=1), open_ask=other_open, tap=Tap("choose", 1, choice="correct", message_id=4)).rule == (
        "stale_choice_button"
    )


def test_Q1_a_swipe_reply_to_a_parked_ask_resumes_it():
    quote = Quote(ask_id=7, ask_kind="pix_transfer", ask_status="suspended", message_id=3)
    decision = run(said(amount=5000), open_ask=None, parked=[PARKED], quote=quote)
    assert (decision.action, decision.rule, decision.ask_id) == (Action.RESUME, "swipe_reply_resumes_parked", 7)


def test_Q2_a_swipe_reply_to_a_closed_ask_resumes_from_the_quoted_message():
    quote = Quote(ask_id=5, ask_kind="pix_transfer", ask_status="completed", message_id=12)
    decision = run(said(amount=5000), open_ask=PIX, quote=quote)
    assert (decision.action, decision.rule) == (Action.RESUME, "swipe_reply_resumes_from_quoted_message")
    assert decision.resume_from == (5, 12) and decision.close_open == "superseded"


def test_Q3_a_swipe_reply_to_an_earlier_message_of_the_open_ask_resumes_from_it_with_a_new_preview():
    quote = Quote(ask_id=1, ask_kind="pix_transfer", ask_status="awaiting_confirmation", message_id=2)
    decision = run(said(amount=30000), open_ask=AWAITING, quote=quote)
    assert (decision.action, decision.rule) == (Action.RESUME, "swipe_reply_resumes_open_from_quoted_message")
    assert decision.resume_from == (1, 2) and decision.close_open == "superseded"
    assert decision.values == {"amount": {"amount_cents": 30000, "currency": "BRL"}}


def test_Q3_a_quoted_cancel_or_a_quoted_bare_yes_is_not_a_resume():
    quote = Quote(ask_id=1, ask_kind="pix_transfer", ask_status="awaiting_confirmation", message_id=2)
    assert run(said(markers={"cancel"}), open_ask=AWAITING, quote=quote).rule == "customer_cancelled"
    assert run(said(markers={"confirm"}), open_ask=AWAITING, quote=quote).rule == "typed_confirmation_needs_button"
    executing = AskView(id=1, kind="pix_transfer", status="executing", slots={}, last_activity_at=T0)
    assert run(said(amount=100), open_ask=executing, quote=quote).rule == "ask_executing"


def test_R1_typed_resume_wording_resumes_the_parked_ask_of_the_kind_said():
    booking = AskView(id=8, kind="balance", status="suspended", slots={}, last_activity_at=T0)
    decision = run(said("pix_transfer", markers={"resume", "confirm"}), open_ask=None, parked=[booking, PARKED])
    assert (decision.action, decision.rule, decision.ask_id) == (Action.RESUME, "typed_resume_of_parked", 7)


def test_R1_typed_resume_without_a_kind_resumes_the_latest_parked_and_parks_the_open_one():
    decision = run(said(markers={"resume"}), open_ask=AWAITING.__class__(
        id=2, kind="balance", status="collecting", slots={}, last_activity_at=T0), parked=[PARKED])
    assert (decision.rule, decision.ask_id, decision.park_open) == ("typed_resume_of_parked", 7, True)


def test_R1_resume_wording_with_nothing_parked_of_that_kind_is_a_new_request():
    booking = AskView(id=8, kind="balance", status="suspended", slots={}, last_activity_at=T0)
    decision = run(said("pix_transfer", markers={"resume"}), parked=[booking])
    assert decision.rule == "new_request_without_open_ask"


def test_C1_cancel_wording_cancels_the_open_ask():
    decision = run(said(markers={"cancel"}), open_ask=PIX)
    assert (decision.action, decision.rule, decision.ask_id) == (Action.CANCEL, "customer_cancelled", 1)


@pytest.mark.parametrize("markers", [{"decline"}, {"decline", "correction"}, {"decline", "confirm"}])
def test_C1_a_bare_no_under_a_preview_cancels_it(markers):
    """"não", "no, that's wrong", "não é isso" under the preview: the request is off (typed, as nothing executes)."""
    decision = run(said(markers=markers), open_ask=AWAITING)
    assert (decision.action, decision.rule, decision.ask_id) == (Action.CANCEL, "customer_cancelled", 1)


def test_C1_a_no_with_a_value_under_a_preview_is_still_a_correction():
    decision = run(said(markers={"decline", "correction"}, recipient="Maria"), open_ask=AWAITING)
    assert (decision.action, decision.rule) == (Action.CORRECT, "correction_wording")


def test_C1_a_no_with_a_request_kind_is_no_bare_no():
    decision = run(said("balance", {"decline", "new_request"}), open_ask=AWAITING)
    assert decision.action != Action.CANCEL


@pytest.mark.parametrize("status,rule", [("collecting", "no_new_information"), ("executing", "ask_executing")])
def test_C1_a_bare_no_with_nothing_previewed_or_while_executing_cancels_nothing(status, rule):
    ask = AskView(**{**AWAITING.__dict__, "status": status})
    decision = run(said(markers={"decline"}), open_ask=ask)
    assert (decision.action, decision.rule) == (Action.CLARIFY, rule)


def test_C2_cancel_wording_with_nothing_open():
    assert run(said(markers={"cancel"})).rule == "cancel_without_open_ask"


def test_N1_a_request_with_nothing_open_starts_one_with_its_own_values():
    decision = run(said("pix_transfer", {"new_request"}, amount=10000, recipient="Ana"))
    assert (decision.action, decision.rule) == (Action.START_NEW, "new_request_without_open_ask")
    assert decision.values == {"amount": {"amount_cents": 10000, "currency": "BRL"}, "recipient": "Ana"}


def test_N2_a_value_without_a_request_asks_which_request():
    decision = run(said(amount=2))
    assert (decision.action, decision.rule, decision.choices) == (Action.CLARIFY, "value_without_request",
                                                                  ("new:pix_transfer",))


SCHOOL = ("booking", "availability")
STORE = ("product_search", "used_quote")


def test_N4_values_that_complete_a_booking_start_it():
    decision = run(said(activity="escalada", when="2026-12-07T09:00:00+01:00", party_size=2), org_kinds=SCHOOL)
    assert (decision.action, decision.rule, decision.kind) == (Action.START_NEW, "values_complete_a_request", "booking")
    assert decision.values == {"activity": "escalada", "when": "2026-12-07T09:00:00+01:00", "party_size": 2}


def test_N4_the_kind_needing_most_of_the_values_wins():
    assert run(said(device_model="galaxy s23"), org_kinds=STORE).kind == "product_search"
    decision = run(said(device_model="iphone 13", capacity_gb=128, battery_health=91), org_kinds=STORE)
    assert (decision.rule, decision.kind) == ("values_complete_a_request", "used_quote")


@pytest.mark.parametrize("perception,org_kinds", [
    (said(amount=5000, recipient="Ana"), BANK),  # money moves only on a request said in words
    (said(capacity_gb=128), STORE),  # a search's or a quote's? both take it
    (said(when="2026-12-07"), BANK),  # only the statement takes a day, and it needs none: no request of its own
    (said(day_part="afternoon"), SCHOOL),  # a part of the day alone is needed by no request
])
def test_N4_values_that_complete_no_request_are_asked_about(perception, org_kinds):
    assert run(perception, org_kinds=org_kinds).rule == "value_without_request"


@pytest.mark.parametrize("perception", [
    said(activity="escalada"),  # "climbing", "esqui"
    said(when="2026-12-08T09:00:00+01:00"),  # "amanhã", "day after tomorrow at 9am"
    said(party_size=2),  # "2 pessoas", "som dos"
    said(activity="escalada", party_size=2),  # no day: not whole, but a booking's all the same
])
def test_N2b_bare_values_start_the_one_request_they_belong_to(perception):
    decision = run(perception, org_kinds=SCHOOL_WITH_FOLLOW_UPS)
    assert (decision.action, decision.rule, decision.kind, decision.carried_from) == (
        Action.START_NEW, "value_starts_the_only_request", "booking", None)
    assert decision.values == slot_values(perception, "booking")


def test_N2b_the_next_bare_values_fill_the_request_they_started():
    started = AskView(id=5, kind="booking", status="collecting", slots={"activity": "escalada"}, last_activity_at=T0)
    decision = run(said(when="2026-12-08"), open_ask=started, org_kinds=SCHOOL_WITH_FOLLOW_UPS, asked_for="when")
    assert (decision.action, decision.rule, decision.ask_id) == (Action.FILL, "fills_missing_slots", 5)
    started = AskView(id=5, kind="booking", status="collecting", slots={"activity": "escalada", "when": "2026-12-08"},
                      last_activity_at=T0)
    decision = run(said(when="09:00:00"), open_ask=started, org_kinds=SCHOOL_WITH_FOLLOW_UPS, asked_for="when")
    assert (decision.action, decision.rule, decision.values) == (Action.FILL, "fills_missing_slots", {"when": "09:00:00"})


def test_N3_nothing_actionable_offers_the_parked_asks():
    decision = run(said(markers={"greeting"}), parked=[PARKED])
    assert (decision.rule, decision.choices) == ("nothing_to_act_on", ("resume:7",))


def test_S1_another_kind_mid_ask_parks_it_under_suspend():
    decision = run(said("balance"), open_ask=PIX)
    assert (decision.action, decision.rule, decision.park_open) == (Action.START_NEW, "side_request_parks_open_ask",
                                                                    True)


def test_S2_another_kind_mid_ask_supersedes_it_under_supersede():
    decision = run(said("balance"), open_ask=PIX, policy=SUPERSEDE)
    assert (decision.rule, decision.close_open) == ("side_request_supersedes_open_ask", "superseded")


def test_W1_correction_wording_amends_and_keeps_the_rest():
    decision = run(said(markers={"correction"}, recipient="João"), open_ask=AWAITING)
    assert (decision.action, decision.rule, decision.values) == (Action.CORRECT, "correction_wording",
                                                                 {"recipient": "João"})


def test_W1_correction_wording_wins_over_the_clock():
    decision = run(said(markers={"correction"}, recipient="João"), open_ask=AWAITING, after=timedelta(hours=2))
    assert decision.rule == "correction_wording"


def test_W2_correction_wording_with_nothing_to_correct_asks():
    assert run(said(markers={"correction"}), open_ask=PIX).rule == "correction_without_value"


@pytest.mark.parametrize("perception", [said(markers={"correction"}), said(markers={"correction"}, recipient="Pedro")])
def test_W2_under_a_preview_a_no_that_changes_nothing_voids_it(perception):
    """"não" or "nao pro pedro" under Pedro's preview: asked about, and the preview's buttons go stale."""
    decision = run(perception, open_ask=AWAITING)
    assert (decision.rule, decision.void_preview) == ("correction_without_value", True)


def test_W2_with_nothing_previewed_voids_nothing():
    assert run(said(markers={"correction"}), open_ask=PIX).void_preview is False


def test_W3_new_request_wording_of_the_same_kind_starts_fresh():
    decision = run(said("pix_transfer", {"new_request"}, amount=5000, recipient="João"), open_ask=AWAITING)
    assert (decision.action, decision.rule, decision.close_open) == (Action.START_NEW, "new_request_wording_same_kind",
                                                                     "superseded")
    assert decision.values == {"amount": {"amount_cents": 5000, "currency": "BRL"}, "recipient": "João"}  # nothing of the old Ask


def test_W6_the_same_kind_said_with_another_recipient_under_a_preview_changes_it():
    # "manda pro João" under the preview of "manda 200 pro Pedro": the same request to João, shown in a new preview
    decision = run(said("pix_transfer", {"new_request"}, recipient="João"), open_ask=AWAITING)
    assert (decision.action, decision.rule, decision.ask_id) == (Action.CORRECT,
                                                                 "same_kind_wording_under_preview_changes_it", 1)
    assert decision.values == {"recipient": "João"} and decision.close_open is None


def test_W6_not_for_a_key_in_place_of_a_contact_nor_when_stale_nor_while_collecting():
    assert run(said("pix_transfer", {"new_request"}, pix_key={"type": "cpf", "value": "52998224725"}),
               open_ask=AWAITING).rule == "new_request_wording_same_kind"
    assert run(said("pix_transfer", {"new_request"}, recipient="João"), open_ask=AWAITING,
               after=timedelta(hours=2)).rule != "same_kind_wording_under_preview_changes_it"
    held = AskView(id=1, kind="pix_transfer", status="collecting", last_activity_at=T0, slots={"recipient": "Pedro"})
    assert run(said("pix_transfer", {"new_request"}, recipient="João"), open_ask=held).rule == \
        "new_request_wording_same_kind"


def test_W4_the_request_said_again_with_what_it_lacked_fills_the_collecting_ask():
    decision = run(said("pix_transfer", {"new_request"}, recipient="Pedro"), open_ask=PIX)  # "manda pro Pedro então"
    assert (decision.action, decision.rule, decision.ask_id) == (Action.FILL, "same_kind_fills_collecting_ask", 1)
    assert decision.values == {"recipient": "Pedro"} and decision.close_open is None


def test_W4_a_value_that_differs_from_the_collecting_asks_starts_fresh_as_before():
    decision = run(said("pix_transfer", {"new_request"}, amount=500, recipient="Ana"), open_ask=PIX)
    assert (decision.action, decision.rule) == (Action.START_NEW, "new_request_wording_same_kind")


def test_W4_not_after_a_preview_nor_when_stale():
    # under a preview the day said is a change of it, shown in a new preview (W6), not a fill without one
    assert run(said("pix_transfer", {"new_request"}, when="2026-03-02"), open_ask=AWAITING).rule == \
        "same_kind_wording_under_preview_changes_it"
    assert run(said("pix_transfer", {"new_request"}, recipient="Pedro"), open_ask=PIX,
               after=timedelta(hours=2)).rule != "same_kind_fills_collecting_ask"


def test_W5_another_value_for_the_slot_the_refusal_asked_for_corrects_the_collecting_ask():
    # "então manda 200" after the night limit refused 200,00 → asked for another amount: the recipient stays
    held = AskView(id=1, kind="pix_transfer", status="collecting", last_activity_at=T0,
                   slots={"amount": {"amount_cents": 120000, "currency": "BRL"}, "recipient": "Pedro"})
    decision = run(said("pix_transfer", {"new_request"}, amount=20000), open_ask=held, asked_for="amount")
    assert (decision.action, decision.rule, decision.ask_id) == (Action.CORRECT, "answers_the_slot_asked_for", 1)
    assert decision.values == {"amount": {"amount_cents": 20000, "currency": "BRL"}}
    assert run(said("pix_transfer", {"new_request"}, amount=20000, recipient="Ana"), open_ask=held,
               asked_for="amount").rule == "new_request_wording_same_kind"  # another recipient too: a new request


PIX_FOLLOW_UPS = (*BANK, "pix_transfer_change", "pix_transfer_cancel")
SCHEDULED = AskView(id=3, kind="pix_transfer", status="completed", last_activity_at=T0,
                    slots={"amount": {"amount_cents": 8000, "currency": "BRL"}, "recipient": "Pedro",
                           "when": "2026-12-04"})


def _after_pix(perception):
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=perception)
    return decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=PIX_FOLLOW_UPS,
                  done=SCHEDULED)


def test_D1_cancel_wording_after_a_scheduled_pix_cancels_it():
    decision = _after_pix(said(None, {"cancel"}))  # "cancela aquele Pix agendado"
    assert (decision.action, decision.rule, decision.kind) == (Action.START_NEW, "cancel_of_done_request",
                                                               "pix_transfer_cancel")


def test_D1_a_bare_no_after_a_scheduled_pix_never_cancels_it():
    decision = _after_pix(said(None, {"decline"}))  # "não" with nothing open: no cancel of what was done
    assert decision.action not in (Action.CANCEL, Action.START_NEW) and decision.rule == "nothing_to_act_on"


def test_D2_a_day_or_an_amount_after_a_scheduled_pix_changes_it_carrying_its_values():
    decision = _after_pix(said(None, {"correction"}, when="2026-12-07"))  # "muda pra segunda"
    assert (decision.action, decision.rule, decision.kind, decision.carried_from) == (
        Action.START_NEW, "change_of_done_request", "pix_transfer_change", 3)
    assert _after_pix(said(None, (), amount=10000)).kind == "pix_transfer_change"  # "100"


def test_D2_another_recipient_after_a_scheduled_pix_is_no_change_without_wording():
    assert _after_pix(said(None, (), amount=3000, recipient="Ana")).rule == "value_without_request"  # "e 30 pra Ana"
    assert _after_pix(said(None, {"correction"}, recipient="Ana")).kind == "pix_transfer_change"  # "muda pra Ana"


def test_K1_a_stale_ask_is_cooled_when_its_kind_is_said_again():
    decision = run(said("pix_transfer", amount=500), open_ask=PIX, after=timedelta(hours=1))
    assert (decision.rule, decision.close_open) == ("stale_ask_cooled_kind_restarts", "cooled")


def test_K2_a_bare_value_after_the_stale_time_does_not_land_in_the_old_ask():
    decision = run(said(amount=2), open_ask=AWAITING, after=timedelta(hours=1))
    assert (decision.action, decision.rule, decision.close_open) == (Action.CLARIFY, "stale_ask_cooled_bare_value",
                                                                     "cooled")
    assert decision.ask_id is None and decision.choices == ("new:pix_transfer",)


def test_K3_nothing_actionable_after_the_stale_time_cools_the_ask():
    assert run(said(markers={"greeting"}), open_ask=PIX, after=timedelta(hours=1)).rule == "stale_ask_cooled"


def test_E1_an_executing_ask_takes_no_values():
    executing = AskView(**{**AWAITING.__dict__, "status": "executing"})
    assert run(said(amount=100), open_ask=executing).rule == "ask_executing"


def test_F1_typed_yes_never_confirms():
    decision = run(said(markers={"confirm"}), open_ask=AWAITING)
    assert (decision.action, decision.rule) == (Action.CLARIFY, "typed_confirmation_needs_button")


def test_F1_a_typed_yes_with_a_request_verb_is_still_a_typed_yes():  # "sim, pode mandar"
    decision = run(said("pix_transfer", {"confirm", "new_request"}), open_ask=AWAITING)
    assert (decision.action, decision.rule) == (Action.CLARIFY, "typed_confirmation_needs_button")


def test_F2_values_for_empty_slots_fill():
    decision = run(said(recipient="Pedro"), open_ask=PIX)
    assert (decision.action, decision.rule, decision.values) == (Action.FILL, "fills_missing_slots",
                                                                 {"recipient": "Pedro"})


BOOKING_DAY = AskView(id=3, kind="booking", status="collecting",
                      slots={"activity": "escalada", "when": "2026-12-05", "party_size": 3}, last_activity_at=T0)


def test_F2_a_time_for_a_when_holding_a_day_alone_completes_it():
    # "a las 9" after "el sábado": the services join them (asks/when.py); nothing to ask about
    decision = run(said(when="09:00:00"), open_ask=BOOKING_DAY, org_kinds=("booking",))
    assert (decision.action, decision.rule, decision.values) == (Action.FILL, "fills_missing_slots",
                                                                 {"when": "09:00:00"})


def test_F2_the_doubt_about_an_hours_half_is_no_conflict_of_its_own():
    # "a las 7" held with its doubt, then "a las 7" again: the same value, nothing to ask "change or new?" about
    held = AskView(id=3, kind="booking", status="collecting",
                   slots={"when": "2026-12-05T19:00:00+01:00", "when_either_half": True}, last_activity_at=T0)
    decision = run(said(when="2026-12-05T19:00:00+01:00"), open_ask=held, org_kinds=("booking",))
    assert (decision.action, decision.rule) == (Action.FILL, "fills_missing_slots")


def test_F2_a_time_for_a_when_holding_a_time_still_asks():
    held = AskView(id=3, kind="booking", status="collecting", slots={"when": "15:00:00"}, last_activity_at=T0)
    assert run(said(when="09:00:00"), open_ask=held, org_kinds=("booking",)).rule == "value_for_filled_slot_without_wording"


def test_F5_a_value_for_the_filled_slot_asked_for_corrects_it():
    decision = run(said(amount=30000), open_ask=PIX, asked_for="amount")
    assert (decision.action, decision.rule, decision.values) == (
        Action.CORRECT, "answers_the_slot_asked_for", {"amount": {"amount_cents": 30000, "currency": "BRL"}})


def test_F5_a_value_for_another_filled_slot_than_the_one_asked_for_still_asks():
    assert run(said(amount=30000), open_ask=PIX, asked_for="recipient").rule == "value_for_filled_slot_without_wording"


def test_F5_a_part_of_the_day_or_a_pick_answers_which_time():
    # the free times listed after "mañana por la mañana" (none free then), answered "vale pues la de la tarde"
    held = AskView(id=3, kind="booking", status="collecting", last_activity_at=T0,
                   slots={"activity": "esqui", "when": "2026-12-07", "party_size": 2, "day_part": "morning"})
    picked_first = AskView(id=3, kind="booking", status="collecting", last_activity_at=T0,
                           slots={**held.slots, "offer_pick": "first"})
    decision = run(said(offer_pick="last"), open_ask=picked_first, asked_for="when", org_kinds=("booking",))
    assert (decision.action, decision.rule) == (Action.CORRECT, "answers_the_slot_asked_for")
    decision = run(said(day_part="afternoon"), open_ask=held, asked_for="when", org_kinds=("booking",))
    assert (decision.action, decision.rule, decision.values) == (
        Action.CORRECT, "answers_the_slot_asked_for", {"day_part": "afternoon"})
    assert run(said(day_part="afternoon"), open_ask=held, asked_for="party_size",
               org_kinds=("booking",)).rule == "value_for_filled_slot_without_wording"


def test_F3_a_different_value_for_a_filled_slot_without_wording_asks():
    decision = run(said(amount=30000), open_ask=PIX)
    assert (decision.action, decision.rule, decision.choices) == (
        Action.CLARIFY, "value_for_filled_slot_without_wording", ("correct", "new:pix_transfer"))


def test_F6_an_amount_or_a_day_under_a_preview_changes_it():
    decision = run(said(amount=30000), open_ask=AWAITING)
    assert (decision.action, decision.rule, decision.ask_id) == (Action.CORRECT, "value_under_preview_changes_it", 1)
    assert decision.values == {"amount": {"amount_cents": 30000, "currency": "BRL"}}


def test_F6_who_is_paid_never_changes_from_a_bare_value_under_a_preview():
    assert run(said(recipient="Ana"), open_ask=AWAITING).rule == "value_for_filled_slot_without_wording"
    assert run(said(amount=30000, recipient="Ana"), open_ask=AWAITING).rule == "value_for_filled_slot_without_wording"


def test_F3_a_key_typed_where_a_contact_is_held_is_asked_about_never_filled():
    """b4-bank-pt-BR-05: "pix pro joao", asked how much, then Ana's e-mail: the empty key slot is no room for it."""
    to_joao = AskView(id=1, kind="pix_transfer", status="collecting", slots={"recipient": "João"}, last_activity_at=T0)
    decision = run(said(pix_key={"type": "email", "value": "ana.costa@exemplo.com.br"}), open_ask=to_joao, asked_for="amount")
    assert (decision.action, decision.rule, decision.values) == (Action.CLARIFY, "no_new_information", {})  # F7
    by_key = AskView(id=1, kind="pix_transfer", status="collecting", slots={"pix_key": {"type": "phone", "value": "+5521987654321"}},
                     last_activity_at=T0)
    assert run(said(recipient="Ana"), open_ask=by_key, asked_for="amount").rule == "no_new_information"
    # under a preview, too; with no question pending it is asked about (F3)
    assert run(said(pix_key={"type": "cpf", "value": "52998224725"}), open_ask=AWAITING).rule == "no_new_information"
    assert run(said(pix_key={"type": "cpf", "value": "52998224725"}), open_ask=to_joao).rule == \
        "value_for_filled_slot_without_wording"
    # asked for the key of a name no contact holds, the key answers it
    decision = run(said(pix_key={"type": "email", "value": "ana.costa@exemplo.com.br"}), open_ask=to_joao, asked_for="pix_key")
    assert (decision.action, decision.rule) == (Action.CORRECT, "answers_the_slot_asked_for")


def test_F4_nothing_new_re_asks():
    assert run(said(markers={"greeting"}), open_ask=PIX).rule == "no_new_information"


SCHOOL_WITH_FOLLOW_UPS = ("booking", "availability", "booking_change", "booking_cancel")


def test_people_joining_a_booking_just_made_add_to_its_party():
    booked = AskView(id=3, kind="booking", status="completed", slots={"activity": "climbing", "party_size": 2},
                     last_activity_at=T0)
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said(party_added=1))
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS, done=booked)
    assert (decision.action, decision.rule, decision.kind) == (Action.START_NEW, "change_of_done_request",
                                                               "booking_change")
    assert decision.values["party_size"] == 3 and "party_added" not in decision.values


def test_people_joining_with_no_party_said_yet_set_none():
    open_booking = AskView(id=3, kind="booking", status="collecting", slots={"activity": "climbing"},
                           last_activity_at=T0)
    decision = run(said(party_added=1), open_ask=open_booking, org_kinds=SCHOOL_WITH_FOLLOW_UPS)
    assert "party_size" not in decision.values and "party_added" not in decision.values


def test_D2_a_part_of_the_day_said_alone_keeps_the_day_and_drops_the_time():
    booked = AskView(id=3, kind="booking", status="completed",
                     slots={"activity": "ski", "party_size": 2, "when": "2026-03-06T09:00:00+01:00"}, last_activity_at=T0)
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said(day_part="afternoon", markers={"correction"}))
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                      done=booked)
    assert (decision.rule, decision.kind) == ("change_of_done_request", "booking_change")
    assert decision.values == {"day_part": "afternoon", "when": "2026-03-06"}


@pytest.mark.parametrize("removed,size", [(1, 2), (3, None)])
def test_people_leaving_a_booking_just_made_take_from_its_party_never_below_one(removed, size):
    booked = AskView(id=3, kind="booking", status="completed", slots={"activity": "climbing", "party_size": 3},
                     last_activity_at=T0)
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said(party_removed=removed))
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS, done=booked)
    assert decision.values.get("party_size") == size and "party_removed" not in decision.values


def test_people_leaving_the_open_booking_correct_its_party_by_their_wording():
    booking = AskView(id=4, kind="booking", status="collecting", slots={"activity": "snowshoeing", "party_size": 3},
                      last_activity_at=T0)
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said(party_removed=1))
    decision = decide(open_ask=booking, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS)
    assert (decision.action, decision.rule, decision.ask_id, decision.values) == (
        Action.CORRECT, "correction_wording", 4, {"party_size": 2})


def _after_question(perception, *, after=timedelta(seconds=30)):
    asked = AskView(id=7, kind="availability", status="completed",
                    slots={"activity": "snowshoeing", "when": "2026-12-02", "day_part": "afternoon"}, last_activity_at=T0)
    inbound = Inbound(at=T0 + after, perception=perception)
    return decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                  done=asked)


def test_N0_a_booking_after_the_free_times_it_asked_starts_from_the_question():
    decision = _after_question(said("booking", markers={"new_request"}, party_size=3))
    assert (decision.action, decision.rule, decision.kind, decision.carried_from) == (
        Action.START_NEW, "request_after_its_question", "booking", 7)
    assert decision.values == {"party_size": 3}  # the question's values are carried by the services, these over them


def test_N0_a_question_gone_stale_is_not_carried():
    decision = _after_question(said("booking", markers={"new_request"}, party_size=3), after=timedelta(hours=2))
    assert (decision.rule, decision.carried_from) == ("new_request_without_open_ask", None)


def test_N0_another_question_is_not_a_request_it_leads_to():
    decision = _after_question(said("availability", markers={"new_request"}, activity="ski"))
    assert (decision.rule, decision.carried_from) == ("new_request_without_open_ask", None)


def test_N0b_values_that_complete_a_booking_with_the_question_book_it():
    decision = _after_question(said(when="15:00:00", party_size=2))
    assert (decision.action, decision.rule, decision.kind, decision.carried_from) == (
        Action.START_NEW, "request_after_its_question", "booking", 7)


def test_N0c_values_that_do_not_complete_it_ask_the_question_again():
    decision = _after_question(said(activity="climbing"))
    assert (decision.action, decision.rule, decision.kind, decision.carried_from, decision.values) == (
        Action.START_NEW, "question_asked_again", "availability", 7, {"activity": "climbing"})


def test_N0c_values_after_a_stale_question_carry_nothing_of_it():
    decision = _after_question(said(activity="climbing"), after=timedelta(hours=2))
    assert (decision.rule, decision.kind, decision.carried_from, decision.values) == (
        "value_starts_the_only_request", "booking", None, {"activity": "climbing"})


def test_N0a_the_question_asked_again_at_another_hour_keeps_its_values():
    # "vale, ¿y a las 15?" (read as availability: a question) after the free places of snowshoeing were listed
    decision = _after_question(said("availability", markers={"new_request"}, when="15:00:00"))
    assert (decision.action, decision.rule, decision.kind, decision.carried_from, decision.values) == (
        Action.START_NEW, "question_asked_again", "availability", 7, {"when": "15:00:00"})
    decision = _after_question(said("availability", markers={"new_request"}, when="15:00:00", party_size=2))
    assert decision.rule == "new_request_without_open_ask"  # more than the hour: a question of its own


def test_N0a_with_the_question_it_makes_a_whole_booking():
    asked = AskView(id=7, kind="availability", status="completed", last_activity_at=T0,
                    slots={"activity": "climbing", "when": "2026-12-02T09:00:00+01:00", "party_size": 3})
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said("availability", markers={"new_request"},
                                                                      when="15:00:00"))
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                      done=asked)
    assert (decision.rule, decision.kind, decision.carried_from, decision.values) == (
        "request_after_its_question", "booking", 7, {"when": "15:00:00"})
    stale = Inbound(at=T0 + timedelta(hours=2), perception=inbound.perception)
    assert decide(open_ask=None, parked=[], inbound=stale, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                  done=asked).rule == "new_request_without_open_ask"


def test_R2_the_parked_kind_said_again_with_nothing_new_resumes_it():
    decision = run(said("pix_transfer", markers={"new_request"}), open_ask=None, parked=[PARKED])
    assert (decision.action, decision.rule, decision.ask_id) == (Action.RESUME, "bare_same_kind_resumes_parked", 7)
    assert decision.values == {}


def test_R2_the_parked_kind_said_again_with_values_is_a_new_request():
    decision = run(said("pix_transfer", markers={"new_request"}, recipient="João"), open_ask=None, parked=[PARKED])
    assert decision.rule == "new_request_without_open_ask"


SEARCHED = AskView(id=9, kind="product_search", status="completed",
                   slots={"device_model": "iPhone 13", "capacity_gb": 256}, last_activity_at=T0)


def test_N5_a_storage_said_alone_after_a_search_searches_that_model_again_with_it():
    inbound = Inbound(at=T0, perception=said(capacity_gb=128), tap=None, quote=None, asked_for=None)
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=STORE, done=SEARCHED)
    assert (decision.action, decision.rule, decision.kind) == (Action.START_NEW, "detail_narrows_done_search",
                                                               "product_search")
    assert decision.values == {"device_model": "iPhone 13", "capacity_gb": 128}


def test_N5_a_storage_with_a_battery_after_a_search_is_no_narrowing():
    inbound = Inbound(at=T0, perception=said(capacity_gb=128, battery_health=90), tap=None, quote=None, asked_for=None)
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=STORE, done=SEARCHED)
    assert decision.rule != "detail_narrows_done_search"


@pytest.mark.parametrize("searched,number,model", [("iPhone 14", "13", "iPhone 13"), ("s23", "21", "s21")])
def test_N5_another_models_number_alone_after_a_search_searches_that_model_of_the_line(searched, number, model):
    done = AskView(id=9, kind="product_search", status="completed", slots={"device_model": searched,
                                                                          "capacity_gb": 128}, last_activity_at=T0)
    inbound = Inbound(at=T0, perception=said(device_model=number), tap=None, quote=None, asked_for=None)
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=STORE, done=done)
    assert (decision.rule, decision.values) == ("detail_narrows_done_search", {"device_model": model})


def test_a_part_of_the_day_answering_which_time_drops_the_time_not_free():
    # "reserva escalada dema a les 9" (not free, the free times listed), then "doncs la del vespre"
    held = AskView(id=1, kind="booking", status="collecting", last_activity_at=T0,
                   slots={"activity": "climbing", "when": "2026-12-07T09:00:00+01:00", "when_either_half": True,
                          "party_size": 2})
    decision = run(said(day_part="evening"), open_ask=held, asked_for="when", org_kinds=SCHOOL)
    assert (decision.action, decision.rule) == (Action.CORRECT, "answers_the_slot_asked_for")
    assert decision.values == {"day_part": "evening", "when": "2026-12-07"}
    # not asked which time: the part said is asked about, the time held stays
    assert run(said(day_part="evening"), open_ask=held, org_kinds=SCHOOL).values.get("when") is None


def test_a_day_shift_counts_from_the_done_requests_day_and_changes_it():
    """"can we push it to the day after?" after a Pix scheduled for the 4th: the 5th, a change of that Pix (D2)."""
    decision = _after_pix(said("pix_transfer", {"new_request"}, day_shift=1))  # "passa pro dia seguinte"
    assert (decision.rule, decision.kind, decision.values) == ("change_of_done_request", "pix_transfer_change",
                                                               {"when": "2026-12-05"})
    booked = AskView(id=3, kind="booking", status="completed", last_activity_at=T0,
                     slots={"activity": "ski", "party_size": 2, "when": "2026-12-09T15:00:00+01:00"})
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said(day_shift=-1))  # "the day before"
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                      done=booked)
    assert (decision.kind, decision.values) == ("booking_change", {"when": "2026-12-08T15:00:00+01:00"})


def test_a_day_shift_under_a_preview_corrects_it_and_without_a_day_to_count_from_is_dropped():
    previewed = AskView(id=1, kind="pix_transfer", status="awaiting_confirmation", last_activity_at=T0,
                        slots={**AWAITING.slots, "when": "2026-12-01"})
    decision = run(said(day_shift=1), open_ask=previewed)  # "na verdade no dia seguinte"
    assert (decision.action, decision.values) == (Action.CORRECT, {"when": "2026-12-02"})
    assert run(said(day_shift=1), open_ask=AWAITING).action == Action.CLARIFY  # no day held: nothing to move


def test_a_count_ahead_without_a_unit_takes_the_unit_of_the_day_held_and_is_dropped_without_one():
    """"me equivoqué de día, es para dentro de 4" after a booking "dentro de 3 días" at 9:00: four days from today at
    9:00, a change of that booking; with no day held the count has no unit and is not taken as a day."""
    booked = AskView(id=3, kind="booking", status="completed", last_activity_at=T0,
                     slots={"activity": "climbing", "party_size": 2, "when": "2026-12-04T09:00:00+01:00"})
    inbound = Inbound(at=T0 + timedelta(seconds=30), perception=said(when_unitless="2026-12-05"))
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                      done=booked)
    assert (decision.kind, decision.values) == ("booking_change", {"when": "2026-12-05T09:00:00+01:00"})
    previewed = AskView(id=1, kind="pix_transfer", status="awaiting_confirmation", last_activity_at=T0,
                        slots={**AWAITING.slots, "when": "2026-12-03"})
    decision = run(said(when_unitless="2026-12-05"), open_ask=previewed)  # "não, daqui a 4"
    assert (decision.action, decision.values) == (Action.CORRECT, {"when": "2026-12-05"})
    assert run(said(when_unitless="2026-12-05"), open_ask=AWAITING).action == Action.CLARIFY  # no day: no unit


def test_a_count_ahead_without_a_unit_counts_weeks_after_a_day_counted_in_weeks():
    """"dentro de 2" after a booking "dentro de una semana" at 9:00: two weeks from today at 9:00, the unit kept for a
    further count; after a Pix scheduled "daqui a uma semana", "não, daqui a 2" corrects it to two weeks."""
    booked = AskView(id=3, kind="booking", status="completed", last_activity_at=T0, slots={
        "activity": "climbing", "party_size": 2, "when": "2026-12-08T09:00:00+01:00", "when_unit": "week"})
    inbound = Inbound(at=T0 + timedelta(seconds=30),
                      perception=said(when_unitless="2026-12-03", when_unitless_weeks="2026-12-15"))
    decision = decide(open_ask=None, parked=[], inbound=inbound, policy=SUSPEND, org_kinds=SCHOOL_WITH_FOLLOW_UPS,
                      done=booked)
    assert (decision.kind, decision.values) == ("booking_change",
                                                {"when": "2026-12-15T09:00:00+01:00", "when_unit": "week"})
    previewed = AskView(id=1, kind="pix_transfer", status="awaiting_confirmation", last_activity_at=T0,
                        slots={**AWAITING.slots, "when": "2026-12-08", "when_unit": "week"})
    decision = run(said(when_unitless="2026-12-03", when_unitless_weeks="2026-12-15"), open_ask=previewed)
    assert (decision.action, decision.values) == (Action.CORRECT, {"when": "2026-12-15", "when_unit": "week"})
    days = AskView(id=1, kind="pix_transfer", status="awaiting_confirmation", last_activity_at=T0,
                   slots={**AWAITING.slots, "when": "2026-12-04"})  # "daqui a 3 dias": days stay days
    decision = run(said(when_unitless="2026-12-05", when_unitless_weeks="2026-12-29"), open_ask=days)
    assert (decision.action, decision.values) == (Action.CORRECT, {"when": "2026-12-05"})


def test_a_change_said_of_a_scheduled_pix_is_its_change_follow_up_even_with_nothing_done():
    decision = run(said("pix_transfer_change", {"correction"}, amount=4000, recipient="Maria"),
                   org_kinds=PIX_FOLLOW_UPS)  # "el pix que le programé a maria lo podés cambiar a 40?"
    assert (decision.action, decision.kind) == (Action.START_NEW, "pix_transfer_change")
    assert _after_pix(said("pix_transfer_change", {"new_request"}, amount=7500)).carried_from == 3  # "muda esse pix"
    # under the preview of a Pix being scheduled, "change the scheduled pix" is that Pix's correction
    assert run(said("pix_transfer_change", {"correction"}, amount=9000), open_ask=AWAITING,
               org_kinds=PIX_FOLLOW_UPS).action == Action.CORRECT
