"""`AskWrites`: what a caller holding a conversation's row lock hands to the Ask services, explicitly.

The turn locks the conversation row once per transaction (`agent.turn.lease.lease_locked`) and passes an
`AskWrites` to every Ask service it calls (`writes=`). Given one, a service

- does not lock the conversation again nor open a savepoint of its own (the caller's transaction holds the lock,
  and any error there rolls that whole transaction back);
- adds the transitions it records to `transitions` instead of inserting them: the caller writes them before its
  transaction ends (`agent.turn.commit`);
- with `defer_saves`, leaves the Asks it moves in `saves` (the UPDATE guarded by the status each had when read) for
  the caller's last statement, and reads such an Ask from there, not from its row.

Without one, every service locks, saves and records at once, in its own transaction. Nothing here is global or
per thread: two callers never share an `AskWrites`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from asks.models import Ask


class TransitionRow(NamedTuple):
    """One move of an Ask as `asks.models.AskTransition` records it (its `created_at` is stamped when written): the
    values, not a model instance, until the statement that writes it (`asks.services.transitions_insert_sql`)."""

    ask_id: int
    source: str
    target: str
    rule: str
    message_id: int | None


@dataclass
class AskWrites:
    conversation_id: int  # the conversation whose row the caller's open transaction holds locked
    transitions: list[TransitionRow] = field(default_factory=list)  # recorded, not written yet
    saves: dict[int, tuple[Ask, str]] = field(default_factory=dict)  # Ask id → (the Ask, its status as read)
    defer_saves: bool = False  # leave moved Asks in `saves` for the caller's last statement

    def discard(self) -> None:
        """Forget what was collected (its transaction rolled back)."""
        self.transitions.clear()
        self.saves.clear()
        self.defer_saves = False
