"""No Man's Land: each rule the book gives, through `decide`, named after it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, GameEvent, Move, Rejection, Scalar
from rules_core.engine.visibility import redact_event
from rules_core.games.no_mans_land.citations import FALCONE, FALCONE_PHASES, GORDON, GORDON_PHASES
from rules_core.games.no_mans_land.events import (
    CardsDealt,
    CardsDrawn,
    CountersTaken,
    CrimeHidden,
    CrimeRevealed,
    DistrictDestroyed,
    ExtraCountersChosen,
    GameFinished,
    OverrunChecked,
    PhaseBegan,
    SignalDrawn,
    SignalPlayed,
)
from rules_core.games.no_mans_land.moves import strength
from rules_core.games.no_mans_land.rules import NoMansLand
from rules_core.games.no_mans_land.state import Crime, NmlState, Piece
from rules_core.games.no_mans_land.turns import start_cards
from tests.rules_core.random_play import each_param_replaced, variants_decided

GAME = get_game("no-mans-land")
assert isinstance(GAME, NoMansLand)


def opening(seed: int = 1) -> NmlState:
    state = fold(GAME, GAME.setup(2, {}, random.Random(seed)))
    assert isinstance(state, NmlState)
    return state


def decide(state: NmlState, seat: int, move: Move) -> list[GameEvent]:
    events = GAME.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return events


def refused(state: NmlState, seat: int, move: Move) -> Rejection:
    answer = GAME.decide(state, seat, move, random.Random(0))
    assert isinstance(answer, Rejection), answer
    return answer


def before_falcones_turn(**changes: object) -> NmlState:
    """Gordon in his draw phase, a card in hand and free to draw another: his `end` (not
    drawing) starts Falcone's turn."""
    base = opening()
    state = replace(base, flow=Flow("gordon", "draw", GORDON), signal_deck=base.signal_deck)
    state = replace(state, signal_hand=state.signal_deck[:1], signal_deck=state.signal_deck[1:])
    return replace(state, **changes)  # type: ignore[arg-type]


def falcone_turn_events(**changes: object) -> list[GameEvent]:
    return decide(before_falcones_turn(**changes), GORDON, Move.of("end"))


def crimes(*where: tuple[str, str, bool]) -> tuple[Crime, ...]:
    return tuple(Crime(d, card, down) for d, card, down in where)


def phases(events: list[GameEvent]) -> list[tuple[int, str]]:
    return [(e.player, e.phase) for e in events if isinstance(e, PhaseBegan)]


# ---- sequence of play -------------------------------------------------------------------------


def test_falcone_takes_the_first_turn() -> None:
    log = GAME.setup(2, {}, random.Random(4))
    assert phases(log)[:3] == [(FALCONE, "start"), (FALCONE, "income"), (FALCONE, "movement")]
    assert GAME.to_act(opening(4)) == frozenset({FALCONE})
    assert GAME.seat_names(opening(4)) == ("Falcone", "Gordon")


def test_turns_alternate_and_each_sides_phases_come_in_the_books_order() -> None:
    log = GAME.setup(2, {}, random.Random(2))
    state, seen = fold(GAME, log), phases(log)
    rng = random.Random(9)
    while len(seen) < 40 and not state.over:
        seat = min(GAME.to_act(state))
        ends = [m for m in GAME.legal_moves(state, seat) if m.type == "end"]
        move = ends[0] if ends else rng.choice(GAME.legal_moves(state, seat))
        events = decide(state, seat, move)
        seen += phases(events)
        state = fold(GAME, events, state)
    turns: list[tuple[int, list[str]]] = []
    for player, phase in seen:
        if phase == "start":
            turns.append((player, []))
        turns[-1][1].append(phase)
    assert [p for p, _ in turns] == [(FALCONE, GORDON)[i % 2] for i in range(len(turns))]
    assert len(turns) >= 6
    for player, steps in turns[:-1]:
        assert tuple(steps) == (FALCONE_PHASES if player == FALCONE else GORDON_PHASES)


def test_a_move_out_of_its_phase_is_refused_with_the_sequence_of_play() -> None:
    state = opening()
    answer = refused(state, FALCONE, Move.of("fight", district="docks"))
    assert answer.code == "wrong_phase"
    assert Citation("no-mans-land", "sequence-of-play") in answer.citations


def test_gordon_moving_in_falcones_turn_is_refused() -> None:
    answer = refused(opening(), GORDON, Move.of("move", piece="gordon", to="docks"))
    assert answer.code == "not_your_turn"
    assert answer.citations == (Citation("no-mans-land", "sequence-of-play"),)


# ---- ending the game: Gotham overrun -------------------------------------------------------


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


# ---- the income phase ---------------------------------------------------------------------


def income_of(state_changes: dict[str, object]) -> CountersTaken:
    events = falcone_turn_events(**state_changes)
    return next(e for e in events if isinstance(e, CountersTaken))


def test_income_is_one_with_no_crime() -> None:
    taken = income_of({"crimes": ()})
    assert (taken.amount, taken.owed, taken.income) == (1, 1, True)


