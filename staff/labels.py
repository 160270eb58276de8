"""The staff's names for the back office's tables and columns, in the four languages of the catalogues.

Engines and the other apps name their fields for developers ("amount cents", "abandon reason"); the back office
shows these words instead. They are applied to the models' metadata once, when the web handler loads its
middleware (`StaffLanguageMiddleware`): never in `makemigrations`, so no app gains a migration for a label, and
every label stays a lazy translation read in the staff member's language. Only names a model left to Django's
default are replaced; a label an app wrote itself wins.
"""

from __future__ import annotations

from django.apps import apps
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

APPS = {"tenants", "conversations", "asks", "bank", "booking", "store", "approvals", "agent", "inbox", "staff", "axes", "whatsapp",
        "magie", "privacy"}

MODEL_NAMES = {
    "tenants.Organisation": (_("organisation"), _("organisations")),
    "tenants.OrganisationPolicy": (_("agent policy"), _("agent policies")),
    "tenants.PolicyVersion": (_("policy version"), _("policy versions")),
    "tenants.WhatsAppChannel": (_("WhatsApp number"), _("WhatsApp numbers")),
    "tenants.StaffSecurity": (_("staff security"), _("staff security")),
    "tenants.Domain": (_("domain"), _("domains")),
    "conversations.Customer": (_("customer"), _("customers")),
    "conversations.Conversation": (_("conversation"), _("conversations")),
    "conversations.Message": (_("message"), _("messages")),
    "asks.Ask": (_("request"), _("requests")),
    "asks.SlotEvent": (_("value change"), _("value changes")),
    "asks.AskTransition": (_("status change"), _("status changes")),
    "asks.Decision": (_("decision"), _("decisions")),
    "bank.Holder": (_("account holder"), _("account holders")),
    "bank.Account": (_("account"), _("accounts")),
    "bank.PixKey": (_("Pix key"), _("Pix keys")),
    "bank.PixTransfer": (_("Pix transfer"), _("Pix transfers")),
    "bank.Contact": (_("saved contact"), _("saved contacts")),
    "bank.BankSettings": (_("bank settings"), _("bank settings")),
    "booking.Activity": (_("activity"), _("activities")),
    "booking.ActivityEquipment": (_("equipment of an activity"), _("equipment of the activity")),
    "booking.Instructor": (_("instructor"), _("instructors")),
    "booking.EquipmentType": (_("equipment"), _("equipment")),
    "booking.TimeSlot": (_("time slot"), _("time slots")),
    "booking.Booking": (_("booking"), _("bookings")),
    "booking.PaymentLink": (_("payment link"), _("payment links")),
    "store.Product": (_("product"), _("products")),
    "store.UsedDevicePrice": (_("trade-in price"), _("trade-in prices")),
    "store.UsedDeviceQuote": (_("trade-in quote"), _("trade-in quotes")),
    "agent.Turn": (_("agent turn"), _("agent turns")),
    "agent.FailedTurn": (_("failed turn"), _("failed turns")),
    "agent.AgentSettings": (_("model provider"), _("model provider")),
    "approvals.ApprovalRequest": (_("approval"), _("approvals")),
    "approvals.ApprovalRefusal": (_("refused tap"), _("refused taps")),
    "inbox.Escalation": (_("escalated chat"), _("escalated chats")),
    "inbox.EscalationReply": (_("reply by a person"), _("replies by people")),
    "inbox.EscalationNote": (_("private note on an escalated chat"), _("private notes on escalated chats")),
    "inbox.CannedReply": (_("canned reply"), _("canned replies")),
    "inbox.CustomerDataView": (_("bank data shown to staff"), _("bank data shown to staff")),
    "inbox.ConversationRead": (_("chat read mark"), _("chat read marks")),
    "axes.AccessAttempt": (_("login lockout"), _("login lockouts")),
    # not in the back office's menus, but named in its roles' permissions
    "magie.Heartbeat": (_("heartbeat"), _("heartbeats")),
    "asks.Attribution": (_("message of a request"), _("messages of requests")),
    "bank.KeyLookup": (_("Pix key lookup"), _("Pix key lookups")),
    "bank.CustomerToken": (_("customer sign-in token"), _("customer sign-in tokens")),
    "booking.CustomerToken": (_("customer sign-in token"), _("customer sign-in tokens")),
    "agent.Reference": (_("reference shown to the model"), _("references shown to the model")),
    "agent.PixCode": (_("Pix code"), _("Pix codes")),
    "whatsapp.Delivery": (_("delivery"), _("deliveries")),
    "whatsapp.DeliveryEvent": (_("delivery status"), _("delivery statuses")),
    "whatsapp.CustomerRoute": (_("customer's WhatsApp number"), _("customers' WhatsApp numbers")),
}

