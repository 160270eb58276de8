"""The turn's compiled reads bind their values client-side even where the connection prepares what it repeats:
PostgreSQL plans each with its real values, so the partial `inbound_pending` index serves the pending read."""

from __future__ import annotations

from django.db import connection

from agent.tests.helpers import Conversation
from agent.turn import _next_pending, _pending_queryset
from agent.turn.compiled import _compiled


def test_the_pending_read_is_never_a_prepared_statement_with_a_generic_plan(demobank):
    chat = Conversation(customer="5511999990001")
    conversation_id = chat.say("qual meu saldo?").message.conversation_id
    for _ in range(8):  # past psycopg's threshold of 5: a server-bound statement would now be prepared
        _next_pending(conversation_id)
    sql = _compiled("turn_next_pending", _pending_queryset).sql
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert prepared, "the connection prepares nothing: DATABASE_PREPARED_STATEMENTS is off in this run"
    assert 'AS "previous_asked_for"' in sql  # how the pending read is told from the others
    assert not [statement for statement in prepared if 'AS "previous_asked_for"' in statement]