def test_income_is_one_plus_each_crime_face_up_or_face_down() -> None:
    taken = income_of(
        {"crimes": crimes(("docks", "racket-1", True), ("narrows", "bribe-1", False))}
    )
    assert taken.amount == 3


C_PLUS_1_CRIMES = crimes(
    ("city-hall", "racket-1", False),  # City Hall and the Diamond District are C+1
    ("diamond", "bribe-1", True),
    ("docks", "heist-1", False),
)


def test_a_crime_at_a_c_plus_1_district_offers_falcone_an_extra_counter_he_may_refuse() -> None:
    """income-phase: he must take 1 + 3 crimes; he *can* take one more per C+1 crime."""
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES, counters=0, supply=20)
    events = decide(state, GORDON, Move.of("end"))
    taken = next(e for e in events if isinstance(e, CountersTaken))
    assert (taken.amount, taken.owed) == (4, 4)
    waiting = fold(GAME, events, state)
    assert waiting.flow.step == "income" and GAME.to_act(waiting) == {FALCONE}
    offered = GAME.legal_moves(waiting, FALCONE)
    assert offered == [Move.of("extra", counters=n) for n in (2, 1, 0)]
    assert [GAME.describe_move(waiting, FALCONE, m) for m in offered] == [
        "Take 2 extra corruption counters for crimes in C+1 districts",
        "Take 1 extra corruption counter for crimes in C+1 districts",
        "Take no extra corruption counter for crimes in C+1 districts",
    ]
    for amount in (2, 1, 0):
        events = decide(waiting, FALCONE, Move.of("extra", counters=amount))
        assert events[0] == ExtraCountersChosen(seat=FALCONE, amount=amount, offered=2)
        after = fold(GAME, events, waiting)
        assert (after.counters, after.supply) == (4 + amount, 16 - amount)
        told = GAME.narrate(waiting, events[0], None, False)
        assert told == (
            f"Falcone takes {amount} extra corruption counter{'s' if amount > 1 else ''} for his "
            f"crimes in C+1 districts; {16 - amount} left in the supply."
            if amount
            else "Falcone declines the 2 extra corruption counters his crimes in C+1 districts "
            "offer."
        )
        assert after.flow.step == "movement"
    assert refused(waiting, FALCONE, Move.of("extra", counters=3)).code == "bad_extra"
    assert refused(waiting, FALCONE, Move.of("extra", counters=True)).code == "bad_extra"
    assert refused(waiting, FALCONE, Move.of("end")).code == "wrong_phase"


def test_the_extra_counter_is_never_owed_so_an_empty_supply_after_the_income_ends_nothing() -> None:
    """ending-the-game.counters-exhausted: only a take Falcone is *required* to make ends it."""
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES[:1], supply=2)
    after = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert not after.over and after.supply == 0 and after.flow.step == "movement"
    assert GAME.legal_moves(after, FALCONE) and Move.of("extra", counters=0) not in (
        GAME.legal_moves(after, FALCONE)
    )
    # with one counter left over, the extra one is offered as far as the supply holds
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES[:2], supply=4)
    waiting = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert GAME.legal_moves(waiting, FALCONE) == [Move.of("extra", counters=n) for n in (1, 0)]


def each_state(state: NmlState, events: list[GameEvent]) -> list[tuple[str, NmlState]]:
    """The state after each of `events` (what a state view at that version shows)."""
    found = []
    for event in events:
        state = GAME.evolve(state, event)
        found.append((event.type, state))
    return found


@pytest.mark.parametrize("c_plus_1", [True, False])
def test_falcone_chooses_his_extra_counters_only_once_his_owed_income_is_taken(
    c_plus_1: bool,
) -> None:
    """income-phase: the extra counters come on top of the income he always takes, so at no
    version of his start of turn or income before that take (nor after it, with no extra
    counter on offer) is Falcone to act or offered the extra counters' choice."""
    crimes_now = C_PLUS_1_CRIMES[:1] if c_plus_1 else crimes(("docks", "racket-1", False))
    state = before_falcones_turn(crimes=crimes_now, heroes=(), supply=20)
    steps = each_state(state, decide(state, GORDON, Move.of("end")))
    for kind, after in steps[:-1]:
        assert GAME.to_act(after) == frozenset(), kind
        assert not any(m.type == "extra" for m in GAME.legal_moves(after, FALCONE)), kind
    income_began = next(s for k, s in steps if s.flow.step == "income")
    assert not income_began.income_taken
    early = refused(income_began, FALCONE, Move.of("extra", counters=0))
    assert (early.code, early.message) == (
        "no_extra_on_offer",
        "Your income is not taken yet: the extra counters for crimes in C+1 districts come "
        "after it.",
    )
    assert early.citations == GAME.rejections["no_extra_on_offer"]
    last_kind, head = steps[-1]
    if c_plus_1:  # the choice waits at the head, after the income
        assert last_kind == "counters_taken" and head.income_taken
        assert GAME.to_act(head) == {FALCONE}
        assert [m.get("counters") for m in GAME.legal_moves(head, FALCONE)] == [1, 0]
    else:  # nothing to choose: his movement phase begins
        assert head.flow.step == "movement"
        taken = next(s for k, s in steps if k == "counters_taken")
        assert GAME.legal_moves(taken, FALCONE) == []
        answer = refused(taken, FALCONE, Move.of("extra", counters=0))
        assert (answer.code, answer.message) == (
            "no_extra_on_offer",
            "No extra counter is on offer: you have no crime in a C+1 district, or the supply is "
            "empty.",
        )


