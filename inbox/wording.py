"""What the customer is told by the inbox itself, in the customer's language (pt-BR, es, ca, en)."""

from __future__ import annotations

CLOSED = {
    "pt-BR": "Este atendimento com a nossa equipe foi encerrado. Se precisar de mais alguma coisa, é só escrever.",
    "es": "Hemos cerrado esta atención con nuestro equipo. Si necesitas algo más, escríbenos.",
    "ca": "Hem tancat aquesta atenció amb el nostre equip. Si necessites res més, escriu-nos.",
    "en": "A member of our team has closed this conversation. If you need anything else, just write.",
}


def closing_message(language: str) -> str:
    return CLOSED.get(language) or CLOSED["en"]
