"""The staff workspace at volume: 10,000 open escalations (12,500 in all) and 100,000 Asks (with their messages, turns, approvals) in one
organisation; the inbox list and the dashboard must answer in under 300 ms.

    .venv/bin/python bench/workspace_bench.py

It seeds its own organisation (`benchws`, created once and reused; the seed is skipped when it is already there) by
bulk inserts, then requests each page through Django's whole middleware stack (test client, signed-in superuser, the
organisation's host) and prints p50 / p99 / max over WORKSPACE_BENCH_RUNS (default 20) requests, with the number of
SQL statements of one request, and the CPU time of one request (mean): Django's process (`time.process_time`) plus
the database server's backend process for this connection (read from /proc when the server runs on this machine, as
the embedded one does). On a shared machine the wall clock follows the load; the CPU time much less.

The seed ends with VACUUM ANALYZE, as autovacuum would give a live database some time after such bulk writes (the
embedded server runs without autovacuum): without it the UPDATEs that spread the timestamps leave every table with
as many dead rows as live ones and no visibility map, and the index-only scans read the heap.
"""

from __future__ import annotations

import os
import random
import time
from datetime import timedelta

from _setup import bench_organisation, percentiles
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, reset_queries, transaction
from django.test import Client
from django.utils import timezone
from django_tenants.utils import tenant_context

from agent.models import Turn
from approvals.models import ApprovalRequest
from asks.models import Ask
from conversations.models import Conversation, Customer, Message
from inbox.models import Escalation

SCHEMA = "benchws"
ESCALATIONS = 12_500  # a fifth resolved: 10,000 open or claimed, the volume issue 31 names
ASKS = 100_000
RUNS = int(os.environ.get("WORKSPACE_BENCH_RUNS", "20"))
DAYS = 56  # the rows are spread over 8 weeks
GUARDS = ["unsupported_amount", "effect_claim_without_effect", "internal_vocabulary", "unusable_request"]
NAMES = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Iara", "João"]


def _spread(table: str, column: str) -> None:
    """Move the rows' timestamps back over DAYS days (auto_now_add stamped them all now)."""
    with connection.cursor() as cursor:
        cursor.execute(f'UPDATE "{table}" SET "{column}" = now() - ((id * 7919) %% (%s * 86400)) * interval \'1 second\'',
                       [DAYS])


def seed(admin) -> None:
    rng = random.Random(15)
    now = timezone.now()
    started = time.perf_counter()
    customers = Customer.objects.bulk_create(
        [Customer(channel_user_id=f"55119{index:08d}", phone=f"+55119{index:08d}",
                  name=f"{NAMES[index % len(NAMES)]} {index:05d}") for index in range(ESCALATIONS)], batch_size=5000)
    conversations = Conversation.objects.bulk_create([Conversation(customer=c) for c in customers], batch_size=5000)
    messages = Message.objects.bulk_create(
        [Message(conversation=conversations[index % ESCALATIONS], direction="in", channel_message_id=f"bench-{index}",
                 text="manda 200 pro Pedro", sent_at=now) for index in range(ASKS)], batch_size=5000)
    statuses = (["completed"] * 55 + ["failed"] * 5 + ["abandoned"] * 25 + ["collecting"] * 0)
    asks = []
    for index in range(ASKS):
        if index < 4000:  # at most one open Ask per conversation
            status, reason = "collecting", ""
        else:
            status = rng.choice(statuses)
            reason = rng.choice(["cooled", "superseded", "cancelled"]) if status == "abandoned" else ""
        asks.append(Ask(conversation=conversations[index % ESCALATIONS], kind=rng.choice(["pix_transfer", "balance"]),
                        status=status, abandon_reason=reason, last_activity_at=now,
                        closed_at=None if status == "collecting" else now))
    asks = Ask.objects.bulk_create(asks, batch_size=5000)
    turns = []
    for index, (ask, message) in enumerate(zip(asks, messages, strict=True)):
        failures = ([{"code": rng.choice(GUARDS), "explanation": "x", "evidence": []}] if index % 50 == 0 else [])
        turns.append(Turn(message=message, ask=ask, status="done", provider="builtin", decision="start_new",
                          rule="new_request_without_open_ask", guards=[{"passed": not failures, "total_ms": 3,
                                                                        "failures": failures}],
                          started_at=now, finished_at=now + timedelta(milliseconds=rng.randint(80, 2500))))
    Turn.objects.bulk_create(turns, batch_size=5000)
    approvals = []
    for index, ask in enumerate(asks[:30_000]):
        status = rng.choice(["executed"] * 8 + ["declined", "expired"])
        decided = status != "expired"
        approvals.append(ApprovalRequest(
            ask=ask, conversation_id=ask.conversation_id, tool="send_pix", arguments={}, preview={"text": "", "facts": {}},
            preview_hash="x", risk="money", amount_cents=20000, channel="in_chat_button", nonce=f"bench{index}",
            status=status, created_at=now, expires_at=now + timedelta(minutes=15),
            decided_at=now + timedelta(seconds=rng.randint(5, 300)) if decided else None,
            decided_by="whatsapp:bench" if decided else "", decision_channel="in_chat_button" if decided else ""))
    ApprovalRequest.objects.bulk_create(approvals, batch_size=5000)
    escalations = []
    for index, conversation in enumerate(conversations):
        state = ("open", "open", "open", "claimed", "resolved")[index % 5]
        escalations.append(Escalation(
            conversation=conversation, ask=asks[index] if index % 2 else None, guard=GUARDS[index % len(GUARDS)],
            reason="bench", language=("pt-BR", "es", "en")[index % 3], status=state,
            claimed_by=admin if state != "open" else None, claimed_at=now if state != "open" else None,
            resolved_by=admin if state == "resolved" else None, resolved_at=now if state == "resolved" else None))
    Escalation.objects.bulk_create(escalations, batch_size=5000)
    for table, column in (("asks_ask", "created_at"), ("inbox_escalation", "created_at")):
        _spread(table, column)
    with connection.cursor() as cursor:
        cursor.execute('UPDATE "agent_turn" SET started_at = a.created_at, finished_at = a.created_at + '
                       '(finished_at - started_at) FROM "asks_ask" a WHERE a.id = agent_turn.ask_id')
        cursor.execute('UPDATE "approvals_approvalrequest" SET created_at = a.created_at, expires_at = a.created_at '
                       "+ interval '15 minutes', decided_at = CASE WHEN decided_at IS NULL THEN NULL ELSE a.created_at "
                       "+ (decided_at - now()) END FROM \"asks_ask\" a WHERE a.id = approvals_approvalrequest.ask_id")
    print(f"seeded {ESCALATIONS:,} escalations, {ASKS:,} Asks, turns and messages, 30,000 approvals "
          f"in {time.perf_counter() - started:.0f} s")