def test_a_new_turn_forgets_the_last_turns_income() -> None:
    state = replace(before_falcones_turn(), income_taken=True)
    began = GAME.evolve(state, PhaseBegan(seat=None, player=FALCONE, phase="start"))
    assert not began.income_taken
    card = GAME.evolve(began, CountersTaken(seat=FALCONE, amount=1, owed=1, income=False))
    assert not card.income_taken  # a card's gain is not his income


def test_unspent_counters_are_cumulative() -> None:
    state = before_falcones_turn(counters=5, supply=20)
    after = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert (after.counters, after.supply) == (6, 19)


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


# ---- the start of turn phase ---------------------------------------------------------------


def at_gordons_start(hand: tuple[str, ...]) -> NmlState:
    return replace(
        opening(),
        flow=Flow("gordon", "start", GORDON),
        signal_hand=hand,
        crimes=crimes(("docks", "heist-1", True)),
    )


def test_gordon_plays_start_of_turn_cards_in_the_order_he_chooses_without_limit() -> None:
    state = at_gordons_start(("oracle-1", "rapid-1"))
    offered = GAME.legal_moves(state, GORDON)
    assert Move.of("signal", card="rapid-1") in offered
    assert Move.of("signal", card="oracle-1", district="docks") in offered
    state = fold(GAME, decide(state, GORDON, Move.of("signal", card="rapid-1")), state)
    assert state.flow.step == "start"  # a second card may follow
    state = fold(
        GAME, decide(state, GORDON, Move.of("signal", card="oracle-1", district="docks")), state
    )
    crime = state.crime_at("docks")
    assert crime is not None and not crime.face_down and state.extra_steps == 1


def test_a_start_of_turn_with_nothing_to_play_passes_on_at_once() -> None:
    state = before_falcones_turn()
    state = replace(state, flow=Flow("falcone", "movement", FALCONE), signal_hand=())
    events = decide(state, FALCONE, Move.of("end"))
    assert phases(events)[-2:] == [(GORDON, "start"), (GORDON, "movement")]


def test_a_crimefighting_card_is_not_played_at_the_start_of_turn() -> None:
    answer = refused(
        at_gordons_start(("batman-1", "rapid-1")), GORDON, Move.of("signal", card="batman-1")
    )
    assert answer.code == "not_a_start_card"


START_HAND = ("oracle-1", "rapid-1", "batman-1")


@pytest.mark.parametrize(
    ("changes", "move", "code", "message"),
    [
        (
            {},
            {"card": "batman-1"},
            "not_a_start_card",
            "Batman Strikes is played with a fight, not now.",
        ),
        (
            {},
            {"card": "rapid-1", "district": "docks"},
            "bad_district",
            "Rapid Response names no district.",
        ),
        (
            {},
            {"card": "oracle-1", "district": "heights"},
            "nothing_to_reveal",
            "No face-down crime is at Gotham Heights.",
        ),
        (
            {"crimes": crimes(("docks", "heist-1", False))},
            {"card": "oracle-1", "district": "docks"},
            "nothing_to_reveal",
            "No face-down crime is at the Docks.",
        ),
        (
            {"flow": Flow("gordon", "movement", GORDON)},
            {"card": "rapid-1"},
            "wrong_phase",
            "That is done in Gordon's start of turn phase; it is Gordon's movement phase.",
        ),
    ],
)
def test_a_start_of_turn_card_is_refused_saying_why_when_it_does_not_fit(
    changes: dict[str, Any], move: dict[str, str], code: str, message: str
) -> None:
    state = replace(at_gordons_start(START_HAND), **changes)
    answer = refused(state, GORDON, Move.of("signal", **move))
    assert (answer.code, answer.message) == (code, message)
    assert answer.citations == GAME.rejections[code]


def test_gordon_plays_a_start_card_and_reveals_a_crime_in_the_open() -> None:
    state = at_gordons_start(("oracle-1",))
    events = decide(state, GORDON, Move.of("signal", card="oracle-1", district="docks"))
    played, revealed = events[:2]
    assert played == SignalPlayed(seat=GORDON, card="oracle-1", district="docks")
    assert revealed == CrimeRevealed(seat=GORDON, district="docks", card="heist-1")


# ---- hidden information ----------------------------------------------------------------------


