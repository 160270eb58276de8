"""The channel's settings: a Django setting wins, else the environment variable, else the default below.

| setting | default | meaning |
| --- | --- | --- |
| WHATSAPP_GRAPH_URL | (base.py) | Cloud API base URL; empty → delivery is simulated (marked sent with a local wamid) |
| WHATSAPP_MAX_BODY_BYTES | 3145728 | larger webhook bodies are refused with 413 before reading (Meta sends up to 3 MB) |
| WHATSAPP_SIGNATURE_FAILURES_LIMIT | 20 | failed webhook signatures from one address before it is answered 429 before its body is read (Redis, all web processes) |
| WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS | 60 | the window those failures are counted in, and how long the address is held back |
| WHATSAPP_MAX_NUMBERS_PER_BODY | 16 | a webhook body naming more phone_number_ids is refused (401) before any signature check |
| WHATSAPP_RATE_PER_SECOND | 80 | sends per phone_number_id per second, shared by every worker (Redis) |
| WHATSAPP_SEND_MAX_ATTEMPTS | 8 | HTTP attempts of one delivery before it is failed (Meta's 429s do not count) |
| WHATSAPP_THROTTLE_PAUSE_SECONDS | 1.0 | a 429 pauses the number this long; each further 429 after a pause doubles it |
| WHATSAPP_THROTTLE_PAUSE_MAX_SECONDS | 60.0 | the longest pause |
| WHATSAPP_THROTTLE_PROBE_PER_SECOND | 5 | the number's rate for a while after a pause (until it has been quiet as long as the pause again) |
| WHATSAPP_THROTTLE_BUDGET_SECONDS | 86400 | a reply Meta keeps throttling is tried until it is this old (past the customer's 24-hour window it goes as the template), then failed |
| WHATSAPP_RETRY_BACKOFF_SECONDS | 2.0 | first retry delay; doubles per attempt, capped at 300 s |
| WHATSAPP_HTTP_TIMEOUT_SECONDS | 10.0 | connect + read timeout of one Cloud API call |
| WHATSAPP_SENDING_STALE_SECONDS | 120 | the lease of a send: a delivery left in `sending` longer was orphaned by a dead worker; the outbound sweeper queues it again |
| WHATSAPP_UNKNOWN_OUTCOME_RETRIES | 1 | sends again after an unknown outcome (timeout, worker died mid-call) unless Meta's receipt settled it meanwhile, marked possibly duplicated (staff told); then failed |
| WHATSAPP_UNKNOWN_OUTCOME_WAIT_SECONDS | 30.0 | after a timeout, how long Meta's receipts get to show the send arrived before it is sent again |
| WHATSAPP_OUTBOX_SWEEP_AFTER_SECONDS | 30 | a reply with no delivery task seen this long after it was due (or stored) is published again by the outbound sweeper, with a lease as long |
| WHATSAPP_OUTBOX_HORIZON_HOURS | 48 | the outbound sweeper looks for replies never handed to a worker this far back |
| WHATSAPP_TEMPLATE_NAME | "magie_reply" | approved template used outside the 24-hour window, body {{1}} = the text |
| WHATSAPP_ANSWER_INLINE_SECONDS | 1.0 | the inbound task starts the turns of what it stored for this long; the rest are queued as turn tasks |
| WHATSAPP_INBOUND_BATCH | 4 | the inbound task stores a number's waiting bodies this many per transaction and answers them, and takes at most five batches (a batch started only within WHATSAPP_ANSWER_INLINE_SECONDS, the first whatever the time) before it leaves the rest to a task of its own at the back of the queue (`whatsapp.answering`); 0: every body published as a task of its own |
| WHATSAPP_TURNS_IN_FLIGHT | 8 | an organisation's turns queued or running at once (`whatsapp.admission`); the rest wait stored, oldest first |
| WHATSAPP_TURN_LEASE_SECONDS | 120 | a queued turn's lease: past it without the task ending, the sweeper admits the message again |
| WHATSAPP_SWEEP_AFTER_SECONDS | 60 | unhandled inbound messages older than this are queued again |
| WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS | 30 | raw webhook bodies never processed after this are published again once the worker has moved past them (or processed nothing) for as long |
| WHATSAPP_PUBLISH_AFTER_RESPONSE | "thread" | how the webhook publishes a stored body's task once its 200 has left: "thread" (this process's publishing thread, `whatsapp.publisher`: a broker down or hung never holds a request thread) or "inline" (on the request thread; test settings) |
| WHATSAPP_INBOUND_RETENTION_DAYS | 7 | processed raw webhook bodies are deleted after this (messages are kept forever) |
"""

