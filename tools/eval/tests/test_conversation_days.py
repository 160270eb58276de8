"""The tuning conversations are clock-independent: a weekday or a day of the month said is expected as said.

A conversation that says "dissabte", "el jueves", "on Saturday", "na quarta" or "el dia 15" means a day that moves
with today; expecting a fixed number of days after today only holds on the day the conversation was written. The
runner reads a weekday code ("sat": the next Saturday after today, as the bot reads "on Saturday") or a day of the
month ("15th") wherever a `day` is expected.
"""

import re
import unicodedata

from tools.eval.conversations.run import WEEKDAY_CODES, load

# The weekday names of pt, es, ca and en, accents folded. The Portuguese "segunda" … "sexta" are ordinals too
# ("a segunda", "la segunda": the second option offered), so after an article they only count with "-feira".
WEEKDAYS = {
    "mon": ("segunda", "lunes", "dilluns", "monday"),
    "tue": ("terca", "martes", "dimarts", "tuesday"),
    "wed": ("quarta", "miercoles", "dimecres", "wednesday"),
    "thu": ("quinta", "jueves", "dijous", "thursday"),
    "fri": ("sexta", "viernes", "divendres", "friday"),
    "sat": ("sabado", "dissabte", "saturday"),
    "sun": ("domingo", "diumenge", "sunday"),
}
ORDINALS = {"segunda", "terca", "quarta", "quinta", "sexta"}
WORD = re.compile(r"(?:\b(?P<article>a|la|o|el|the)\s+)?\b(?P<word>[a-z]+)\b(?P<feira>[\s-]feira)?")
CODE_OF = {word: code for code, words in WEEKDAYS.items() for word in words}
# "dia 15", "el 15", "on the 15th", "the 20th" (never "a las 15", "15 reais")
DAY_OF_MONTH = re.compile(r"\b(?:(?:el|dia|the)\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th))\b")


# "tomorrow", "depois de amanhã", "pasado mañana", "demà passat", "today", "in 3 days": a day counted from today,
# which a number expects rightly even beside a weekday said in passing ("staying till Friday").
RELATIVE_DAY = re.compile(r"\b(?:today|tomorrow|hoje|amanha|hoy|manana|avui|dema|in \d+ days?|daqui a \d+ dias?|"
                          r"dentro de \d+ dias?|d'aqui a \d+ dies)\b")


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")


def weekdays_named(lines: list[str]) -> set[str]:
    """The weekday codes a customer's lines name ("dissabte" → sat; "a segunda", the second option, → none)."""
    named = set()
    for match in WORD.finditer(_fold(" ".join(lines))):
        code = CODE_OF.get(match.group("word"))
        if code and not (match.group("word") in ORDINALS and match.group("article") and not match.group("feira")):
            named.add(code)
    return named


def days_of_month_named(lines: list[str]) -> set[str]:
    """The days of the month a customer's lines name, as the runner spells them ("el dia 15" → 15th)."""
    return {f"{int(a or b)}th" for a, b in DAY_OF_MONTH.findall(_fold(" ".join(lines)))}


def expected_days(conversation: dict) -> list[int | str]:
    return [value["day"] for value in conversation["expect"].values() if isinstance(value, dict) and "day" in value]


def test_the_weekday_reader_tells_a_weekday_from_an_ordinal():
    assert weekdays_named(["bon dia, raquetes dissabte a les 9"]) == {"sat"}
    assert weekdays_named(["esqui sexta de manhã pra 3"]) == {"fri"}
    assert weekdays_named(["manda na quarta-feira", "el Sábado"]) == {"wed", "sat"}
    assert weekdays_named(["quero marcar raquetes daqui a 3 dias", "a segunda"]) == set()
    assert weekdays_named(["la segunda"]) == set()
    assert weekdays_named(["a segunda-feira"]) == {"mon"}


def says_a_relative_day(lines: list[str]) -> bool:
    return bool(RELATIVE_DAY.search(_fold(" ".join(lines))))


def test_the_relative_day_reader():
    assert says_a_relative_day(["climbing the day after tomorrow at 3pm, we stay till Friday"])
    assert says_a_relative_day(["raquetes demà passat"]) and says_a_relative_day(["esqui depois de amanhã"])
    assert not says_a_relative_day(["raquetes dissabte a les 9"])


def test_the_day_of_month_reader_leaves_hours_and_amounts():
    assert days_of_month_named(["esqui el dia 15 a les 9"]) == days_of_month_named(["on the 15th"]) == {"15th"}
    assert days_of_month_named(["pro dia 20?", "el 3"]) == {"20th", "3th"}
    assert days_of_month_named(["a las 15 para 2", "manda 15 reais", "at 9am"]) == set()


def test_a_tuning_conversation_naming_a_weekday_expects_it_by_its_code():
    """A number would hold on one weekday only; "tomorrow", "in 3 days" stay numbers, they do not move."""
    numbered = [(c["id"], sorted(named), expected_days(c)) for c in load("tuning")
                if (named := weekdays_named(c["say"])) and not says_a_relative_day(c["say"])
                and any(isinstance(d, int) for d in expected_days(c))]
    assert numbered == [], "name the day by its weekday code (mon…sun), as the text does"


def test_a_tuning_conversation_naming_a_day_of_the_month_expects_it_so():
    numbered = [(c["id"], sorted(named), expected_days(c)) for c in load("tuning")
                if (named := days_of_month_named(c["say"])) and any(isinstance(d, int) for d in expected_days(c))]
    assert numbered == [], "name the day of the month as the text does (15th)"


def test_an_expected_weekday_code_is_one_the_conversation_names():
    wrong = [(c["id"], day, sorted(weekdays_named(c["say"]))) for c in load("tuning") for day in expected_days(c)
             if day in WEEKDAY_CODES and day not in weekdays_named(c["say"])]
    assert wrong == []
