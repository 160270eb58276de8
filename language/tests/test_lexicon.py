"""The words the readers of `language/` look for, per language."""

from language.lexicon import reader_words, table_words


def test_each_language_has_its_tables_words_and_not_anothers():
    assert {"atendente", "amanha", "limite"} <= reader_words("pt-BR")
    assert {"agente", "manana", "hablar"} <= reader_words("es")
    assert "atendente" not in reader_words("es") and "hablar" not in reader_words("pt-BR")


def test_only_whole_words_of_a_regex_count():
    assert table_words((r"movimentac\w*|extrato|pessoas?",)) == frozenset({"extrato", "pessoas", "pessoa"})
