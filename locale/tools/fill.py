"""Fill the staff catalogues from locale/tools/translations_*.py after `makemessages`, then compile them.

    .venv/bin/python manage.py makemessages -l pt_BR -l es -l ca -l en --ignore=.venv --ignore=.data --ignore=bench --no-obsolete
    .venv/bin/python locale/tools/fill.py && .venv/bin/python manage.py compilemessages --ignore=.venv

The tables are the translations' source: every entry found in them is (re)written from them, so a guess of
msgmerge ("fuzzy") never survives; an entry in no table is kept when translated, else reported.
English gets its msgid (its catalogue must have no untranslated entry either).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
LOCALE = HERE.parent
LANGS = {"pt_BR": 0, "es": 1, "ca": 2}


def tables() -> dict:
    merged: dict = {}
    for path in sorted(HERE.glob("translations_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        merged.update(module.T)
    return merged


def main() -> int:
    table = tables()
    missing = 0
    for lang in ("pt_BR", "es", "ca", "en"):
        po_path = LOCALE / lang / "LC_MESSAGES" / "django.po"
        with open(po_path, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else tuple(message.id)
            if lang == "en":
                found = key
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
            write_po(handle, catalog, width=120, omit_header=False, ignore_obsolete=True)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
