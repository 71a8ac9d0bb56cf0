"""What comes after an effect asked step by step (rules version 32), on small custom packs (the
reference pack's facilities have one choosing step an effect): an assignment fortune's suit
resource and its end, and a technology's facility bonus, come once the effect's last step is
done; a later step the earlier ones left with no way is passed over and told so."""

from __future__ import annotations

import random
from typing import Any

from rules_core.engine.updating import updated
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import facilities, sources
from rules_core.games.black_metro.content import parse_pack
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import NO_BONUS, BlackMetroState
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    told,
)
from tests.rules_core.games.black_metro.test_assignment import _greens_turn
from tests.rules_core.games.black_metro.test_example_round import _dominated
from tests.rules_core.games.black_metro.test_stepping import RECOVER, TURN, _pack

GILDED_BANK = 3


def _with_first_effect(state: BlackMetroState, *steps: dict[str, Any]) -> BlackMetroState:
    """`state` played with a pack whose 03 Gilded Bank's first effect is `steps`."""
    pack = _pack()
    pack["district"][GILDED_BANK - 1]["effect"][0]["steps"] = list(steps)
    return updated(state, pack=parse_pack(pack))


def _types(events: list[Any]) -> list[type]:
    return [type(ev) for ev in events]


def _greens_fortune_for_two_turns() -> tuple[int, tuple[BlackMetroState, list[Any]]]:
    """Green's gold, then the table and events once she plays the 3 of diamonds for 03's first
    effect made to turn 2 syndicates, naming the first."""
    state = _greens_turn(_with_first_effect(example_round(), TURN, TURN))
    gold = state.player(GREEN).gold
    played = play(
        state,
        GREEN,
        "play_fortune",
        card="3-diamonds",
        district=3,
        target=-1,
        choice="fortitude-trainers",
    )
    return gold, played


def test_an_assignment_fortunes_suit_resource_and_end_come_after_its_last_step() -> None:
    """Green plays the 3 of diamonds for 03's first effect, turning 2 syndicates one at a
    time: the diamonds' gold and the fortune's end wait for the second turn (appendix.fortunes:
    the resource comes after the fortune is resolved); before, they came at once."""
    gold, (state, events) = _greens_fortune_for_two_turns()
    assert _types(events) == [
        e.AssignmentFinished,
        ef.FortunePlayed,
        r.SyndicateTurned,
        r.StepAsked,
    ]
    assert state.player(GREEN).gold == gold and state.exchange is not None
    assert "3-diamonds" not in state.fortune_discard
    state, events = play(state, GREEN, "choose_step", choice="elite-academy")
    assert _types(events)[:5] == [
        r.StepChosen,
        r.SyndicateTurned,
        e.ResourceChanged,
        ef.FortuneResolved,
        e.TurnPassed,
    ]
    suit = events[2]
    assert isinstance(suit, e.ResourceChanged)
    assert suit.source == sources.of(sources.SUIT, "diamonds")
    assert state.player(GREEN).gold == gold + 1 and state.exchange is None
    assert "3-diamonds" in state.fortune_discard


def test_a_facility_bonus_comes_once_the_effects_last_step_is_done() -> None:
    """Blue, holding Trading Platform (1 more gold at 03), turns 2 syndicates with 03's first
    effect: the gold comes after the second turn; before, when he used the effect."""
    state = _with_first_effect(_dominated(), TURN, TURN)
    state = state.with_player(
        BLUE, updated(state.player(BLUE), technologies=("trading-platform@2",))
    )
    gold = state.player(BLUE).gold
    state, events = play(state, BLUE, "use_effect", effect=1, choice="fortitude-trainers")
    assert _types(events) == [r.EffectUsed, r.SyndicateTurned, r.StepAsked]
    assert state.player(BLUE).gold == gold
    state, events = play(state, BLUE, "choose_step", choice="elite-academy")
    assert _types(events)[:3] == [r.StepChosen, r.SyndicateTurned, e.ResourceChanged]
    bonus = events[2]
    assert isinstance(bonus, e.ResourceChanged)
    assert bonus.source == sources.of(sources.TECHNOLOGY, "trading-platform@2")
    assert state.player(BLUE).gold == gold + 1


