"""What the agent's room tells `conversations` about sandbox identities: it knows both the chats and the engines."""

from __future__ import annotations

from bank.models import Holder


def real_holder_number(channel_user_id: str) -> bool:
    """True when the id is a bank holder's whose money is real (`Holder.is_test` unset): such a number is never
    made a sandbox identity (conversations.services.customer_create_sandbox)."""
    return Holder.objects.filter(customer_ref=channel_user_id, is_test=False).exists()
