"""A common word standing where a label is said is a name (issue 29, rec29k): a calendar entry's label ("Busy",
"Dentist", "Ocupado") after a marker saying a label follows ("called", "labeled", "the event name will be",
"chamado", "llamado", "anomenat"), or after a verb adding or confirming an entry with where or when it is right
after the label ("Please confirm Dentist at …", "add Busy to your calendar", "Adicionei Ocupado à sua agenda",
"Añadí Ocupado a tu calendario", "He afegit Ocupat al calendari").

Each shape in the four languages: a wrong label is held, the result's own label in the same shape passes, and the
common word used as a word ("I'm busy", "confirm at 5 pm") is no name.
"""

from __future__ import annotations

import pytest

from guards.common_words import COMMON
from guards.evidence import Evidence
from guards.facts import names_in
from guards.registry import registered
from guards.tests.helpers import deadline, make, output
from language.locales import Lang

CALENDAR = Evidence(names=("event_name", "event_location"), dates=("event_date", "event_time"))


def names(text: str, lang: Lang = "en") -> list[str]:
    return [fact.raw for fact in names_in(text, lang, common=COMMON[lang])]


def held(draft: str, lang: Lang, label: str) -> list[str]:
    """What `unsupported_fact` holds in `draft` after a calendar tool added the entry `label` at 1532 20th Street on
    5 March 2019 at 5 pm."""
    added = output("add_event", [{"event_name": label, "event_location": "1532 20th Street",
                                  "event_date": "2019-03-05", "event_time": "17:00"}], evidence=CALENDAR)
    inp = make(draft, lang=lang, currency="USD", org_kind="school", tool_outputs=(added,), today="2019-03-01")
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


# (language, the result's label, the same draft with another label, the word said as a label in the draft)
MARKED = [
    ("en", "Busy", "You have an event called {} on March 5th at 5 pm."),
    ("en", "Appointment", "You want an event added to calendar that's labeled {} on March 5th at 5 pm."),
    ("en", "Food", "Just to be sure, the event name will be {}, it's on March 5th at 5 pm."),
    ("en", "Busy", "With your permission I will label your calendar {} this March 5th at 5 pm."),
    ("pt-BR", "Ocupado", "Você tem um evento chamado {} no dia 5 de março às 17h."),
    ("pt-BR", "Médico", "Criei o evento com o nome {} para 5 de março."),
    ("es", "Ocupado", "Tienes un evento llamado {} el 5 de marzo a las 5 de la tarde."),
    ("es", "Médico", "Guardé el evento con el nombre {} para el 5 de marzo."),
    ("ca", "Ocupat", "Tens un esdeveniment anomenat {} el 5 de març a les 17h."),
    ("ca", "Metge", "He desat l'esdeveniment amb el nom {} per al 5 de març."),
]
ENTRY = [
    ("en", "Busy", "Please confirm {} at 1532 20th Street on March 5th at 5 pm."),
    ("en", "Busy", "Please confirm that you want me to add {} on March 5th at 5 pm to your calendar."),
    ("en", "Busy", "Alright, please confirm {} added to your calendar for March 5th at 5 pm."),
    ("en", "Appointment", "There's {} at 1532 20th Street on March 5th."),
    ("en", "Appointment", "Confirming {} for March 5th at 5 pm."),
    ("en", "Busy", "I added {} to your calendar."),
    ("pt-BR", "Ocupado", "Adicionei {} à sua agenda para 5 de março."),
    ("pt-BR", "Ocupado", "Posso adicionar {} à sua agenda no dia 5 de março?"),
    ("es", "Ocupado", "¿Puedo añadir {} a tu calendario para el 5 de marzo?"),
    ("es", "Ocupado", "Confirma {} el 5 de marzo a las 5 de la tarde."),
    ("ca", "Ocupat", "He afegit {} al calendari per al 5 de març."),
    ("ca", "Ocupat", "Confirma {} el 5 de març a les 17h."),
]
OTHER_LABEL = {"en": {"Busy": "Dentist", "Appointment": "Busy", "Food": "Salon"},
               "pt-BR": {"Ocupado": "Dentista", "Médico": "Ocupado"},
               "es": {"Ocupado": "Dentista", "Médico": "Ocupado"},
               "ca": {"Ocupat": "Dentista", "Metge": "Ocupat"}}


@pytest.mark.parametrize("lang, label, shape", MARKED + ENTRY)
def test_a_wrong_label_where_a_label_is_said_is_held(lang, label, shape):
    wrong = OTHER_LABEL[lang][label]
    assert wrong in names(shape.format(wrong), lang)
    assert wrong in " ".join(held(shape.format(wrong), lang, label))


@pytest.mark.parametrize("lang, label, shape", MARKED + ENTRY)
def test_the_results_own_label_in_the_same_place_passes(lang, label, shape):
    assert held(shape.format(label), lang, label) == []


def test_a_labels_other_words_in_lower_case_stay_its_own():
    assert held("Please confirm Stylist visit at 1532 20th Street on March 5th at 5 pm.", "en", "Stylist visit") == []
    assert held("Please confirm Doctor appointment at 1532 20th Street on March 5th.", "en", "Stylist visit") \
        == ["Doctor"]


