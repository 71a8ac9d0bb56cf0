"""No Man's Land: how the game ends (ending-the-game): Gotham overrun, Falcone's supply of
corruption counters exhausted, Gordon drawing the last Batsignal card; through `decide`."""

from __future__ import annotations

from dataclasses import replace

from rules_core.engine import fold
from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, Move
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CountersTaken,
    DistrictDestroyed,
    GameFinished,
    OverrunChecked,
    PhaseBegan,
    SignalDrawn,
)
from rules_core.games.no_mans_land.state import NmlState, Piece
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    before_falcones_turn,
    crimes,
    decide,
    each_state,
    falcone_turn_events,
    gordons,
    opening,
    refused,
)


def test_overrun_check_comes_first_at_falcones_start_of_turn() -> None:
    # four crimes of seven: overrun. The Arson at the Docks would burn its district down (and
    # its crime with it: three of six, no longer overrun) but the check comes before anything.
    events = falcone_turn_events(
        crimes=crimes(
            ("docks", "arson-1", True),
            ("narrows", "bribe-1", False),
            ("park-row", "heist-1", True),
            ("heights", "racket-1", False),
        ),
        heroes=(Piece("gordon", "city-hall"), Piece("montoya", "diamond")),
    )
    kinds = [type(e) for e in events]
    assert kinds == [PhaseBegan, OverrunChecked, GameFinished]
    check = events[1]
    assert isinstance(check, OverrunChecked) and (check.crimes, check.standing) == (4, 7)
    finished = events[2]
    assert isinstance(finished, GameFinished)
    assert (finished.winner, finished.ending) == (FALCONE, "overrun")


def test_overrun_counts_face_down_crimes_and_only_undestroyed_districts() -> None:
    three = crimes(
        ("docks", "racket-1", True), ("narrows", "bribe-1", True), ("park-row", "heist-1", False)
    )
    holds = falcone_turn_events(crimes=three)
    assert not any(isinstance(e, GameFinished) for e in holds)  # three of seven
    fallen = falcone_turn_events(crimes=three, destroyed=("heights", "old-gotham"))
    check = next(e for e in fallen if isinstance(e, OverrunChecked))
    assert (check.crimes, check.standing, check.overrun) == (3, 5, True)


def test_half_the_districts_is_not_more_than_half() -> None:
    three = crimes(
        ("docks", "racket-1", False), ("narrows", "bribe-1", False), ("park-row", "heist-1", False)
    )
    events = falcone_turn_events(crimes=three, destroyed=("heights",))
    check = next(e for e in events if isinstance(e, OverrunChecked))
    assert (check.crimes, check.standing, check.overrun) == (3, 6, False)


def test_start_of_turn_effects_in_play_follow_the_overrun_check() -> None:
    events = falcone_turn_events(crimes=crimes(("docks", "arson-1", True)), heroes=())
    kinds = [type(e) for e in events]
    assert kinds.index(OverrunChecked) < kinds.index(DistrictDestroyed) < kinds.index(CountersTaken)


def test_two_arsons_burn_in_the_order_played_and_either_order_ends_the_same() -> None:
    """start-of-turn-phase lets a player order his start of turn effects; Falcone is not asked,
    because two Arsons (each burning only its own district) end the same either way."""
    arsons = (("park-row", "arson-1", True), ("heights", "arson-2", False))
    villains = (Piece("thug-1", "park-row"), Piece("thug-2", "heights"), Piece("thug-3", "docks"))
    ends = []
    for order in (arsons, arsons[::-1]):
        state = before_falcones_turn(crimes=crimes(*order), villains=villains, heroes=())
        events = decide(state, GORDON, Move.of("end"))
        fires = [e.district for e in events if isinstance(e, DistrictDestroyed)]
        assert fires == [d for d, _, _ in order]
        after = fold(GAME, events, state)
        ends.append((set(after.destroyed), after.crimes, after.villains, after.counters))
    assert ends[0] == ends[1]
    assert ends[0][:3] == ({"park-row", "heights"}, (), (Piece("thug-3", "docks"),))


