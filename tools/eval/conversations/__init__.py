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
  settled today (`day` 0) or scheduled `day` days after today (the bank's time zone; `day` may also be a weekday,
  "fri", the next one after today, or a day of the month, "15th", this month's if still ahead); with `status` (e.g.
  "cancelled": a scheduled Pix called off), in that status instead;
- `booking`: {activity, party, day, time} — exactly one new, not cancelled booking of that activity slug, party
  size, local day after today (a number or, as for a Pix, a weekday or a day of the month) and local start time;
  `cancelled`: how many new bookings ended cancelled. A conversation that names a weekday expects it by its code
  (mon…sun), a day of the month as "15th", never by a number, so the day checked does not depend on the day run
  (`tools/eval/tests/test_conversation_days.py`);
- `quote`: {model, gb, battery} — exactly one new used-device quote for them;
- `handoff`: the conversation was handed to the inbox (an escalation exists);
- `says`: substrings of the replies (case- and accent-insensitive); `says_digits`: digits of the replies;
- `kind`: the request kind of the last reply; `slots`: slot values of the last reply (a name compares by inclusion);
- the conversation's language is `lang` when the organisation serves it (checked for every conversation).

Besides, every conversation is checked for a **silent change**: a Pix request whose recipient, key, amount or date
changed after a preview was shown, in a reply that is not a new preview (awaiting confirmation, with buttons); or a
Pix made with no preview before it, or with an amount, date or recipient other than the last preview's (of a request
that completed, when one did: a change of a scheduled Pix previewed and never tapped changed nothing). Those are
counted apart ("changed without a new preview") and fail the conversation.

Each conversation runs in a transaction rolled back afterwards, on the database of DATABASE_URL (the demo
organisations are seeded when missing), with tasks inline (the test settings) and the organisation's provider
(the built-in one unless an OpenAI key is configured)::

    python -m tools.eval.conversations --split heldout|heldout2|tuning [--lang es] [--org school] [--id hb-pt-01] [--misses] [--json]

**Perturbations** (tuning only: `--perturb` on a held-out split is refused): each customer line rewritten the way
real customers type, deterministically (`perturb.py`; typos seeded by `--seed`, the conversation and the line), and
the same expectations checked. Only the conversations a perturbation changes run; their pass rate and each miss
(with the lines as typed) are printed per perturbation::

    python -m tools.eval.conversations --split tuning --perturb typos --perturb abbrev,nopunct [--seed 1] [--sample 2]

Kinds of `--perturb` (kinds joined by commas apply together; `--perturb` repeated runs each apart):
- `noaccents`: accents, the cedilla and the tilde stripped ("não" → "nao", "mañana" → "manana", "demà" → "dema");
- `lower`: all lower case ("Pedro" → "pedro");
- `nopunct`: sentence punctuation dropped (. , ! ? ¿ ¡ ; : … quotes, brackets), the Catalan middle dot too
  ("anul·lar" → "anullar"), English apostrophes ("don't" → "dont");
- `typos`: one letter of one word of six letters or more per line swapped with the next, dropped or doubled, the
  first letter kept ("amanhã" → "amanã", "cancel" → "cacnel"); never a capitalised word, a contact's name (nor the
  expected recipient, slot values or words the replies must say: a note repeated), nor a number word;
- `abbrev`: WhatsApp abbreviations of the conversation's language (pt-BR vc, pq, q, tb, hj, amanha, pfv, obg, qto;
  es q, xq, tb, porfa, pa, mñn; ca pq, q, dema, tb, siusplau; en u, ur, pls, tmrw, thx, ppl, r, wanna);
- `numbers`: number words as digits ("cinquenta reais" → "50 reais", "para dos" → "para 2"; never a price said with
  its cents, "vinte e dois e cinquenta"); in a line with none, at the school and the store, a figure up to 10 after
  "para/per/for/las/les/at" as a word ("a las 3 para 2" → "a las tres para dos"), never at the bank.
Never touched by any kind: a pasted Pix code (from its "000201" on), an e-mail, a formatted CPF or CNPJ, a phone,
a random key, every token holding a digit (amounts, times, models), and commands (`/tap 1`).
"""