def vacuumed() -> None:
    """Dead rows cleared, visibility map and statistics fresh (VACUUM cannot run inside a transaction)."""
    with connection.cursor() as cursor:
        for table in ("asks_ask", "agent_turn", "approvals_approvalrequest", "inbox_escalation",
                      "conversations_message", "conversations_customer", "conversations_conversation"):
            cursor.execute(f'VACUUM (ANALYZE) "{table}"')


def backend_cpu_ms() -> float | None:
    """CPU time (user + system) of this connection's PostgreSQL backend so far, when it runs on this machine."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def timed(client: Client, path: str) -> tuple[dict[str, float], int, int, float, float | None]:
    response = client.get(path)  # warm (templates, connection)
    assert response.status_code == 200, (path, response.status_code)
    statements: list[str] = []

    def counted(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        client.get(path)
    samples = []
    cpu_begin, db_begin = time.process_time(), backend_cpu_ms()
    for _ in range(RUNS):
        begin = time.perf_counter()
        response = client.get(path)
        samples.append((time.perf_counter() - begin) * 1000)
    cpu = (time.process_time() - cpu_begin) * 1000 / RUNS
    db_end = backend_cpu_ms()
    db = (db_end - db_begin) / RUNS if db_begin is not None and db_end is not None else None
    return percentiles(samples), len(statements), len(response.content), cpu, db


def main() -> None:
    call_command("collectstatic", interactive=False, verbosity=0)  # as `make run` does: the pages link hashed files
    organisation = bench_organisation(SCHEMA, "bank")
    with tenant_context(organisation):
        admin, _ = get_user_model().objects.get_or_create(username="benchadmin",
                                                           defaults={"is_staff": True, "is_superuser": True})
        if Escalation.objects.count() < ESCALATIONS:
            with transaction.atomic():
                seed(admin)
            vacuumed()
        counts = (Escalation.objects.exclude(status="resolved").count(), Ask.objects.count(), Turn.objects.count())
    print(f"{SCHEMA}: {counts[0]:,} unresolved escalations, {counts[1]:,} Asks, {counts[2]:,} turns")
    connection.set_schema_to_public()  # type: ignore[attr-defined]
    reset_queries()
    client = Client(HTTP_HOST=f"{SCHEMA}.localhost")
    with tenant_context(organisation):
        client.force_login(admin)
    connection.set_schema_to_public()  # type: ignore[attr-defined]
    since = (timezone.now() - timedelta(days=DAYS + 1)).date().isoformat()
    pages = [
        ("inbox: list + first chat", "/inbox/"),
        ("inbox: the polled list pane", "/inbox/list/"),
        ("inbox: unassigned, page 40", "/inbox/?tab=unassigned&page=40"),
        ("inbox: search 'Carla'", "/inbox/?q=Carla"),
        ("inbox: guard + language filter", "/inbox/list/?guard=internal_vocabulary&language=es"),
        ("dashboard: last 30 days", "/workspace/dashboard/"),
        (f"dashboard: all {DAYS} days", f"/workspace/dashboard/?since={since}"),
    ]
    print(f"{'page':<34} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'SQL':>5} {'KB':>6} {'CPU py':>7} {'CPU db':>7} "
          f"{'CPU ms':>7}")
    for label, path in pages:
        figures, statements, size, cpu, db = timed(client, path)
        verdict = "ok" if figures["p50"] < 300 else "SLOW"
        both = f"{cpu + db:7.1f}" if db is not None else f"{'—':>7}"
        print(f"{label:<34} {figures['p50']:8.1f} {figures['p99']:8.1f} {figures['max']:8.1f} {statements:5d} "
              f"{size / 1024:6.1f} {cpu:7.1f} {db if db is not None else float('nan'):7.1f} {both}  {verdict}")
    print(f"load average during the run: {os.getloadavg()}")


if __name__ == "__main__":
    main()