def test_a_district_that_burns_down_takes_its_crime_and_falcones_characters_with_it() -> None:
    """Arson: the district goes, with the crime on it and the characters of Falcone's there;
    what stands elsewhere stays."""
    state = replace(
        opening(),
        crimes=crimes(("docks", "arson-1", False), ("narrows", "heist-1", False)),
        villains=(Piece("thug-1", "docks"), Piece("thug-2", "narrows")),
    )
    burnt = GAME.evolve(
        state, DistrictDestroyed(seat=None, district="docks", card="arson-1", removed=("thug-1",))
    )
    assert burnt.destroyed == (*state.destroyed, "docks")
    assert burnt.crimes == crimes(("narrows", "heist-1", False))
    assert burnt.villains == (Piece("thug-2", "narrows"),)
    assert burnt.falcone_discard[-2:] == ("arson-1", "thug-1")


# ---- ending the game: the supply exhausted, the last Batsignal card --------------------------


def test_gordon_wins_when_falcone_must_take_counters_from_an_empty_supply() -> None:
    events = falcone_turn_events(supply=0)
    taken = next(e for e in events if isinstance(e, CountersTaken))
    assert (taken.amount, taken.owed) == (0, 1)
    finished = events[-1]
    assert isinstance(finished, GameFinished)
    assert (finished.winner, finished.ending) == (GORDON, "counters")
    assert finished.cited()[-1] == Citation("no-mans-land", "ending-the-game.counters-exhausted")


def test_gordon_wins_when_the_supply_runs_out_part_way_through_a_take() -> None:
    events = falcone_turn_events(
        supply=2, crimes=crimes(("docks", "racket-1", False), ("narrows", "bribe-1", False))
    )
    taken = next(e for e in events if isinstance(e, CountersTaken))
    assert (taken.amount, taken.owed) == (2, 3)
    assert isinstance(events[-1], GameFinished) and events[-1].winner == GORDON


def test_the_game_goes_on_when_the_supply_gives_exactly_what_is_owed() -> None:
    state = before_falcones_turn(supply=1)
    after = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert not after.over and after.supply == 0 and after.flow.step == "movement"


def test_gordon_wins_when_a_card_requires_falcone_to_take_a_counter_from_an_empty_supply() -> None:
    state = opening()
    state = replace(
        state,
        falcone_hand=("racket-1",),
        counters=3,
        supply=0,
    )
    events = decide(
        state, FALCONE, Move.of("crime", card="racket-1", district="heights", face_down=False)
    )
    assert isinstance(events[-1], GameFinished) and events[-1].ending == "counters"


def at_gordons_draw(deck: tuple[str, ...]) -> NmlState:
    return replace(opening(), flow=Flow("gordon", "draw", GORDON), signal_deck=deck, signal_hand=())


def test_falcone_wins_when_gordon_draws_the_last_batsignal_card() -> None:
    events = decide(at_gordons_draw(("batman-1",)), GORDON, Move.of("draw"))
    assert isinstance(events[0], SignalDrawn)
    finished = events[1]
    assert isinstance(finished, GameFinished)
    assert (finished.winner, finished.ending) == (FALCONE, "batsignal")


