"""The languages Magie speaks and how each library names them."""

from typing import Literal, get_args

Lang = Literal["pt-BR", "es", "ca", "en"]
LANGS: tuple[Lang, ...] = get_args(Lang)


def lang_of(value: str) -> Lang:
    """`value` (a language stored as text: an organisation's, a message's) as a Lang; ValueError for another."""
    if value not in LANGS:
        raise ValueError(f"Magie does not speak {value!r}")
    return value


_BABEL: dict[Lang, str] = {"pt-BR": "pt_BR", "es": "es", "ca": "ca", "en": "en"}
_SHORT: dict[Lang, str] = {"pt-BR": "pt", "es": "es", "ca": "ca", "en": "en"}


def babel_locale(lang: Lang) -> str:
    """Babel locale identifier for `lang` ("pt-BR" -> "pt_BR"); KeyError for an unknown language."""
    return _BABEL[lang]


def short_code(lang: Lang) -> str:
    """Two-letter code used by text2num and dateparser ("pt-BR" -> "pt")."""
    return _SHORT[lang]


def text2num_lang(lang: Lang) -> str | None:
    """text2num language code, or None for Catalan, which text2num does not support."""
    return None if lang == "ca" else _SHORT[lang]
