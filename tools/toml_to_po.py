"""Carry translations written in the retired TOML tables (`locale/tools/translations/*.toml`) into the staff
catalogues, for a branch started before the `.po` files became the source:

    make messages                                         # the branch's new msgids reach the catalogues
    .venv/bin/python tools/toml_to_po.py locale/tools/translations
    git rm -r locale/tools && make messages               # back to gettext's layout, compiled

Each table entry's words replace the entry's in pt_BR, es and ca (as the old fill script did: a table's words beat
a guess of msgmerge), and its comments (the section's and the entry's own, saying where the words are shown)
become `#.` notes in all four catalogues. An entry the catalogues lack is reported: `make messages` first.

The tables' format: one `[[entry]]` per message, `msgid`, `plural` (ngettext), `context` (pgettext), and per
language a string or, for a plural message, `[singular, plural]`.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
STAFF_LOCALE = ROOT / "locale"
TRANSLATED = ("pt_BR", "es", "ca")
ALL_LANGS = (*TRANSLATED, "en")
# The tables' own instructions, repeated atop each file: not a note about any message.
BOILERPLATE = ("One [[entry]] per message",)
# A file's first line that says nothing about where its words are shown.
GENERIC = ("Staff wording of the back office.",)


def table_notes(text: str) -> list[list[str]]:
    """The notes of each `[[entry]]` of a table, in order: the comment paragraph heading its section (else the
    file's first paragraph) and the comment on its own `[[entry]]` line. tomllib drops comments, hence this scan."""
    notes: list[list[str]] = []
    block: list[str] = []
    description = section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            block.append(stripped.lstrip("#").strip())
            continue
        paragraph = " ".join(block)
        block = []
        if paragraph.startswith(BOILERPLATE) or ".toml" in paragraph:  # about the tables, not the words
            paragraph = ""
        if paragraph and not notes and not description:
            description = "" if paragraph in GENERIC else paragraph
        elif paragraph:
            section = paragraph
        if stripped.startswith("[[entry]]"):
            own = stripped.partition("#")[2].strip()
            notes.append([note for note in (section or description, own) if note])
    return notes


def table_entries(path: Path) -> list[tuple[dict, list[str]]]:
    text = path.read_text(encoding="utf-8")
    entries = tomllib.loads(text).get("entry", [])
    notes = table_notes(text)
    if len(notes) != len(entries):
        raise ValueError(f"{path.name}: {len(entries)} entries but {len(notes)} [[entry]] lines")
    return list(zip(entries, notes, strict=True))


def carry(entry: dict, notes: list[str], catalog: Catalog, lang: str) -> bool:
    """Write one table entry into one catalogue; False when the catalogue lacks the message."""
    message: Message | None = catalog.get(entry["msgid"], context=entry.get("context"))
    if message is None:
        return False
    for note in notes:
        if note not in message.auto_comments:
            message.auto_comments.append(note)
    if lang in TRANSLATED:
        words = entry[lang]
        if "plural" in entry:  # singular, then the plural for every other form (Spanish has a third)
            message.string = (words[0], *[words[1]] * (catalog.num_plurals - 1))
        else:
            message.string = words
        message.flags.discard("fuzzy")
        message.previous_id = []
    return True


def main(argv: list[str]) -> int:
    folders = [Path(arg) for arg in argv] or [STAFF_LOCALE / "tools" / "translations"]
    paths = sorted(path for folder in folders for path in (folder.glob("*.toml") if folder.is_dir() else [folder]))
    entries = [pair for path in paths for pair in table_entries(path)]
    missing = 0
    for lang in ALL_LANGS:
        po_path = STAFF_LOCALE / lang / "LC_MESSAGES" / "django.po"
        with open(po_path, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:  # babel reads msgmerge's "#| msgid" lines as comments: they are not notes
            message.user_comments = [line for line in message.user_comments if not line.startswith("|")]
        for entry, notes in entries:
            if not carry(entry, notes, catalog, lang):
                missing += 1
                print(f"{lang}: {entry['msgid']!r} is in no catalogue entry (make messages first)", file=sys.stderr)
        with open(po_path, "wb") as handle:
            write_po(handle, catalog, width=0, ignore_obsolete=True, include_previous=False)
    print(f"{len(entries)} table entries carried into {', '.join(ALL_LANGS)}; now run: make messages")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