def test_a_move_that_ends_the_game_says_so_on_its_button() -> None:
    """ending-the-game: drawing the last Batsignal card gives Falcone the game, and a crime
    played face up whose counters the supply cannot give gives it to Gordon; their buttons read
    as any other draw or crime did ("Draw from the Batsignal deck")."""
    draw = Move.of("draw")
    last, more = at_gordons_draw(("batman-1",)), at_gordons_draw(("batman-1", "rapid-1"))
    assert GAME.describe_move(last, GORDON, draw) == (
        "Draw the last Batsignal card (Falcone wins at once)"
    )
    assert GAME.describe_move(more, GORDON, draw) == "Draw from the Batsignal deck"
    racket = {"card": "racket-1", "district": "heights"}
    up = Move.of("crime", **racket, face_down=False)
    down = Move.of("crime", **racket, face_down=True)
    dry = replace(opening(), falcone_hand=("racket-1",), counters=3, supply=0)
    assert GAME.describe_move(dry, FALCONE, up) == (
        "Play Protection Racket face up at Gotham Heights (1 corruption counter; the supply is"
        " empty, so Gordon wins)"
    )
    assert GAME.describe_move(dry, FALCONE, down) == (
        "Play Protection Racket face down at Gotham Heights (3 corruption counters)"
    )
    assert GAME.describe_move(replace(dry, supply=1), FALCONE, up) == (
        "Play Protection Racket face up at Gotham Heights (1 corruption counter)"
    )


def test_drawing_from_the_batsignal_deck_is_optional() -> None:
    state = at_gordons_draw(("batman-1",))
    assert {m.type for m in GAME.legal_moves(state, GORDON)} == {"draw", "end"}
    events = decide(state, GORDON, Move.of("end"))
    assert not any(isinstance(e, GameFinished) and e.ending == "batsignal" for e in events)


def test_gordon_draws_once_a_draw_phase_and_is_not_asked_again_after_drawing() -> None:
    """Gordon's draw phase gives him one optional draw: at the version just after it (before
    Falcone's turn begins) he is not named to act, offered no second draw and no "End the turn
    without drawing", and a second draw is refused saying why."""
    state = at_gordons_draw(("batman-1", "oracle-1", "rapid-1"))
    events = decide(state, GORDON, Move.of("draw"))
    drawn = GAME.evolve(state, events[0])
    assert isinstance(events[0], SignalDrawn) and drawn.signal_drawn
    assert len(drawn.signal_hand) < drawn.pack.gordon_hand and drawn.signal_deck
    assert GAME.to_act(drawn) == frozenset()
    assert GAME.legal_moves(drawn, GORDON) == []
    again = refused(drawn, GORDON, Move.of("draw"))
    assert (again.code, again.message) == (
        "cannot_draw",
        "You have drawn already this draw phase: one card a turn.",
    )
    after = fold(GAME, events, state)
    assert after.flow.current == FALCONE and not after.signal_drawn


def test_gordon_is_asked_only_in_a_phase_that_waits_for_him() -> None:
    """A phase of Gordon's that offers him nothing but ending it passes by itself: at a version
    part-way through (his start of turn begun with no card to play, his one fight fought) he is
    not named to act, and ending it is refused in words."""
    state = before_falcones_turn(flow=Flow("falcone", "movement", FALCONE), signal_hand=())
    steps = each_state(state, decide(state, FALCONE, Move.of("end")))
    start = next(s for k, s in steps if s.flow == Flow("gordon", "start", GORDON))
    assert GAME.to_act(start) == frozenset() and GAME.legal_moves(start, GORDON) == []
    answer = refused(start, GORDON, Move.of("end"))
    assert (answer.code, answer.message) == (
        "nothing_to_end",
        "Your start of turn phase asks nothing of you: it passes by itself.",
    )
    assert answer.citations == GAME.rejections["nothing_to_end"]
    fight = replace(gordons("crimefighting"), signal_hand=())
    events = decide(fight, GORDON, Move.of("fight", district="docks"))
    fought = GAME.evolve(fight, events[0])
    assert GAME.to_act(fought) == frozenset() and GAME.legal_moves(fought, GORDON) == []
    assert GAME.to_act(fight) == {GORDON}
    assert Move.of("end") in GAME.legal_moves(fight, GORDON)


def test_drawing_a_batsignal_card_that_is_not_the_last_goes_on() -> None:
    events = decide(at_gordons_draw(("batman-1", "oracle-1")), GORDON, Move.of("draw"))
    assert not any(isinstance(e, GameFinished) for e in events)