def test_a_later_step_left_with_no_way_is_passed_over_in_words() -> None:
    """03's first effect recovers 1 personnel twice; Blue has one subordinate overwhelmed.
    Each step has a way when he begins, so the effect is offered (advanced.golden.abilities,
    judged as the table stands); the first leaves the second none: it is passed over, as much
    as can be being resolved (advanced.golden.exceptions), and the table is told so. With
    nothing overwhelmed the effect is not offered at all."""
    state = _with_first_effect(_dominated(), RECOVER, RECOVER)
    nothing = state.with_player(BLUE, updated(state.player(BLUE), overwhelmed=(0, 0, 0)))
    assert not [m for m in GAME.legal_moves(nothing, BLUE) if m.get("effect") == 1]
    state = state.with_player(BLUE, updated(state.player(BLUE), overwhelmed=(1, 0, 0)))
    before = state
    state, events = play(state, BLUE, "use_effect", effect=1, choice="subordinate")
    assert _types(events)[:3] == [r.EffectUsed, r.Recovered, r.StepPassed]
    assert told(before, events, RED)[2] == (
        "Blue passes over the next step of the first effect of 03 Gilded Bank: recover 1"
        " personnel, as there is no way to do it now."
    )
    assert state.player(BLUE).overwhelmed == (0, 0, 0)


def test_a_fortune_played_for_a_die_rolling_effect_waits_for_the_die() -> None:
    """The reference pack meets it too: Green plays the 2 of clubs for 02 Swiss Casino's first
    effect, rolling the fortune dice; holding fortunes she may reroll, and the clubs' intel
    and the fortune's end wait for the die's result (before, they came before it was kept)."""
    state, events = play(
        _greens_turn(), GREEN, "play_fortune", card="2-clubs", district=2, target=-1, choice=""
    )
    assert _types(events)[-1] == r.DiceRolled and state.exchange is not None
    assert not {e.ResourceChanged, ef.FortuneResolved} & set(_types(events))
    state, events = play(state, GREEN, "keep_roll")
    suits = [ev for ev in events if isinstance(ev, e.ResourceChanged) and ev.source == "suit:clubs"]
    assert len(suits) == 1
    assert _types(events).index(ef.FortuneResolved) == events.index(suits[0]) + 1
    assert state.exchange is None and "2-clubs" in state.fortune_discard


TRADING_PLATFORM = sources.of(sources.TECHNOLOGY, "trading-platform@2")


def _with_trading_platform(state: BlackMetroState) -> BlackMetroState:
    """`state` with Blue holding Trading Platform (1 more gold at 03) charged."""
    return state.with_player(
        BLUE, updated(state.player(BLUE), technologies=("trading-platform@2",))
    )


def _bonuses(events: list[Any]) -> list[e.ResourceChanged]:
    return [
        ev for ev in events if isinstance(ev, e.ResourceChanged) and ev.source == TRADING_PLATFORM
    ]


def test_a_bonus_given_when_the_effect_began_under_rules_31_is_not_given_again() -> None:
    """A game decided under rules version 31 gave Blue his Trading Platform gold when he used
    03's first effect, after its second syndicate turn was asked; answered under today's rules
    (a live game the server moved on, or a fork of that point), the effect's end gives no
    second gold: one bonus an effect, whatever rules wrote the events before."""
    state = _with_trading_platform(_with_first_effect(_dominated(), TURN, TURN))
    gold = state.player(BLUE).gold
    state, events = play(state, BLUE, "use_effect", effect=1, choice="fortitude-trainers")
    assert _types(events) == [r.EffectUsed, r.SyndicateTurned, r.StepAsked]
    # rules version 31's events went on with the bonus, the step still asked
    given = e.ResourceChanged(
        seat=None, owner=BLUE, resource="gold", amount=1, source=TRADING_PLATFORM
    )
    state = GAME.evolve(state, given)
    state, events = play(state, BLUE, "choose_step", choice="elite-academy")
    assert _bonuses(events) == []
    assert state.player(BLUE).gold == gold + 1


def _rolling_first_effect() -> BlackMetroState:
    """The example round's resolution phase, Blue holding Trading Platform and a fortune, with
    a pack whose 03 Gilded Bank's first effect rolls the fortune dice."""
    state = _with_first_effect(_dominated(), {"op": "roll", "dice": "fortune"})
    return _with_trading_platform(state)