from __future__ import annotations

import os

from django.conf import settings

DEFAULTS: dict[str, object] = {
    "WHATSAPP_GRAPH_URL": "",
    "WHATSAPP_MAX_BODY_BYTES": 3 * 1024 * 1024,
    "WHATSAPP_MAX_NUMBERS_PER_BODY": 16,
    "WHATSAPP_SIGNATURE_FAILURES_LIMIT": 20,
    "WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS": 60,
    "WHATSAPP_RATE_PER_SECOND": 80,
    "WHATSAPP_SEND_MAX_ATTEMPTS": 8,
    "WHATSAPP_THROTTLE_PAUSE_SECONDS": 1.0,
    "WHATSAPP_THROTTLE_PAUSE_MAX_SECONDS": 60.0,
    "WHATSAPP_THROTTLE_PROBE_PER_SECOND": 5,
    "WHATSAPP_THROTTLE_BUDGET_SECONDS": 86400,
    "WHATSAPP_RETRY_BACKOFF_SECONDS": 2.0,
    "WHATSAPP_HTTP_TIMEOUT_SECONDS": 10.0,
    "WHATSAPP_SENDING_STALE_SECONDS": 120,
    "WHATSAPP_UNKNOWN_OUTCOME_RETRIES": 1,
    "WHATSAPP_UNKNOWN_OUTCOME_WAIT_SECONDS": 30.0,
    "WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS": 30,
    "WHATSAPP_INBOUND_RETENTION_DAYS": 7,
    "WHATSAPP_PUBLISH_AFTER_RESPONSE": "thread",
    "WHATSAPP_TEMPLATE_NAME": "magie_reply",
    "WHATSAPP_OUTBOX_SWEEP_AFTER_SECONDS": 30,
    "WHATSAPP_OUTBOX_HORIZON_HOURS": 48,
    "WHATSAPP_SWEEP_AFTER_SECONDS": 60,
    "WHATSAPP_ANSWER_INLINE_SECONDS": 1.0,
    "WHATSAPP_INBOUND_BATCH": 4,
    "WHATSAPP_TURNS_IN_FLIGHT": 8,
    "WHATSAPP_TURN_LEASE_SECONDS": 120,
}


def setting(name: str):
    """The Django setting if defined, else the environment variable of the same name, else this module's default.
    Read at call time, so tests may override it."""
    if hasattr(settings, name):
        return getattr(settings, name)
    default = DEFAULTS[name]
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return type(default)(raw)  # type: ignore[call-arg]  # every default is a str, an int or a float


# Template language per organisation language (Meta's codes).
TEMPLATE_LANGUAGES = {"pt-BR": "pt_BR", "es": "es", "ca": "ca", "en": "en_US"}

# Cloud API limits we validate before calling it.
TEXT_MAX = 4096
INTERACTIVE_BODY_MAX = 1024
REPLY_BUTTONS_MAX = 3
REPLY_BUTTON_TITLE_MAX = 20
LIST_ROWS_MAX = 10
LIST_ROW_TITLE_MAX = 24
LIST_ROW_DESCRIPTION_MAX = 72
BUTTON_ID_MAX = 256
