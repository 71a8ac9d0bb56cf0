"""An effect's choosing steps asked one at a time (rules version 30): the move using it names
its first step's way, each later choosing step is asked on its own (`step_asked`, answered by
`choose_step`), and "return up to 2 missions" asks one mission at a time with a way to stop, so
a decision offers one step's options, never their product."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

from rules_core.engine.types import JSON, Rejection
from rules_core.engine.updating import updated
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import facilities, language
from rules_core.games.black_metro.checks import REJECTIONS
from rules_core.games.black_metro.content import parse_pack
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import NOBODY, BlackMetroState
from rules_core.games.black_metro.vocabulary import MOST_STEPS
from tests.rules_core.games.black_metro.helpers import BLUE, GAME, RED, play, refused, told
from tests.rules_core.games.black_metro.test_research import _at_the_laboratory

REFERENCE = Path("rules_core/games/black_metro/content/reference.toml")
RESEARCH_THEN_ADVANCE = 4  # the supply dice's face: research 1 technology, then optionally advance
RETURN_MISSIONS = 6  # the supply dice's face: 1 drakownium, draw 1 mission, return up to 2


def _rolled(state: BlackMetroState, face: int) -> BlackMetroState:
    """Blue's supply dice kept at `face` at 08 Oakland Laboratory (asked how to resolve it)."""
    run = Run(state)
    facilities.apply_face(run, BLUE, "supply", face, 8, random.Random(0))
    assert [type(ev) for ev in run.events][-1] == r.RollToResolve
    return run.state


def test_the_second_choice_of_a_face_is_asked_on_its_own_after_the_first_is_done() -> None:
    state = _rolled(_at_the_laboratory(1), RESEARCH_THEN_ADVANCE)
    offered = GAME.legal_moves(state, BLUE)
    assert {m.type for m in offered} == {"resolve_roll"}
    assert not any("|" in str(m.get("choice")) for m in offered)  # one step's way, no pair
    assert len(offered) == 4  # the level I technologies (before: each with advance or not, 8)
    before = state
    state, events = play(state, BLUE, "resolve_roll", choice="voltaic-edge")
    assert [type(ev) for ev in events][:3] == [r.RollResolved, e.TechnologyGained, r.StepAsked]
    prompt = state.flow.prompt_for(BLUE)
    assert prompt is not None and prompt.kind == "step"
    assert language.asked(state, prompt) == (
        "choose the next step of the 4 on the supply dice: optionally advance the scientific level"
    )
    assert told(before, events, RED)[2] == (
        "Blue is to choose the next step of the 4 on the supply dice: optionally advance the"
        " scientific level."
    )
    offered = GAME.legal_moves(state, BLUE)
    assert [(m.type, m.get("choice")) for m in offered] == [
        ("choose_step", "advance"),
        ("choose_step", "no"),
    ]
    labels = [GAME.describe_move(state, BLUE, m) for m in offered]
    assert labels == ["Advance the scientific level", "Do not advance"]
    before = state
    state, events = play(state, BLUE, "choose_step", choice="advance")
    assert [type(ev) for ev in events][:2] == [r.StepChosen, e.ResourceChanged]
    assert told(before, events[:1], RED) == ["Blue chooses to advance the scientific level."]
    assert state.player(BLUE).science == 2
    assert state.flow.prompt_for(BLUE).kind == "resolve"  # type: ignore[union-attr]


def test_step_by_step_ends_where_the_old_combined_move_did() -> None:
    """The reference case: research then advance, named in one move under rules version 29
    ("voltaic-edge|advance"), carried out in one go; asked step by step it leaves
    every player and district as that did."""
    rolled = _rolled(_at_the_laboratory(1), RESEARCH_THEN_ADVANCE)
    stepped, _ = play(rolled, BLUE, "resolve_roll", choice="voltaic-edge")
    stepped, _ = play(stepped, BLUE, "choose_step", choice="advance")
    run = Run(rolled)
    run.emit(r.RollResolved(seat=BLUE, owner=BLUE, choice="?", cards=("voltaic-edge",)))
    steps = rolled.the_pack().die("supply").faces[RESEARCH_THEN_ADVANCE - 1].options[0].steps
    combined = "voltaic-edge|advance"
    facilities.carry_out(run, BLUE, 8, steps, combined, random.Random(0), "dice:supply:4")
    assert not any(isinstance(ev, r.StepAsked) for ev in run.events)  # every way named
    assert run.state.players == stepped.players
    assert run.state.districts == stepped.districts


