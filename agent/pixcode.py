"""A Pix code (BR Code) in a customer's message — pasted "copia e cola" text, or the text of a photographed QR that
the channel stored — read as untrusted third-party data, never as words of the customer or instructions.

The turn calls, in order:
- `pix_code_read(text)` in `perceive`: the code's fields through the pure parser (`language.brcode`), a dynamic
  code's payload fetched only from the platform's allow-list (`agent.pixpayload`), or the refusal to say (a reply
  key of `agent.replies`): a damaged or tampered code (CRC), a code that is no Pix, two codes at once, a dynamic
  code from an address not allowed, or one whose payload cannot be had. No model reads the message then: the
  perception is built here (`pix_code_perception`: a new Pix request whose key and amount are the parser's fields).
- `pix_code_store` in `decide`, once the Ask exists: the code's row, bound to the message and the Ask.
- `pix_code_redacted(text)` wherever the message's text would reach a model (the perceiver of any other message,
  the Ask's history in the model's scope): each code becomes the marker `[Pix code]`, so neither its merchant name
  nor its free text can steer the model.
The Pix tools read the Ask's code (`pix_code_for`) to put its txid on the transfer, keep its amount, and warn in
the preview when the directory's owner of the key is not the name the code claims (`names_match`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rapidfuzz.distance import OSA

from agent.models import PixCode
from agent.pixpayload import PayloadRefused, payload_get
from asks.perception.contract import MoneySlot, Perception, PixKeySlot, Slots
from language.brcode import brcode_find
from language.locales import lang_of
from language.pix_keys import ParsedPixKey, classify_pix_key
from language.text import fold

CODE_MARK = "[Pix code]"
NAME_MARK = "[name in the Pix code]"
PERCEIVER = "pix_code"
# Parser refusals that mean "damaged or altered" (the customer should ask for a new code) rather than "not a Pix".
DAMAGED = frozenset({"crc_mismatch", "truncated", "malformed"})
# Words after a company's name that a code's 25 characters usually leave out.
LEGAL_SUFFIXES = frozenset({"ltda", "sa", "s a", "me", "mei", "epp", "eireli", "ss", "cia"})
_NOT_WORD = re.compile(r"[^0-9a-z]+")


@dataclass(frozen=True)
class CodeRead:
    """What the message's code lets the turn do: `refusal` (a reply key), else the payment it describes."""

    refusal: str | None = None
    kind: str = PixCode.Kind.STATIC
    payload: str = ""
    key: ParsedPixKey | None = None
    amount_cents: int | None = None
    txid: str = ""
    merchant_name: str = ""
    merchant_city: str = ""
    url: str = ""
    note: str = ""  # the customer's own description said beside the code ("descrição: aluguel"), for the transfer


def pix_code_present(text: str) -> bool:
    """Whether `text` holds something that is (or was meant to be) a Pix code; reads nothing over the network."""
    return "000201" in (text or "") and bool(brcode_find(text))


def pix_code_read(text: str, *, before_fetch: Callable[[], None] = lambda: None) -> CodeRead | None:
    """None when `text` holds no Pix code; else the code's payment or the refusal to tell the customer.
    `before_fetch` runs before a dynamic code's payload is fetched (the turn gives its connection back)."""
    matches = brcode_find(text or "")
    if not matches:
        return None
    if len(matches) > 1:
        return CodeRead(refusal="pix_code_several")  # which one would be paid?
    match = matches[0]
    if match.error is not None or match.code is None:
        why = match.error.code if match.error is not None else "malformed"
        return CodeRead(refusal="pix_code_damaged" if why in DAMAGED else "pix_code_invalid")
    code = match.code
    if code.kind == "dynamic":
        before_fetch()
        try:
            fetched = payload_get(code.url or "")
        except PayloadRefused as refused:
            return CodeRead(refusal=refused.reply)
        key = classify_pix_key(fetched.key) or _random_key(fetched.key)
        if key is None:
            return CodeRead(refusal="pix_code_invalid")
        return CodeRead(kind=PixCode.Kind.DYNAMIC, payload=code.payload, key=key, amount_cents=fetched.amount_cents,
                        txid=fetched.txid, merchant_name=code.merchant_name, merchant_city=code.merchant_city,
                        url=code.url or "")
    return CodeRead(kind=PixCode.Kind.STATIC, payload=code.payload, key=code.key, amount_cents=code.amount_cents,
                    txid=code.txid or "", merchant_name=code.merchant_name, merchant_city=code.merchant_city)


