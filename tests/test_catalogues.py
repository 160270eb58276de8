"""Every string is translated: `makemessages` (magie/management/commands/makemessages.py), run on a copy of this
checkout, leaves no untranslated or fuzzy entry in the pt-BR, es, ca and en catalogues, staff (`locale/`) and
customer (`conversations/locale/`) alike; each message is filed in its catalogue; the notes written in the
catalogues survive; the compiled catalogues say what the .po files say."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from django.conf import settings

LANGS = ("pt_BR", "es", "ca", "en")
CATALOGUES = {"staff": Path("locale"), "customer": Path("conversations") / "locale"}
SKIP = shutil.ignore_patterns(
    ".venv",
    ".data",
    ".git",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    "node_modules",
    "docs",
    "*.png",
    ".env.sh",
    "*.mo",
)
# New words a change would bring, said in the copy only: they must reach the right catalogue untranslated (and
# English with its msgid), which shows the check below would see a string someone forgot to translate.
PROBE_STAFF = "Probe: staff words nobody translated yet"
PROBE_CUSTOMER = "Probe: customer words nobody translated yet"
PROBE_CONVERSATIONS_STAFF = "Probe: staff words said in conversations/"
PROBES = (PROBE_STAFF, PROBE_CUSTOMER)
PROBE_NOTE = "the probe's own page"
PROBE_CODE = (
    "from django.utils.translation import gettext_lazy as _, pgettext_lazy\n\n"
    f"# Translators: {PROBE_NOTE}\nSTAFF = _({PROBE_STAFF!r})\nCUSTOMER = pgettext_lazy('customer', {PROBE_CUSTOMER!r})\n"
)
PROBE_IN_CONVERSATIONS = (
    f"from django.utils.translation import gettext_lazy as _\n\nSTAFF = _({PROBE_CONVERSATIONS_STAFF!r})\n"
)


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    """A copy of the checkout (with the probes) whose catalogues `makemessages` has just rebuilt from the code."""
    copy = tmp_path_factory.mktemp("catalogues") / "checkout"
    shutil.copytree(settings.BASE_DIR, copy, ignore=SKIP, symlinks=True)
    (copy / "agent" / "zz_probe_words.py").write_text(PROBE_CODE, encoding="utf-8")
    (copy / "conversations" / "zz_probe_words.py").write_text(PROBE_IN_CONVERSATIONS, encoding="utf-8")
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "magie.settings.typecheck",
        "MAGIE_DEPLOYMENT": "development",
        "MAGIE_DATA_DIR": str(copy / ".data"),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages"], cwd=copy, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return copy


def catalogue(root: Path, which: str, lang: str):
    with open(root / CATALOGUES[which] / lang / "LC_MESSAGES" / "django.po", "rb") as handle:
        return read_po(handle, locale=lang)


def translated(message) -> bool:
    return bool(message.string if isinstance(message.string, str) else all(message.string))


def plain(table: dict) -> dict:
    return {key: tuple(value) if isinstance(value, (list, tuple)) else value for key, value in table.items()}


def singular(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which,least", [("staff", 1000), ("customer", 150)])
def test_makemessages_leaves_no_untranslated_or_fuzzy_entry(regenerated, which, least, lang):
    entries = [message for message in catalogue(regenerated, which, lang) if message.id]
    assert len(entries) > least  # the catalogue holds its words (not an empty file that passes anything)
    untranslated = [message.id for message in entries if not translated(message) and singular(message) not in PROBES]
    fuzzy = [message.id for message in entries if "fuzzy" in message.flags]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_message_is_filed_in_its_catalogue(regenerated, lang):
    staff, customer = catalogue(regenerated, "staff", lang), catalogue(regenerated, "customer", lang)
    assert {message.context for message in customer if message.id} == {"customer"}
    assert not any(message.context == "customer" for message in staff if message.id)
    new_staff, new_customer = staff.get(PROBE_STAFF), customer.get(PROBE_CUSTOMER, context="customer")
    assert new_staff is not None and new_customer is not None
    assert customer.get(PROBE_STAFF) is None and staff.get(PROBE_CUSTOMER, context="customer") is None
    # conversations/ is the customers': its staff words are declared in staff/labels.py, not taken from it
    assert staff.get(PROBE_CONVERSATIONS_STAFF) is None and customer.get(PROBE_CONVERSATIONS_STAFF) is None
    assert new_staff.auto_comments == [f"Translators: {PROBE_NOTE}"]  # a note the code gives
    if lang == "en":  # English is the source language: a new entry gets its msgid
        assert (new_staff.string, new_customer.string) == (PROBE_STAFF, PROBE_CUSTOMER)
    else:  # the others wait for a translator, and the test above would name them
        assert not translated(new_staff) and not translated(new_customer)


@pytest.mark.parametrize("lang", LANGS)
def test_the_notes_written_in_a_catalogue_survive_makemessages(regenerated, lang):
    """Where a string is shown, written as a `#.` note in the catalogue (msgmerge keeps only the code's)."""

    def notes(root: Path) -> dict:
        return {
            (message.context, singular(message)): message.auto_comments
            for message in catalogue(root, "staff", lang)
            if message.id and message.auto_comments
        }

    written, kept = notes(Path(settings.BASE_DIR)), notes(regenerated)
    assert len(written) > 1000
    assert {key: kept.get(key) for key in written} == written
    assert any("one word for both" in line for line in kept[None, "failed"])


@pytest.mark.parametrize("which", CATALOGUES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_matches_its_source(which, lang):
    root = Path(settings.BASE_DIR)
    source = {
        (message.context, singular(message)): message.string for message in catalogue(root, which, lang) if message.id
    }
    with open(root / CATALOGUES[which] / lang / "LC_MESSAGES" / "django.mo", "rb") as handle:
        compiled = {(message.context, singular(message)): message.string for message in read_mo(handle) if message.id}
    assert plain(compiled) == plain(source)
