"""Rows the inbox tests build: a chat with inbound messages, an escalation of it, the demo staff users."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from conversations.models import Conversation
from conversations.services import message_store_inbound
from inbox.models import Escalation
from inbox.services import escalation_open


def chat_make(*, texts: tuple[str, ...] = ("oi, quero mandar um pix",), channel: str = "whatsapp",
              name: str = "Maria Teste") -> Conversation:
    """A customer's conversation with `texts` as inbound messages (one minute apart, the last one now)."""
    user_id = f"55119{uuid.uuid4().int % 10**8:08d}"
    now = timezone.now()
    stored = None
    for index, text in enumerate(texts):
        stored = message_store_inbound(
            channel_user_id=user_id, channel_message_id=f"wamid.test-{uuid.uuid4().hex}", text=text, name=name,
            sent_at=now - timedelta(minutes=len(texts) - 1 - index), channel=channel,
        )
    assert stored is not None
    return stored.message.conversation


def escalation_make(conversation: Conversation, **overrides) -> Escalation:
    arguments = {
        "conversation_id": conversation.pk, "ask_id": None, "guard": "no_full_account_number",
        "evidence": {"evidence": ["12345-6"]},
        "drafts": ["Your account 12345-6 is ready.", "Account 12345-6, all set."],
    } | overrides
    return escalation_open(**arguments)


def staff(username: str):
    return get_user_model().objects.get(username=username)


def staff_create(*, username: str, password: str, group):
    """A staff login of the current schema in `group` (a role's group)."""
    user = get_user_model().objects.create_user(username=username, password=password, is_staff=True)
    user.groups.add(group)
    return user


def browser_signed_in(page, *, schema: str, username: str, base: str) -> None:
    """Sign `page` in as `username` of `schema` on a server of another settings module (`manage.py up` knows none
    of the test run's fast password hashers, so the form cannot check the test users' passwords): a session made
    here as `login()` makes it, in the organisation's schema, and its cookie given to the browser."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django_tenants.utils import schema_context

    with schema_context(schema):
        user = get_user_model().objects.get(username=username)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key,
                               "url": base}])


def page_shows(page, text: str, *, timeout_ms: int = 10_000) -> None:
    """`text` is in the page's visible text within `timeout_ms`. A click that submits a form returns once the
    navigation has started, not once the next page is read: its body, read at once, can still be empty. The
    flash message of a form's answer is looked for this way (Playwright's retrying `expect`). Anything else read on
    that page waits for it to load: the click goes inside `with page.expect_navigation():` (`page.wait_for_url`
    returns at once when the answer comes back to the URL already open, as the inbox's and the admin's forms do)."""
    from playwright.sync_api import expect

    expect(page.locator("body")).to_contain_text(text, timeout=timeout_ms, use_inner_text=True)
