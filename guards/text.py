"""Text helpers the guards share, cached per text so eight guards on one draft fold and split it once.

`folded(text)` is `language.text.fold` (lower case, no accents, one character per character, so offsets map back),
computed with `str.translate` and cached. `clauses(folded)` cuts sentence-like clauses; a full stop between digits
("R$ 1.890,00", "$5.50") does not end one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from language.text import fold


class _FoldTable(dict):
    """Code point → folded character, filled on first sight (`str.translate` reads it)."""

    def __missing__(self, code: int) -> str:
        value = fold(chr(code))
        self[code] = value
        return value


_TABLE = _FoldTable()


@lru_cache(maxsize=256)
def folded(text: str) -> str:
    """`language.text.fold(text)`, fast and cached (ASCII text is only lower-cased)."""
    if text.isascii():
        return text.lower()
    return text.translate(_TABLE)


# Where a clause ends: its closing punctuation (a full stop before a digit is a decimal mark, "R$ 1.890,00"), or a
# line break. Found as break points, not as clauses: a draft of thousands of lines is read in one quick pass.
_CLAUSE_END_RE = re.compile(r"[!?;][.!?;]*|\.(?!\d)[.!?;]*|\n")
_WORDY_RE = re.compile(r"[^.!?;\n\s]|(?<=\s)[.!?;]")


@lru_cache(maxsize=256)
def clauses(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence-like clause of a (folded) text, closing punctuation included. A line break ends
    a clause; words left unpunctuated before it are no clause (but at the very end): a list's lines ("• Para: …")
    are details, not sentences."""
    found = []
    start = 0
    for match in _CLAUSE_END_RE.finditer(text):
        if match.group() == "\n":
            if match.end() == len(text) and text[start : match.start()].strip():
                found.append((start, match.start()))
        elif text[start : match.end()].strip():
            found.append((start, match.end()))
        start = match.end()
    if text[start:].strip():
        found.append((start, len(text)))
    # a clause holds more than punctuation ("..." opening a text is none)
    return tuple(span for span in found if _WORDY_RE.search(text, *span))


_URL_RE = re.compile(
    r"(?<![\w@.])(?:(?i:https?://|www\.)[^\s<>\"'()\[\]]+"
    r"|(?i:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,18})/[^\s<>\"'()\[\]]*"
    r"|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|info|biz|io|app|xyz|top|site|online|link|click|shop"
    r"|store|pay|bank|br|ar)(?![\w-]))(?![\w@])",
)
_EMAIL_AT_RE = re.compile(r"[\w.+-]@$")
_MAYBE_LINK_RE = re.compile(r"[A-Za-z0-9-]\.[A-Za-z]{2}|://|www\.", re.IGNORECASE)


def links(text: str) -> list[tuple[int, int, str]]:
    """(start, end, host) of each link in `text`: URLs with a scheme, `www.` hosts, host names with a path
    ("pix-seguro.me/pagar") and bare host names with a common top-level domain ("banco-pix.com"), in lower case as
    written (so "like.In Berkeley", a missing space, is no link); e-mail addresses are not links."""
    if not _MAYBE_LINK_RE.search(text):
        return []
    found = []
    for match in _URL_RE.finditer(text):
        if _EMAIL_AT_RE.search(text[max(0, match.start() - 2) : match.start()]):
            continue
        raw = match.group().rstrip(".,;:!?")
        found.append((match.start(), match.start() + len(raw), host_of(raw)))
    return found


def host_of(url: str) -> str:
    """The lower-case host of a URL or bare host name ("https://Acme.localhost:8000/pay/x" → "acme.localhost")."""
    rest = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url.strip(), flags=re.IGNORECASE)
    host = re.split(r"[/?#]", rest, maxsplit=1)[0]
    host = host.rsplit("@", 1)[-1].split(":", 1)[0]
    return host.lower().rstrip(".")


def host_allowed(host: str, allowed: set[str]) -> bool:
    """Whether `host` is one of `allowed` or a subdomain of one."""
    return any(host == name or host.endswith("." + name) for name in allowed if name)
