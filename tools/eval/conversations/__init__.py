"""Whole conversations through `manage.py chat --json`, their effects checked in the database (issue 30).

`heldout/*.jsonl` and `tuning/*.jsonl` hold one conversation a line: `id`, `org` (bank | school | store, the demo
organisation of that kind), `lang` (the customer's language), `say` (the lines typed into `manage.py chat`,
`/tap N` included) and `expect`. The held-out set is never read while tuning: its first 161 conversations were
written before any perception change of issue 30, the next 171 (numbered on from there) later by someone who did
not read the perception code, from the demo organisations' data alone; its figure is the honest one. `heldout2/`
(134, ids `h2-…`) is a second held-out set, written at once by someone who had read neither the perception code
nor the other sets, from the demo organisations' seed data alone, and reported apart; its first run, on
d40dd02 plus the set (5 Dec 2026): 99/134 (ca 13/23, en 16/19, es 29/40, pt-BR 41/52; bank 42/54, school 25/40,
store 32/40), 0 changed without a new preview. The tuning set holds the
issue's own examples.

`expect` keys, each checked in the organisation's schema after the conversation (anything not named must NOT
have happened: no Pix, no active booking, no cancellation, no quote, no handoff):
- `pix`: {cents, to, day[, status]} — exactly one new Pix, of `cents`, to the holder whose name contains `to`,
  settled today (`day` 0) or scheduled `day` days after today (the bank's time zone); with `status` (e.g.
  "cancelled": a scheduled Pix called off), in that status instead;
- `booking`: {activity, party, day, time} — exactly one new, not cancelled booking of that activity slug, party
  size, local day after today and local start time; `cancelled`: how many new bookings ended cancelled;
- `quote`: {model, gb, battery} — exactly one new used-device quote for them;
- `handoff`: the conversation was handed to the inbox (an escalation exists);
- `says`: substrings of the replies (case- and accent-insensitive); `says_digits`: digits of the replies;
- `kind`: the request kind of the last reply; `slots`: slot values of the last reply (a name compares by inclusion);
- the conversation's language is `lang` when the organisation serves it (checked for every conversation).

Besides, every conversation is checked for a **silent change**: a Pix request whose recipient, key, amount or date
changed after a preview was shown, in a reply that is not a new preview (awaiting confirmation, with buttons); or a
Pix made with no preview before it, or with an amount, date or recipient other than the last preview's. Those are
counted apart ("changed without a new preview") and fail the conversation.

Each conversation runs in a transaction rolled back afterwards, on the database of DATABASE_URL (the demo
organisations are seeded when missing), with tasks inline (the test settings) and the organisation's provider
(the built-in one unless an OpenAI key is configured)::

    python -m tools.eval.conversations --split heldout|heldout2|tuning [--lang es] [--org school] [--id hb-pt-01] [--misses] [--json]
"""