def test_a_face_down_crime_is_named_to_falcone_alone_until_all_is_revealed() -> None:
    hidden = CrimeHidden(seat=FALCONE, card="heist-1", district="docks", cost=2)
    state = opening()
    named = "Falcone plays Bank Heist face down at the Docks for 2 corruption counters."
    unnamed = "Falcone plays a crime face down at the Docks for 2 corruption counters."
    assert GAME.narrate(state, hidden, FALCONE, False) == named
    assert GAME.narrate(state, hidden, GORDON, False) == GAME.narrate(state, hidden, None, False)
    assert GAME.narrate(state, hidden, GORDON, False) == unnamed
    assert GAME.narrate(state, hidden, GORDON, True) == named
    assert GAME.seat_names(state) == ("Falcone", "Gordon")


def test_gordons_batsignal_hand_is_declared_his_alone_card_by_card() -> None:
    state = at_gordons_start(START_HAND)
    declared = [s for s in GAME.secrets(state) if s.path[0] == "signal_hand"]
    assert [(s.path, s.value, s.kind, s.seen_by, s.back) for s in declared] == [
        (("signal_hand", i), card, "hand", frozenset({GORDON}), "batsignal")
        for i, card in enumerate(START_HAND)
    ]


def test_a_crime_played_face_down_looks_the_same_to_gordon_whatever_the_card() -> None:
    """Every crime costs the same face down, and its gain when played (Protection Racket's)
    happens only face up: the events and the story Gordon gets do not tell which crime it is."""
    base = replace(opening(), falcone_hand=("racket-1", "heist-1", "bribe-1"), counters=5)
    seen = set()
    for card in base.falcone_hand:
        move = Move.of("crime", card=card, district="heights", face_down=True)
        events = decide(base, FALCONE, move)
        after = fold(GAME, events, base)
        seen.add(
            (
                tuple(str(redact_event(e, GORDON, False)) for e in events),
                tuple(GAME.narrate(base, e, GORDON, False) for e in events),
                after.counters,
                after.supply,
            )
        )
    assert len(seen) == 1
    face_up = decide(
        base, FALCONE, Move.of("crime", card="racket-1", district="heights", face_down=False)
    )
    assert any(isinstance(e, CountersTaken) for e in face_up)


def test_the_table_shows_a_face_up_crime_to_all_and_a_face_down_one_to_falcone_alone() -> None:
    """A crime played face up lies open on the table; one played face down is Falcone's secret
    until the game ends (the view, by value: neither hidden too much nor shown too much)."""
    state = replace(
        opening(), crimes=crimes(("docks", "racket-1", False), ("narrows", "heist-1", True))
    )

    def crime_card(seat: int | None, district: str, over: bool = False) -> object:
        shown: Any = GAME.view(replace(state, over=True) if over else state, seat)
        crime = next(d["crime"] for d in shown["districts"] if d["id"] == district)
        return crime["card"] and crime["card"]["id"]

    for seat in (FALCONE, GORDON, None):
        assert crime_card(seat, "docks") == "racket-1"
        assert crime_card(seat, "narrows", over=True) == "heist-1"
    assert crime_card(FALCONE, "narrows") == "heist-1"
    assert crime_card(GORDON, "narrows") is None
    assert crime_card(None, "narrows") is None


def test_falcones_cards_and_the_bat_signal_deck_are_declared_hidden_from_the_right_seats() -> None:
    state = opening()
    for seat in (FALCONE, GORDON, None):
        assert set(state.falcone_deck) <= GAME.hidden_from(state, seat)
    assert not set(state.falcone_hand) & GAME.hidden_from(state, FALCONE)
    assert set(state.falcone_hand) <= GAME.hidden_from(state, GORDON)
    assert set(state.signal_deck) <= GAME.hidden_from(state, GORDON) & GAME.hidden_from(
        state, FALCONE
    )
    crime = next(c for c in state.falcone_deck if state.pack.card(c).kind == "crime")
    down = replace(
        state,
        crimes=crimes((state.pack.districts[0].id, crime, True)),
        falcone_deck=tuple(c for c in state.falcone_deck if c != crime),
    )
    assert crime in GAME.hidden_from(down, GORDON) and crime not in GAME.hidden_from(down, FALCONE)
    # a card drawn from the deck looks like any in his hand: they share one back
    backs = {s.path[0]: s.back for s in GAME.secrets(state)}
    assert backs["falcone_deck"] == backs["falcone_hand"] == "falcone"
    assert backs["signal_deck"] == "batsignal"
    assert [(s.kind, s.back) for s in GAME.secrets(down) if s.path[0] == "crimes"] == [
        ("face_down", "crime")
    ]
    kinds = {s.path[0]: s.kind for s in GAME.secrets(state)}
    assert (kinds["falcone_deck"], kinds["falcone_hand"]) == ("deck", "hand")
    orders = {GAME.determinize(state, FALCONE, random.Random(s)).falcone_deck for s in range(4)}
    assert len(orders) > 1 and {tuple(sorted(o)) for o in orders} == {
        tuple(sorted(state.falcone_deck))
    }


# ---- refusals, word for word -------------------------------------------------------------------


