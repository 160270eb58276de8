"""Carry a branch's translations into the catalogues, for a branch started before the `.po` files became the source
of translations (its staff words in TOML tables, `locale/tools/translations/*.toml`, written into the catalogues by
the retired `locale/tools/fill.py`; its customer words edited in `conversations/locale` by hand).

After `git merge <branch>`, with the catalogues' conflicts resolved as this side's (`git checkout --ours`, the
`.mo` files too) and `locale/tools` removed (`git rm -r`):

    make messages                                          # the branch's new msgids reach the catalogues
    .venv/bin/python tools/carry_translations.py <branch>  # their words (and notes) into them
    make messages                                          # gettext's layout again, compiled

What the branch changed since the merge base (read with git, nothing checked out) is written here, the rest left:
- each catalogue entry it translated otherwise, in both catalogues and all four languages (hand edits of the
  customer catalogue; fill.py's output in the staff one);
- then each entry of its TOML tables it added or reworded: the table's words in pt_BR, es and ca, its comments
  (where the words are shown) as `#.` notes in the four staff catalogues.
A message the catalogues here lack is reported (run `make messages` first, or the code no longer says it).
Tables: one `[[entry]]` per message, `msgid`, `plural` (ngettext), `context` (pgettext), per language a string
or `[singular, plural]`.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = (Path("locale"), Path("conversations") / "locale")
STAFF = CATALOGUES[0]
TABLES = "locale/tools/translations"
TRANSLATED = ("pt_BR", "es", "ca")
LANGS = (*TRANSLATED, "en")
BOILERPLATE = ("One [[entry]] per message",)  # the tables' own instructions, atop each file
GENERIC = ("Staff wording of the back office.",)  # a file's first line that says nothing about where


def git(*args: str) -> bytes | None:
    result = subprocess.run(["git", *args], cwd=ROOT, capture_output=True)
    return result.stdout if result.returncode == 0 else None


def read_catalog(data: bytes | None, lang: str) -> Catalog | None:
    return read_po(io.BytesIO(data), locale=lang) if data is not None else None


def words(message: Message) -> str | tuple[str, ...] | None:
    """A message's translation, or None when it has none (empty or fuzzy)."""
    if "fuzzy" in message.flags:
        return None
    if isinstance(message.string, str):
        return message.string or None
    forms = tuple(message.string or ())
    return forms if forms and all(forms) else None


def put(message: Message, string: str | tuple[str, ...], num_plurals: int) -> None:
    if isinstance(string, tuple):  # as many forms as this catalogue's language has, the last repeated
        string = tuple(string[min(index, len(string) - 1)] for index in range(num_plurals))
    message.string = string
    message.flags.discard("fuzzy")
    message.previous_id = []


def add_note(message: Message, note: str) -> None:
    if note not in " ".join(message.auto_comments):  # the catalogue holds it wrapped over lines
        message.auto_comments.append(note)


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


def table_entries(text: str) -> dict[tuple[str, str | None], tuple[dict, list[str]]]:
    """(msgid, context) → (entry, notes) of one table."""
    entries = tomllib.loads(text).get("entry", [])
    notes = table_notes(text)
    if len(notes) != len(entries):
        raise ValueError(f"{len(entries)} entries but {len(notes)} [[entry]] lines")
    return {(entry["msgid"], entry.get("context")): (entry, note) for entry, note in zip(entries, notes, strict=True)}


def tables_at(rev: str) -> dict[tuple[str, str | None], tuple[dict, list[str]]]:
    names = (git("ls-tree", "--name-only", f"{rev}:{TABLES}") or b"").decode().split()
    merged: dict = {}
    for name in sorted(name for name in names if name.endswith(".toml")):
        merged.update(table_entries((git("show", f"{rev}:{TABLES}/{name}") or b"").decode()))
    return merged


def table_words(entry: dict, lang: str) -> str | tuple[str, ...]:
    return tuple(entry[lang]) if "plural" in entry else entry[lang]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("branch", help="the branch (or commit) whose translations to carry")
    parser.add_argument(
        "--base",
        help="what the branch changed from (default: its merge base with HEAD's "
        "first parent, so that it works before and after committing the merge)",
    )
    args = parser.parse_args(argv)
    first_parent = (
        "HEAD^1"
        if git("rev-parse", "-q", "--verify", "MERGE_HEAD") is None
        and git("rev-parse", "-q", "--verify", "HEAD^2") is not None
        else "HEAD"
    )
    base = args.base or (git("merge-base", first_parent, args.branch) or b"").decode().strip()
    if not base:
        parser.error(f"no merge base of {first_parent} and {args.branch}: give --base")
    theirs_tables, base_tables = tables_at(args.branch), tables_at(base)
    changed_entries = {
        key: value for key, value in theirs_tables.items() if key not in base_tables or base_tables[key][0] != value[0]
    }
    carried = missing = 0
    for folder in CATALOGUES:
        for lang in LANGS:
            path = folder / lang / "LC_MESSAGES" / "django.po"
            with open(ROOT / path, "rb") as handle:
                here = read_po(handle, locale=lang)
            for message in here:  # babel reads msgmerge's "#| msgid" lines as comments: they are not notes
                message.user_comments = [line for line in message.user_comments if not line.startswith("|")]
            theirs = read_catalog(git("show", f"{args.branch}:{path}"), lang)
            before = read_catalog(git("show", f"{base}:{path}"), lang)
            for message in theirs or ():
                said = words(message) if message.id else None
                old = before.get(message.id, context=message.context) if before is not None and said else None
                if said is None or (old is not None and words(old) == said):
                    continue
                target = here.get(message.id, context=message.context)
                if target is None:
                    missing += 1
                    print(f"{path}: {message.id!r} is in no entry here", file=sys.stderr)
                    continue
                put(target, said, here.num_plurals)
                carried += 1
            for (msgid, context), (entry, notes) in changed_entries.items() if folder == STAFF else ():
                target = here.get(msgid, context=context)
                if target is None:
                    missing += 1
                    print(f"{path}: {msgid!r} (TOML) is in no entry here", file=sys.stderr)
                    continue
                for note in notes:
                    add_note(target, note)
                if lang in TRANSLATED:
                    put(target, table_words(entry, lang), here.num_plurals)
                carried += 1
            with open(ROOT / path, "wb") as handle:
                write_po(handle, here, width=0, ignore_obsolete=True, include_previous=False)
    print(
        f"{carried} translations carried from {args.branch} (base {base[:12]}), {missing} messages not found; "
        "now run: make messages"
    )
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
