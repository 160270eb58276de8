"""Attacks on the seams around the approval gate (issue 27), through the real signed webhook, the real simulator and
the real turn, with the database checked after each: a tap decides only its own customer's request, on the
channel its preview was shown on, judged and stamped on the server's clock; the simulator moves, reads and
decides only test money and sandbox chats; staff pages never carry a signed tap."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import F
from django.utils import timezone
from django_tenants.utils import schema_context
from validate_docbr import CPF

from agent.models import Turn
from agent.turn import turn_handle
from approvals.models import ApprovalRefusal, ApprovalRequest
from asks.buttons import confirm_payload, decline_payload
from bank.models import Account, Holder, PixTransfer
from bank.services import holder_create
from conversations.models import Customer, Message
from conversations.services import SandboxIdTaken, customer_create_sandbox
from testing.organisations import signed_in
from whatsapp.tests.conftest import change, encode, envelope, inbound, post, signed

pytestmark = pytest.mark.django_db

CARLA = "5511999990001"  # the request's owner (the demo bank's customer, writing on the real channel)
STRANGERS = ["5511999990002",  # another holder of the same bank
             "5511977770001",  # a number the organisation never saw
             "34612345678"]  # a foreign number
REAL = "5511988887777"  # a real holder of the bank who has never written on WhatsApp
REAL_BALANCE = 500_000
ROLES = ["admin", "agent", "auditor"]


# ---------------------------------------------------------------------------------------------------------------
# helpers: the real webhook, the real simulator, the turn as the worker runs it


def deliver(capture, platform, message: dict, *, name: str = "Cliente") -> Message:
    """POST one signed notification carrying `message` to the webhook and run its turn; the stored message."""
    body = encode(envelope(change(messages=[message], name=name)))
    with capture(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200
    with schema_context("demobank"):
        stored = Message.objects.get(channel_message_id=message["id"])
        turn_handle(message_id=stored.pk)
        return stored


def say(capture, platform, text: str, *, from_: str = CARLA, timestamp: int | None = None) -> Turn:
    stored = deliver(capture, platform, inbound("text", {"body": text}, from_=from_, timestamp=timestamp))
    with schema_context("demobank"):
        return Turn.objects.select_related("reply_message").get(message=stored)


def tap(capture, platform, button: dict, *, from_: str = CARLA, timestamp: int | None = None,
        as_list: bool = False, context: str = "") -> Message:
    kind = "list_reply" if as_list else "button_reply"
    return deliver(capture, platform, inbound("interactive", {"type": kind, kind: button}, from_=from_,
                                              timestamp=timestamp, context=context))


def preview(capture, platform, text: str = "manda 200 pro Pedro", *, from_: str = CARLA) -> tuple[Turn, ApprovalRequest]:
    turn = say(capture, platform, text, from_=from_)
    with schema_context("demobank"):
        assert turn.reply_message is not None and turn.reply_message.buttons, turn.reply
        request = ApprovalRequest.objects.get(conversation__customer__channel_user_id=from_, status="pending")
        assert request.shown_in_id == turn.reply_message.pk
        return turn, request


def balance(customer_ref: str) -> int:
    with schema_context("demobank"):
        return Account.objects.get(holder__customer_ref=customer_ref).balance_cents


def transfers() -> int:
    with schema_context("demobank"):
        return PixTransfer.objects.count()


def reloaded(request: ApprovalRequest) -> ApprovalRequest:
    with schema_context("demobank"):
        return ApprovalRequest.objects.select_related("shown_in").get(pk=request.pk)


def refusals(request: ApprovalRequest) -> list[ApprovalRefusal]:
    with schema_context("demobank"):
        return list(ApprovalRefusal.objects.filter(request_id=request.pk).select_related("message").order_by("pk"))


def at(timestamp: int) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


def assert_undecided(request: ApprovalRequest, *, carla_before: int) -> None:
    now = reloaded(request)
    assert (now.status, now.decided_by, now.decided_at, now.executed_at) == ("pending", "", None, None)
    assert transfers() == 0 and balance(CARLA) == carla_before


# ---------------------------------------------------------------------------------------------------------------
# 2. A tap decides only its own customer's request


@pytest.mark.parametrize("variant", ["button", "list_row", "quoting_the_preview"])
@pytest.mark.parametrize("action", ["approve", "decline"])
@pytest.mark.parametrize("stranger", STRANGERS)
def test_a_strangers_tap_decides_nothing_and_is_recorded_then_the_owner_decides(
        demobank, platform, turns, django_capture_on_commit_callbacks, stranger, action, variant):
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    button = turn.reply_message.buttons[0 if action == "approve" else 1]
    forwarded = tap(capture, platform, button, from_=stranger, as_list=variant == "list_row",
                    context="wamid.PREVIEW" if variant == "quoting_the_preview" else "")
    assert_undecided(request, carla_before=carla_before)
    if variant == "list_row":  # a list row is never read as a button tap: nothing to refuse
        assert refusals(request) == []
    else:
        [refusal] = refusals(request)
        assert (refusal.reason, refusal.by, refusal.message_id) == ("stranger", f"whatsapp:{stranger}", forwarded.pk)
        assert refusal.received_at == forwarded.created_at
    with schema_context("demobank"):
        assert Customer.objects.get(channel_user_id=stranger).conversation.pk != request.conversation_id
    # the owner's own tap still decides, as the owner
    tap(capture, platform, turn.reply_message.buttons[0])
    decided = reloaded(request)
    assert (decided.status, decided.decided_by) == ("executed", f"whatsapp:{CARLA}")
    assert transfers() == 1 and balance(CARLA) == carla_before - 20_000


@pytest.mark.parametrize("forgery", ["altered_signature", "approve_signature_on_decline", "next_request_id",
                                     "signature_of_another_ask"])
def test_a_forged_payload_from_a_stranger_decides_nothing(demobank, platform, turns,
                                                          django_capture_on_commit_callbacks, forgery):
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    action, ask_id, approval_id, signature = turn.reply_message.buttons[0]["id"].split(":")
    payload = {
        "altered_signature": f"confirm:{ask_id}:{approval_id}:{'0' * len(signature)}",
        "approve_signature_on_decline": f"decline:{ask_id}:{approval_id}:{signature}",
        "next_request_id": f"confirm:{ask_id}:{int(approval_id) + 1}:{signature}",
        "signature_of_another_ask": confirm_payload(int(ask_id) + 1, int(approval_id)),
    }[forgery]
    tap(capture, platform, {"id": payload, "title": "Aprovar"}, from_=STRANGERS[1])
    assert_undecided(request, carla_before=carla_before)


def test_a_strangers_decline_does_not_cancel_the_owners_pix(demobank, platform, turns,
                                                            django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    tap(capture, platform, {"id": decline_payload(request.ask_id, request.pk), "title": "Recusar"}, from_=STRANGERS[0])
    assert_undecided(request, carla_before=carla_before)
    with schema_context("demobank"):
        assert request.ask.__class__.objects.get(pk=request.ask_id).status == "awaiting_confirmation"


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", ["conversation_admin", "trace", "trace_export"])
def test_no_staff_page_shows_a_signed_tap(demobank, platform, turns, django_capture_on_commit_callbacks, role, page):
    capture = django_capture_on_commit_callbacks
    turn, request = preview(capture, platform)
    button = turn.reply_message.buttons[0]
    tap(capture, platform, button, from_=STRANGERS[0])  # a refused tap: stored with its payload
    tap(capture, platform, button)  # the owner's
    signature = button["id"].rsplit(":", 1)[1]
    with schema_context("demobank"):
        assert Message.objects.filter(payload=button["id"]).count() == 2  # what the pages must not show
    url = {"conversation_admin": f"/admin/conversations/conversation/{request.conversation_id}/change/",
           "trace": f"/workspace/trace/conversation/{request.conversation_id}/",
           "trace_export": f"/workspace/trace/conversation/{request.conversation_id}/export.json"}[page]
    connection.set_schema_to_public()
    response = signed_in("demobank", role).get(url)
    content = response.content.decode()
    assert response.status_code in (200, 403), (role, page, response.status_code)
    assert signature not in content
    if role == "admin" and page == "conversation_admin":
        assert response.status_code == 200 and "[signature redacted]" in content


# ---------------------------------------------------------------------------------------------------------------
# 3. The server's clock decides


def _shift_back(request: ApprovalRequest, by: timedelta) -> ApprovalRequest:
    """Time passes on the server's clock: the request was created (and expires) `by` earlier."""
    with schema_context("demobank"):
        ApprovalRequest.objects.filter(pk=request.pk).update(created_at=F("created_at") - by,
                                                             expires_at=F("expires_at") - by)
    return reloaded(request)