def falcones_movement() -> NmlState:
    """Falcone moving, 1 counter, a thug in Park Row, a crime in the Narrows, the Heights burnt;
    Gordon's heroes at City Hall, the Docks and Old Gotham."""
    return replace(
        opening(),
        flow=Flow("falcone", "movement", FALCONE),
        falcone_hand=("thug-1", "croc-1", "heist-1", "racket-1"),
        counters=1,
        crimes=crimes(("narrows", "bribe-1", False)),
        villains=(Piece("thug-2", "park-row"),),
        destroyed=("heights",),
    )


def gordons(step: str) -> NmlState:
    return replace(
        opening(),
        flow=Flow("gordon", step, GORDON),
        signal_hand=("batman-1", "rapid-1"),
        crimes=crimes(("docks", "heist-1", True)),
    )


REFUSALS = [
    (
        "falcone",
        "recruit",
        {"card": "heist-1", "district": "narrows"},
        "not_a_character",
        "Bank Heist is not a character.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1", "district": "docks"},
        "hero_there",
        "A hero stands at the Docks: nothing is played under his nose.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "croc-1", "district": "park-row"},
        "not_enough_counters",
        "Killer Croc costs 2; you hold 1.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-3", "district": "park-row"},
        "card_not_in_hand",
        "You hold no such card.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1", "district": "gotham-sur-mer"},
        "no_such_district",
        "Gotham has no such district.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1"},  # a district left out is asked for, not called unknown
        "no_such_district",
        "Name a district of Gotham.",
    ),
    (
        "falcone",
        "recruit",
        {"district": "park-row"},
        "card_not_in_hand",
        "Name a card from your hand.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1", "district": "heights"},
        "district_destroyed",
        "Gotham Heights has been destroyed.",
    ),
    (
        "falcone",
        "crime",
        {"card": "thug-1", "district": "park-row", "face_down": False},
        "not_a_crime",
        "Falcone Thug is not a crime.",
    ),
    (
        "falcone",
        "crime",
        {"card": "racket-1", "district": "park-row", "face_down": "yes"},
        "bad_face_down",
        "Say whether the crime goes face down (true or false).",
    ),
    (
        "falcone",
        "crime",
        {"card": "racket-1", "district": "docks", "face_down": False},
        "hero_there",
        "A hero stands at the Docks: nothing is played under his nose.",
    ),
    (
        "falcone",
        "crime",
        {"card": "racket-1", "district": "narrows", "face_down": False},
        "crime_already_there",
        "There is already a crime at the Narrows.",
    ),
    (
        "falcone",
        "crime",
        {"card": "heist-1", "district": "park-row", "face_down": False},
        "not_enough_counters",
        "That costs 2; you hold 1.",
    ),
    (
        "falcone",
        "move",
        {"piece": "thug-9", "to": "docks"},
        "not_your_piece",
        "You have no such piece in play.",
    ),
    (
        "falcone",
        "move",
        {"piece": "thug-2", "to": "heights"},
        "district_destroyed",
        "Gotham Heights has been destroyed.",
    ),
    (
        "falcone",
        "fly",
        {},
        "unknown_move",
        "No Man's Land has no move of that kind: ask for the legal moves to see what you may do "
        "now.",
    ),
    (
        "falcone",
        "end",
        {"card": "x"},
        "unexpected_parameter",
        "The “end” move takes no parameters.",
    ),
    (
        "crimefighting",
        "fight",
        {"district": "park-row"},
        "nothing_to_fight",
        "No fight at Park Row: it needs one of your heroes, a crime or a character of "
        "Falcone's, and no fight there yet this turn.",
    ),
    (
        "crimefighting",
        "fight",
        {"district": "docks", "card": "rapid-1"},
        "not_a_fight_card",
        "Rapid Response is played at the start of your turn.",
    ),
    (
        "crimefighting",
        "draw",
        {},
        "wrong_phase",
        "That is done in Gordon's draw phase; it is Gordon's crimefighting phase.",
    ),
    (
        "draw",
        "draw",
        {},
        "cannot_draw",
        "You may draw only with fewer than 2 Batsignal cards in hand.",
    ),
]


@pytest.mark.parametrize(("at", "kind", "params", "code", "message"), REFUSALS)
def test_a_move_that_breaks_a_rule_is_refused_saying_which(
    at: str, kind: str, params: dict[str, Any], code: str, message: str
) -> None:
    """`at`: Falcone's movement (falcones_movement) or the step of Gordon's turn (gordons)."""
    state, seat = (falcones_movement(), FALCONE) if at == "falcone" else (gordons(at), GORDON)
    answer = refused(state, seat, Move.of(kind, **params))
    assert (answer.code, answer.message) == (code, message)
    narrowed = FALCONES_OWN.get(code) if at == "falcone" else None
    expected = tuple(Citation("no-mans-land", s) for s in narrowed) if narrowed else None
    assert answer.citations == (expected or GAME.rejections[code]) and answer.citations
    assert set(answer.citations) <= set(GAME.rejections[code])