@pytest.mark.parametrize("lang, draft", [
    ("en", "I'm busy, please confirm at 5 pm."),
    ("en", "Please confirm Your booking at 1532 20th Street on March 5th."),
    ("en", "Please confirm at 1532 20th Street on March 5th at 5 pm."),
    ("en", "I added it to your calendar for March 5th."),
    ("pt-BR", "Estou ocupado, confirme às 17h."),
    ("pt-BR", "Adicionei o evento à sua agenda para 5 de março."),
    ("es", "Estoy ocupado, confirma a las 5 de la tarde."),
    ("es", "Añadí el evento a tu calendario para el 5 de marzo."),
    ("ca", "Estic ocupat, confirma a les 17h."),
    ("ca", "He afegit l'esdeveniment al calendari per al 5 de març."),
])
def test_a_common_word_used_as_a_word_is_no_label(lang, draft):
    assert [name for name in names(draft, lang) if "Street" not in name] == []
    assert held(draft, lang, "Busy") == []


# --- a label opening an English sentence, said to be on a date, scheduled for one or located somewhere -----------

@pytest.mark.parametrize("label, shape", [
    ("Busy", "{} is on March 5th at 5 pm."),
    ("Busy", "{} scheduled for March 5th at 5 pm."),
    ("Busy", "Please confirm the event details. {} located at 1532 20th Street on March 5th."),
])
def test_a_label_opening_a_sentence_on_a_date_or_at_a_place_is_a_name(label, shape):
    assert "Dentist" in names(shape.format("Dentist"))
    assert held(shape.format("Dentist"), "en", label) == ["Dentist"]
    assert held(shape.format(label), "en", label) == []


@pytest.mark.parametrize("draft", [
    "Everything is on March 5th.",
    "Your appointment is on March 5th at 5 pm.",
    "Check in is on March 5th.",
    "Parking is located at the back.",
    "They are located at 1532 20th Street.",
    "Sure. It is located at 740 Water Street Southwest.",
    "Event is located at 5161 Clayton Road.",
    "They are playing at Petco Park.",
])
def test_a_common_word_opening_a_sentence_on_a_date_stays_a_word(draft):
    assert [name for name in names(draft) if not name.endswith(("Street", "Southwest", "Road", "Park"))] == []


# --- a title where it is played: before its subtitles or the screen or speaker it plays on ------------------------

MEDIA = Evidence(names=("title", "device"))


def held_played(draft: str, lang: Lang, title: str) -> list[str]:
    """What `unsupported_fact` holds in `draft` after a media search that found `title`."""
    found = output("find_movies", [{"title": title, "device": "TV"}], evidence=MEDIA)
    inp = make(draft, lang=lang, currency="USD", org_kind="school", tool_outputs=(found,), today="2019-03-01")
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


@pytest.mark.parametrize("lang, shape", [
    ("en", "{} without subtitles."),
    ("en", "Ok. {} with subtitles. Right?"),
    ("en", "Please confirm: {} playing on bedroom speaker."),
    ("en", "Confirming you want {} played on your TV."),
    ("en", "{} on the TV?"),
    ("pt-BR", "Confirma {} sem legendas?"),
    ("es", "Confirma {} sin subtítulos."),
    ("ca", "Confirma {} sense subtítols."),
])
def test_a_title_where_it_is_played_is_a_name(lang, shape):
    assert "Breakthrough" in names(shape.format("Breakthrough"), lang)
    assert held_played(shape.format("Breakthrough"), lang, "Sleepover") == ["Breakthrough"]
    assert held_played(shape.format("Sleepover"), lang, "Sleepover") == []


@pytest.mark.parametrize("lang, draft", [
    ("en", "Start playing on the TV."),
    ("en", "Playing on the TV now."),
    ("en", "The movie is playing on the TV with subtitles."),
    ("pt-BR", "Quer assistir com legendas?"),
    ("es", "¿Lo quieres con subtítulos?"),
    ("ca", "El vols amb subtítols?"),
])
def test_playing_said_of_no_title_names_none(lang, draft):
    assert names(draft, lang) == []


def test_an_act_said_to_perform_at_a_place_is_a_name():
    assert names("Beach boys are playing at Petco Park on March 7th.") == ["Beach", "Petco Park"]
    assert names("I found 10 events. Beach boys is performing in the Lodge Room.") == ["Beach", "Lodge Room"]


def test_a_title_before_its_artist_or_of_several_words_where_it_plays_is_a_name():
    assert "Heartbeat" in names("Heartbeat by Kelsea Ballerini is 1 song you may like.")
    assert names("Can you please confirm that you want to listen to All Night on kitchen speaker?") == ["All Night"]
    assert names("Sure by Friday.") == []


def test_a_verb_said_of_titles_before_where_they_play_is_no_title():
    assert "Confirm" not in " ".join(names("Confirm on TV O Father O Satan O sun."))
    assert held_played("Confirm on the TV, please.", "en", "Sleepover") == []


def test_a_dictionary_word_before_does_opening_a_sentence_is_a_subject():
    assert names("Bask does sound great. Should I try for 1 person?") == ["Bask"]
    assert names("That does sound great.") == []