def _random_key(raw: str) -> ParsedPixKey | None:
    from language.brcode import (
        _UUID_ANY_VERSION,  # the parser's own reading of a random key (any UUID version)
    )

    return ParsedPixKey("random", raw.strip().lower()) if _UUID_ANY_VERSION.fullmatch(raw.strip()) else None


def pix_code_perception(read: CodeRead, *, lang: str, beside: Perception | None = None) -> Perception:
    """A new Pix request whose slots are the parser's fields: the key and, when the code fixes it, the amount; plus
    what the customer's own words beside the code said (`beside`, read by the rules, never by a model): the day
    to pay on, and the amount of a code that leaves it open. A code's fixed amount is never replaced here: another
    amount said beside it is `pix_code_amount_conflict`, answered in words before anything starts."""
    assert read.key is not None and read.refusal is None
    said = beside.slots if beside is not None else Slots()
    if read.amount_cents is not None:
        amount: MoneySlot | None = MoneySlot(amount_cents=read.amount_cents, currency="BRL")
    else:
        amount = said.amount
    when = said.when if said.when and len(said.when) >= 10 else None  # a day (a time alone pays nothing later)
    return Perception(perceiver=PERCEIVER, lang=lang_of(lang), request_kind="pix_transfer",
                      slots=Slots(pix_key=PixKeySlot(type=read.key.type, value=read.key.value), amount=amount,
                                  when=when),
                      markers=frozenset({"new_request"}))


def pix_code_words(text: str) -> str:
    """The customer's own words in a message holding a Pix code: the text with every code taken out."""
    parts, position = [], 0
    for match in brcode_find(text or ""):
        parts += [text[position:match.start], " "]
        position = match.end
    return " ".join("".join(parts + [text[position:]]).split())


# A description said beside a code, after its label: "descrição: aluguel", "descripción alquiler de marzo",
# "concepte: quota", "note: rent", "referente ao aluguel". Read in every language the bank serves (a customer writes
# in whichever), up to the end of its clause; a short label ("ref", "obs", "nota") needs a colon or dash after it.
NOTE_LABELS = (r"descri(?:cao|pcion|pcio|ption)", "concepto", "concepte", "observacao", "observacion", "observacio",
               "referencia")
NOTE_LABELS_SHORT = ("desc", "nota", "note", "memo", "mensagem", "mensaje", "missatge", "message", "motivo", "motiu",
                     "reference", "ref", "obs")
NOTE_MAX = 140  # what a transfer's description holds
_LABELS, _LABELS_SHORT = "|".join(NOTE_LABELS), "|".join(NOTE_LABELS_SHORT)
_NOTE = re.compile(rf"(?<!\w)(?:(?:{_LABELS})(?!\w)\s*[:=-]?|(?:{_LABELS_SHORT})\s*[:=-]|referente (?:aos|ao|as|a)(?!\w))"
                   r"\s*(?P<note>[^,;.\n]*[^\s,;.\n])")


# A long label typed one letter off, before a colon ("descição: aluguel", "concepo: luz"): the label all the same.
_LONG_LABELS = ("descricao", "descripcion", "descripcio", "description", "concepto", "concepte", "observacao",
                "observacion", "observacio", "referencia")
_TYPED_LABEL = re.compile(r"(?<!\w)(?P<label>[^\W\d_]{6,})\s*[:=-]\s*(?P<note>[^,;.\n]*[^\s,;.\n])")


# A label or a verb of noting opening the words, with no colon, then words of letters up to a figure or the end of
# the clause: "note groceries 30", "anota mercado 30", "apunta luz": what opens a message is its own, not a noun in it
# ("paga a nota fiscal" has no note).
_NOTE_VERBS = ("anota", "anote", "apunta", "apunte", "jot down")
_OPENING_NOTE = re.compile(rf"^\s*(?:{_LABELS_SHORT}|{'|'.join(_NOTE_VERBS)})\s+(?P<note>[^\W\d_]+(?:\s+[^\W\d_]+)*)")


# A short label with no colon later in the words, its note of letters running to their end: "pay this one note
# groceries", "paga esse mensagem aluguel" typed without their punctuation. Never after an article or a determiner:
# "paga a nota fiscal", "the note is wrong" name a thing, no label.
_CLOSING_NOTE = re.compile(rf"(?<!\w)(?:{_LABELS_SHORT})\s+(?P<note>[^\W\d_]+(?:\s+[^\W\d_]+)*)\s*$")
_DETERMINERS = frozenset({"a", "o", "as", "os", "um", "uma", "la", "el", "las", "los", "les", "els", "un", "una",
                          "the", "this", "that", "my", "your", "esta", "este", "essa", "esse", "aquela", "aquella",
                          "minha", "meu", "mi", "tu", "sua", "seu", "su", "meva", "aquesta", "aquest", "de", "da",
                          "do", "del", "of"})


