"""The reference content pack holds the rulebook's 60 cards and documented geometry."""

import copy
import tomllib
from collections import Counter

import pytest

from rules_core.games.gotham_race.content import REFERENCE, REFERENCE_PACK, ContentError, parse_pack


def test_reference_pack_has_fifteen_cards_per_deck() -> None:
    assert len(REFERENCE.cards) == 60
    assert Counter(c.deck for c in REFERENCE.cards) == {1: 15, 2: 15, 3: 15, 4: 15}


def test_card_mix_matches_the_rulebook_lists() -> None:
    def count(deck: int, op: str, n: int = 0, rank: int = 0) -> int:
        return sum(
            1
            for c in REFERENCE.cards
            if c.deck == deck and c.effect.op == op and c.effect.n == n and c.effect.rank == rank
        )

    assert count(1, "forward", 2) == 2 and count(1, "back", 2) == 1
    assert count(1, "ahead_of", 5, 2) == 1 and count(1, "behind", 6, 4) == 1
    assert count(2, "to_start") == 1 and count(2, "behind", 1, 1) == 2
    assert count(3, "behind", 5, 4) == 2 and count(3, "forward", 7) == 1
    assert (
        count(4, "back", 6) == 1 and count(4, "swap", 0, 1) == 1 and count(4, "ahead_of", 4, 3) == 1
    )
    finishes = {c.deck: c.effect.landmark for c in REFERENCE.cards if c.effect.op == "finish"}
    assert finishes == {1: "hedgehog", 2: "tortoise", 3: "snail", 4: "sheep"}


def test_every_value_states_its_source() -> None:
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    for value in [*raw["track"].values(), *raw["landmarks"].values(), *raw["card"]]:
        assert value["source"] == "reference" or value["source"].startswith("rulebook ")


def test_schema_errors_are_reported() -> None:
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    bad = copy.deepcopy(raw)
    bad["card"][0]["effect"] = {"op": "teleport"}
    with pytest.raises(ContentError, match=r"effect: op must be one of"):
        parse_pack(bad)
    bad = copy.deepcopy(raw)
    bad["track"]["finish"] = {"value": 99, "source": "reference"}
    with pytest.raises(ContentError):
        parse_pack(bad)
    bad = copy.deepcopy(raw)
    bad["landmarks"]["snail"]["source"] = "made up"
    with pytest.raises(ContentError, match="source"):
        parse_pack(bad)


def test_one_of_each_offers_the_first_copy_held_of_each_kind() -> None:
    """Copies alike but for their id (the book's two "Leader: 2 forward" of deck 1) are one
    choice: the first held, in id order, stands for both; a lone copy stands for itself."""
    hand = ("1-03", "2-04", "3-01", "1-02", "4-05", "1-03")
    assert REFERENCE.one_of_each(hand) == ["1-02", "2-04", "3-01", "4-05"]
    assert REFERENCE.one_of_each(("1-03",)) == ["1-03"]
    assert REFERENCE.one_of_each(()) == []


def test_cards_alike_in_words_but_not_in_effect_are_two_kinds() -> None:
    """A kind is the back, the text and the effect: a pack whose two cards read alike but act
    differently offers both (each is a choice of its own)."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    twin = next(c for c in raw["card"] if c["id"] == "1-03")
    twin["effect"] = {"op": "forward", "n": 7}  # 1-02 still moves 2, under the same words
    pack = parse_pack(raw)
    assert pack.one_of_each(("1-02", "1-03")) == ["1-02", "1-03"]
    assert REFERENCE.one_of_each(("1-02", "1-03")) == ["1-02"]


def test_what_is_worked_out_per_pack_is_kept_for_the_last_few_packs_only() -> None:
    """A pack may be a caller's custom one: its cards by id, its kinds of copies and what each
    deck holds are remembered for the packs met last (rules_core.engine.recent), never for
    every pack sent."""
    from rules_core.engine.recent import PACKS_KEPT
    from rules_core.games.gotham_race import content, view

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    for n in range(PACKS_KEPT + 3):
        pack_raw = copy.deepcopy(raw)
        pack_raw["card"][0]["text"] = f"Leader: 2 back (printing {n})"  # another pack each time
        pack = parse_pack(pack_raw)
        assert pack.card("1-01").text == f"Leader: 2 back (printing {n})"
        assert pack.one_of_each(("1-02", "1-03")) == ["1-02"]
        held = view.deck_contents(pack)
        assert isinstance(held, dict) and held["1"][0]["text"] == f"Leader: 2 back (printing {n})"
    assert len(content._CARD_INDEX) <= PACKS_KEPT and len(content._KIND_INDEX) <= PACKS_KEPT
    assert len(view._DECK_CONTENTS) <= PACKS_KEPT