def test_a_facility_bonus_waits_for_the_result_of_the_die_its_effect_rolls() -> None:
    """03's first effect rolls the fortune dice; Blue holds a fortune, so he may reroll: the
    effect is resolved completely (advanced.golden.abilities) once the die's result is, so
    his Trading Platform gold comes after he keeps the roll and its face is carried out, the
    last event of that move's effect (before, it came with the roll)."""
    state = _rolling_first_effect()
    assert state.player(BLUE).hand
    gold = state.player(BLUE).gold
    state, events = play(state, BLUE, "use_effect", effect=1, choice="")
    assert _types(events) == [r.EffectUsed, r.DiceRolled]
    assert _bonuses(events) == [] and state.player(BLUE).gold == gold
    state, events = play(state, BLUE, "keep_roll")
    bonus = _bonuses(events)
    assert len(bonus) == 1
    face = [ev for ev in events[1 : events.index(bonus[0])] if not isinstance(ev, r.RollKept)]
    assert face, "the face's own events come first"
    assert _bonuses(events[events.index(bonus[0]) + 1 :]) == []


def test_a_candidates_district_ability_gets_no_facility_bonus_and_nothing_is_owed_after() -> None:
    """Blue, the Banker (2 gold at 03) holding Trading Platform, uses his candidate's district
    ability at 03: no bonus, that ability not being the facility's effect; he then uses the
    first effect (3 gold and the bonus), and once he is done at 03 no bonus is owed any more
    (a later ability of his could not make one paid out of turn)."""
    state = _with_trading_platform(_dominated())
    state = state.with_player(
        BLUE, updated(state.player(BLUE), candidate="banker", candidate_charged=True)
    )
    gold = state.player(BLUE).gold
    state, events = play(state, BLUE, "use_effect", effect=0, choice="")
    assert _bonuses(events) == [] and state.player(BLUE).gold == gold + 2
    assert state.bonus_due == NO_BONUS
    state, events = play(state, BLUE, "use_effect", effect=1, choice="")
    assert len(_bonuses(events)) == 1 and state.player(BLUE).gold == gold + 6
    assert state.bonus_due == NO_BONUS
    without = _dominated()
    without, _ = play(without, BLUE, "use_effect", effect=1, choice="")
    assert without.bonus_due == (BLUE, GILDED_BANK)  # nothing to give: left owed
    without, _ = play(without, BLUE, "done_resolving")
    assert without.bonus_due == NO_BONUS


def test_a_later_step_promoting_looks_at_the_district_resolved() -> None:
    """03's first effect turns a syndicate, then promotes a subordinate at the district: Blue,
    with none in his hideout, promotes his subordinate at 03 (one way, done unasked)."""
    state = _with_first_effect(_dominated(), TURN, {"op": "promote", "amount": 1})
    state = state.with_player(BLUE, updated(state.player(BLUE), hideout=(0, 0, 0)))
    assert state.district(GILDED_BANK).personnel[BLUE][0]
    state, events = play(state, BLUE, "use_effect", effect=1, choice="fortitude-trainers")
    assert _types(events)[:3] == [r.EffectUsed, r.SyndicateTurned, r.Promoted]


def test_an_assignment_fortune_resolved_under_rules_31_is_not_resolved_again() -> None:
    """Rules version 31 gave the 3 of diamonds' gold and ended the fortune when Green played
    it for 03's first effect, the second syndicate turn still asked; answered under today's
    rules, the effect's end gives no second gold and ends no fortune again (the exchange was
    closed by the fortune's end): her turn passes."""
    gold, (state, events) = _greens_fortune_for_two_turns()
    assert _types(events)[-1] == r.StepAsked
    suit = sources.of(sources.SUIT, "diamonds")
    written = (
        e.ResourceChanged(seat=None, owner=GREEN, resource="gold", amount=1, source=suit),
        ef.FortuneResolved(seat=None, owner=GREEN, cards=("3-diamonds",)),
    )
    for event in written:
        state = GAME.evolve(state, event)
    assert state.exchange is None
    state, events = play(state, GREEN, "choose_step", choice="elite-academy")
    assert _types(events)[:3] == [r.StepChosen, r.SyndicateTurned, e.TurnPassed]
    assert state.player(GREEN).gold == gold + 1


