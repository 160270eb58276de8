"""Django's `makemessages`, filing each message in its catalogue: one run updates both of Magie's.

- the staff catalogue, `locale/<lang>/LC_MESSAGES/django.po` (LOCALE_PATHS: read before any app's), gets every
  message without the gettext context "customer", from all the code but `conversations/` (its staff words are
  declared in `staff/labels.py`, as that app's locale directory is the customers');
- the customer catalogue, `conversations/locale/<lang>/LC_MESSAGES/django.po`, gets every message with the context
  "customer", wherever the code says it.

Django alone files a message by the nearest `locale` directory above its file, so customer wording said in
`agent/` would land in the staff catalogue and staff words of `conversations/` in the customers'.

The catalogues are the translations' source (translators and a translation platform edit them), so:
- a note written in a catalogue as a `#.` comment (where the words are shown) is kept, though msgmerge keeps only
  the notes the code gives (`# Translators: ...` right above the string);
- English is the source language: an English entry left empty or fuzzy by msgmerge gets its msgid (as `msgen`
  does); one a translator worded otherwise stays.

    .venv/bin/python manage.py makemessages   # pt_BR, es, ca and en, --no-obsolete, file names only; or: make messages
"""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.core.management.base import CommandError
from django.core.management.commands import makemessages
from django.core.management.utils import popen_wrapper

CUSTOMER_CONTEXT = "customer"
LANGUAGES = ("pt_BR", "es", "ca", "en")  # by default (no -l, -x or --all)
# Never code of Magie's: the virtualenv, the data folder, the benches (their strings are not shipped).
IGNORED = [".venv", ".data", "bench", "node_modules"]
SOURCE_LANGUAGE = "en"
# Notes the code gives come back from it on every run: only the others are carried over from the catalogue.
CODE_NOTE = "Translators:"


def staff_locale() -> Path:
    return Path(settings.LOCALE_PATHS[0])


def customer_locale() -> Path:
    return Path(settings.BASE_DIR) / "conversations" / "locale"


class Command(makemessages.Command):
    help = makemessages.Command.help + " Files customer wording (context 'customer') in conversations/locale."

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        if not (options["locale"] or options["exclude"] or options["all"]):
            options["locale"] = list(LANGUAGES)
        options["add_location"] = options["add_location"] or "file"
        options["no_obsolete"] = True
        return super().handle(*args, **options)

    def build_potfiles(self) -> list[str]:
        potfiles = super().build_potfiles()
        if self.domain != "django":
            return potfiles
        staff, customer = staff_locale(), customer_locale()
        found = {Path(potfile).parent.resolve(): Path(potfile) for potfile in potfiles}
        if staff.resolve() not in found:
            return potfiles
        staff_pot, customers = _read(found[staff.resolve()]), _read(found[staff.resolve()])
        for message in list(staff_pot):
            if message.id and message.context == CUSTOMER_CONTEXT:
                staff_pot.delete(message.id, context=message.context)
        for message in list(customers):
            if message.id and message.context != CUSTOMER_CONTEXT:
                customers.delete(message.id, context=message.context)
        if customer.resolve() in found:  # the customer wording conversations/ itself says (not its staff words)
            for message in _read(found[customer.resolve()]):
                said = customers.get(message.id, context=message.context) if message.id else None
                if said is not None:  # said in conversations/ and elsewhere
                    said.locations = sorted({*said.locations, *message.locations}, key=str)
                elif message.id and message.context == CUSTOMER_CONTEXT:
                    customers[message.id] = message
        for folder, pot in ((staff, staff_pot), (customer, customers)):
            _keep_written_notes(pot, folder)
            _write(folder / f"{self.domain}.pot", pot)
        if str(customer) not in self.locale_paths:  # so that Django removes the .pot it did not make
            self.locale_paths.append(str(customer))
        return [str(staff / f"{self.domain}.pot"), str(customer / f"{self.domain}.pot")]

    def write_po_file(self, potfile: str, locale: str) -> None:
        super().write_po_file(potfile, locale)
        pofile = Path(potfile).parent / locale / "LC_MESSAGES" / f"{self.domain}.po"
        # A new catalogue's header is marked fuzzy (a template's); the catalogue is ours from now on.
        # The template's date changes on every run: left out, a run that finds no new words changes no file.
        text = pofile.read_text(encoding="utf-8")
        text = text.replace('#, fuzzy\nmsgid ""\nmsgstr ""\n', 'msgid ""\nmsgstr ""\n', 1)
        pofile.write_text(re.sub(r'^"POT-Creation-Date: [^"]*"\n', "", text, count=1, flags=re.M), encoding="utf-8")
        if locale == SOURCE_LANGUAGE:
            _gettext("msgattrib", "--clear-fuzzy", "--empty", "--clear-previous", "-o", str(pofile), str(pofile))
            _gettext("msgen", "-o", str(pofile), str(pofile))


def _gettext(*args: str) -> None:
    _, errors, status = popen_wrapper(list(args))
    if status:
        raise CommandError(f"{args[0]} failed: {errors}")


def _read(path: Path) -> Catalog:
    # xgettext's template leaves the plural forms to fill in, which babel cannot read; msgmerge keeps each
    # catalogue's own, and Django writes a new catalogue's from its own.
    text = path.read_bytes().replace(b"nplurals=INTEGER; plural=EXPRESSION;", b"nplurals=2; plural=(n != 1);")
    return read_po(io.BytesIO(text))


def _write(path: Path, catalog: Catalog) -> None:
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False)


def _keep_written_notes(pot: Catalog, folder: Path) -> None:
    """Copy into `pot` the `#.` notes the catalogues of `folder` hold that the code does not give, so that
    msgmerge (which takes such comments from the template only) keeps them. They go before the code's, so that
    in a catalogue the written notes are the lines above the first "Translators:" one (the code's may run over
    several lines, and change)."""
    for po_path in sorted(folder.glob("*/LC_MESSAGES/django.po")):
        for written in _read(po_path):
            message = pot.get(written.id, context=written.context) if written.id else None
            if message is None:
                continue
            notes = list(itertools.takewhile(lambda line: not line.startswith(CODE_NOTE), written.auto_comments))
            kept = [note for note in notes if note not in message.auto_comments]
            message.auto_comments = [*kept, *message.auto_comments]
