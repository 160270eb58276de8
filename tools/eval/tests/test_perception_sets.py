import json

from language.locales import LANGS
from tools.eval.perception_sets import HELDOUT_DIR, SETS_DIR, evaluate, load_sets


def _write_set(path):
    (path / "catalogue.json").write_text(json.dumps({"activities": {"ski": ["ski", "Esquí alpí"]}}), encoding="utf-8")
    turns = [
        {"org": "bank", "text": "manda 50 pro Pedro", "kind": "pix_transfer", "gold": {"amount": 5000, "recipient": "pedro"}},
        {"org": "bank", "text": "manda 50 pro Pedro", "kind": "balance", "gold": {"amount": 6000}},  # two wrong golds
        {"org": "school", "text": "vull reservar esquí", "kind": "booking", "gold": {"activity": "ski"}},
        {"org": "store", "text": "tem xiaomi?", "kind": "product_search", "gold": {"product": ["Xiaomi", "celular"]}},
    ]
    (path / "pt-BR.jsonl").write_text("\n".join(json.dumps(t) for t in turns[:2] + turns[3:]) + "\n", encoding="utf-8")
    (path / "ca.jsonl").write_text(json.dumps(turns[2]) + "\n", encoding="utf-8")


def test_counts_per_slot_and_language(tmp_path):
    _write_set(tmp_path)
    result = evaluate(tmp_path, detect=False)
    every = result["groups"]["all"]
    assert result["turns"] == 4
    assert (every["amount"]["tp"], every["amount"]["fp"], every["amount"]["fn"]) == (1, 1, 1)
    assert (every["recipient"]["tp"], every["recipient"]["fp"]) == (1, 1)  # names compare folded; no gold in turn 2
    assert (every["kind"]["tp"], every["kind"]["fp"], every["kind"]["fn"]) == (3, 1, 1)
    assert every["activity"]["tp"] == 1  # "esquí" resolves to the catalogue's ski
    assert every["product"]["tp"] == 1  # one of the acceptable readings
    assert result["groups"]["ca"]["activity"]["tp"] == 1 and result["groups"]["pt-BR"]["activity"]["tp"] == 0
    assert [miss["text"] for miss in result["misses"]] == ["manda 50 pro Pedro"]


def test_the_sets_shipped_are_well_formed():
    for path in (SETS_DIR, HELDOUT_DIR):
        turns = load_sets(path)
        assert {turn["lang"] for turn in turns} == set(LANGS)
        assert all(turn["org"] in ("bank", "school", "store") and isinstance(turn["gold"], dict) for turn in turns)
    assert len(load_sets(SETS_DIR)) + len(load_sets(HELDOUT_DIR)) >= 400