@pytest.mark.parametrize("claimed", ["just_after_creation", "half_a_minute_before_expiry", "a_second_before_expiry"])
@pytest.mark.parametrize("action", ["approve", "decline"])
def test_a_late_tap_stamped_before_expiry_is_refused_on_the_servers_time(
        demobank, platform, turns, django_capture_on_commit_callbacks, claimed, action):
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    request = _shift_back(request, (request.expires_at - request.created_at) + timedelta(minutes=2))
    stamp = {"just_after_creation": request.created_at + timedelta(seconds=10),
             "half_a_minute_before_expiry": request.expires_at - timedelta(seconds=30),
             "a_second_before_expiry": request.expires_at - timedelta(seconds=1)}[claimed]
    started = timezone.now()
    late = tap(capture, platform, turn.reply_message.buttons[0 if action == "approve" else 1],
               timestamp=int(stamp.timestamp()))
    now = reloaded(request)
    assert (now.status, now.decided_by, now.decided_at, now.executed_at) == ("expired", "", None, None)
    assert transfers() == 0 and balance(CARLA) == carla_before
    [refusal] = refusals(request)
    assert (refusal.reason, refusal.message_id, refusal.claimed_at) == ("late", late.pk, at(int(stamp.timestamp())))
    assert refusal.received_at >= started and refusal.received_at > now.expires_at
    assert late.created_at.isoformat() in now.reason  # judged at arrival, not at the claimed time


