"""Text helpers the guards share, cached per text so eight guards on one draft fold and split it once.

`folded(text)` is `language.text.fold` (lower case, no accents, one character per character, so offsets map back),
computed with `str.translate` and cached. `clauses(folded)` cuts sentence-like clauses; a full stop between digits
("R$ 1.890,00", "$5.50") does not end one.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache

from language.text import fold


class _FoldTable(dict):
    """Code point → folded character, filled on first sight (`str.translate` reads it)."""

    def __missing__(self, code: int) -> str:
        value = fold(chr(code))
        self[code] = value
        return value


_TABLE = _FoldTable()


_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]+")
_ASCII_RE = re.compile(r"[\x00-\x7f]+")


@lru_cache(maxsize=256)
def folded(text: str) -> str:
    """`language.text.fold(text)`, fast and cached: ASCII is only lower-cased, and only the runs of other characters
    go through the table (`str.translate` with a table walks every character slowly: 6 ms for a 70 KB list)."""
    if text.isascii():
        return text.lower()
    if len(text) >= _REPLACED_FROM:
        quick = _folded_by_replacing(text)
        if quick is not None:
            return quick
    parts, at = [], 0
    for match in _NON_ASCII_RE.finditer(text):
        parts += [text[at : match.start()].lower(), match.group().translate(_TABLE)]
        at = match.end()
    parts.append(text[at:].lower())
    return "".join(parts)


@lru_cache(maxsize=64)
def other_characters(text: str) -> frozenset[str]:
    """The distinct characters of a long `text` other than ASCII (its ASCII taken out in one pass: no string made per
    run), cached per text: what folding it replaces, and what `guards.normalise` looks for (confusables, invisible
    characters) before reading the whole text again."""
    return frozenset(_ASCII_RE.sub("", text))


_REPLACED_FROM = 2_000  # characters: a shorter text has few runs of other characters to fold one by one
_MAX_REPLACED = 24  # distinct characters other than ASCII replaced one by one (each a pass over the text)


def _folded_by_replacing(text: str) -> str | None:
    """`folded(text)` for a long text with few distinct characters other than ASCII (a list's bullet on each of a
    thousand lines is a thousand runs to fold): each such character replaced by its folded one in the whole text,
    then the text lower-cased at once. Only where that gives the same text: every folded character is ASCII or the
    character itself, and is its own lower case (so lower-casing changes no length and folds nothing twice). None
    otherwise."""
    characters = other_characters(text)
    if len(characters) > _MAX_REPLACED:
        return None
    for character in characters:
        value = _TABLE[ord(character)]
        if len(value) != 1 or value.lower() != value or not (value.isascii() or value == character):
            return None
        if value != character:
            text = text.replace(character, value)
    return text.lower()


# Where a clause ends: its closing punctuation (a full stop before a digit is a decimal mark, "R$ 1.890,00"), or a
# line break. Found as break points, not as clauses: a draft of thousands of lines is read in one quick pass.
# (`[!?;][.!?;]*|\.(?!\d)[.!?;]*` written to start with its class: the engine then skips to the marks at once.)
# A chat writer also ends a sentence with an emoji and starts the next after it ("Cambio hecho ✅ Ahora tu clase
# es el lunes…", "Agendado 🗓️ O Pix sai amanhã"): an emoji after a word and before another word is a full stop.
_EMOJI = "\u2600-\u27bf\U0001f300-\U0001faff"
_PUNCTUATION_END_RE = re.compile(rf"[.!?;{_EMOJI}](?:(?<=[.!?;])(?:(?<!\.)|(?!\d))[.!?;]*"
                                 rf"|(?<=\w [{_EMOJI}])\ufe0f?(?=[ \t]+[^\W\d_]))")
_WORDY_RE = re.compile(r"[^.!?;\n\s]|(?<=\s)[.!?;]")


@lru_cache(maxsize=256)
def clauses(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence-like clause of a (folded) text, closing punctuation included. A line break ends
    a clause; words left unpunctuated before it are no clause (but at the very end): a list's lines ("• Para: …")
    are details, not sentences."""
    found = []
    start = 0
    # The closing punctuation is found by its own pass (led by its characters: a list's lines are skipped in one
    # step); a line break before a mark only moves the clause's start past it.
    for match in _PUNCTUATION_END_RE.finditer(text):
        line_break = text.rfind("\n", start, match.start())
        if line_break >= 0:
            start = line_break + 1
        if text[start : match.end()].strip():
            found.append((start, match.end()))
        start = match.end()
    line_break = text.rfind("\n", start)
    if line_break >= 0:
        if line_break == len(text) - 1:  # words left before a final line break are a clause
            before = text.rfind("\n", start, line_break)
            last_line = before + 1 if before >= 0 else start
            if text[last_line:line_break].strip():
                found.append((last_line, line_break))
        start = line_break + 1
    if text[start:].strip():
        found.append((start, len(text)))
    # a clause holds more than punctuation ("..." opening a text is none)
    return tuple(span for span in found if _WORDY_RE.search(text, *span))


