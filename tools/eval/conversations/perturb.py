"""Customer lines rewritten the way real customers type them, deterministically (see the package docstring).

`perturb_line(line, kinds, lang=..., org=..., seed=..., salt=...)` rewrites one line; `perturb_conversation` every
customer line of a conversation (`/tap N` and other commands are left alone). The same seed, conversation and
kinds give the same text on every run and machine (`random.Random` seeded with a string).

Protected spans are never touched by any kind: a pasted Pix code (`language.brcode.brcode_find`), an e-mail, a
formatted CPF or CNPJ, a phone number, a random key, and every token holding a digit (amounts "35,90", times
"9:00", models "s21"). Typos also leave alone capitalised words (names, brands), the demo's contact names and
number words, so a name or an amount never changes; the `numbers` kind turns number words into digits and, at the
school and the store only, a small party or hour into words, never an amount of money.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from language.brcode import brcode_find

KINDS = ("noaccents", "lower", "nopunct", "typos", "abbrev", "numbers")

_PROTECTED = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an e-mail
    r"|\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}"  # a formatted CPF, CNPJ
    r"|\+?\d[\d\s().-]{8,}\d"  # a phone number or any long run of digits
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"  # a random key
    r"|(?:R\$|\$|€)?\s?[\w$€/.,:%+-]*\d(?:[\w$€/.,:%+-]*[\w$€%])?"  # a token with a digit: amounts, times, models
)
_WORD = re.compile(r"[^\W\d_]+(?:[·'’-][^\W\d_]+)*")

# The demo's contacts and staff: a typo in a name changes who is meant, so names are only lower-cased or unaccented.
CONTACT_NAMES = frozenset({"pedro", "ana", "joao", "maria", "jordi", "pau", "serra", "marta", "laura", "carla"})

# Per language, a whole word (folded) → its WhatsApp abbreviation. Multi-word entries come first.
ABBREVIATIONS: dict[str, dict[str, str]] = {
    "pt-BR": {"por favor": "pfv", "por que": "pq", "você": "vc", "voce": "vc", "vocês": "vcs", "voces": "vcs",
              "porque": "pq", "que": "q", "também": "tb", "tambem": "tb", "hoje": "hj", "amanhã": "amanha",
              "obrigado": "obg", "obrigada": "obg", "quanto": "qto", "quando": "qdo", "tudo": "td",
              "beleza": "blz", "mensagem": "msg", "para": "pra"},
    "es": {"por favor": "porfa", "por qué": "xq", "porque": "xq", "que": "q", "qué": "q", "también": "tb",
           "tambien": "tb", "para": "pa", "mensaje": "msj", "gracias": "grax", "mañana": "mñn", "pero": "pro"},
    "ca": {"si us plau": "siusplau", "per què": "pq", "perquè": "pq", "que": "q", "què": "q", "demà": "dema",
           "també": "tb", "molt": "mlt", "gràcies": "merci", "moltes gràcies": "merci"},
    "en": {"please": "pls", "you": "u", "your": "ur", "tomorrow": "tmrw", "are": "r", "thanks": "thx",
           "people": "ppl", "because": "cuz", "tonight": "tonite", "okay": "ok", "want to": "wanna",
           "going to": "gonna", "message": "msg"},
}

# Number words per language (folded) → value. "um/uma/un/una/one" are articles as often as numbers: left out.
_UNITS: dict[str, dict[str, int]] = {
    "pt-BR": {"dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9,
              "dez": 10, "onze": 11, "doze": 12, "treze": 13, "quinze": 15, "vinte": 20, "trinta": 30,
              "quarenta": 40, "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90,
              "cem": 100},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
           "once": 11, "doce": 12, "quince": 15, "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50,
           "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90, "cien": 100},
    "ca": {"dos": 2, "dues": 2, "tres": 3, "quatre": 4, "cinc": 5, "sis": 6, "set": 7, "vuit": 8, "deu": 10,
           "onze": 11, "dotze": 12, "quinze": 15, "vint": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50,
           "cent": 100},
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
           "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100},
}
# "one" after a ten is its unit ("ninety one" is 91, never "90 one"), though alone it is as often an article.
_ONE_AFTER_A_TEN: dict[str, frozenset[str]] = {"pt-BR": frozenset({"um", "uma"}), "es": frozenset({"uno", "un", "una"}),
                                               "ca": frozenset({"u", "un", "una"}), "en": frozenset({"one"})}
_LARGE_OR_JOINED = re.compile(r"(?<!\w)(?:cento|centos|ciento|cientos|mil|hundred|thousand|duzentos|trescentos|"
                              r"quinhentos|quinientos|dos-cents|[a-z]+-(?:i-)?[a-z]+)(?!\w)")
_AND = {"pt-BR": "e", "es": "y", "ca": "i", "en": "and"}
# A small figure after one of these words is a party or an hour at the school and the store: it may become a word.
_BEFORE_SMALL = frozenset({"para", "pra", "per", "for", "somos", "som", "seremos", "serem", "las", "les", "as", "at",
                           "pras", "pa"})
_SMALL_WORDS = {lang: {value: word for word, value in units.items() if value <= 10 and word not in ("duas", "dues")}
                for lang, units in _UNITS.items()}


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()


def _protected_spans(line: str) -> list[tuple[int, int]]:
    spans = [(match.start, match.end) for match in brcode_find(line)]
    code = line.find("000201")  # a damaged code too: from its start to the end of the line
    if code >= 0:
        spans.append((code, len(line)))
    spans += [(match.start(), match.end()) for match in _PROTECTED.finditer(line)]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _outside(line: str, rewrite: Callable[[str], str]) -> str:
    """`rewrite` applied to each stretch of `line` between protected spans."""
    parts, position = [], 0
    for start, end in _protected_spans(line):
        if start < position:
            continue
        parts.append(rewrite(line[position:start]))
        parts.append(line[start:end])
        position = end
    parts.append(rewrite(line[position:]))
    return "".join(parts)


def no_accents(text: str) -> str:
    """Accents and the cedilla gone ("não" → "nao", "anul·lar" keeps its dot); ñ too ("mañana" → "manana")."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def no_punct(text: str, *, lang: str) -> str:
    """Sentence punctuation dropped (. , ! ? ¿ ¡ ; : … quotes, brackets), the Catalan middle dot too ("anullar"),
    English apostrophes ("dont"); word-internal hyphens and other apostrophes kept."""
    text = text.replace("·", "")
    if lang == "en":
        text = re.sub(r"(?<=\w)['’](?=\w)", "", text)
    return re.sub(r"[.,!?¿¡;:…\"“”«»()]+", " ", text)