F_MOVE = ("sequence-of-play.falcones-turn.movement",)
G_MOVE = ("sequence-of-play.gordons-turn.movement",)
# refusals of codes that several phases share, made in Falcone's movement phase: his phase alone
FALCONES_OWN = {
    "card_not_in_hand": F_MOVE,
    "no_such_district": F_MOVE,
    "district_destroyed": ("ending-the-game.city-overrun", *F_MOVE),
    "not_your_piece": F_MOVE,
    "cannot_move_there": F_MOVE,
}


@pytest.mark.parametrize(
    ("at", "seat", "params", "code", "sections"),
    [
        ("falcone", FALCONE, {"piece": "thug-2", "to": "docks"}, "cannot_move_there", F_MOVE),
        ("falcone", FALCONE, {"piece": "gordon", "to": "docks"}, "not_your_piece", F_MOVE),
        ("movement", GORDON, {"piece": "gordon", "to": "docks"}, "cannot_move_there", G_MOVE),
        ("movement", GORDON, {"piece": "thug-2", "to": "docks"}, "not_your_piece", G_MOVE),
    ],
)
def test_a_refused_move_of_a_piece_cites_the_movers_own_movement_phase(
    at: str, seat: int, params: dict[str, str], code: str, sections: tuple[str, ...]
) -> None:
    """Each side's movement phase is its own section: Gordon's hero refused a step is not told
    about Falcone's movement phase, nor Falcone's character about Gordon's."""
    state = falcones_movement() if at == "falcone" else gordons(at)
    answer = refused(state, seat, Move.of("move", **params))
    assert answer.code == code
    assert tuple(c.section for c in answer.citations) == sections


@pytest.mark.parametrize(
    ("params", "code", "sections"),
    [
        ({"card": "thug-1", "district": "gotham-sur-mer"}, "no_such_district", F_MOVE),
        (
            {"card": "thug-1", "district": "heights"},
            "district_destroyed",
            ("ending-the-game.city-overrun", *F_MOVE),
        ),
    ],
)
def test_falcone_playing_a_card_at_a_bad_district_is_not_cited_gordons_movement_phase(
    params: dict[str, str], code: str, sections: tuple[str, ...]
) -> None:
    extras: tuple[tuple[str, dict[str, Scalar]], ...] = (
        ("recruit", {}),
        ("crime", {"face_down": False}),
    )
    for kind, extra in extras:
        card = {"card": "racket-1"} if kind == "crime" else {}
        move = Move.of(kind, **{**params, **card, **extra})
        answer = refused(falcones_movement(), FALCONE, move)
        assert answer.code == code
        assert tuple(c.section for c in answer.citations) == sections


def test_every_refusal_met_in_play_cites_sections_its_code_lists() -> None:
    """The sections a code lists (GameSpec.rejections: where the rulebook pages say the game
    applies them) hold every section its refusals cite."""
    seen = set()
    for _, answer in variants_decided(
        GAME, 3, 200, lambda move: each_param_replaced(move, _other_values), per_step=30
    ):
        if isinstance(answer, Rejection):
            seen.add(answer.code)
            assert set(answer.citations) <= set(GAME.rejections[answer.code]), answer
    assert {"no_such_district", "cannot_move_there", "not_your_piece"} <= seen


def _other_values(value: Scalar) -> list[Scalar]:
    """A district or piece nobody has, and every district of the city, in place of a text."""
    if not isinstance(value, str):
        return []
    return ["nowhere", *(d.id for d in opening().pack.districts)]


G_START = ("sequence-of-play.gordons-turn.start-of-turn", "start-of-turn-phase")
G_FIGHT = ("sequence-of-play.gordons-turn.crimefighting",)
OVERRUN = ("ending-the-game.city-overrun",)


@pytest.mark.parametrize(
    ("at", "kind", "params", "code", "sections"),
    [
        (
            "crimefighting",
            "fight",
            {"district": "docks", "card": "oracle-1"},
            "card_not_in_hand",
            G_FIGHT,
        ),
        ("crimefighting", "fight", {"district": "gotham-west"}, "no_such_district", G_FIGHT),
        ("start", "signal", {"card": "oracle-1"}, "card_not_in_hand", G_START),
    ],
)
def test_a_refusal_shared_by_several_phases_cites_the_phase_of_the_move_refused(
    at: str, kind: str, params: dict[str, Any], code: str, sections: tuple[str, ...]
) -> None:
    """A card not held or a district unknown: Gordon's start of turn or crimefighting, not
    Falcone's movement."""
    answer = refused(gordons(at), GORDON, Move.of(kind, **params))
    assert answer.code == code
    assert tuple(c.section for c in answer.citations) == sections


def test_a_destroyed_district_cites_the_phase_and_the_overrun_rule_that_destroys_it() -> None:
    state = replace(gordons("crimefighting"), destroyed=("docks",))
    answer = refused(state, GORDON, Move.of("fight", district="docks"))
    assert answer.code == "district_destroyed"
    assert tuple(c.section for c in answer.citations) == OVERRUN + G_FIGHT
    state = replace(gordons("start"), signal_hand=("oracle-1",), destroyed=("docks",))
    answer = refused(state, GORDON, Move.of("signal", card="oracle-1", district="docks"))
    assert tuple(c.section for c in answer.citations) == OVERRUN + G_START