def _holding_four(state: BlackMetroState) -> BlackMetroState:
    """Blue holding 4 unfulfilled missions, taken from the top of the mission deck."""
    blue = state.player(BLUE)
    extra = tuple(c for c in state.mission_deck if c not in blue.missions)[: 4 - len(blue.missions)]
    deck = tuple(c for c in state.mission_deck if c not in extra)
    blue = updated(
        blue,
        missions=blue.missions + extra,
        mission_knowers=blue.mission_knowers + (NOBODY,) * len(extra),
    )
    knowers = state.mission_knowers[: len(deck)]
    return updated(state.with_player(BLUE, blue), mission_deck=deck, mission_knowers=knowers)


def test_returning_no_mission_is_told_as_its_move_reads() -> None:
    """The 6 on the supply dice returns up to 2 missions, none a way too: its move reads
    "Resolve the die: return no mission", and the story, which read only "Blue resolves the
    die.", now tells the way chosen, to every player (nothing hidden is named)."""
    state = _rolled(_holding_four(_at_the_laboratory(1)), RETURN_MISSIONS)
    _, events = play(state, BLUE, "resolve_roll", choice="")
    assert isinstance(events[0], r.RollResolved)
    for viewer in (BLUE, RED):
        assert told(state, events[:1], viewer) == ["Blue resolves the die: return no mission."]


def test_returning_up_to_2_missions_asks_one_at_a_time_with_a_way_to_stop() -> None:
    state = _rolled(_holding_four(_at_the_laboratory(1)), RETURN_MISSIONS)
    held = sorted(set(state.player(BLUE).missions))
    assert len(held) == 5  # the 4 and the one the face drew
    offered = GAME.legal_moves(state, BLUE)
    assert sorted(str(m.get("choice")) for m in offered) == ["", *held]  # 6, not 1 + 5 + 10
    assert GAME.describe_move(state, BLUE, offered[0]) == "Resolve the die: return no mission"
    first, rolled = held[0], state
    state, events = play(state, BLUE, "resolve_roll", choice=first)
    assert [type(ev) for ev in events][:3] == [r.RollResolved, e.MissionReturned, r.StepAsked]
    assert all(language.mission(first, rolled) not in t for t in told(rolled, events, RED))
    assert language.mission(first, rolled) in told(rolled, events, BLUE)[0]
    offered = GAME.legal_moves(state, BLUE)
    assert sorted(str(m.get("choice")) for m in offered) == ["", *held[1:]]
    stop = next(m for m in offered if m.get("choice") == "")
    assert GAME.describe_move(state, BLUE, stop) == "Return no more missions"
    named = next(m for m in offered if m.get("choice") == held[1])
    assert GAME.describe_move(state, BLUE, named).startswith("Return “")
    before = state
    state, events = play(state, BLUE, "choose_step", choice=held[1])
    assert [type(ev) for ev in events][:2] == [r.StepChosen, e.MissionReturned]
    assert not any(isinstance(ev, r.StepAsked) for ev in events)  # 2 returned: the most
    assert sorted(state.player(BLUE).missions) == held[2:]
    # hidden: the table reads that a mission is returned, not which; Blue reads its name
    theirs, mine = told(before, events[:1], RED)[0], told(before, events[:1], BLUE)[0]
    name = language.mission(held[1], before)
    assert name not in theirs and "return" in theirs and name in mine
    assert GAME.legal_moves(before, RED) == []  # and no offer to anyone else names it


def test_a_step_stopped_early_returns_one_mission() -> None:
    state = _rolled(_holding_four(_at_the_laboratory(1)), RETURN_MISSIONS)
    first = sorted(set(state.player(BLUE).missions))[0]
    state, _ = play(state, BLUE, "resolve_roll", choice=first)
    before = state
    state, events = play(state, BLUE, "choose_step", choice="")
    assert [type(ev) for ev in events][:1] == [r.StepChosen]
    assert not any(isinstance(ev, e.MissionReturned) for ev in events)
    assert len(state.player(BLUE).missions) == 4
    assert told(before, events[:1], RED) == ["Blue chooses to return no more missions."]
    assert state.flow.prompt_for(BLUE).kind == "resolve"  # type: ignore[union-attr]


def test_a_step_answered_otherwise_is_refused_citing_the_golden_rules() -> None:
    state = _rolled(_at_the_laboratory(1), RESEARCH_THEN_ADVANCE)
    not_now = refused(state, BLUE, "choose_step", choice="advance")
    assert not_now.code == "not_now"
    state, _ = play(state, BLUE, "resolve_roll", choice="voltaic-edge")
    wrong = refused(state, BLUE, "choose_step", choice="calm-protocol")
    assert wrong.code == "cannot_resolve"
    assert wrong.message == (  # the step's words after "to", not "to optionally advance..."
        "That is not a way to advance the scientific level now: name one of the ways offered."
    )
    assert {c.section for c in REJECTIONS["cannot_resolve"]} >= {"advanced.golden.abilities"}
    assert refused(state, BLUE, "choose_step", choice="advance|no").code == "cannot_resolve"
    assert refused(state, RED, "choose_step", choice="advance").code == "not_your_turn"