FIELD_LABELS = {
    "created_at": _("created"), "updated_at": _("updated"), "status": _("status"), "kind": _("kind"),
    "name": _("name"), "currency": _("currency"), "customer": _("customer"), "conversation": _("conversation"),
    "ask": _("request"), "message": _("message"), "phone": _("phone"), "number": _("number"), "holder": _("holder"),
    "organisation": _("organisation"), "balance_cents": _("balance (cents)"), "amount_cents": _("amount (cents)"),
    "price_cents": _("price (cents)"), "base_cents": _("base price (cents)"),
    "night_limit_cents": _("night limit (cents)"), "changed_at": _("changed"), "changed_by": _("changed by"),
    "changes": _("changes"), "snapshot": _("the whole policy"), "version": _("version"),
    "phone_number_id": _("WhatsApp phone number id"), "display_phone_number": _("phone number"),
    "channel_user_id": _("WhatsApp id"), "whatsapp_user_id": _("WhatsApp user id"),
    "is_sandbox": _("sandbox customer"), "is_test": _("test money"),
    "decision_claimed_at": _("time the decision claimed"), "received_at": _("received"), "by": _("by"), "last_inbound_at": _("last message from the customer"),
    "abandon_reason": _("why abandoned"), "failure_code": _("failure"), "closed_at": _("closed"),
    "last_activity_at": _("last activity"), "resumed_from": _("resumed from"),
    "pending_approval_id": _("pending approval"), "document": _("document"), "customer_ref": _("customer reference"),
    "key_type": _("key type"), "value": _("value"), "owner_name": _("owner"), "owner_document": _("owner document"),
    "bank_name": _("bank"), "bank_ispb": _("bank ISPB"), "account": _("account"),
    "end_to_end_id": _("end-to-end id"), "idempotency_key": _("idempotency key"),
    "request_fingerprint": _("request fingerprint"), "recipient_name": _("recipient"),
    "recipient_document": _("recipient document"), "recipient_bank_name": _("recipient bank"),
    "recipient_ispb": _("recipient ISPB"), "recipient_key_type": _("recipient key type"),
    "recipient_key_value": _("recipient key"), "description": _("description"), "scheduled_for": _("scheduled for"),
    "settled_at": _("settled"), "failed_at": _("failed"), "cancelled_at": _("cancelled"),
    "from_account": _("from account"), "to_account": _("to account"), "pix_key": _("Pix key"),
    "nickname": _("nickname"), "ispb": _("ISPB"), "slug": _("code"), "names": _("names by language"),
    "duration": _("duration"), "activity": _("activity"), "activities": _("activities"),
    "instructor": _("instructor"), "start": _("start"), "end": _("end"), "capacity": _("places"),
    "places_left": _("places left"), "activity_name": _("activity name"),
    "slot": _("time slot"), "customer_name": _("customer name"), "party_size": _("people"), "paid_at": _("paid"),
    "booking": _("booking"), "token": _("token"), "expires_at": _("expires"), "stock": _("stock"), "sku": _("SKU"),
    "brand": _("brand"), "model": _("model"), "capacity_gb": _("capacity (GB)"), "condition": _("condition"),
    "warranty_months": _("warranty (months)"), "sold_out": _("sold out"), "device_model": _("device"),
    "price_row": _("price row"), "quoted_brand": _("quoted brand"), "quoted_model": _("quoted model"),
    "battery_health": _("battery health"), "battery_percent": _("battery (%)"), "valid_until": _("valid until"),
    "provider": _("provider"), "decision": _("decision"), "rule": _("rule"), "reply": _("reply"),
    "queries": _("database queries"), "started_at": _("started"), "finished_at": _("finished"),
    "error": _("error"), "error_code": _("error code"), "error_class": _("error class"),
    "traceback_hash": _("traceback hash"), "perception": _("perception"), "tool_calls": _("tool calls"),
    "drafts": _("drafts"), "guards": _("checks"), "reply_message": _("reply message"), "tokens": _("tokens"),
    "asked_for": _("asked for"), "tool": _("tool"), "arguments": _("arguments"), "preview": _("preview"),
    "preview_hash": _("preview hash"), "risk": _("risk"), "channel": _("channel"), "decided_at": _("decided"),
    "decided_by": _("decided by"), "decision_channel": _("decided on"), "reason": _("reason"),
    "shown_in": _("shown in"), "executed_at": _("executed"), "result": _("result"), "guard": _("check"),
    "evidence": _("evidence"), "first_draft": _("first draft"), "second_draft": _("second draft"),
    "notes": _("notes"), "claimed_by": _("claimed by"), "claimed_at": _("claimed"), "resolved_by": _("resolved by"),
    "resolved_at": _("resolved"), "resolution_note": _("resolution note"), "author": _("author"),
    "openai_model": _("model"), "openai_base_url": _("model base URL"), "openai_api_key": _("model API key"),
    "action": _("action"), "previous": _("previous value"), "source": _("from"), "target": _("to"),
    "detail": _("detail"), "direction": _("direction"), "text": _("text"), "sent_at": _("sent"),
    "payload": _("payload"), "reply_to": _("reply to"), "time_zone": _("time zone"),
    "schema_name": _("schema (host name)"), "admin_totp_required": _("admins must use a second factor"),
    "agent_totp_required": _("human agents must use a second factor"),
    "auditor_totp_required": _("auditors must use a second factor"),
    "gates": _("approval rules"), "on_tool_failure": _("when a system call fails"),
    "side_request": _("when the customer asks something else"), "approval_expiry": _("approval expiry"),
    "ask_stale_after": _("request goes stale after"), "enabled_guards": _("checks on every reply"),
    "internal_vocabulary": _("words never said to customers"), "guard_retries": _("redrafts after a failed check"),
    "guard_time_budget_ms": _("time for the checks (ms)"), "amount_max_cents": _("largest amount per request (cents)"),
    "language": _("language"), "title": _("title"), "turn_lease_token": _("turn lock token"), "turn_lease_holder": _("turn lock holder"),
    "turn_lease_expires_at": _("turn lock expires"),
    "app_secret": _("app secret"), "verify_token": _("webhook verify token"), "access_token": _("access token"),
    "nickname_folded": _("nickname (for search)"), "equipment": _("equipment"),
    "equipment_type": _("equipment"), "quantity": _("quantity"),
    "viewer": _("shown to"), "viewed_at": _("shown at"), "shown": _("what was shown"),
    "pix_count": _("Pix listed"), "escalation": _("escalated chat"),
    "search_text": _("search text"), "brand_key": _("brand (for search)"), "model_key": _("model (for search)"),
}
# Where one field name means something else in one model.
FIELD_OVERRIDES = {("asks.SlotEvent", "slot"): _("value"), ("asks.SlotEvent", "value"): _("new value"),
                   ("inbox.CustomerDataView", "page"): _("staff page"),
                   ("booking.Activity", "price_cents"): _("price per person (cents)"),
                   # django-axes names its columns in English only (it has no pt-BR, es or ca catalogue)
                   ("axes.AccessAttempt", "username"): _("username"),
                   ("axes.AccessAttempt", "ip_address"): _("IP address"),
                   ("axes.AccessAttempt", "user_agent"): _("browser"),
                   ("axes.AccessAttempt", "http_accept"): _("HTTP Accept header"),
                   ("axes.AccessAttempt", "path_info"): _("path"),
                   ("axes.AccessAttempt", "attempt_time"): _("last failed sign-in"),
                   ("axes.AccessAttempt", "get_data"): _("GET data"),
                   ("axes.AccessAttempt", "post_data"): _("POST data"),
                   ("axes.AccessAttempt", "failures_since_start"): _("failed sign-ins")}

