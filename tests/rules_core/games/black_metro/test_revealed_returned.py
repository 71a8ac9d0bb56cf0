"""A mission the penalty dice revealed (appendix.dice.penalty) and later put back at the bottom
of the mission deck by the supply or event dice (appendix.dice.supply, appendix.dice.event): the
whole table saw it leave the hand, so every seat and spectator reads which card went back, the
deck knows it to all, and the hand no longer shows it revealed (rules version 14)."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.engine.types import EVERYONE, JSON, GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import facilities, sources
from rules_core.games.black_metro.events_standby import MissionRevealed
from rules_core.games.black_metro.language import mission
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro.helpers import GAME, started, through_setup
from tests.rules_core.games.black_metro.test_discards import _game, _pack
from tests.rules_core.privacy import apply_checking_privacy

RETURN = (Effect("return_mission"),)


def _returning(card_of: int) -> tuple[BlackMetroState, int, str, list[GameEvent]]:
    """Red's mission `card_of` of its hand returned by a die face, its first mission revealed."""
    state = started(2, 3)
    seat = 0
    shown = state.player(seat).missions[0]
    state = GAME.evolve(state, MissionRevealed(seat=None, owner=seat, card=shown))
    card = state.player(seat).missions[card_of]
    run = Run(state)
    facilities.carry_out(
        run, seat, 1, RETURN, card, random.Random(0), sources.of(sources.DICE, "penalty", 6)
    )
    return state, seat, card, run.events


def test_a_revealed_mission_put_back_is_told_to_all_and_known_to_all_on_the_deck() -> None:
    before, seat, card, events = _returning(0)
    assert events == [e.MissionReturned(seat=None, owner=seat, card=card, knower=EVERYONE)]
    state = GAME.evolve(before, events[0])
    player = state.player(seat)
    assert card not in player.missions and card not in player.revealed
    assert state.mission_deck[-1] == card and state.mission_knowers[-1] == EVERYONE
    name = mission(card, state)
    for viewer in (seat, 1 - seat, None):
        assert GAME.redact(events[0], viewer, False)["card"] == card
        assert GAME.narrate(before, events[0], viewer, False) == (
            f"Red returns {name} to the bottom of the mission deck."
        )
        assert card not in GAME.hidden_from(state, viewer)
    apply_checking_privacy(GAME, before, 2, events)


def test_an_unrevealed_mission_put_back_stays_its_returners_beside_a_revealed_one() -> None:
    before, seat, card, events = _returning(1)
    assert events == [e.MissionReturned(seat=None, owner=seat, card=card, knower=-1)]
    state = GAME.evolve(before, events[0])
    assert state.player(seat).revealed == before.player(seat).revealed  # the other stays shown
    assert state.mission_knowers[-1] == seat
    assert GAME.redact(events[0], 1 - seat, False)["card"] is None
    assert GAME.redact(events[0], None, False)["card"] is None
    assert card in GAME.hidden_from(state, 1 - seat)
    apply_checking_privacy(GAME, before, 2, events)


def test_a_mission_returned_before_version_2_reads_as_known_to_its_returner_alone() -> None:
    data: dict[str, JSON] = {"owner": 0, "card": "war-chest#1"}
    assert upcast(e.MissionReturned, data, 1) == {**data, "knower": -1}
    state, seat, card, _ = _returning(0)
    old = GAME.evolve(state, e.MissionReturned(seat=None, owner=seat, card=card))
    assert old.mission_knowers[-1] == seat and card not in old.player(seat).revealed


def test_a_mission_whose_id_holds_a_space_goes_back_by_its_whole_id() -> None:
    """A pack's mission ids are any text: Blue's "night watch" (dealt to him at seed 18),
    returned by a die face, goes back to the bottom of the mission deck as one card."""
    pack = _pack()
    pack["mission"][0]["id"] = "night watch"
    state = through_setup(_game(pack, seed=18))
    card = "night watch#1"
    assert card in state.player(1).missions
    run = Run(state)
    source = sources.of(sources.DICE, "penalty", 6)
    facilities.carry_out(run, 1, 1, RETURN, card, random.Random(0), source)
    assert run.events == [e.MissionReturned(seat=None, owner=1, card=card, knower=-1)]
    assert card not in run.state.player(1).missions and run.state.mission_deck[-1] == card