def _pack() -> dict[str, Any]:
    with REFERENCE.open("rb") as file:
        return tomllib.load(file)


TURN = {"op": "turn_syndicate", "amount": 1}
MOVE = {"op": "move_fortification", "amount": 1}
BUILD = {"op": "build", "amount": 1}
RETURN = {"op": "return_missions", "amount": 15}
REVEAL = {"op": "reveal_mission"}
RECOVER = {"op": "recover", "amount": 1}
ADVANCE = {"op": "advance", "may": True}


def _worst_pack() -> dict[str, Any]:
    """Every district's effects and every supply face: MOST_STEPS choosing steps (syndicate
    turns, fortification moves and builds at a district; returns of up to 15 missions,
    reveals, recoveries, advances on a die); before rules version 30, 6 syndicate turns alone
    were 3^6 = 729 moves, two fortification moves thousands, up to 15 of the missions held
    every subset of up to 15 of them."""
    pack = _pack()
    at_districts = ([TURN] * MOST_STEPS, [MOVE, TURN, BUILD, MOVE, TURN, BUILD])
    on_dice = ([RETURN, REVEAL, RECOVER, RETURN, ADVANCE, REVEAL], [RECOVER, RETURN] * 3)
    for k, district in enumerate(pack["district"]):
        for i, effect in enumerate(district["effect"]):
            effect["steps"] = at_districts[(k + i) % 2]
    for dice in pack["dice"]:
        if dice["id"] == "supply":
            for i, face in enumerate(dice["faces"]):
                face["steps"] = on_dice[i % 2]
                face.pop("if_able", None)
    return pack


def _most_of_one_step(state: BlackMetroState, seat: int) -> int:
    """The most ways one choosing step of the worst pack can offer at this table: a syndicate
    of 3, a held mission or none, a build of each kind at each district, a move of each
    fortification piece to each other district."""
    districts = len(state.the_pack().districts)
    pieces = sum(len({(f.owner, f.kind) for f in d.fortifications}) for d in state.districts)
    return max(
        len(state.syndicates),
        len(set(state.player(seat).missions)) + 1,
        2 * districts,
        pieces * (districts - 1),
    )


def test_the_worst_pack_within_the_limits_offers_one_steps_ways_a_decision() -> None:
    pack = _worst_pack()
    options: dict[str, JSON] = {"first_game": True, "content": pack}
    assert GAME.validate_options(2, options) is None
    asked, most = 0, 0
    for seed in range(3):
        state = GAME.initial_state()
        for event in GAME.setup(2, options, random.Random(seed)):
            state = GAME.evolve(state, event)
        pick = random.Random(seed)
        for step in range(400):
            acting = sorted(GAME.to_act(state))
            if not acting or GAME.outcome(state) is not None:
                break
            seat = acting[0]
            offered = GAME.legal_moves(state, seat)
            one = _most_of_one_step(state, seat)
            steps = [m for m in offered if m.type == "choose_step"]
            uses = [m for m in offered if m.type == "use_effect"]
            rolls = [m for m in offered if m.type == "resolve_roll"]
            assert len(steps) <= one and len(rolls) <= one
            assert len(uses) <= 3 * one  # 2 effects and a candidate's, one step's ways each
            assert all("|" not in str(m.get("choice", "")) for m in offered)
            asked += bool(steps)
            most = max(most, len(offered))
            events = GAME.decide(state, seat, pick.choice(offered), random.Random(step))
            assert not isinstance(events, Rejection), events
            for event in events:
                state = GAME.evolve(state, event)
    assert asked > 10  # later steps were asked
    assert most <= 3 * 2 * len(_pack()["district"]), most  # the assignment's own, at most