APP_NAMES = {"tenants": _("Organisations"), "conversations": _("Conversations"), "asks": _("Asks"), "bank": _("Bank"),
             "booking": _("School"), "store": _("Store"), "approvals": _("Approvals"), "agent": _("Agent"),
             "inbox": _("Inbox"), "staff": _("Staff"), "axes": _("Login lockouts"), "whatsapp": _("WhatsApp"),
             "magie": _("Platform")}

# The states and kinds the apps declare in English: shown through the catalogues (each label its own msgid).
CHOICE_WORDS = {  # each a literal, so that makemessages finds it
    gettext_noop("WhatsApp Cloud API"), gettext_noop("manage.py chat"),
    gettext_noop("WhatsApp simulator (staff, sandbox customers)"), gettext_noop("from the customer"),
    gettext_noop("to the customer"), gettext_noop("Text"), gettext_noop("Button"), gettext_noop("List"),
    gettext_noop("Media"), gettext_noop("Other"), gettext_noop("Edit"), gettext_noop("Deletion"),
    gettext_noop("System"), gettext_noop("Collecting"), gettext_noop("Awaiting Confirmation"),
    gettext_noop("Executing"), gettext_noop("Completed"), gettext_noop("Failed"), gettext_noop("Abandoned"),
    gettext_noop("Suspended"), gettext_noop("cooled by the clock"),
    gettext_noop("replaced by a new request of the same kind"), gettext_noop("cancelled by the customer"),
    gettext_noop("Fill"), gettext_noop("Correct"), gettext_noop("Clear"), gettext_noop("Resume"),
    gettext_noop("Individual"), gettext_noop("Business"), gettext_noop("Customer"),
    gettext_noop("Settlement (outgoing Pix to other banks)"), gettext_noop("CPF"), gettext_noop("CNPJ"),
    gettext_noop("Phone"), gettext_noop("E-mail"), gettext_noop("Random key"), gettext_noop("Scheduled"),
    gettext_noop("Settled"), gettext_noop("Cancelled"), gettext_noop("Pending payment"), gettext_noop("Paid"),
    gettext_noop("New"), gettext_noop("Refurbished"), gettext_noop("Done"),
    gettext_noop("Platform default (OpenAI when OPENAI_API_KEY is set, else built-in)"),
    gettext_noop("Built-in, deterministic (no model)"), gettext_noop("OpenAI-compatible API"),
    gettext_noop("In Chat Button"), gettext_noop("App"), gettext_noop("Pending"), gettext_noop("Approved"),
    gettext_noop("Declined"), gettext_noop("Expired"), gettext_noop("Voided"), gettext_noop("Executed"),
    gettext_noop("Execution Failed"), gettext_noop("Open"), gettext_noop("Claimed"), gettext_noop("Resolved"),
    gettext_noop("Balance and recent Pix"), gettext_noop("A list of bank records"), gettext_noop("A bank record"),
    gettext_noop("A trace"), gettext_noop("An export"), gettext_noop("tapped from another customer's conversation"),
    gettext_noop("tapped on another channel than the preview's"), gettext_noop("the request was never shown"),
    gettext_noop("arrived after the request expired"),
}