def abbreviate(text: str, *, lang: str) -> str:
    """Each word of the language's table replaced by its WhatsApp abbreviation, whatever its accents and case."""
    table = ABBREVIATIONS.get(lang, {})
    for word, short in sorted(table.items(), key=lambda item: -len(item[0])):
        text = re.sub(rf"(?<![\w·'’-]){re.escape(word)}(?![\w·'’-])", short, text, flags=re.IGNORECASE)
    return text


def _number_groups(text: str, lang: str) -> list[tuple[int, int, int]]:
    """(start, end, value) of each number said in words: a unit or ten, or a ten "and" a unit ("vinte e cinco")."""
    units = _UNITS.get(lang, {})
    ones = _ONE_AFTER_A_TEN.get(lang, frozenset())
    words = [(m.start(), m.end(), _fold(m.group())) for m in re.finditer(r"[^\W\d_]+", text)]
    groups, index = [], 0
    while index < len(words):
        start, end, word = words[index]
        value = units.get(word)
        after_a_ten = {**units, **dict.fromkeys(ones, 1)}  # "vinte e um", "ninety one"
        if value is None:
            index += 1
            continue
        if (value >= 20 and value % 10 == 0 and index + 2 < len(words) and words[index + 1][2] == _AND[lang]
                and (after_a_ten.get(words[index + 2][2]) or 0) < 10 and words[index + 2][2] in after_a_ten):
            value += after_a_ten[words[index + 2][2]]
            end = words[index + 2][1]
            index += 2
        elif (value >= 20 and value % 10 == 0 and index + 1 < len(words)
              and (after_a_ten.get(words[index + 1][2]) or 10) < 10):  # "twenty five": one number, not "20 5"
            value += after_a_ten[words[index + 1][2]]
            end = words[index + 1][1]
            index += 1
        groups.append((start, end, value))
        index += 1
    return groups


def numbers(text: str, *, lang: str) -> str:
    """Number words as digits ("cinquenta reais" → "50 reais", "para dos" → "para 2"), never two numbers joined by
    "e/y/i/and" (a price with its cents)."""
    if _LARGE_OR_JOINED.search(_fold(text)):
        return text  # "cento e vinte", "trenta-cinc": a number this table cannot say whole stays words
    groups = _number_groups(text, lang)
    joined = any(re.fullmatch(rf"\s+{_AND.get(lang, 'and')}\s+", _fold(text[a[1]:b[0]]))
                 for a, b in zip(groups, groups[1:], strict=False))
    if groups and not joined:
        for start, end, value in reversed(groups):
            text = text[:start] + str(value) + text[end:]
    return text


