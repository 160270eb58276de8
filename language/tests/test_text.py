import re

from language.text import fold, whole_words


def test_fold_keeps_one_character_per_character():
    assert fold("Não, MAÑANA cancel·la") == "nao, manana cancel·la"


def test_whole_words_finds_a_word_between_spaces_and_punctuation():
    pattern = re.compile(whole_words("pix|pay"))
    assert [m.group() for m in pattern.finditer("pix, then pay.")] == ["pix", "pay"]


def test_whole_words_skips_a_word_inside_another():
    assert re.search(whole_words("pay"), "repayment paypal pay2") is None


def test_whole_words_joiners_belong_to_the_word():
    assert re.search(whole_words("cancel"), "cancel-me") is not None
    assert re.search(whole_words("cancel", joiners="'·-"), "cancel-me cancel·la l'cancel") is None