def test_a_move_of_the_other_side_says_whose_it_is_not_that_the_phase_is_wrong() -> None:
    answer = refused(
        gordons("movement"), GORDON, Move.of("recruit", card="thug-1", district="docks")
    )
    assert (answer.code, answer.message) == (
        "wrong_phase",
        "Only Falcone does that, in his movement phase.",
    )


def test_a_move_out_of_turn_or_after_the_end_is_refused_saying_why() -> None:
    early = refused(falcones_movement(), GORDON, Move.of("end"))
    assert (early.code, early.message) == (
        "not_your_turn",
        "It is Falcone's turn (movement phase): wait for it.",
    )
    over = refused(replace(gordons("draw"), over=True), GORDON, Move.of("draw"))
    assert (over.code, over.message) == ("game_over", "The game is over.")


@pytest.mark.parametrize(
    ("at", "seat", "kind", "params"),
    [
        ("falcone", FALCONE, "recruit", {"card": "thug-1", "district": "park-row"}),
        (
            "falcone",
            FALCONE,
            "crime",
            {"card": "racket-1", "district": "park-row", "face_down": False},
        ),
        (
            "falcone",
            FALCONE,
            "crime",
            {"card": "racket-1", "district": "park-row", "face_down": True},
        ),
        ("falcone", FALCONE, "move", {"piece": "thug-2", "to": "narrows"}),
        ("crimefighting", GORDON, "fight", {"district": "docks"}),
        ("draw", GORDON, "draw", {}),
    ],
)
def test_the_events_of_a_move_name_the_player_who_made_it(
    at: str, seat: int, kind: str, params: dict[str, Any]
) -> None:
    """An event's seat is who acted: it is what lets Falcone alone see his face-down crime."""
    state = falcones_movement() if at == "falcone" else gordons(at)
    state = replace(state, counters=3, signal_hand=state.signal_hand[:1])
    first = decide(state, seat, Move.of(kind, **params))[0]
    assert first.seat == seat


@pytest.mark.parametrize("kind", ["recruit", "crime", "move", "end"])
def test_falcone_plays_and_moves_in_his_movement_phase_only(kind: str) -> None:
    by_kind: dict[str, dict[str, Scalar]] = {
        "recruit": {"card": "thug-1", "district": "park-row"},
        "crime": {"card": "racket-1", "district": "park-row", "face_down": False},
        "move": {"piece": "thug-2", "to": "narrows"},
        "end": {},
    }
    params = by_kind[kind]
    income = replace(falcones_movement(), flow=Flow("falcone", "income", FALCONE))
    answer = refused(income, FALCONE, Move.of(kind, **params))
    assert (answer.code, answer.message) == (
        "wrong_phase",
        "That is done in Falcone's movement phase; it is Falcone's income phase.",
    )
    hero = refused(gordons("crimefighting"), GORDON, Move.of("move", piece="gordon", to="docks"))
    assert (hero.code, hero.message) == (
        "wrong_phase",
        "That is done in Gordon's movement phase; it is Gordon's crimefighting phase.",
    )


def test_a_piece_that_has_used_its_step_stays_while_another_may_still_move() -> None:
    state = replace(
        falcones_movement(),
        villains=(Piece("thug-2", "park-row"), Piece("thug-3", "park-row")),
        moved=("thug-2",),
    )
    answer = refused(state, FALCONE, Move.of("move", piece="thug-2", to="narrows"))
    assert answer.code == "cannot_move_there"
    decide(state, FALCONE, Move.of("move", piece="thug-3", to="narrows"))
    offered = GAME.legal_moves(state, FALCONE)
    assert Move.of("move", piece="thug-3", to="narrows") in offered
    assert not any(m.get("piece") == "thug-2" for m in offered)


def test_only_the_player_whose_turn_it_is_is_offered_moves() -> None:
    assert GAME.legal_moves(falcones_movement(), GORDON) == []
    assert GAME.legal_moves(gordons("crimefighting"), FALCONE) == []


def test_every_start_card_in_hand_is_offered_whatever_its_place_in_the_hand() -> None:
    offered = GAME.legal_moves(at_gordons_start(("rapid-1", "oracle-1")), GORDON)
    assert Move.of("signal", card="rapid-1") in offered
    assert Move.of("signal", card="oracle-1", district="docks") in offered


def test_a_fight_counts_the_crime_and_every_character_of_falcones_there() -> None:
    state = replace(
        gordons("crimefighting"),
        villains=(Piece("thug-2", "docks"), Piece("croc-1", "docks"), Piece("thug-3", "narrows")),
    )
    heist, thug, croc = (state.pack.card(c).strength for c in ("heist-1", "thug-2", "croc-1"))
    assert (heist, thug, croc) == (3, 1, 3)
    assert strength(state, "docks", "") == (1, heist + thug + croc)  # Montoya against all three


