"""Rules version 16: a decision whose one answer is settled by public facts alone is the game's
own step, not asked (asking.forced); the blind prompts (README) are still asked."""

from __future__ import annotations

import random

from rules_core.engine.updating import updated
from rules_core.games.black_metro import asking, facilities, standby
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.events_resolution import (
    Promoted,
    Recovered,
    RollResolved,
    RollToResolve,
)
from rules_core.games.black_metro.events_standby import MissionRevealed
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro import test_assignment as assigning
from tests.rules_core.games.black_metro.helpers import (
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    started,
    through_setup,
)


def _standby(step: str = "event") -> BlackMetroState:
    """A first game's two players after the set-up, at the standby phase's `step`: two
    subordinates each in the hideout, one mission each, no fortune."""
    state = through_setup(started(2, first_game=True))
    return updated(state, flow=updated(state.flow, phase="standby", step=step, prompts=()))


def test_forced_gives_the_one_answer_unless_it_is_hidden() -> None:
    assert asking.forced(["a"]) == "a"
    assert asking.forced(["a", "b"]) is None
    assert asking.forced([]) is None
    assert asking.forced(["a"], hidden=True) is None


def test_event_fives_promotion_with_one_way_is_carried_out_for_every_player_unasked() -> None:
    """appendix.dice.event (arms reallocation, second option): each player's only subordinates
    stand in the hideout, so each promotes one there; nobody is asked to."""
    state = _standby()
    run = Run(state)
    standby.apply_event(run, 5, 1, random.Random(0))
    assert not [ev for ev in run.events if isinstance(ev, RollToResolve)]
    promoted = [ev for ev in run.events if isinstance(ev, Promoted)]
    assert sorted((ev.seat, ev.owner) for ev in promoted) == [(None, RED), (None, GREEN)]
    assert GAME.narrate(state, promoted[0], None, False).endswith(
        "promotes a subordinate to a paragon."
    )
    assert run.state.player(RED).hideout == (1, 1, 0)


def test_event_fives_promotion_is_asked_of_a_player_with_a_choice() -> None:
    """From scientific level III a subordinate may become a paragon or a doom mechasuit."""
    state = _standby()
    red = state.player(RED)
    state = state.with_player(RED, updated(red, science=3, backup=(red.backup[0], 1, 1)))
    run = Run(state)
    standby.apply_event(run, 5, 1, random.Random(0))
    assert [ev.owner for ev in run.events if isinstance(ev, RollToResolve)] == [RED]
    assert [ev.owner for ev in run.events if isinstance(ev, Promoted)] == [GREEN]


def test_the_penalty_dice_reveals_the_one_unrevealed_mission_unasked() -> None:
    """appendix.dice.penalty: how many unrevealed missions a player holds is public and each
    card is one of a kind, so one left is revealed without asking."""
    state = _standby("penalty")
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 6, 0, random.Random(0))
    assert not [ev for ev in run.events if isinstance(ev, RollToResolve)]
    revealed = [ev for ev in run.events if isinstance(ev, MissionRevealed)]
    assert [(ev.seat, ev.owner) for ev in revealed] == [(None, RED)]
    two = (*state.player(RED).missions, "iron-nerves#1")
    state = state.with_player(RED, updated(state.player(RED), missions=two))
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 6, 0, random.Random(0))
    assert [type(ev) for ev in run.events] == [RollToResolve]


def test_the_supply_dice_recovers_the_one_kind_overwhelmed_unasked() -> None:
    """appendix.dice.supply (med kit): only subordinates in the bag, so one is recovered."""
    state = _standby()
    state = state.with_player(RED, updated(state.player(RED), overwhelmed=(2, 0, 0)))
    run = Run(state)
    facilities.apply_face(run, RED, "supply", 2, 0, random.Random(0))
    assert not [ev for ev in run.events if isinstance(ev, RollToResolve)]
    assert [(ev.seat, ev.troop) for ev in run.events if isinstance(ev, Recovered)] == [
        (None, (1, 0, 0))
    ]


def test_the_loser_of_an_attack_with_one_kind_of_personnel_is_sent_unasked() -> None:
    """troubleshooting.cards.fortunes.assignment (README): Red's hideout holds subordinates
    only, so the lost attack sends one to 02 Swiss Casino as the game's own step."""
    state = assigning._attacked()
    state = state.with_player(RED, updated(state.player(RED), hideout=(3, 0, 0)))
    state, events = play(state, RED, "decline")
    sent = e.PersonnelAssigned(seat=None, owner=RED, district=2, troop=(1, 0, 0), forced=True)
    assert sent in events
    assert GAME.narrate(assigning._attacked(), sent, None, False) == (
        "Red assigns a subordinate to 02 Swiss Casino (sent by the attack Red lost)."
    )
    assert state.flow.prompt_for(RED) is None and state.exchange is None
    assert state.district(2).personnel[RED] == (1, 0, 0)


def test_the_loser_with_two_kinds_of_personnel_is_asked_which_to_send() -> None:
    state, _ = play(assigning._attacked(), RED, "decline")
    assert [m.get("unit") for m in GAME.legal_moves(state, RED)] == ["subordinate", "paragon"]