def test_red_the_first_seat_gets_his_facility_bonus_as_any_player() -> None:
    """After Blue, Red resolves 03 Gilded Bank holding Trading Platform: its first effect gives
    him 3 gold and the bonus's 1 (seat 0 owes a bonus as any other seat does)."""
    state = _dominated()
    state = state.with_player(RED, updated(state.player(RED), technologies=("trading-platform@0",)))
    state, _ = play(state, BLUE, "done_resolving")
    gold = state.player(RED).gold
    state, events = play(state, RED, "use_effect", effect=1, choice="")
    bonus = sources.of(sources.TECHNOLOGY, "trading-platform@0")
    assert [ev.source for ev in events if isinstance(ev, e.ResourceChanged)] == [
        sources.of(sources.DISTRICT, GILDED_BANK, 1),
        bonus,
    ]
    assert state.player(RED).gold == gold + 4 and state.bonus_due == NO_BONUS


def test_a_facility_bonus_does_not_wait_for_the_hand_limit_its_effect_reaches() -> None:
    """03's first effect draws 2 fortunes; Blue, holding 5 (the most a hand keeps) and Trading
    Platform, gets the bonus's gold with the draw, before he discards down to 5. The discard
    is the fortunes' own limit (fortunes: a player beyond 5 discards down), not a step of the
    effect, which is resolved once its cards are drawn (advanced.golden.abilities; getting
    beyond a limit is one of advanced.golden.exceptions); and the two touch nothing of each
    other, the bonus giving a resource and the discard taking fortunes."""
    state = _with_trading_platform(
        _with_first_effect(_dominated(), {"op": "draw", "card": "fortune", "amount": 2})
    )
    deck = state.fortune_deck
    state = updated(state, fortune_deck=deck[5:], fortune_knowers=state.fortune_knowers[5:])
    state = state.with_player(BLUE, updated(state.player(BLUE), hand=deck[:5]))
    gold = state.player(BLUE).gold
    state, events = play(state, BLUE, "use_effect", effect=1, choice="")
    assert _types(events) == [r.EffectUsed, ef.FortunesDrawn, ef.FortunesDrawn, e.ResourceChanged]
    assert len(_bonuses(events)) == 1 and state.player(BLUE).gold == gold + 1
    assert state.flow.prompts[0].kind == "hand_limit" and state.bonus_due == NO_BONUS


def test_a_facility_bonus_does_not_wait_for_the_frequency_jammer_its_research_wakes() -> None:
    """Blue, The Technologist, holding Trading Platform made a bonus at 08, researches there:
    his bonus comes with the effect, before he decides on the frequency jammer, an ability of
    his candidate that the research calls up, not a step of the district's effect (each
    player resolves each of the abilities they choose, advanced.golden.timing); the jammer
    downs another player's technology, which the bonus neither gives nor reads."""
    pack = _pack()
    platform = next(t for t in pack["technology"] if t["id"] == "trading-platform")
    platform["ability"]["district"] = 8
    state = updated(_dominated(), pack=parse_pack(pack))
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="")
    state, _ = play(state, BLUE, "done_resolving")
    state, _ = play(state, RED, "done_resolving")
    blue = updated(
        state.player(BLUE),
        candidate="technologist",
        candidate_charged=True,
        technologies=("trading-platform@2",),
    )
    state = state.with_player(BLUE, blue)
    state = state.with_player(RED, updated(state.player(RED), technologies=("voltaic-edge@0",)))
    gold = state.player(BLUE).gold
    state, events = play(state, BLUE, "use_effect", effect=1, choice="research:calm-protocol")
    assert [ev.owner for ev in _bonuses(events)] == [BLUE]
    assert state.flow.prompts[0].kind == "jammer" and state.player(BLUE).gold == gold + 1
    state, events = play(state, BLUE, "jam", card="voltaic-edge@0")
    assert _bonuses(events) == [] and state.player(BLUE).gold == gold + 1