def test_the_worst_packs_steps_show_each_seat_only_what_it_may_see() -> None:
    """Random games of the worst pack, every event checked by the conformance suite's privacy
    helpers and every move's words checked for ids: the missions a step returns or reveals, in
    its move and its `step_chosen`, stay their holder's."""
    from tests.rules_core.privacy import apply_checking_privacy, check_words

    options: dict[str, JSON] = {"first_game": True, "content": _worst_pack()}
    rng, chosen = random.Random(7), 0
    state = apply_checking_privacy(
        GAME, GAME.initial_state(), 2, GAME.setup(2, options, random.Random(7))
    )
    for step in range(300):
        if state.over:
            break
        seat = min(GAME.to_act(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        check_words(GAME.describe_move(state, seat, move), move.type)
        chosen += move.type == "choose_step"
        decided = GAME.decide(state, seat, move, rng)
        assert not isinstance(decided, Rejection), decided
        state = apply_checking_privacy(GAME, state, 2, decided, twins=step % 5 == 0)
    assert chosen > 10


def test_a_later_step_is_found_again_whether_the_cost_was_taken_off_or_not() -> None:
    """A custom facility's first effect building, paying 1 gold, then moving: its owner of a
    free-build technology resolves it without the cost (resolution.steps_for), while an
    assignment fortune uses it as printed; the move asked on its own is found from either."""
    from rules_core.games.black_metro import effect_steps

    pack = _pack()
    printed = [BUILD, {"op": "spend", "resource": "gold", "amount": 1}, MOVE]
    pack["district"][0]["effect"][0]["steps"] = printed
    options: dict[str, JSON] = {"first_game": True, "content": pack}
    state = GAME.initial_state()
    for event in GAME.setup(2, options, random.Random(0)):
        state = GAME.evolve(state, event)
    free = next(t.id for t in state.the_pack().technologies if t.ability.op == "free_build")
    red = updated(state.player(RED), technologies=(f"{free}@{RED}",))
    state = state.with_player(RED, red)
    as_printed = state.the_pack().district(1).effects[0].steps
    freed = effect_steps.district_steps(state, RED, 1, 1)
    assert [s.op for s in freed] == ["build", "move_fortification"]
    for steps in (as_printed, freed):
        option = effect_steps.option_ending(state, RED, "district:1:1", steps[1:])
        assert effect_steps.left_of(state, RED, "district:1:1", option, len(steps) - 1) == steps[1:]


def test_a_later_research_step_is_asked_even_with_one_technology_left() -> None:
    """A supply face made "optionally advance, then research 1 technology": Blue, at level I with
    3 of its 4 technologies downed, does not advance, and the research is still asked of him,
    its one way left: which technologies lie face down is his to know (README: research from
    level I is asked whatever it leaves), so it is never done for him unasked."""
    pack = _pack()
    supply = next(d for d in pack["dice"] if d["id"] == "supply")
    supply["faces"][RESEARCH_THEN_ADVANCE - 1]["steps"] = [ADVANCE, {"op": "research", "amount": 1}]
    downed = tuple(f"{t}@{BLUE}" for t in ("calm-protocol", "expiditry-matrix", "voltaic-edge"))
    state = updated(_at_the_laboratory(1, downed=downed), pack=parse_pack(pack))
    state = _rolled(state, RESEARCH_THEN_ADVANCE)
    state, events = play(state, BLUE, "resolve_roll", choice="no")
    assert [type(ev) for ev in events] == [r.RollResolved, r.StepAsked]
    assert [m.get("choice") for m in GAME.legal_moves(state, BLUE)] == ["trading-platform"]
    state, events = play(state, BLUE, "choose_step", choice="trading-platform")
    assert state.player(BLUE).downed == (*downed, f"trading-platform@{BLUE}")


def test_a_return_after_a_step_passed_over_still_returns_up_to_its_count() -> None:
    """A supply face made "recover 1 personnel, recover 1 personnel, return up to 2 missions":
    Blue, one subordinate overwhelmed, recovers it; the second recovery has no way left and is
    passed over (advanced.golden.exceptions), and the return that follows is asked from its
    start, none returned yet, so it offers 2 missions one at a time as it would alone."""
    pack = _pack()
    supply = next(d for d in pack["dice"] if d["id"] == "supply")
    supply["faces"][RETURN_MISSIONS - 1]["steps"] = [
        RECOVER,
        RECOVER,
        {"op": "return_missions", "amount": 2},
    ]
    state = updated(_holding_four(_at_the_laboratory(1)), pack=parse_pack(pack))
    state = state.with_player(BLUE, updated(state.player(BLUE), overwhelmed=(1, 0, 0)))
    held = sorted(set(state.player(BLUE).missions))
    run = Run(state)
    facilities.apply_face(run, BLUE, "supply", RETURN_MISSIONS, 8, random.Random(0))
    assert [type(ev) for ev in run.events] == [r.Recovered, r.StepPassed, r.StepAsked]
    state = run.state
    stop = next(m for m in GAME.legal_moves(state, BLUE) if m.get("choice") == "")
    assert GAME.describe_move(state, BLUE, stop) == "Return no mission"
    state, events = play(state, BLUE, "choose_step", choice=held[0])
    assert [type(ev) for ev in events][:3] == [r.StepChosen, e.MissionReturned, r.StepAsked]
    state, events = play(state, BLUE, "choose_step", choice=held[1])
    assert not any(isinstance(ev, r.StepAsked) for ev in events)  # 2 returned: the most
    assert sorted(state.player(BLUE).missions) == held[2:]