def test_a_crime_face_down_costs_the_one_face_down_price_whatever_the_card() -> None:
    state = replace(falcones_movement(), counters=2)
    down: dict[str, Scalar] = {"card": "heist-1", "district": "park-row", "face_down": True}
    answer = refused(state, FALCONE, Move.of("crime", **down))
    assert (answer.code, answer.message) == ("not_enough_counters", "That costs 3; you hold 2.")
    decide(state, FALCONE, Move.of("crime", **{**down, "face_down": False}))  # face up: 2
    hidden = decide(replace(state, counters=3), FALCONE, Move.of("crime", **down))[0]
    assert isinstance(hidden, CrimeHidden) and hidden.cost == 3


# ---- turns: who is told what, whose steps, which cards -----------------------------------------


def test_falcones_draw_is_his_own_event_and_only_he_sees_the_cards() -> None:
    state = replace(falcones_movement(), falcone_hand=("thug-1",))
    events = decide(state, FALCONE, Move.of("end"))
    draw = next(e for e in events if isinstance(e, PhaseBegan) and e.phase == "draw")
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert draw.seat == drawn.seat == FALCONE and len(drawn.cards) == 3
    assert redact_event(drawn, FALCONE, finished=False)["cards"] == list(drawn.cards)
    assert redact_event(drawn, GORDON, finished=False)["cards"] == [None] * 3


def test_gordon_ending_a_phase_begins_his_next_one_as_his_own_event() -> None:
    events = decide(gordons("movement"), GORDON, Move.of("end"))
    began = next(e for e in events if isinstance(e, PhaseBegan))
    assert (began.seat, began.player, began.phase) == (GORDON, GORDON, "crimefighting")


def test_a_gain_when_a_crime_is_played_is_falcones_and_income_is_the_games() -> None:
    state = replace(falcones_movement(), counters=1)
    face_up: dict[str, Scalar] = {"card": "racket-1", "district": "park-row", "face_down": False}
    taken = next(
        e
        for e in decide(state, FALCONE, Move.of("crime", **face_up))
        if isinstance(e, CountersTaken)
    )
    assert (taken.seat, taken.amount, taken.income) == (FALCONE, 1, False)
    assert income_of({"crimes": ()}).seat is None


def test_start_cards_are_those_that_can_act_now_whatever_comes_before_them() -> None:
    nothing_hidden = replace(at_gordons_start(("batman-1", "oracle-1", "rapid-1")), crimes=())
    assert start_cards(nothing_hidden) == ("rapid-1",)  # no face-down crime to reveal
    assert start_cards(replace(nothing_hidden, crimes=crimes(("docks", "heist-1", True)))) == (
        "oracle-1",
        "rapid-1",
    )


def test_rapid_response_gives_gordons_heroes_a_step_more_and_falcones_characters_none() -> None:
    hero = replace(gordons("movement"), extra_steps=1, moved=("gordon",))
    decide(hero, GORDON, Move.of("move", piece="gordon", to="park-row"))  # a second step
    again = replace(hero, moved=("gordon", "gordon"))
    assert refused(again, GORDON, Move.of("move", piece="gordon", to="park-row")).code == (
        "cannot_move_there"
    )
    thug = replace(falcones_movement(), extra_steps=1, moved=("thug-2",))
    assert refused(thug, FALCONE, Move.of("move", piece="thug-2", to="narrows")).code == (
        "cannot_move_there"
    )


def test_a_new_phase_is_the_players_and_frees_every_piece_to_move_again() -> None:
    state = replace(gordons("movement"), moved=("gordon",))
    crimefighting = GAME.evolve(
        state, PhaseBegan(seat=GORDON, player=GORDON, phase="crimefighting")
    )
    assert crimefighting.flow == Flow("gordon", "crimefighting", GORDON)
    assert crimefighting.moved == ()
    falcone = GAME.evolve(state, PhaseBegan(seat=None, player=FALCONE, phase="start"))
    assert falcone.flow == Flow("falcone", "start", FALCONE)
    gordon = GAME.evolve(falcone, PhaseBegan(seat=None, player=GORDON, phase="start"))
    assert gordon.flow == Flow("gordon", "start", GORDON)


def test_arson_burns_only_a_district_without_a_hero_taking_falcones_characters_there() -> None:
    guarded = falcone_turn_events(crimes=crimes(("docks", "arson-1", True)))  # Montoya is there
    assert not any(isinstance(e, DistrictDestroyed) for e in guarded)
    burnt = falcone_turn_events(
        crimes=crimes(("park-row", "arson-1", True)), villains=(Piece("thug-2", "park-row"),)
    )
    fire = next(e for e in burnt if isinstance(e, DistrictDestroyed))
    assert (fire.district, fire.removed) == ("park-row", ("thug-2",))


def test_falcones_first_hand_is_dealt_to_him_and_hidden_from_gordon() -> None:
    dealt = next(e for e in GAME.setup(2, {}, random.Random(1)) if isinstance(e, CardsDealt))
    assert dealt.seat == FALCONE and len(dealt.cards) == opening().pack.falcone_hand
    assert redact_event(dealt, FALCONE, finished=False)["cards"] == list(dealt.cards)
    assert redact_event(dealt, GORDON, finished=False)["cards"] == [None] * len(dealt.cards)
