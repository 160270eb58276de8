"""A message as staff read it in lists and links (the turns list, a turn's page): its words, never a channel id."""

from django.utils import translation

from conversations.models import Message


def test_a_message_reads_as_its_words_on_one_line():
    message = Message(direction="in", channel_message_id="wamid.HBgM", text="manda 200\n  pro Pedro")
    assert str(message) == "manda 200 pro Pedro"


def test_a_long_message_is_cut_at_80_characters():
    message = Message(direction="in", channel_message_id="wamid.HBgN", text="a" * 200)
    assert str(message) == "a" * 79 + "…"


def test_a_message_without_words_reads_as_its_kind_in_the_readers_language():
    message = Message(direction="in", channel_message_id="wamid.HBgO", kind=Message.Kind.MEDIA, text="")
    with translation.override("pt-br"):
        assert str(message) == f"[{translation.gettext('Media')}]"
        assert "wamid" not in str(message)
