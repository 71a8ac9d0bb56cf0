"""Gaining a new ability (turn.level.ability): one ability card a turn, whatever the order, one of
the villain's own not yet in play; and what some reference abilities do once in play."""

from __future__ import annotations

import tomllib

import pytest

from rules_core.engine import Move
from rules_core.engine.content_limits import ContentError
from rules_core.games.gotham_city_strategy import GAME, board
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.content import REFERENCE_PACK, parse_pack
from rules_core.games.gotham_city_strategy.language import narrate
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged
from rules_core.games.gotham_city_strategy.state import GcsState
from rules_core.games.gotham_city_strategy.turn_events import TurnStarted
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    PACK,
    Dice,
    act,
    at_step,
    blocks,
    events_of,
    ready,
    refused,
    with_player,
)
from tests.rules_core.json_shapes import obj, objs

# The Joker's reference dial: level 2 and level 4 show an ability icon; 1->2 costs 2 money,
# 2->3 costs 3 information, 3->4 asks for 3 ruled blocks.
RULED = blocks(diamond_row=1, city_hall=1, dixon_docks=1)


def joker_who_can_climb_three_levels() -> GcsState:
    state = ready(["joker", "penguin"])
    return with_player(state, 0, money=2, information=3, threats=RULED)


def choose(card: str) -> Move:
    return Move.of("choose_ability", card=card)


def test_one_ability_a_turn_when_choosing_between_advances() -> None:
    state = joker_who_can_climb_three_levels()
    state = act(state, 0, Move.of("advance"))  # level 2: an icon
    state = act(state, 0, choose("joker-laughing-gas"))
    state = act(state, 0, Move.of("advance"))  # level 3
    state = act(state, 0, Move.of("advance"))  # level 4: an icon again, same turn
    assert state.players[0].level == 4
    assert state.players[0].abilities == ("joker-laughing-gas",)
    assert not any(m.type == "choose_ability" for m in GAME.legal_moves(state, 0))
    assert refused(state, 0, choose("joker-joy-buzzer")).code == "no_ability_due"


def test_one_ability_a_turn_when_advancing_all_levels_first() -> None:
    state = joker_who_can_climb_three_levels()
    for _ in range(3):
        state = act(state, 0, Move.of("advance"))
    assert state.players[0].level == 4
    offered = [m for m in GAME.legal_moves(state, 0) if m.type == "choose_ability"]
    assert len(offered) == 5
    state = act(state, 0, choose("joker-joy-buzzer"))
    assert state.players[0].abilities == ("joker-joy-buzzer",)
    assert refused(state, 0, choose("joker-laughing-gas")).code == "no_ability_due"


def test_the_next_turn_may_gain_another_ability() -> None:
    state = joker_who_can_climb_three_levels()
    state = act(state, 0, Move.of("advance"))
    state = act(state, 0, choose("joker-laughing-gas"))
    # a later turn of the same player starts with no ability taken
    later = GAME.evolve(state, TurnStarted(seat=0))
    later = with_player(later, 0, information=3)
    later = act(later, 0, Move.of("advance"))  # level 3: no icon
    later = act(later, 0, Move.of("advance"))  # level 4: an icon
    later = act(later, 0, choose("joker-joy-buzzer"))
    assert later.players[0].abilities == ("joker-laughing-gas", "joker-joy-buzzer")


def test_an_ability_is_one_of_the_villains_own_cards_not_yet_in_play() -> None:
    """turn.level.ability: the card chosen is one of the player's own villain's five ability
    cards, and one already face up in front of them is not chosen again on a later turn (its
    effect would count twice); another villain's card, or a name no card has, is refused."""
    state = joker_who_can_climb_three_levels()
    state = act(state, 0, Move.of("advance"))
    for other in ("penguin-hypnotizing-umbrella", "no-such-card"):
        answer = refused(state, 0, choose(other))
        assert (answer.code, answer.message) == (
            "no_ability_due",
            "That is not an ability your villain may take now.",
        )
    state = act(state, 0, choose("joker-laughing-gas"))
    later = GAME.evolve(state, TurnStarted(seat=0))
    later = with_player(later, 0, information=3)
    later = act(act(later, 0, Move.of("advance")), 0, Move.of("advance"))  # level 4: an icon
    offered = [m.get("card") for m in GAME.legal_moves(later, 0) if m.type == "choose_ability"]
    assert len(offered) == 4 and "joker-laughing-gas" not in offered
    assert refused(later, 0, choose("joker-laughing-gas")).code == "no_ability_due"


