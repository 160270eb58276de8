"""What one message's turn carries from step to step (built by `receive`, filled by the others)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agent.drafting import GuardedDraft
from agent.models import Turn
from agent.pixcode import CodeRead
from agent.providers.base import AskScope, Draft, Provider, RespondInput, Usage
from agent.tools.base import ToolCallRecord, ToolContext
from agent.turn.lease import Lease
from agent.writes import TurnWrites
from asks.models import Ask
from asks.perception.contract import Perception
from asks.services import DecisionOutcome
from conversations.models import Conversation, Message
from tenants.selectors import OrganisationInForce


@dataclass
class TurnState:
    message: Message
    conversation: Conversation
    org: OrganisationInForce
    lease: Lease
    trace: Turn
    writes: TurnWrites  # the turn's unit of work, handed to every service and tool it calls
    provider: Provider | None = None
    asked_for: str | None = None  # the slot the previous reply asked for
    language: str | None = None  # this message's language (`receive` detects it among the organisation's)
    corrects: Message | None = None  # an edit of the message the open Ask came from: a correction of that Ask
    perception: Perception | None = None
    pix_code: CodeRead | None = None  # the Pix code the message carries (read by code; the model never sees it)
    outcome: DecisionOutcome | None = None
    ctx: ToolContext | None = None
    scope: AskScope | None = None
    request: RespondInput | None = None
    records: list[ToolCallRecord] = field(default_factory=list)
    draft: Draft | None = None
    model_drafted: bool = False  # False for code-built text (previews, outcomes of decisions): never redrafted
    checked: GuardedDraft | None = None
    usage: Usage = field(default_factory=Usage)
    escalation: str | None = None  # the reason's code, to open when the reply is delivered (worded at display)
    done: bool = False  # nothing more to perceive, decide or draft: deliver what `draft` holds (maybe nothing)
    decided_under: Any = None  # the conversation row `decide` locked (its transaction's `Lease.held`)
    reply: Message | None = None  # the reply `deliver` put in the outbox, inserted by `record`'s statement
    gives_back: bool | None = None  # `record`'s statement gave the lease back (once its transaction commits)
    queue_delivery: bool = True  # the reply's delivery task is queued on commit (False: the caller hands it over)

    @property
    def ask(self) -> Ask | None:
        return self.outcome.ask if self.outcome is not None else None

    @property
    def lang(self) -> str:
        """The customer's language: this message's, else the conversation's, else the organisation's own."""
        return self.language or self.conversation.language or self.org.tenancy.language

    def finish_early(self, draft: Draft, *, provider: str | None = None, rule: str = "",
                     status: Any = None) -> None:
        self.draft, self.done = draft, True
        if provider is not None:
            self.trace.provider = provider
        if rule:
            self.trace.rule = rule
        if status is not None:
            self.trace.status = status