def test_a_blockade_discard_of_the_last_fortune_in_hand_is_made_unasked() -> None:
    """appendix.fortunes.assignment: Green plays a fortune at a blockade holding one other;
    it is discarded for the blockade without asking (how many she holds is public)."""
    state = example_round()
    archives = updated(state.district(4), fortifications=(Fortification(2, "blockade"),))
    state = assigning._greens_turn(state.with_district(4, archives))
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("4-hearts", "J-spades")))
    state, events = play(
        state, GREEN, "play_fortune", card="4-hearts", district=4, target=-1, choice=""
    )
    why = "blockade:4"
    dropped = ef.FortunesDiscarded(seat=None, owner=GREEN, cards=("J-spades",), reason=why)
    assert dropped in events
    assert GAME.narrate(state, dropped, RED, False) == (
        "Green discards 1 fortune for another player's blockade at 04 Chronicle Archives."
    )
    assert state.player(GREEN).hand == () and state.flow.prompt_for(GREEN) is None


def test_a_counter_is_still_asked_when_the_hand_holds_none_that_counters() -> None:
    """A blind prompt stays: "Let the attack stand" is Red's only move, but whether Red holds a
    counter is hidden, so Red is asked all the same (README)."""
    state = assigning._attacked()
    state = state.with_player(RED, updated(state.player(RED), hand=("A-spades",)))
    assert [m.type for m in GAME.legal_moves(state, RED)] == ["decline"]
    assert GAME.to_act(state) == {RED}


def test_a_player_holding_no_fortune_is_not_asked_to_counter() -> None:
    """Rules version 22: with no fortune in hand (a count everybody sees), letting the attack
    stand is the one answer, so it is the game's own step ("Red holds no fortune to counter
    with"), as the book's example ends Red's exchange when he is unable to counter
    (example.dominance.district); the lost attack then sends Red's personnel."""
    state = assigning._greens_turn()
    state = state.with_player(RED, updated(state.player(RED), hand=()))
    state, events = play(
        state, GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    declined = ef.CounterDeclined(seat=None, owner=RED)
    assert declined in events
    assert GAME.narrate(state, declined, None, False) == "Red holds no fortune to counter with."
    assert GAME.to_act(state) == {RED}
    assert {m.type for m in GAME.legal_moves(state, RED)} == {"assign"}  # sent, not asked


def test_a_mission_window_is_still_asked_when_none_can_be_fulfilled() -> None:
    """The missions are hidden: a holder is asked at a window even with only "Fulfil no
    mission now" to answer, while some standby mission of the pack is within reach (here Iron
    Nerves, at most 4 strain, with 3), whether held or not (board.asked_about_missions;
    rules version 24 passes unasked only a window no mission of the pack could be fulfilled at,
    README)."""
    state = _standby("charge")
    run = Run(state)
    standby.proceed(run, random.Random(0))
    asked = run.state.flow.prompt_for(RED) or run.state.flow.prompt_for(GREEN)
    assert asked is not None and asked.kind == "standby_mission"
    seat = asked.seat
    assert [GAME.describe_move(run.state, seat, m) for m in GAME.legal_moves(run.state, seat)] == [
        "Fulfil no mission now"
    ]


def test_a_player_with_one_way_waits_for_an_earlier_player_still_deciding() -> None:
    """appendix.dice.event (event 6, first option): every player in turn from the relic player
    returns a mission to the bottom of the mission deck. Green, first, holds two and is asked;
    Red holds one, so returns it unasked, but only once Green has (rules version 17): the
    deck's bottom is Green's card, then Red's."""
    state = _standby()
    assert state.relic == GREEN
    green = state.player(GREEN)
    state = state.with_player(GREEN, updated(green, missions=(*green.missions, "iron-nerves#1")))
    run = Run(state)
    standby.apply_event(run, 6, 0, random.Random(0))
    assert [ev.owner for ev in run.events if isinstance(ev, RollToResolve)] == [GREEN, RED]
    assert run.state.mission_deck == state.mission_deck
    assert GAME.to_act(run.state) == frozenset({GREEN})
    after, events = play(run.state, GREEN, "resolve_roll", choice="iron-nerves#1")
    assert after.mission_deck[-2:] == ("iron-nerves#1", "war-chest#2")
    assert after.player(RED).missions == ()
    settled = [ev for ev in events if isinstance(ev, RollResolved) and ev.owner == RED]
    assert [ev.seat for ev in settled] == [None]
    before = run.state
    for event in events[: events.index(settled[0])]:
        before = GAME.evolve(before, event)
    words = GAME.narrate(before, settled[0], None, False)
    assert words.startswith("Red carries out event 6"), words


def test_an_event_turn_with_no_way_to_carry_it_out_says_so() -> None:
    """appendix.dice.event (event 6, first option): Red holds no mission to return, so its turn,
    once Green has answered, is settled with nothing done, and the story says so rather than
    telling an option carried out with nothing named."""
    state = _standby()
    green = state.player(GREEN)
    state = state.with_player(GREEN, updated(green, missions=(*green.missions, "iron-nerves#1")))
    state = state.with_player(RED, updated(state.player(RED), missions=()))
    run = Run(state)
    standby.apply_event(run, 6, 0, random.Random(0))
    after, events = play(run.state, GREEN, "resolve_roll", choice="iron-nerves#1")
    before = run.state
    told = []
    for event in events:
        if isinstance(event, RollResolved):
            told.append(GAME.narrate(before, event, None, False))
        before = GAME.evolve(before, event)
    assert told == [
        "Green carries out event 6 (project distribution): return a mission.",
        "Red carries out event 6 (project distribution), but there is nothing Red can do.",
    ]
    assert after.mission_deck[-1] == "iron-nerves#1"
