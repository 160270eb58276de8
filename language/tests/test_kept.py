"""`language.kept.per_text` keeps a short text's answers and computes a long text's each time."""

from language.kept import LONGEST, per_text


def test_a_short_texts_answer_is_kept_and_a_long_ones_is_not():
    calls: list[str] = []

    @per_text
    def upper(text: str, suffix: str) -> str:
        calls.append(text)
        return text.upper() + suffix

    assert upper("hola", "!") == upper("hola", "!") == "HOLA!"
    assert upper("hola", "?") == "HOLA?"  # the other arguments are part of the key
    long = "a" * (LONGEST + 1)
    assert upper(long, "") == upper(long, "") == long.upper()
    assert calls == ["hola", "hola", long, long]