# The back office's words for the conversations app: written here, as conversations/locale is the customers'
# catalogue (`makemessages` files a string under the app's own locale directory).
CONVERSATION_WITH = _("Conversation with %(customer)s")
NUMBER = _("No.")  # the header of a list's column of record numbers
SANDBOX_ID_LABEL = _("WhatsApp id (digits)")
DATA_RIGHTS = _("data rights")  # the customer page's link to its export and erasure (privacy/)
DATA_RIGHTS_LINK = _("Export or erase this customer's data")
SANDBOX_ID_DIGITS_ONLY = _("Digits only, as a WhatsApp id (e.g. 5511999990099).")
SANDBOX_ID_NOT_A_NUMBER = _("Not a phone number: a WhatsApp id is the country code and the number, digits only "
                            "(e.g. 5511999990099).")
SANDBOX_ID_TAKEN = _("This id is already a sandbox customer.")
SANDBOX_ID_REAL = _("This id is a real customer's: a sandbox customer needs an id of its own.")

_applied = False


def labels_apply() -> None:
    """Give the back office's models and fields their staff names (idempotent; see the module's docstring)."""
    global _applied
    if _applied:
        return
    for app_label, name in APP_NAMES.items():
        apps.get_app_config(app_label).verbose_name = name
    replaced: dict[tuple[str, str], str] = {}  # (model, field) → the name it had
    for model in apps.get_models():
        opts = model._meta
        if opts.app_label not in APPS:
            continue
        names = MODEL_NAMES.get(opts.label)
        if names:
            opts.verbose_name, opts.verbose_name_plural = names
        for field in [*opts.fields, *opts.many_to_many]:
            label = FIELD_OVERRIDES.get((opts.label, field.name))
            if label is None and field.verbose_name == field.name.replace("_", " "):  # Django's default, not the app's
                label = FIELD_LABELS.get(field.name)
            if label is not None:
                replaced[(opts.label, field.name)] = str(field.verbose_name)
                field.verbose_name = label
            if field.choices and all(str(word) in CHOICE_WORDS for _value, word in field.flatchoices):
                field.choices = [(value, _(str(word))) for value, word in field.flatchoices]
    _declared_forms_relabel(replaced)
    _roles_named()
    _applied = True