def test_the_trained_bird_token_comes_into_play_with_its_card_as_a_sixth_henchman() -> None:
    state = ready(["penguin", "joker"])
    state = with_player(state, 0, money=5 + 3)  # level 2 costs 3 money; a 6th henchman 5
    state = act(state, 0, Move.of("advance"))
    token = objs(GAME.view(state, 1)["players"])[0]["token"]
    assert token == {"name": "Trained Bird", "with": "Trained Bird", "in_play": False}
    bird = Move.of("choose_ability", card="penguin-trained-bird")
    (chosen,) = events_of(state, 0, bird)
    assert narrate(state, chosen, 1, reveal=False) == (
        "The Penguin takes the ability “Trained Bird” and puts the Trained Bird token in play."
    )
    state = act(state, 0, bird)
    assert obj(objs(GAME.view(state, 1)["players"])[0]["token"])["in_play"] is True
    state = with_player(state, 0, hideout_henchmen=5)
    state = at_step(state, "actions")
    state = act(state, 0, Move.of("recruit"))  # the bird is the sixth
    assert state.players[0].recruited == 6


def test_a_pack_whose_token_goes_with_another_villains_card_is_refused() -> None:
    data = tomllib.loads(REFERENCE_PACK.read_text())
    data["villain"][0]["token_ability"] = "penguin-trained-bird"
    with pytest.raises(ContentError, match=r"villain\[0\]\.token_ability: one of The Joker's"):
        parse_pack(data)


@pytest.mark.parametrize(("card", "limit"), [("joker-madhouse-crowds", 7), (None, 5)])
def test_a_threat_limit_ability_raises_how_many_threats_a_block_may_hold(
    card: str | None, limit: int
) -> None:
    """Madhouse Crowds lets the Joker keep 7 of his threats in one block; without it, 5."""
    state = ready(["joker", "penguin"])
    full = PACK.block_index("ace-chemicals")
    state = with_player(
        state, 0, abilities=(card,) if card else (), threats=blocks(ace_chemicals=limit - 1)
    )
    assert board.threat_room(state, 0, full) == 1
    assert full in board.threat_targets(state, 0)
    state = with_player(state, 0, threats=blocks(ace_chemicals=limit))
    assert board.threat_room(state, 0, full) == 0
    assert full not in board.threat_targets(state, 0)
    assert board.threat_room(state, 1, full) == 5  # the Penguin's own limit is his


@pytest.mark.parametrize("abilities", [(), ("penguin-lounge-profits",)])
def test_a_turn_gain_ability_pays_at_the_start_of_each_of_the_holders_turns(
    abilities: tuple[str, ...],
) -> None:
    """glossary.ability: an ability card is a permanent skill; the Penguin's Lounge Profits
    (reference text) gives him 1 money as each of his turns begins, in the open, and nothing
    without it."""
    state = with_player(ready(["joker", "penguin"]), 1, abilities=abilities, money=0)
    state = at_step(state, "actions")
    events = events_of(state, 0, Move.of("end_turn"))
    gains = [e for e in events if isinstance(e, ResourcesChanged) and e.reason == "ability"]
    assert gains == [
        ResourcesChanged(seat=None, owner=1, money=1, information=0, reason="ability")
    ] * len(abilities)
    assert isinstance(events[-1 - len(abilities)], TurnStarted)


@pytest.mark.parametrize("abilities", [(), ("killer-croc-territorial-rage",)])
def test_an_extra_threat_ability_adds_one_to_the_threats_a_won_fight_places(
    abilities: tuple[str, ...],
) -> None:
    """turn.fight-villains: the winner may place two threats; Killer Croc's Territorial Rage
    (reference text) places one more, and without it he places two."""
    state = ready(["killer-croc", "joker"])
    state = with_player(state, 0, abilities=abilities, information=1)
    state = with_player(state, 1, villain_at=ACE)
    state = act(at_step(state, "actions"), 0, Move.of("move"))
    state = act(state, 0, Move.of("move_villain", to=ACE), Dice("3", "1"))
    head = current(state)
    assert head is not None and (head.seat, head.kind, head.must) == (0, "place_threats", False)
    assert head.count == 2 + len(abilities)
