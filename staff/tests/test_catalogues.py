"""Every staff string is translated: `makemessages`, run on a copy of this checkout, leaves no untranslated or
fuzzy entry in the pt-BR, es, ca and en catalogues, and the compiled catalogues say what the .po files say."""

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
SKIP = shutil.ignore_patterns(".venv", ".data", ".git", "__pycache__", ".pytest_cache", ".hypothesis", "node_modules",
                              "docs", "*.png", ".env.sh")
IGNORE = ["--ignore=.venv", "--ignore=.data", "--ignore=bench"]


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    """A copy of the checkout whose catalogues `makemessages` has just rebuilt from the code."""
    copy = tmp_path_factory.mktemp("catalogues") / "checkout"
    shutil.copytree(settings.BASE_DIR, copy, ignore=SKIP, symlinks=True)
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.typecheck", "MAGIE_DEPLOYMENT": "development",
                        "MAGIE_DATA_DIR": str(copy / ".data")}
    result = subprocess.run([sys.executable, "manage.py", "makemessages", *[f"-l{lang}" for lang in LANGS], *IGNORE,
                             "--no-obsolete"], cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return copy


def catalogue(root: Path, lang: str):
    with open(root / "locale" / lang / "LC_MESSAGES" / "django.po", "rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_makemessages_leaves_no_untranslated_entry(regenerated, lang):
    # customer wording (context "customer") has its own catalogues and test (conversations/locale, agent/tests)
    entries = [message for message in catalogue(regenerated, lang) if message.id and message.context != "customer"]
    assert len(entries) > 150  # the staff side is in the catalogue (not an empty file that passes anything)
    untranslated = [message.id for message in entries
                    if not (message.string if isinstance(message.string, str) else all(message.string))]
    fuzzy = [message.id for message in entries if "fuzzy" in message.flags]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_matches_its_source(lang):
    root = Path(settings.BASE_DIR)
    source = {message.id if isinstance(message.id, str) else message.id[0]: message.string
              for message in catalogue(root, lang) if message.id}
    with open(root / "locale" / lang / "LC_MESSAGES" / "django.mo", "rb") as handle:
        compiled = {message.id if isinstance(message.id, str) else message.id[0]: message.string
                    for message in read_mo(handle) if message.id}
    normalise = lambda table: {key: tuple(value) if isinstance(value, (list, tuple)) else value  # noqa: E731
                               for key, value in table.items()}
    assert normalise(compiled) == normalise(source)


@pytest.mark.parametrize("lang", ["pt_BR", "es", "ca"])
def test_every_entry_holds_the_translation_written_for_it(lang):
    """No guess of msgmerge (a "fuzzy" match it filled in) stands in a catalogue: each entry is the one of the
    translation tables (locale/tools/translations/*.toml) that locale/tools/fill.py writes from."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("fill", Path(settings.BASE_DIR) / "locale" / "tools" / "fill.py")
    fill = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fill)
    table, index = fill.tables(), fill.LANGS[lang]
    wrong = []
    for message in catalogue(Path(settings.BASE_DIR), lang):
        key = fill.message_key(message.id if isinstance(message.id, str) else tuple(message.id), message.context)
        if not message.id or key not in table:
            continue
        expected = table[key][index]
        shown = message.string if isinstance(message.string, str) else tuple(message.string)[:2]
        if shown != (expected if isinstance(expected, str) else tuple(expected)):
            wrong.append(key)
    assert wrong == []
