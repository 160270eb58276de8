"""Fill the staff catalogues from locale/tools/translations/*.toml after `makemessages`, then compile them.

    .venv/bin/python manage.py makemessages -l pt_BR -l es -l ca -l en --ignore=.venv --ignore=.data --ignore=bench --no-obsolete
    .venv/bin/python locale/tools/fill.py && .venv/bin/python manage.py compilemessages --ignore=.venv

The tables are the translations' source: every entry found in them is (re)written from them, so a guess of
msgmerge ("fuzzy") never survives; an entry in no table is kept when translated, else reported.
English gets its msgid (its catalogue must have no untranslated entry either).

The tables are data for translators to edit (no Python to read past): one TOML file per part of the back office,
one `[[entry]]` per message, its comments saying where the words are shown:

    [[entry]]
    msgid = "At most %(count)d minute."        # the English, as the code writes it
    plural = "At most %(count)d minutes."      # only for ngettext: then each language has [singular, plural]
    context = "..."                            # only for pgettext (the staff wording has none yet)
    pt_BR = ["No máximo %(count)d minuto.", "No máximo %(count)d minutos."]
    es = ["Como máximo %(count)d minuto.", "Como máximo %(count)d minutos."]
    ca = ["Com a màxim %(count)d minut.", "Com a màxim %(count)d minuts."]
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
LOCALE = HERE.parent
TABLES = HERE / "translations"
LANGS = {"pt_BR": 0, "es": 1, "ca": 2}


def message_key(msgid: str | tuple[str, ...], context: str | None = None) -> str | tuple[str, ...]:
    """A message's key in `tables()`: its msgid, or (singular, plural); a context goes before the msgid with
    gettext's own separator ("context\x04msgid"), so the same English under two contexts stays two entries."""
    if context is None:
        return msgid
    if isinstance(msgid, str):
        return f"{context}\x04{msgid}"
    return (f"{context}\x04{msgid[0]}", *msgid[1:])


def tables(*, folder: Path = TABLES) -> dict:
    """Every entry of translations/*.toml: message_key → (pt_BR, es, ca), each a string or (singular, plural).

    A message is in one place only: a second entry for it (in the same file or another) is refused, where the
    Python tables let the later file win and a translator's edit of the other one change nothing."""
    merged: dict = {}
    where: dict = {}
    for path in sorted(folder.glob("*.toml")):
        with open(path, "rb") as handle:
            entries = tomllib.load(handle).get("entry", [])
        for entry in entries:
            key, words = _entry(entry, where=path.name)
            if key in merged:
                raise ValueError(f"{path.name}: {entry['msgid']!r} is already in {where[key]}")
            merged[key], where[key] = words, path.name
    return merged


def _entry(entry: dict, *, where: str) -> tuple[str | tuple[str, ...], tuple]:
    """Refuses what would be silently lost: a field with another name (a typo of a language), a missing language,
    a plural message whose languages lack a form."""
    unknown = set(entry) - {"msgid", "plural", "context", *LANGS}
    missing = {"msgid", *LANGS} - set(entry)
    if unknown or missing:
        named = entry.get("msgid")
        raise ValueError(f"{where}: {named!r}: unknown fields {sorted(unknown)}, missing {sorted(missing)}")
    if not all(isinstance(entry[name], str) for name in ("msgid", "plural", "context") if name in entry):
        raise ValueError(f"{where}: {entry['msgid']!r}: msgid, plural and context are strings")
    if "plural" in entry:
        msgid: str | tuple[str, ...] = (entry["msgid"], entry["plural"])
        shaped = all(isinstance(forms := entry[lang], list) and len(forms) == 2
                     and all(isinstance(form, str) for form in forms) for lang in LANGS)
    else:
        msgid = entry["msgid"]
        shaped = all(isinstance(entry[lang], str) for lang in LANGS)
    if not shaped:
        needed = "[singular, plural]" if "plural" in entry else "a string"
        raise ValueError(f"{where}: {entry['msgid']!r} needs {needed} in each of {', '.join(LANGS)}")
    words = tuple(tuple(entry[lang]) if "plural" in entry else entry[lang] for lang in LANGS)
    return message_key(msgid, entry.get("context")), words


def main() -> int:
    table = tables()
    missing = 0
    for lang in ("pt_BR", "es", "ca", "en"):
        po_path = LOCALE / lang / "LC_MESSAGES" / "django.po"
        with open(po_path, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in list(catalog):
            if message.id and message.context == "customer":  # customer wording: conversations/locale has it
                catalog.delete(message.id, context=message.context)
                continue
            if not message.id:
                continue
            msgid = message.id if isinstance(message.id, str) else tuple(message.id)
            key = message_key(msgid, message.context)
            if lang == "en":
                found = msgid
            elif key in table:
                found = table[key][LANGS[lang]]
            else:  # left as it is (and, when empty or fuzzy, reported: the catalogue test fails on it)
                translated = message.string if isinstance(message.string, str) else all(message.string or ())
                if not translated or "fuzzy" in message.flags:
                    missing += 1
                    print(f"{lang}: no translation for {key!r}", file=sys.stderr)
                continue
            message.flags.discard("fuzzy")  # msgmerge's guesses are replaced by the table's words
            if isinstance(found, str):
                message.string = found
            else:  # singular, then the plural for every other form (Spanish has a third, for millions)
                message.string = (found[0], *[found[1]] * (catalog.num_plurals - 1))
        with open(po_path, "wb") as handle:
            write_po(handle, catalog, width=120, omit_header=False, ignore_obsolete=True, sort_output=True)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
