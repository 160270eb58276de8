from magie.errors import DomainError, NotFound


class ApprovalNotFound(NotFound):
    code = "approval_not_found"


class ApprovalExpired(DomainError):
    code, http_status = "approval_expired", 410


class ApprovalAlreadyDecided(DomainError):
    code, http_status = "approval_already_decided", 409


class ApprovalNotUsable(DomainError):
    """Revalidation before execution failed: not approved, expired, Ask moved on, or the preview no longer holds."""

    code, http_status = "approval_not_usable", 409


class SimulatedDecisionRefused(DomainError):
    """A decision typed in the simulator (`simulator:<staff>`) for a customer who is not a sandbox customer."""

    code, http_status = "simulated_decision_refused", 403


class ApprovalInvalid(DomainError):
    """A request that could not be stored as it is (an amount outside what any organisation allows)."""

    code, http_status = "approval_invalid", 400