class ClauseView:
    """The clauses of a (folded) text without the lines between them (a list's unpunctuated lines, see `clauses`),
    for the readers that keep only what lies inside one clause (claims, requests): they scan `text`, the runs of
    adjacent clauses joined by line breaks, and `original` maps a position back. A draft of thousands of list lines
    and one closing sentence is scanned for that sentence only; a draft of sentences is its own view."""

    __slots__ = ("text", "runs", "at")
    text: str
    runs: tuple[tuple[int, int], ...]
    at: tuple[int, ...]

    def __init__(self, text: str, spans: tuple[tuple[int, int], ...]) -> None:
        runs: list[tuple[int, int]] = []
        for start, end in spans:  # adjacent clauses make one run: their text is scanned as it is
            if runs and start <= runs[-1][1]:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((start, end))
        if len(runs) == 1 and runs[0] == (0, len(text)) or not runs and not text:
            self.text, self.runs, self.at = text, ((0, len(text)),), (0,)
            return
        at: list[int] = []
        parts: list[str] = []
        length = 0
        for start, end in runs:
            at.append(length)
            parts.append(text[start:end])
            length += end - start + 1  # and the line break that joins it to the next run
        self.text, self.runs, self.at = "\n".join(parts), tuple(runs), tuple(at)

    def original(self, position: int) -> int:
        """The position in the full text of `position` in `text`."""
        index = bisect_right(self.at, position) - 1
        return self.runs[index][0] + position - self.at[index] if index >= 0 else position

    def of(self, other: str) -> str:
        """The same runs of `other`, a text with the same offsets (the lower-cased draft beside the folded one)."""
        if self.runs == ((0, len(other)),):
            return other
        return "\n".join(other[start:end] for start, end in self.runs)


@lru_cache(maxsize=256)
def clause_view(text: str) -> ClauseView:
    """The `ClauseView` of a (folded) text, built once per text."""
    return ClauseView(text, clauses(text))


class ClauseMatch:
    """A match of `finditer_in_clauses`, with its positions in the full text."""

    __slots__ = ("_match", "_start", "_end")

    def __init__(self, match: re.Match[str], start: int, end: int) -> None:
        self._match, self._start, self._end = match, start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def span(self) -> tuple[int, int]:
        return self._start, self._end

    def group(self, name: int | str = 0) -> str | None:
        return self._match.group(name)

    @property
    def lastindex(self) -> int | None:
        return self._match.lastindex

    @property
    def lastgroup(self) -> str | None:
        return self._match.lastgroup


def finditer_in_clauses(pattern: re.Pattern[str], low: str, text: str | None = None) -> Iterator[ClauseMatch]:
    """The matches of `pattern` inside the clauses of the folded `low` (or of `text`, with the same offsets), with
    positions in the full text. For readers that drop whatever is not inside one clause: a match across the edge of
    a clause, dropped by them anyway, is not seen (nor, in `finditer` order, the text it would have covered)."""
    view = clause_view(low)
    scanned = view.text if text is None else view.of(text)
    if len(view.runs) == 1 and view.runs[0][0] == 0:
        for match in pattern.finditer(scanned):
            yield ClauseMatch(match, match.start(), match.end())
        return
    original = view.original
    for match in pattern.finditer(scanned):
        start = original(match.start())
        yield ClauseMatch(match, start, start + match.end() - match.start())


_URL_RE = re.compile(
    r"(?<![\w@.])(?:(?i:https?://|www\.)[^\s<>\"'()\[\]]+"
    r"|(?i:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,18})/[^\s<>\"'()\[\]]*"
    r"|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|info|biz|io|app|xyz|top|site|online|link|click|shop"
    r"|store|pay|bank|br|ar|cat|es|pt|co|mx|eu)(?![\w-]))(?![\w@])",
)
_EMAIL_AT_RE = re.compile(r"[\w.+-]@$")
_MAYBE_LINK_RE = re.compile(r"[A-Za-z0-9-]\.[A-Za-z]{2}|://|www\.", re.IGNORECASE)


def links(text: str) -> list[tuple[int, int, str]]:
    """(start, end, host) of each link in `text`: URLs with a scheme, `www.` hosts, host names with a path
    ("pix-seguro.me/pagar") and bare host names with a common top-level domain ("banco-pix.com"), in lower case as
    written (so "like.In Berkeley", a missing space, is no link); e-mail addresses are not links."""
    # every link holds a "." or "://" (a quick look for a character first: the case-blind search walks the text)
    if ("." not in text and "://" not in text) or not _MAYBE_LINK_RE.search(text):
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