def small_figures_as_words(line: str, *, lang: str, org: str) -> str:
    """At the school and the store, a figure up to 10 after "para/per/for/les/las/at…" as a word ("a las 3" → "a
    las tres", "para 2" → "para dos"); never at the bank (an amount), never inside a Pix code."""
    if org == "bank" or "000201" in line:
        return line
    small = _SMALL_WORDS.get(lang, {})

    def to_word(match: re.Match[str]) -> str:
        value = int(match.group(2))
        return f"{match.group(1)}{small[value]}" if value in small else match.group(0)

    pattern = rf"(?<!\w)((?:{'|'.join(sorted(_BEFORE_SMALL))})\s+)(\d{{1,2}})(?![\w:.,/hH])"
    return re.sub(pattern, to_word, line, flags=re.IGNORECASE)


def typo(text: str, *, rng: random.Random, protected_words: Iterable[str] = ()) -> str:
    """One letter of one longer word (6 letters or more) swapped with the next, dropped or doubled; the first
    letter never moves. Capitalised words, contact names and number words are never chosen."""
    keep = {_fold(word) for word in protected_words} | CONTACT_NAMES
    number_words = {word for units in _UNITS.values() for word in units}
    candidates = [m for m in _WORD.finditer(text)
                  if len(m.group()) >= 6 and m.group()[0].islower() and m.group().isalpha()
                  and _fold(m.group()) not in keep and _fold(m.group()) not in number_words]
    if not candidates:
        return text
    match = rng.choice(candidates)
    word = match.group()
    position = rng.randrange(1, len(word) - 1)
    operation = rng.choice(("swap", "drop", "double"))
    if operation == "swap" and word[position] != word[position + 1]:
        changed = word[:position] + word[position + 1] + word[position] + word[position + 2:]
    elif operation == "drop":
        changed = word[:position] + word[position + 1:]
    else:
        changed = word[:position] + word[position] + word[position:]
    return text[:match.start()] + changed + text[match.end():]


def perturb_line(line: str, kinds: Iterable[str], *, lang: str, org: str, seed: int = 0, salt: str = "",
                 protected_words: Iterable[str] = ()) -> str:
    """`line` rewritten by each of `kinds` in the order of KINDS; commands ("/tap 1") and protected spans kept."""
    if line.startswith("/"):
        return line
    wanted = set(kinds)
    unknown = wanted - set(KINDS)
    if unknown:
        raise ValueError(f"unknown perturbation kind(s): {sorted(unknown)}; known: {', '.join(KINDS)}")
    rng = random.Random(f"{seed}:{salt}")
    protected_words = tuple(protected_words)
    for kind in KINDS:
        if kind not in wanted:
            continue
        if kind == "noaccents":
            line = _outside(line, no_accents)
        elif kind == "lower":
            line = _outside(line, str.lower)
        elif kind == "nopunct":
            line = _outside(line, lambda part: no_punct(part, lang=lang)).strip()
        elif kind == "typos":
            line = _outside(line, partial(_typo_in_longest, longest=_longest_free(line), rng=rng,
                                          protected_words=protected_words))
        elif kind == "abbrev":
            line = _outside(line, lambda part: abbreviate(part, lang=lang))
        elif kind == "numbers":
            words_first = _outside(line, lambda part: numbers(part, lang=lang))
            line = words_first if words_first != line else small_figures_as_words(line, lang=lang, org=org)
    return re.sub(r"[ \t]{2,}", " ", line).strip()


def _typo_in_longest(part: str, *, longest: str, rng: random.Random, protected_words: tuple[str, ...]) -> str:
    """`part` with one typo if it is the longest stretch of its line (one typo a line), else as it is."""
    return typo(part, rng=rng, protected_words=protected_words) if part == longest else part


def _longest_free(line: str) -> str:
    """The longest stretch of `line` outside protected spans: the one a typo goes into (one typo a line)."""
    parts, position = [], 0
    for start, end in _protected_spans(line):
        if start >= position:
            parts.append(line[position:start])
            position = end
    parts.append(line[position:])
    return max(parts, key=len)


def perturb_conversation(conversation: dict[str, Any], kinds: Iterable[str], *, seed: int = 0) -> dict[str, Any]:
    """A copy of `conversation` with each customer line perturbed; the expectations unchanged."""
    kinds = tuple(kinds)
    expected = conversation.get("expect", {})
    names = [str((expected.get("pix") or {}).get("to", ""))]
    names += [str(value) for value in (expected.get("slots") or {}).values()]
    names += [str(said) for said in expected.get("says") or ()]  # a note the reply must repeat: "Descrição: aluguel"
    protected_words = [word for name in names for word in name.split()]
    say = [perturb_line(line, kinds, lang=conversation["lang"], org=conversation["org"], seed=seed,
                        salt=f"{conversation['id']}:{number}", protected_words=protected_words)
           for number, line in enumerate(conversation["say"])]
    return {**conversation, "say": say}
