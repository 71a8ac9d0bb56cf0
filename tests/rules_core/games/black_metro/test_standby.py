"""The standby phase's moves refused in the game's words, citing the sections that forbid them
(standby.py)."""

from __future__ import annotations

import random

from rules_core.engine.types import Citation, GameEvent
from rules_core.engine.updating import updated
from rules_core.games.black_metro import facilities, standby
from rules_core.games.black_metro.events_resolution import RollToResolve
from rules_core.games.black_metro.events_standby import DistrictExploded, FortuneTurnedUp, TileLaid
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro import test_example_round as example
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    play,
    refused,
    started,
    through_setup,
)


def test_recovering_personnel_not_in_the_bag_is_refused_citing_the_recall_step() -> None:
    """Green's bag holds her 2 overwhelmed subordinates (example.standby.recall)."""
    refusal = refused(example._resolved(), GREEN, "recover", troop="0,1,0")
    assert refusal.code == "not_overwhelmed"
    assert refusal.message == "Your overwhelmed bag holds 2 subordinates: recover some of those."
    assert Citation("black-metro", "phases.standby.recall") in refusal.citations


def _event_one(top: str) -> tuple[BlackMetroState, list[GameEvent]]:
    """Event 1 rolled at the example's standby (Blue holds the relic), `top` on the fortune
    deck and Green's blockade at 05 Laughing Tavern."""
    state = example._resolved()
    deck = (top, *(c for c in state.fortune_deck if c != top))
    state = updated(state, fortune_deck=deck, flow=updated(state.flow, step="event", prompts=()))
    blockade = (Fortification(GREEN, "blockade"),)
    state = state.with_district(5, updated(state.district(5), fortifications=blockade))
    run = Run(state)
    facilities.apply_face(run, state.relic, "event", 1, 0, random.Random(0))
    return run.state, run.events


def test_event_one_strikes_first_and_its_tile_is_chosen_knowing_the_district() -> None:
    """appendix.dice.event: the top fortune is discarded and the fortifications at its district
    destroyed, and then the relic player chooses which tile is laid there."""
    state, events = _event_one("5-clubs")
    assert [type(ev) for ev in events] == [FortuneTurnedUp, DistrictExploded, RollToResolve]
    assert events[1] == DistrictExploded(seat=None, district=5, tile="")
    assert state.district(5).fortifications == () and state.district(5).tile == ""
    assert GAME.to_act(state) == {BLUE}
    labels = [GAME.describe_move(state, BLUE, m) for m in GAME.legal_moves(state, BLUE)]
    assert labels == [
        "Choose for event 1 (massive explosion): lay the massive explosion tile at "
        "05 Laughing Tavern",
        "Choose for event 1 (massive explosion): lay the trading market tile at 05 Laughing Tavern",
        "Choose for event 1 (massive explosion): lay the gladiator arena tile at "
        "05 Laughing Tavern",
    ]
    state, laid = play(state, BLUE, "resolve_roll", choice="second")
    assert TileLaid(seat=None, district=5, tile="trading-market") in laid
    assert GAME.narrate(state, TileLaid(seat=None, district=5, tile="trading-market"), None, False)
    assert state.round == 4  # the standby phase went on to the next round
    assert state.district(5).tile == "trading-market"


def test_an_ace_turned_up_for_event_one_lets_the_relic_player_choose_the_district_first() -> None:
    state, _ = _event_one("A-hearts")
    assert [m.type for m in GAME.legal_moves(state, BLUE)] == ["explode_at", "explode_at"]
    # the choice in the player's words, as a move (it read "The explosion strikes 11 Astral
    # Tower", an event's words, in the buttons and in the analysis's "Blue played: …")
    assert [GAME.describe_move(state, BLUE, m) for m in GAME.legal_moves(state, BLUE)] == [
        "Let the explosion strike 01 Shadowforge Factory",
        "Let the explosion strike 11 Astral Tower",
    ]
    wrong = refused(state, BLUE, "explode_at", district=5)  # the ace names 01 or 11 alone
    assert (wrong.code, wrong.message) == (
        "not_named_district",
        "The ace of hearts names district 01 or 11.",
    )
    assert Citation("black-metro", "appendix.dice.event") in wrong.citations
    state, events = play(state, BLUE, "explode_at", district=11)
    assert DistrictExploded(seat=None, district=11, tile="") in events
    assert state.district(11).fortifications == ()  # Blue's own blockades there too
    state, laid = play(state, BLUE, "resolve_roll", choice="first")
    assert TileLaid(seat=None, district=11, tile="massive-explosion") in laid


def test_a_game_recorded_when_event_ones_tile_was_chosen_first_still_replays() -> None:
    """Rules version 5 and earlier: the option (the tile) chosen, then the fortune turned up and
    the tile laid with the explosion; those events still fold and read as they were played."""
    from rules_core.games.black_metro.events_standby import EventChosen

    state = example._resolved()
    deck = ("5-clubs", *(c for c in state.fortune_deck if c != "5-clubs"))
    state = updated(state, fortune_deck=deck, flow=updated(state.flow, step="event", prompts=()))
    recorded = [
        RollToResolve(seat=None, owner=BLUE, dice="event", face=1, district=0, option=-1),
        EventChosen(seat=BLUE, owner=BLUE, face=1, option=1),
        FortuneTurnedUp(seat=None, card="5-clubs", tile="trading-market"),
        DistrictExploded(seat=None, district=5, tile="trading-market"),
    ]
    told = []
    for event in recorded:  # each told against the table before it, as the events' API does
        told.append(GAME.narrate(state, event, None, False))
        state = GAME.evolve(state, event)
    assert state.district(5).tile == "trading-market" and not state.flow.prompts
    assert told[1] == "Blue chooses for event 1 (massive explosion): lay the trading market tile."
    assert (
        told[3] == "An explosion strikes 05 Laughing Tavern: the trading market tile is laid there."
    )