def test_a_promotion_takes_its_paragon_from_the_backup_and_else_from_the_overwhelmed_bag() -> None:
    """03's first effect made "promote 1": Blue's subordinate at 03 becomes a paragon there, the
    paragon coming from his backup while it holds one and else from his overwhelmed personnel,
    the subordinate going back to the backup (appendix.personnel: promoting swaps the pieces);
    with no paragon in either the effect has no way and is not offered; at level III a doom
    mechasuit may be promoted to as well."""
    state = _with_first_effect(_dominated(), {"op": "promote", "amount": 1})
    subs, paragons, suits = state.district(GILDED_BANK).personnel[BLUE]
    assert subs
    blue = state.player(BLUE)
    for backup, overwhelmed in (((2, 1, 1), (0, 0, 0)), ((2, 0, 1), (0, 1, 0))):
        table = state.with_player(BLUE, updated(blue, backup=backup, overwhelmed=overwhelmed))
        after, events = play(table, BLUE, "use_effect", effect=1, choice="paragon")
        (promoted,) = [ev for ev in events if isinstance(ev, r.Promoted)]
        assert promoted.from_overwhelmed == bool(overwhelmed[1])
        assert after.district(GILDED_BANK).personnel[BLUE] == (subs - 1, paragons + 1, suits)
        assert after.player(BLUE).backup == (backup[0] + 1, 0, backup[2])
        assert after.player(BLUE).overwhelmed == (0, 0, 0)
    # no paragon in either, a doom mechasuit in both (below level III): nothing to promote to
    table = state.with_player(BLUE, updated(blue, backup=(2, 0, 1), overwhelmed=(0, 0, 1)))
    assert not [m for m in GAME.legal_moves(table, BLUE) if m.get("effect") == 1]
    # at level III the doom mechasuit too, from the bag when the backup has none
    top = updated(blue, science=3, backup=(2, 1, 0), overwhelmed=(0, 0, 1))
    offered = GAME.legal_moves(state.with_player(BLUE, top), BLUE)
    assert {m.get("choice") for m in offered if m.get("effect") == 1} == {
        "paragon",
        "doom-mechasuit",
    }


def test_a_die_face_promoting_looks_at_the_district_its_die_was_rolled_for() -> None:
    """A supply face made "promote 1", rolled for 03 Gilded Bank: Blue, no subordinate in his
    hideout, promotes his subordinate at 03 (one way, done unasked), as a district's effect
    there would; the face looks at the district it was rolled for, not at the hideout."""
    pack = _pack()
    supply = next(d for d in pack["dice"] if d["id"] == "supply")
    supply["faces"][0]["steps"] = [{"op": "promote", "amount": 1}]
    state = updated(_dominated(), pack=parse_pack(pack))
    state = state.with_player(BLUE, updated(state.player(BLUE), hideout=(0, 0, 0)))
    subs, paragons, suits = state.district(GILDED_BANK).personnel[BLUE]
    run = Run(state)
    facilities.apply_face(run, BLUE, "supply", 1, GILDED_BANK, random.Random(0))
    assert [type(ev) for ev in run.events] == [r.Promoted]
    assert run.state.district(GILDED_BANK).personnel[BLUE] == (subs - 1, paragons + 1, suits)


def test_recalling_sends_the_personnel_named_home_and_recruits_at_the_district() -> None:
    """03's first effect made the Laughing Tavern's "recall 1, recruit 1" (troubleshooting.
    districts.laughing-tavern): Blue's subordinate at 03 goes back to his hideout and a
    subordinate from his backup is recruited at 03, the district resolved."""
    state = _with_first_effect(_dominated(), {"op": "recall_recruit", "recall": 1, "recruit": 1})
    subs, paragons, suits = state.district(GILDED_BANK).personnel[BLUE]
    hideout = state.player(BLUE).hideout
    state, events = play(state, BLUE, "use_effect", effect=1, choice="1,0,0")
    assert [type(ev) for ev in events][1:3] == [r.Recalled, e.Recruited]
    recalled = events[1]  # by an effect, but not the tavern's: its entry is not cited
    assert isinstance(recalled, r.Recalled) and recalled.by_effect
    assert recalled.cited() == r.Recalled.citations
    assert state.district(GILDED_BANK).personnel[BLUE] == (subs, paragons, suits)
    assert state.player(BLUE).hideout == (hideout[0] + 1, hideout[1], hideout[2])