def _closing_note(folded: str) -> re.Match[str] | None:
    """`_CLOSING_NOTE` in `folded` when the word before its label is no article or determiner, else None."""
    match = _CLOSING_NOTE.search(folded)
    if match is None or match.start() == 0:
        return match
    before = folded[:match.start()].split()
    return None if before and before[-1] in _DETERMINERS else match


def _note_match(folded: str) -> re.Match[str] | None:
    """The label and note of `folded` (`_NOTE`), or a label opening it with no colon (`_OPENING_NOTE`) or closing it
    (`_closing_note`), or else of a long label one letter off before a colon."""
    if (match := _NOTE.search(folded) or _OPENING_NOTE.match(folded) or _closing_note(folded)) is not None:
        return match
    return next((typed for typed in _TYPED_LABEL.finditer(folded) if any(
        OSA.distance(typed.group("label"), label, score_cutoff=1) <= 1 for label in _LONG_LABELS)), None)


def pix_code_note(words: str) -> tuple[str, str]:
    """The description said beside a code (or ""), and the words without it: a note ("conta de 12 de dezembro")
    is the customer's text for the transfer, never a day to pay on or an amount."""
    match = _note_match(fold(words))  # fold keeps the length of what it reads (accents dropped, case lowered)
    if match is None:
        return "", words
    start, end = match.span("note")
    note = " ".join(words[start:end].split())[:NOTE_MAX].strip()
    return note, f"{words[:match.start()]} {words[end:]}".strip()


def pix_code_amount_conflict(read: CodeRead, beside: Perception | None) -> int | None:
    """The other amount (cents) said beside a code that fixes its own, else None."""
    if beside is None or read.amount_cents is None or beside.slots.amount is None:
        return None
    said = beside.slots.amount.amount_cents
    return said if said != read.amount_cents else None


def pix_code_redacted(text: str) -> str:
    """`text` with every Pix code (valid or damaged) replaced by CODE_MARK: what a model may see of a message."""
    if "000201" not in (text or ""):
        return text
    parts, position = [], 0
    for match in brcode_find(text):
        parts += [text[position:match.start], CODE_MARK]
        position = match.end
    return "".join(parts) + text[position:]


def pix_code_store(*, message_id: int, ask_id: int, read: CodeRead) -> PixCode:
    """The code's row for the message (once: a resumed turn finds the first)."""
    assert read.key is not None
    code, _ = PixCode.objects.get_or_create(message_id=message_id, defaults={
        "ask_id": ask_id, "kind": read.kind, "payload": read.payload, "key_type": read.key.type,
        "key_value": read.key.value, "amount_cents": read.amount_cents, "txid": read.txid,
        "merchant_name": read.merchant_name, "merchant_city": read.merchant_city, "url": read.url,
        "note": read.note})
    return code


def pix_code_for(*, ask_id: int | None, key_value: str) -> PixCode | None:
    """The code that opened the Ask, when the key being paid is the code's key (a recipient the customer changed
    afterwards is an ordinary Pix: the code's txid and amount do not follow it)."""
    if ask_id is None:
        return None
    code = PixCode.objects.filter(ask_id=ask_id).order_by("-pk").first()
    return code if code is not None and code.key_value == key_value else None


def _words(name: str) -> list[str]:
    return [word for word in _NOT_WORD.split(fold(name)) if word]


def names_match(*, merchant_name: str, owner_name: str) -> bool:
    """Whether the name a code claims is the directory owner's: the same words once case, accents and punctuation
    are set aside, allowing for the 25 characters a code holds (a cut-off last word) and a company's legal suffix
    (LTDA, S.A., ME…). Anything else is a different name, and the preview says so."""
    claimed, owner = _words(merchant_name), _words(owner_name)
    if not claimed:
        return False
    if claimed == owner[:len(claimed)]:
        rest = owner[len(claimed):]
        return (not rest or len(merchant_name.strip()) >= 25 or " ".join(rest) in LEGAL_SUFFIXES
                or all(word in LEGAL_SUFFIXES for word in rest))
    # the code's last word cut by its 25-character limit
    return (len(merchant_name.strip()) >= 25 and claimed[:-1] == owner[:len(claimed) - 1]
            and len(owner) >= len(claimed) and owner[len(claimed) - 1].startswith(claimed[-1]))