def _role_name(group) -> str:
    from staff.stored_words import role_label

    return role_label(group.name)


def _roles_named() -> None:
    """A role is a Django group whose name is a code ("auditor"): wherever a page shows a group (the member's
    roles, the role filter, the role page's title), it reads the role in the staff member's words."""
    from django.contrib.auth.models import Group

    Group.__str__ = _role_name  # type: ignore[method-assign]


def _declared_forms_relabel(replaced: dict[tuple[str, str], str]) -> None:
    """A ModelForm class written in an app (not built per request by the admin) took its labels from the models
    when it was imported, before the staff names were applied: its labels that are still the old names follow."""
    from django import forms
    from django.utils.text import capfirst

    classes = list(forms.ModelForm.__subclasses__())
    while classes:
        form = classes.pop()
        classes.extend(form.__subclasses__())
        model = getattr(getattr(form, "_meta", None), "model", None)
        if model is None:
            continue
        for name, field in getattr(form, "base_fields", {}).items():
            before = replaced.get((model._meta.label, name))
            if before is not None and str(field.label) == capfirst(before):
                field.label = capfirst(model._meta.get_field(name).verbose_name)


# Why a chat went to people: a guard's name (magie.choices.GUARD_LABELS), or one of the reasons the turn, the
# channel and the inbox's own words (inbox.guard_words) give.
ESCALATION_REASONS = {"delivery_failed": _("A reply could not be delivered"),
                      "delivery_possibly_duplicated": _("A reply may have reached the customer twice"),
                      "turn_failed": _("The agent failed several turns in a row"),
                      "payment_dispute": _("The customer disputes a payment"),
                      "person_requested": _("The customer asked for a person"),
                      "no_full_account_number": _("A full account number shown to the customer")}


def escalation_reason_label(code: str) -> str:
    """A check's or an escalation reason's name for staff ("unsupported_amount" → "Amounts that no data supports");
    an unknown code is shown as it is."""
    from magie.choices import GUARD_LABELS

    label = GUARD_LABELS.get(code) or ESCALATION_REASONS.get(code)
    return str(label) if label is not None else code
