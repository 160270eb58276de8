"""Typed errors of the inbox; each carries a stable `code` the back office (and any API) shows as is."""

from magie.errors import DomainError, NotFound


class EscalationNotFound(NotFound):
    code = "escalation_not_found"


class EscalationAlreadyClaimed(DomainError):
    """Another human agent holds the escalation."""

    code, http_status = "escalation_already_claimed", 409


class EscalationNotClaimed(DomainError):
    """Replying needs the escalation claimed by the one who replies."""

    code, http_status = "escalation_not_claimed", 409


class EscalationAlreadyResolved(DomainError):
    code, http_status = "escalation_already_resolved", 409


class EscalationReplyEmpty(DomainError):
    code, http_status = "escalation_reply_empty", 400


class EscalationReplyInvalid(DomainError):
    """The reply form did not validate (empty, or longer than a WhatsApp text)."""

    code, http_status = "escalation_reply_invalid", 400


class EscalationResolveNoteRequired(DomainError):
    """Resolving says why, for the record (the customer is told the chat was closed)."""

    code, http_status = "escalation_resolve_note_required", 400


class EscalationNoteEmpty(DomainError):
    code, http_status = "escalation_note_empty", 400


class EscalationAssigneeInvalid(DomainError):
    """Chats go only to active staff of this organisation in the agent or admin role."""

    code, http_status = "escalation_assignee_invalid", 400


class CsatTapRefused(DomainError):
    """A satisfaction tap that rates nothing: forged or altered, another conversation's chat, or a chat never
    asked (or not resolved)."""

    code, http_status = "csat_tap_refused", 400


class CsatAlreadyRated(DomainError):
    """Each resolved chat is rated once; a second tap (another option, or the same one again) changes nothing."""

    code, http_status = "csat_already_rated", 409


class EscalationReplyPlaceholder(DomainError):
    """A reply still holding a `{{…}}` placeholder: it would reach the customer as typed."""

    code, http_status = "escalation_reply_placeholder", 400
