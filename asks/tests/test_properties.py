"""Property tests over random message sequences (hypothesis): one open Ask at most, and no value leaks from a
closed Ask into a later one unless a message attributed to the later Ask said it."""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asks.kinds import slot_values
from asks.models import OPEN_STATUSES, Ask, SlotEvent
from asks.perception.contract import Perception
from asks.tests.chat import Chat

TEXTS = [
    "manda 200 pro Pedro", "manda um pix de 100 pra Ana", "manda pro João", "na verdade, é pro João",
    "na verdade, 300", "dois centavos", "qual meu saldo?", "cancela", "sim", "oi", "500", "pra Maria",
    "quantos pix eu fiz esse mês?", "manda 50", "aliás, pra Ana",
]
STEPS = st.one_of(
    st.tuples(st.just("say"), st.sampled_from(TEXTS)),
    st.tuples(st.just("wait"), st.sampled_from([1, 5, 11, 60])),
    st.tuples(st.just("preview"), st.just(None)),
    st.tuples(st.just("tap"), st.integers(min_value=0, max_value=5)),
    st.tuples(st.just("finish"), st.just(None)),
)
customers = itertools.count(1)


def check_invariants(conversation_id: int) -> None:
    assert Ask.objects.filter(conversation_id=conversation_id, status__in=OPEN_STATUSES).count() <= 1
    for event in SlotEvent.objects.filter(ask__conversation_id=conversation_id).select_related("message__decision",
                                                                                               "message__attribution"):
        assert event.message.attribution.ask_id == event.ask_id, "a value entered an Ask from a message not attributed to it"
        if event.action == "clear":
            continue
        said = slot_values(Perception.model_validate(event.message.decision.perception), None)
        assert said.get(event.slot) == event.value, "a value no message of this Ask said"


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(steps=st.lists(STEPS, min_size=1, max_size=14))
def test_random_sequences_keep_one_open_ask_and_leak_nothing(demobank, steps):
    chat = Chat("pt-BR", customer=f"55119{next(customers):08d}")
    buttons: list[str] = []
    conversation_id = None
    for step, arg in steps:
        open_ask = (Ask.objects.filter(conversation_id=conversation_id, status__in=OPEN_STATUSES).first()
                    if conversation_id else None)
        if step == "say":
            chat.say(arg)
            conversation_id = chat.last_message.conversation_id
        elif step == "wait":
            chat.wait(minutes=arg)
        elif step == "preview" and open_ask and open_ask.status == "collecting":
            buttons.append(chat.preview(open_ask))
        elif step == "tap" and buttons and conversation_id:
            chat.tap(buttons[arg % len(buttons)])
        elif step == "finish" and open_ask and open_ask.status == "executing":
            chat.execute_and_complete(open_ask)
        if conversation_id:
            check_invariants(conversation_id)
