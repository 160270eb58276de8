"""Typed errors of the bank engine. Each has a stable `code` (the agent and the app word it for people) and an
HTTP status; `magie.api.exception_handler` renders them as {"code", "message", "extra"}."""

from __future__ import annotations

from magie.errors import DomainError, NotFound


class AccountNotFound(NotFound):
    """No holder/account for this customer (raised alike for missing and someone else's)."""

    code, http_status = "account_not_found", 404


class RealMoneyRefused(DomainError):
    """A test path (the WhatsApp simulator) named a holder whose money is real: only test holders' money is moved or
    read there."""

    code, http_status = "real_money_refused", 403


class TransferNotFound(NotFound):
    code, http_status = "transfer_not_found", 404


class InvalidKey(DomainError):
    """The text is no valid Pix key of any type (CPF/CNPJ check digits, +55 mobile, e-mail, UUID v4)."""

    code, http_status = "invalid_key", 400


class KeyNotFound(DomainError):
    """A valid key that the directory does not know."""

    code, http_status = "key_not_found", 404


class LookupBudgetExceeded(DomainError):
    """Too many key lookups (misses cost more) in the rolling window; extra: retry_after_seconds."""

    code, http_status = "lookup_budget_exceeded", 429


class AmountInvalid(DomainError):
    code, http_status = "amount_invalid", 400


class SameAccount(DomainError):
    code, http_status = "same_account", 422


class InsufficientFunds(DomainError):
    code, http_status = "insufficient_funds", 422


class NightLimitExceeded(DomainError):
    """An individual's Pix between 20:00 and 06:00 (organisation time) beyond the night limit."""

    code, http_status = "night_limit_exceeded", 422


class IdempotencyKeyMissing(DomainError):
    code, http_status = "idempotency_key_missing", 400


class ScheduleInvalid(DomainError):
    """A scheduled Pix must be due in the future (and within SCHEDULE_MAX_DAYS)."""

    code, http_status = "schedule_invalid", 400


class TransferNotCancellable(DomainError):
    code, http_status = "transfer_not_cancellable", 409


class TransferNotChangeable(DomainError):
    """Only a scheduled Pix (not yet run, failed or cancelled) can be changed."""

    code, http_status = "transfer_not_changeable", 409


class ContactNotFound(DomainError):
    """No saved contact by that name; extra: contacts (the saved nicknames, so they can be offered)."""

    code, http_status = "contact_not_found", 404


class ContactAmbiguous(DomainError):
    """Several saved contacts match; extra: candidates."""

    code, http_status = "contact_ambiguous", 409


class TxidInvalid(DomainError):
    code, http_status = "txid_invalid", 400
