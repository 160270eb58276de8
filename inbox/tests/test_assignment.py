"""Automatic assignment: a hand-over goes to its team's least-loaded available agent under capacity (round-robin on
a tie), in the transaction that opens it; races between simultaneous hand-overs on real PostgreSQL with threads."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django_tenants.utils import tenant_context

from inbox.assignment import agent_availability_set, team_for_reason
from inbox.models import AgentAvailability, Escalation, Team
from inbox.services import escalation_claim, escalation_resolve
from inbox.tests.helpers import chat_make, escalation_make, staff, staff_create


def agent_make(*, available: bool = True, capacity: int = 5, team: Team | None = None, role: str = "agent"):
    user = staff_create(username=f"ag-{uuid.uuid4().hex[:8]}", password="x-password-1",
                        group=Group.objects.get(name=role))
    AgentAvailability.objects.create(user=user, available=available, capacity=capacity, team=team)
    return user


def holders(escalations: list[Escalation]) -> list[str | None]:
    for escalation in escalations:
        escalation.refresh_from_db()
    return [escalation.claimed_by.username if escalation.claimed_by else None for escalation in escalations]


def test_a_hand_over_goes_to_the_least_loaded_available_agent(demobank):
    busy, free = agent_make(), agent_make()
    agent_make(available=False)  # away: never given a chat
    first = escalation_make(chat_make())
    Escalation.objects.filter(pk=first.pk).update(claimed_by=busy)  # whoever got it, `busy` holds one now

    second = escalation_make(chat_make())

    second.refresh_from_db()
    assert second.status == Escalation.Status.CLAIMED and second.auto_assigned
    assert second.claimed_by == free


def test_on_a_tie_the_agent_whose_turn_is_oldest_takes_it_round_robin(demobank):
    one, two = agent_make(capacity=10), agent_make(capacity=10)
    chats = [escalation_make(chat_make()) for _ in range(2)]
    assert holders(chats) == [one.username, two.username]  # equal loads, neither had a turn: the lower id first
    for chat in chats:  # both resolved: loads back to 0 each, the round-robin turn decides
        escalation_resolve(escalation_id=chat.pk, user=chat.claimed_by, note="ok")

    given = holders([escalation_make(chat_make()) for _ in range(4)])

    assert given == [one.username, two.username, one.username, two.username]


def test_capacity_is_never_exceeded_and_the_rest_waits_unassigned(demobank):
    agent = agent_make(capacity=2)

    given = holders([escalation_make(chat_make()) for _ in range(3)])

    assert given == [agent.username, agent.username, None]
    assert Escalation.objects.filter(status=Escalation.Status.OPEN).count() == 1


def test_a_notice_is_no_hand_over_and_is_not_assigned(demobank):
    agent_make()
    notice = escalation_make(chat_make(), guard="delivery_failed")
    assert holders([notice]) == [None]


def test_teams_take_the_reasons_they_name_the_catch_all_the_rest(demobank):
    disputes = Team.objects.create(name="Disputas", reasons=["payment_dispute"])
    general = Team.objects.create(name="Geral")
    on_disputes, on_general = agent_make(team=disputes), agent_make(team=general)
    assert team_for_reason("payment_dispute") == disputes and team_for_reason("no_promises") == general

    dispute = escalation_make(chat_make(), guard="payment_dispute")
    other = escalation_make(chat_make(), guard="no_promises")

    assert holders([dispute, other]) == [on_disputes.username, on_general.username]
    assert (dispute.team, other.team) == (disputes, general)


def test_becoming_available_takes_the_waiting_chats_up_to_capacity(demobank, django_capture_on_commit_callbacks):
    waiting = [escalation_make(chat_make()) for _ in range(3)]
    agent = agent_make(available=False, capacity=2)

    with django_capture_on_commit_callbacks(execute=True):
        agent_availability_set(user=agent, available=True)

    assert holders(waiting) == [agent.username, agent.username, None]  # oldest first


def test_a_resolution_frees_a_place_for_the_next_waiting_chat(demobank, django_capture_on_commit_callbacks):
    agent = agent_make(capacity=1)
    held, waiting = escalation_make(chat_make()), escalation_make(chat_make())
    assert holders([held, waiting]) == [agent.username, None]

    with django_capture_on_commit_callbacks(execute=True):
        escalation_resolve(escalation_id=held.pk, user=agent, note="done")

    assert holders([waiting]) == [agent.username]


def test_a_manual_claim_is_not_marked_automatic(demobank):
    escalation = escalation_make(chat_make())  # nobody available
    escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.CLAIMED and not escalation.auto_assigned


def _backend_waits_on_a_lock(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return bool(row) and row[0] == "Lock"


def test_two_hand_overs_at_once_do_not_take_the_same_free_place(committed):
    """Thread A opens an escalation inside a transaction it keeps open until thread B's opening is blocked on the
    team's availability locks; then A commits. B must count A's chat: with one place each, A's agent is full and
    B's chat goes to the other agent. Without the lock both would read loads of 0 and pick the same agent."""
    from tenants.models import Organisation

    organisation = Organisation.objects.get(schema_name="demobank")
    with tenant_context(organisation):
        one, two = agent_make(capacity=1), agent_make(capacity=1)
        chat_a, chat_b = chat_make(), chat_make()
    results: dict[str, object] = {}
    b_pid: list[int] = []
    b_may_start, b_ready = threading.Event(), threading.Event()

    def open_a() -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]
        try:
            with transaction.atomic():
                results["a"] = escalation_make(chat_a)
                b_may_start.set()
                b_ready.wait()
                deadline = time.monotonic() + 60  # a safety net against a hang, not an assertion on time
                while not _backend_waits_on_a_lock(b_pid[0]):
                    if time.monotonic() > deadline:
                        raise RuntimeError("thread B never waited on the availability locks")
                    time.sleep(0.01)
        except Exception as error:  # noqa: BLE001 — reported below
            results["a"] = error
            b_may_start.set()
        finally:
            connection.close()

    def open_b() -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]
        try:
            b_may_start.wait()
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                b_pid.append(cursor.fetchone()[0])
            b_ready.set()
            results["b"] = escalation_make(chat_b)
        except Exception as error:  # noqa: BLE001
            results["b"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=open_a), threading.Thread(target=open_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert isinstance(results["a"], Escalation), results["a"]
    assert isinstance(results["b"], Escalation), results["b"]
    with tenant_context(organisation):
        given = holders([results["a"], results["b"]])
    assert sorted(given) == sorted([one.username, two.username])  # one each, none twice


@pytest.mark.parametrize("hand_overs", [12])
def test_many_simultaneous_hand_overs_fill_capacity_exactly(committed, hand_overs):
    """`hand_overs` threads open chats at the same instant (a barrier); three agents with 2 places each: exactly
    six chats are given, two to each, the rest wait unassigned."""
    from tenants.models import Organisation

    organisation = Organisation.objects.get(schema_name="demobank")
    with tenant_context(organisation):
        agents = [agent_make(capacity=2) for _ in range(3)]
        chats = [chat_make() for _ in range(hand_overs)]
    start = threading.Barrier(hand_overs, timeout=60)
    errors: list[Exception] = []

    def open_one(chat) -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]
        try:
            start.wait()
            escalation_make(chat)
        except Exception as error:  # noqa: BLE001 — reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=open_one, args=(chat,)) for chat in chats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    with tenant_context(organisation):
        loads = {agent.username: Escalation.objects.filter(claimed_by=agent).count() for agent in agents}
        assert loads == {agent.username: 2 for agent in agents}
        assert Escalation.objects.filter(status=Escalation.Status.OPEN).count() == hand_overs - 6
        assert Escalation.objects.filter(auto_assigned=True).count() == 6