@pytest.mark.parametrize("claimed_offset", [timedelta(hours=-2), timedelta(days=-1), timedelta(minutes=-10),
                                            timedelta(hours=2)])
def test_a_tap_claiming_another_time_is_decided_and_executed_on_the_servers_clock(
        demobank, platform, turns, django_capture_on_commit_callbacks, claimed_offset):
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    claimed = int((request.created_at + claimed_offset).timestamp())
    started = timezone.now()
    tap(capture, platform, turn.reply_message.buttons[0], timestamp=claimed)
    finished = timezone.now()
    done = reloaded(request)
    assert done.status == "executed" and done.decided_by == f"whatsapp:{CARLA}"
    assert started <= done.decided_at <= finished and done.decided_at >= done.created_at
    assert done.decision_claimed_at == at(claimed)  # the claim is kept beside, never instead
    assert started <= done.executed_at <= finished
    with schema_context("demobank"):
        transfer = PixTransfer.objects.get()
    assert started <= transfer.created_at <= finished and transfer.idempotency_key == f"approval-{request.pk}"
    assert balance(CARLA) == carla_before - 20_000


def test_a_backdated_decline_is_stamped_by_the_server(demobank, platform, turns, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    turn, request = preview(capture, platform)
    claimed = int((request.created_at - timedelta(hours=2)).timestamp())
    started = timezone.now()
    tap(capture, platform, turn.reply_message.buttons[1], timestamp=claimed)
    done = reloaded(request)
    assert done.status == "declined" and done.decided_at >= started and done.decision_claimed_at == at(claimed)
    assert transfers() == 0


# ---------------------------------------------------------------------------------------------------------------
# 1. Sandbox is a property of the money


def _real_holder() -> Holder:
    holder = holder_create(name="Rafael Lima", document=CPF().generate(), kind="individual", phone=f"+{REAL}",
                           customer_ref=REAL, balance_cents=REAL_BALANCE)
    assert not holder.is_test
    return holder


@pytest.fixture
def real_holder(demobank):
    """A real customer of the bank (real money), who has not written on WhatsApp yet."""
    return _real_holder()


def _admin_adds_sandbox(number: str):
    connection.set_schema_to_public()  # type: ignore[attr-defined]
    admin = signed_in("demobank", "admin")
    added = admin.post("/admin/conversations/customer/add/", {"channel_user_id": number, "name": "Teste"})
    assert added.status_code == 302, added.content.decode()[-1500:]
    with schema_context("demobank"):
        assert Customer.objects.get(channel_user_id=number).is_sandbox
    return admin


@pytest.fixture
def sandboxed_real_holder(demobank):
    """The attack's order: an admin makes a number a sandbox identity while nobody holds it, and the bank later
    opens that person's real account (the number is theirs). The sandbox record stays; the money is real."""
    admin = _admin_adds_sandbox(REAL)
    with schema_context("demobank"):
        holder = _real_holder()
    return admin, holder


def test_a_real_holders_number_cannot_be_made_a_sandbox_identity(real_holder):
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    page = admin.post("/admin/conversations/customer/add/", {"channel_user_id": REAL, "name": "Teste"})
    assert page.status_code == 200  # the form again, with its error
    with schema_context("demobank"):
        assert not Customer.objects.filter(channel_user_id=REAL).exists()
        with pytest.raises(SandboxIdTaken):
            customer_create_sandbox(channel_user_id=REAL)
        assert not Customer.objects.filter(channel_user_id=REAL).exists()


def simulate(admin, **body) -> Message:
    response = admin.post("/simulator/send", {"wa_id": REAL, **body}, content_type="application/json")
    assert response.status_code == 200, response.content
    with schema_context("demobank"):
        message = Message.objects.get(pk=response.json()["message_id"])
        turn_handle(message_id=message.pk)
        return message


@pytest.mark.parametrize("text", ["manda 50 para ana.costa@exemplo.com.br", "pix de 50 reais para ana.costa@exemplo.com.br",
                                  "qual meu saldo?", "quanto tenho na conta?", "meu extrato de hoje"])
def test_the_simulator_moves_and_reads_no_real_money(sandboxed_real_holder, turns, text):
    admin, real_holder = sandboxed_real_holder
    message = simulate(admin, text=text)
    with schema_context("demobank"):
        turn = Turn.objects.select_related("reply_message").get(message=message)
        assert not ApprovalRequest.objects.filter(conversation__customer__channel_user_id=REAL).exists()
        assert not PixTransfer.objects.filter(holder=real_holder).exists()
        assert Account.objects.get(holder=real_holder).balance_cents == REAL_BALANCE
    assert "5.000,00" not in turn.reply and "5000" not in turn.reply
    assert "real_money_refused" in json.dumps(turn.tool_calls, default=str) or not turn.tool_calls


def test_the_real_customer_on_the_real_channel_still_reaches_their_money(sandboxed_real_holder, platform, turns,
                                                                         django_capture_on_commit_callbacks):
    turn = say(django_capture_on_commit_callbacks, platform, "qual meu saldo?", from_=REAL)
    assert "5.000,00" in turn.reply  # the path the simulator is refused is open to the customer themself


def test_the_simulator_never_shows_a_real_customers_messages(sandboxed_real_holder, platform, turns,
                                                             django_capture_on_commit_callbacks):
    admin, _ = sandboxed_real_holder
    say(django_capture_on_commit_callbacks, platform, "minha senha do cofre é 4321", from_=REAL)
    simulate(admin, text="oi")
    phone = admin.get("/simulator/messages", {"wa_id": REAL}).json()["messages"]
    assert phone and all("4321" not in message["text"] for message in phone)
    assert {"oi"} <= {message["text"] for message in phone}
    with schema_context("demobank"):
        assert Message.objects.filter(conversation__customer__channel_user_id=REAL, text__contains="4321").exists()


@pytest.mark.parametrize("action", ["approve", "decline"])
def test_the_simulator_cannot_decide_a_real_customers_pix_and_metrics_stay_honest(
        sandboxed_real_holder, platform, turns, django_capture_on_commit_callbacks, action):
    capture = django_capture_on_commit_callbacks
    admin, _ = sandboxed_real_holder
    turn, request = preview(capture, platform, "manda 30 para ana.costa@exemplo.com.br", from_=REAL)
    button = turn.reply_message.buttons[0 if action == "approve" else 1]
    simulate(admin, button_id=button["id"], button_title=button["title"])
    now = reloaded(request)
    assert (now.status, now.decided_by) == ("pending", "")
    assert transfers() == 0 and balance(REAL) == REAL_BALANCE
    [refusal] = refusals(request)
    assert (refusal.reason, refusal.by) == ("other_channel", "simulator:admin")
    # the customer's own tap decides, and it is counted as a customer's, not as a staff test
    tap(capture, platform, turn.reply_message.buttons[0], from_=REAL)
    assert reloaded(request).status == "executed" and balance(REAL) == REAL_BALANCE - 3_000
    out = io.StringIO()
    call_command("approval_metrics", "--org", "demobank", stdout=out)
    report = json.loads(out.getvalue())
    assert report["simulated"]["requests"] == 0 and report["by_status"].get("executed") == 1
    assert report["simulator_decisions_on_real_requests"] == 0 and report["refused_taps"] == {"other_channel": 1}


def test_a_legacy_simulated_decision_on_a_real_request_is_reported_not_hidden(
        demobank, real_holder, platform, turns, django_capture_on_commit_callbacks):
    turn, request = preview(django_capture_on_commit_callbacks, platform, "manda 30 para ana.costa@exemplo.com.br",
                            from_=REAL)
    with schema_context("demobank"):  # a row written before taps were bound to their channel
        ApprovalRequest.objects.filter(pk=request.pk).update(decided_by="simulator:admin", status="declined",
                                                             decided_at=timezone.now())
    out = io.StringIO()
    call_command("approval_metrics", "--org", "demobank", stdout=out)
    report = json.loads(out.getvalue())
    assert report["simulated"]["requests"] == 0
    assert report["by_status"] == {"declined": 1} and report["simulator_decisions_on_real_requests"] == 1


@pytest.mark.parametrize("role", ["agent", "auditor"])
def test_other_roles_cannot_use_the_simulator_at_all(sandboxed_real_holder, turns, role):
    connection.set_schema_to_public()
    client = signed_in("demobank", role)
    response = client.post("/simulator/send", {"wa_id": REAL, "text": "manda 50 para ana.costa@exemplo.com.br"},
                           content_type="application/json")
    assert response.status_code in (403, 404)
    assert transfers() == 0 and balance(REAL) == REAL_BALANCE


def test_a_number_that_already_wrote_on_whatsapp_cannot_become_sandbox(demobank, real_holder, platform, turns,
                                                                       django_capture_on_commit_callbacks):
    say(django_capture_on_commit_callbacks, platform, "oi", from_=REAL)
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    page = admin.post("/admin/conversations/customer/add/", {"channel_user_id": REAL, "name": "Teste"})
    assert page.status_code == 200  # the form again, with its error
    with schema_context("demobank"):
        assert not Customer.objects.get(channel_user_id=REAL).is_sandbox
    response = admin.post("/simulator/send", {"wa_id": REAL, "text": "manda 50 para ana.costa@exemplo.com.br"},
                          content_type="application/json")
    assert response.status_code == 403 and transfers() == 0 and balance(REAL) == REAL_BALANCE


def test_the_demo_sandbox_customer_still_pays_with_test_money_in_the_simulator(demobank, turns):
    """The control: the simulator works as intended on test money (the demo's holder is a test holder)."""
    with schema_context("demobank"):
        assert Holder.objects.get(customer_ref=CARLA).is_test
    carla_before = balance(CARLA)
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    response = admin.post("/simulator/send", {"wa_id": CARLA, "text": "manda 200 pro Pedro"},
                          content_type="application/json")
    assert response.status_code == 200
    with schema_context("demobank"):
        turn_handle(message_id=response.json()["message_id"])
        reply = Message.objects.filter(direction="out", channel="simulator").latest("pk")
    button = reply.buttons[0]
    response = admin.post("/simulator/send", {"wa_id": CARLA, "button_id": button["id"],
                                              "button_title": button["title"]}, content_type="application/json")
    with schema_context("demobank"):
        turn_handle(message_id=response.json()["message_id"])
        request = ApprovalRequest.objects.get()
    assert (request.status, request.decided_by) == ("executed", "simulator:admin")
    assert balance(CARLA) == carla_before - 20_000


