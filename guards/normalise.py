"""One normalisation of a draft before the link, button and credential checks: what a customer sees, not how it
was typed. Fullwidth and styled letters (NFKC), letters of other scripts that look Latin ("раypal" with a Cyrillic
"р"), keycap and circled digits ("1️⃣" is 1), zero-width characters and variation selectors, Markdown emphasis and
code marks ("**Tap APPROVE**"), Markdown links ("[Aprovar](http://…)" is "Aprovar http://…"), then case and accents
(`guards.text.folded`). A bare domain in capitals, a numbered-emoji menu or a bold button all read as the plain text
they show. Last, a host spelt out to slip past a link check reads as the host: a top-level domain after "dot",
"ponto", "punto" or "punt", or after a dot with spaces around it ("banco-pix ponto com ponto br", "wa . me / 55…",
"bank dot com slash login" are "banco-pix.com.br", "wa.me/55…", "bank.com/login"), and so does a defanged one
("bank[.]com", "bank(dot)com", "hxxps://").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from guards.text import folded, other_characters

# Letters of Cyrillic and Greek that render like Latin ones (the confusables a phishing host or a fake button uses).
CONFUSABLES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ɡ": "g", "һ": "h", "ԛ": "q", "ԝ": "w",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y",
    "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S", "α": "a", "ο": "o", "ρ": "p", "ν": "v", "τ": "t", "υ": "u", "ι": "i",
    "κ": "k", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
})
# Whether a text holds any of them: `str.translate` with a table walks every character in Python's slow path, a
# character class search is one quick C scan.
_CONFUSABLE_RE = re.compile("[" + re.escape("".join(chr(code) for code in CONFUSABLES)) + "]")
# Zero-width characters, variation selectors and the soft hyphen: taken out.
_INVISIBLE_CHARACTERS = frozenset(map(chr, (*range(0x200B, 0x2010), *range(0x2060, 0x2065), 0xFEFF,
                                            *range(0xFE00, 0xFE10), 0xAD)))
_INVISIBLE_RE = re.compile("[" + re.escape("".join(sorted(_INVISIBLE_CHARACTERS))) + "]")
_CONFUSABLE_CHARACTERS = frozenset(map(chr, CONFUSABLES))
LONG = 2_000  # characters: a shorter text is searched as it is
_KEYCAP_RE = re.compile("([0-9#*])\ufe0f?\u20e3")
_KEYCAP_TEN = "\U0001f51f"
_MARKDOWN_LINK_RE = re.compile(r"\[([^\]\n]{1,80})\]\(([^)\s]{1,400})\)")
_EMPHASIS_RE = re.compile(r"(\*{1,3}|_{1,3}|~{1,2}|`{1,3})(?=\S)(.+?)(?<=\S)\1")
# A host spelt out: a name (no common word of a language), "dot" (the words of the four languages) or a dot with spaces
# around it, and a top-level domain; then a path after a slash or "slash"/"barra". With a bare dot the domain must
# end the sentence or lead a path ("Feito . Com certeza" is two sentences); "me" only before a path.
_TOP_LEVEL = r"com|net|org|info|biz|io|app|xyz|site|online|link|shop|br|ar|es|cat|pt|co|ly|mx|eu|me(?=\s*(?:/|slash|barra))"
_SPELT_DOT_RE = re.compile(rf"(?<![\w.@-])([a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*)(?:\s+(?:dot|ponto|punto|punt)\s+"
                           rf"({_TOP_LEVEL})(?![\w-])|\s+\.\s+({_TOP_LEVEL})(?=\s*(?:/|slash\b|barra\b|[.,;:!?)]|$)))",
                           re.MULTILINE)
_SPELT_PATH_RE = re.compile(rf"(?<![\w.@-])((?:[a-z0-9-]+\.)+(?:{_TOP_LEVEL}))\s*(?:/|\s(?:slash|barra)\s)\s*(?=\w)")
_SPELT_CUES = (" dot ", " ponto ", " punto ", " punt ", " . ")
# A link "defanged" so that no link reader sees it: "bank[.]com", "bank(dot)com", "hxxps://".
_DEFANGED_RE = re.compile(r"\s?[\[(]\s?(?:\.|dot|ponto|punto|punt)\s?[\])]\s?|(?<![a-z])hxxp(?=s?://)")


def _host_spelt(match: re.Match[str]) -> str:
    """The host a spelt-out match names, or the match as written when its name is a common word of a language
    ("no ponto com o gerente") or, before a spelt "dot", any word of one ("nesse ponto com certeza")."""
    from guards.common_words import COMMON, in_dictionary

    name = match.group(1)
    if any(name in words for words in COMMON.values()):
        return match.group()
    if match.group(2) and any(in_dictionary(name, lang) for lang in COMMON):  # a word before "ponto com" is a word
        return match.group()
    return f"{name}.{match.group(2) or match.group(3)}"


@lru_cache(maxsize=256)
def normalised(text: str) -> str:
    """`text` as the checks read it (see the module doc): plain, lower case, no accents."""
    # Each step only where its characters are (a long plain draft is read once, by `folded`).
    if "\u20e3" in text or _KEYCAP_TEN in text:
        text = _KEYCAP_RE.sub(r"\1", text.replace(_KEYCAP_TEN, "10"))
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        # (a long text's distinct characters other than ASCII, read once with its folding's, say whether it holds any
        # confusable or invisible one: a 70 KB list is not searched twice for characters it has none of)
        others = other_characters(text) if len(text) >= LONG else None
        if _CONFUSABLE_RE.search(text) if others is None else not others.isdisjoint(_CONFUSABLE_CHARACTERS):
            text = text.translate(CONFUSABLES)
            others = None
        if others is None or not others.isdisjoint(_INVISIBLE_CHARACTERS):
            text = _INVISIBLE_RE.sub("", text)
    if "](" in text:
        text = _MARKDOWN_LINK_RE.sub(r"\1 \2", text)
    if any(mark in text for mark in "*_~`"):
        for _ in range(2):  # "***bold italic***", nested once
            text = _EMPHASIS_RE.sub(r"\2", text)
    text = folded(text)
    if "[" in text or "(" in text or "hxxp" in text:
        text = _DEFANGED_RE.sub(lambda m: "http" if m.group().startswith("h") else ".", text)
    if any(cue in text for cue in _SPELT_CUES):
        for _ in range(3):  # "ponto com ponto br": one level each time
            spelt = _SPELT_DOT_RE.sub(_host_spelt, text)
            if spelt == text:
                break
            text = spelt
        text = _SPELT_PATH_RE.sub(r"\1/", text)
    return text
