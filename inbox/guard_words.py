"""The failing guard of an escalation, in the staff member's words (Django i18n)."""

from django.utils.translation import gettext_lazy as _

GUARD_WORDS = {
    "unsupported_amount": _("The draft named an amount that none of the records supports."),
    "unsupported_fact": _("The draft stated a name, date, time, count or status that none of the records supports."),
    "policy_bypass": _("The draft promised to bypass the organisation's rules."),
    "stock_contradiction": _("The draft contradicted the stock the store's records show."),
    "sold_out_offered": _("The draft offered something that is sold out."),
    "warranty_without_data": _("The draft promised a warranty the records do not show."),
    "quote_without_required_info": _("The draft quoted a price before the details a quote needs were known."),
    "internal_vocabulary": _("The draft used the organisation's internal vocabulary."),
    "effect_claim_without_effect": _("The draft said something was done that no tool did."),
    "unusable_request": _("The bot could not work out what the customer wanted."),
    "no_full_account_number": _("The draft showed a full account number."),
    "payment_dispute": _("The customer says they already paid or disputes a charge: check the payment first."),
    "person_requested": _("The customer asked to be served by a person."),
    "problem_reported": _("The customer reports something stolen, broken or to return."),
    "limit_change_requested": _("The customer asks to change a limit."),
    "delivery_failed": _("A reply could not be delivered to the customer."),
    "delivery_possibly_duplicated": _("A reply was sent again after WhatsApp did not confirm it: the customer may "
                                      "have received it twice."),
    "turn_failed": _("Several turns in a row failed: the bot could not answer this chat."),
}


def guard_words(code: str) -> str:
    return str(GUARD_WORDS.get(code, _("Guard %(code)s rejected the draft.") % {"code": code}))
