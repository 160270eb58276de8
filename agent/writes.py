"""`TurnWrites`: the turn's unit of work, passed explicitly to the services and tools that take part in it.

Created by the turn for each attempt (`agent.turn.turn_run`) and handed down as an argument — to `lease_locked`,
to the Ask services (`writes=`, `asks.writes.AskWrites`, which this extends) and, through `ToolContext.writes`, to
the tools, the gate and the references. It holds:

- what the open transaction has collected and not written yet: the Asks' transitions and deferred saves
  (`AskWrites`), the references kept alive for an approval request (`extensions`). `agent.turn.commit` writes them
  before the transaction ends — in the turn's last statement, or when a shorter transaction of the turn ends;
- what the turn read once and need not read again: the references it issued or resolved (`references`: a reference
  never changes once issued except for its expiry, which only moves later) and the customer's bank holder row
  (`holders`: who the customer is, which nothing in a turn changes).

A service called without one locks, writes and reads at once, on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from asks.writes import AskWrites

if TYPE_CHECKING:
    from agent.models import Reference
    from agent.references import IssuedReference


@dataclass
class TurnWrites(AskWrites):
    extensions: list[tuple[str, datetime]] = field(default_factory=list)  # (reference token, keep until)
    references: dict[str, Reference | IssuedReference] = field(default_factory=dict)  # by token, issued or read
    holders: dict[Any, Any] = field(default_factory=dict)  # the bank's holder rows read in this turn

    def discard(self) -> None:
        """Forget what the rolled-back transaction collected (what was read stays: a reference or a holder row
        read before is still what it was)."""
        super().discard()
        self.extensions.clear()

    def pending(self) -> bool:
        return bool(self.transitions or self.saves or self.extensions)