def test_researching_for_lightning_storm_is_asked_whatever_the_face_down_cards_leave() -> None:
    """Event 4's second option: a player at scientific level I who holds every level I
    technology, some face down, is asked all the same (being passed over would tell the others
    what the face-down cards are); the only way left is to resolve it as it is."""
    state = through_setup(started(2, first_game=True))
    held = ("calm-protocol@0", "expiditry-matrix@0")
    downed = ("voltaic-edge@0", "trading-platform@0")
    player = updated(state.player(0), science=1, technologies=held, downed=downed)
    state = updated(state.with_player(0, player), flow=updated(state.flow, step="event"))
    run = Run(state)
    standby.apply_event(run, 4, 1, random.Random(0))
    asked = [ev for ev in run.events if isinstance(ev, RollToResolve)]
    assert [ev.owner for ev in asked] == [0]  # seat 1, at level 0, researches nothing: not asked
    assert [GAME.describe_move(run.state, 0, m) for m in GAME.legal_moves(run.state, 0)] == [
        "Carry out event 4 (lightning storm): as it is"
    ]


def test_the_two_player_explosion_on_event_ones_district_lays_its_tile_over_the_first() -> None:
    """phases.standby.dice, appendix.tiles: at 1-2 players the district explosion follows the
    event dice; when its fortune names the district event 1 has just tiled, its tile is laid
    over that one (README: one tile a district, the later in force), and the story says so."""
    state = through_setup(started(2, first_game=True))
    top = ("5-clubs", "5-hearts")
    deck = (*top, *(c for c in state.fortune_deck if c not in top))
    flow = updated(state.flow, phase="standby", step="event", prompts=())
    run = Run(updated(state, fortune_deck=deck, flow=flow))
    facilities.apply_face(run, run.state.relic, "event", 1, 0, random.Random(0))
    state, events = play(run.state, run.state.relic, "resolve_roll", choice="second")
    assert TileLaid(seat=None, district=5, tile="trading-market") in events
    struck = DistrictExploded(seat=None, district=5, tile="district-explosion")
    before = next(n for n, ev in enumerate(events) if isinstance(ev, FortuneTurnedUp) and ev.tile)
    assert events[before + 1] == struck
    assert state.district(5).tile == "district-explosion" and state.phase == "assignment"
    tiled = state.with_district(5, updated(state.district(5), tile="trading-market"))
    assert GAME.narrate(tiled, struck, None, False) == (
        "An explosion strikes 05 Laughing Tavern: the district explosion tile is laid there, "
        "over the trading market tile."
    )
    refusal = refused(state, state.flow.current, "assign", district=5, unit="subordinate")
    assert refusal.code == "district_closed"


def test_personnel_beyond_the_hideout_limits_go_back_for_power_the_weakest_first() -> None:
    """troubleshooting.units.personnel: at most 5 paragons, 1 doom mechasuit and 10 personnel
    in a hideout; each one over goes back to the backup for 1 power. Which go when only the
    total is over is not said: the weakest first (README reading)."""
    from rules_core.games.black_metro import effects

    state = through_setup(started(2, first_game=True))
    player = updated(state.player(0), hideout=(6, 6, 1), backup=(4, 0, 0), power=0)
    run = Run(state.with_player(0, player))
    effects.hideout_limits(run, 0)
    # 1 paragon over its limit, then 2 over the 10: two subordinates
    assert run.state.player(0).hideout == (4, 5, 1)
    assert run.state.player(0).backup == (6, 1, 0)
    assert run.state.player(0).power == 3
    only_total = updated(player, hideout=(0, 5, 1), power=0)
    quiet = Run(state.with_player(0, only_total))
    effects.hideout_limits(quiet, 0)
    assert quiet.events == []  # within every limit: nothing goes back


def test_players_beyond_the_hand_limit_after_the_standby_draw_discard_in_turn_order() -> None:
    """standby (draw fortunes), appendix.fortunes: each player draws in turn from the relic
    player, so those drawn beyond 5 fortunes discard in that order too (rules version 21;
    before, the last to draw was asked first)."""
    state = through_setup(started(3, first_game=True))
    deck = state.fortune_deck
    for seat in range(3):
        hand = deck[seat * 5 : seat * 5 + 5]
        state = state.with_player(seat, updated(state.player(seat), hand=hand))
    rest = deck[15:]
    state = updated(state, fortune_deck=rest, fortune_knowers=(-1,) * len(rest), relic=GREEN)
    state = updated(state, flow=updated(state.flow, phase="standby", step="syndicates"))
    run = Run(state)
    standby.proceed(run, random.Random(0))
    asked = [(p.seat, p.kind) for p in run.state.flow.prompts]
    assert asked == [(GREEN, "hand_limit"), (BLUE, "hand_limit"), (0, "hand_limit")]
    assert GAME.to_act(run.state) == {GREEN}
    card = run.state.player(GREEN).hand[0]
    before = run.state
    _, (discarded, *_) = play(before, GREEN, "discard_excess", card=card)
    assert GAME.narrate(before, discarded, BLUE, False) == (
        "Green discards 1 fortune down to the hand limit."  # why, not which (rules version 26)
    )
