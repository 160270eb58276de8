"""The shared text views: clauses, and the scan of a draft's clauses only."""

import random
import re

from guards.checks.wording import effect_claim_spans, typos_corrected
from guards.text import ClauseView, clauses, finditer_in_clauses, folded
from language.text import fold

LIST_DRAFT = "Les reserves del mes:\n• Pix enviado: 2 de desembre\n• Marta Vidal, reserva BK-1000\nJa t'he reservat la plaça."


def test_a_view_of_sentences_is_the_text_itself():
    low = folded("Enviei o Pix. Está feito!")
    view = ClauseView(low, clauses(low))
    assert view.text is low and view.original(5) == 5


def test_a_view_drops_unpunctuated_list_lines_and_maps_positions_back():
    low = folded(LIST_DRAFT)
    view = ClauseView(low, clauses(low))
    assert view.text == "ja t'he reservat la placa."
    at = view.text.index("reservat")
    assert view.original(at) == low.index("reservat")


def test_clause_matches_are_those_of_a_full_scan_kept_inside_one_clause():
    low = folded("Enviado. • Pix enviado\nTambém enviado!\n• enviado sem ponto\nFim.")
    pattern = re.compile(r"(?<!\w)enviado(?!\w)")
    spans = clauses(low)
    inside = [m.span() for m in pattern.finditer(low) if any(s <= m.start() and m.end() <= e for s, e in spans)]
    assert [m.span() for m in finditer_in_clauses(pattern, low)] == inside
    assert len(inside) == 2  # the lines without their full stop are no clauses


def test_claims_are_read_in_the_clauses_of_a_list_draft_only():
    found = effect_claim_spans(LIST_DRAFT, "ca")
    assert [text for _, _, text in found] == ["Ja t'he reservat"]
    start, end, _ = found[0]
    assert LIST_DRAFT[start:end] == "Ja t'he reservat"
    assert effect_claim_spans(LIST_DRAFT, "pt-BR") == []  # "Pix enviado" is a list line's label, no sentence


def test_typos_are_corrected_inside_clauses_only():
    low = folded("• Reservtion list\nYour reservtion is conifrmed.")
    assert typos_corrected(low) == "• reservtion list\nyour reservation is confirmed."


def test_folding_reads_each_character_as_the_table_does():
    from guards.text import _TABLE

    for text in ("Já ENVIEI o Pix de R$ 1.890,00 à Ana!", "• Marta Vidal: 2 de desembre a les 08:00\n", "ÀÉÎÕÜ çñ·ł ß İ ﬁ",
                 "plain ascii only", "Ωmega and ΣΙΓΜΑ", ""):
        assert folded(text) == text.translate(_TABLE)
        assert len(folded(text)) == len(text)


def test_a_long_text_is_folded_as_each_character_is():
    """A long text with few characters other than ASCII is folded by replacing them (`_folded_by_replacing`); with
    many, or with one whose lower case is longer ("İ"), by runs: the same text as folding each character."""
    rng = random.Random(29)
    for others in ("•·", "•ÉãçÑ·’", "İßﬁΣ•", "".join(chr(c) for c in range(0xC0, 0x17F))):
        for _ in range(5):
            text = "".join(rng.choice("aZ 1.\n" + others) for _ in range(2_000 + rng.randint(0, 2_000)))
            folded.cache_clear()
            assert folded(text) == fold(text)


def _clauses_one_pass(text: str) -> tuple[tuple[int, int], ...]:
    """`clauses` as it was written first: the marks and the line breaks in one pass."""
    found, start = [], 0
    for match in re.finditer(r"[!?;][.!?;]*|\.(?!\d)[.!?;]*|\n", text):
        if match.group() == "\n":
            if match.end() == len(text) and text[start : match.start()].strip():
                found.append((start, match.start()))
        elif text[start : match.end()].strip():
            found.append((start, match.end()))
        start = match.end()
    if text[start:].strip():
        found.append((start, len(text)))
    wordy = re.compile(r"[^.!?;\n\s]|(?<=\s)[.!?;]")
    return tuple(span for span in found if wordy.search(text, *span))


def test_clauses_are_those_of_one_pass_over_marks_and_line_breaks():
    rng = random.Random(29)
    for _ in range(400):
        text = "".join(rng.choice(["a", "b ", " ", "\n", ".", "!", "?", ";", "1", ".5", "\n\n", ". "])
                       for _ in range(rng.randint(0, 40)))
        clauses.cache_clear()
        assert clauses(text) == _clauses_one_pass(text), text
