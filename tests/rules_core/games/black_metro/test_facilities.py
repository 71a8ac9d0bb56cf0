"""Using a facility's effects: the ways each can be resolved in full (facilities.py)."""

from __future__ import annotations

import random

from rules_core.engine.types import Move
from rules_core.engine.updating import updated
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import facilities
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import GAME, started, through_setup
from tests.rules_core.games.black_metro.test_discards import _game
from tests.rules_core.games.black_metro.test_stepping import RECOVER, RETURN, _pack


def _table() -> BlackMetroState:
    return through_setup(started(2, first_game=True))


def _fortified(state: BlackMetroState, number: int, *pieces: Fortification) -> BlackMetroState:
    return state.with_district(number, updated(state.district(number), fortifications=pieces))


def test_building_with_none_left_moves_only_the_builders_own_fortifications() -> None:
    """troubleshooting.units.fortifications: with no fortification left in the backup, a build
    moves one of the builder's own instead, never another player's."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), gold=3, fortifications=(0, 0)))
    state = _fortified(state, 3, Fortification(0, "blockade"))
    state = _fortified(state, 4, Fortification(1, "blockade"))
    build = state.the_pack().district(9).effects[0].steps
    ways = facilities.choices(state, 0, 9, build)
    assert ways and all(way.startswith("0:blockade:3>") for way in ways)
    assert "0:blockade:3>5" in ways
    # the second effect (moving) still moves any player's fortification (README reading)
    move = state.the_pack().district(9).effects[1].steps
    state = state.with_player(0, updated(state.player(0), intel=1))
    assert any(way.startswith("1:") for way in facilities.choices(state, 0, 9, move))


def test_building_with_pieces_left_builds_them() -> None:
    state = _table()
    state = state.with_player(0, updated(state.player(0), gold=3, fortifications=(1, 1)))
    state = _fortified(state, 4, Fortification(1, "blockade"))
    build = state.the_pack().district(9).effects[0].steps
    ways = facilities.choices(state, 0, 9, build)
    assert "4:blockade" in ways and not any(">" in way for way in ways)
    assert not any("support-base" in way for way in ways)  # level II needed (reference)


def test_a_support_base_may_be_built_at_the_combat_zone_as_at_any_district() -> None:
    """appendix.fortifications: a build goes to any district with a free fortification zone (3
    a district, the battlefield included); only a tile (appendix.tiles) or 3 fortifications
    already there keep it out (README reading)."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), gold=3, science=2, fortifications=(1, 1)))
    build = state.the_pack().district(9).effects[0].steps
    ways = facilities.choices(state, 0, 9, build)
    assert {"12:support-base", "12:blockade", "1:support-base"} <= set(ways)
    tiled = state.with_district(12, updated(state.district(12), tile="massive-explosion"))
    assert not any(way.startswith("12:") for way in facilities.choices(tiled, 0, 9, build))
    full = _fortified(state, 12, *(Fortification(1, "blockade"),) * 3)
    assert not any(way.startswith("12:") for way in facilities.choices(full, 0, 9, build))


def _rolled(state: BlackMetroState, face: int) -> tuple[BlackMetroState, list[str]]:
    """The supply dice's face carried out for Red at 10 (no reroll asked)."""
    from rules_core.games.black_metro.run import Run

    run = Run(state)
    facilities.apply_face(run, 0, "supply", face, 10, random.Random(0))
    return run.state, [ev.type for ev in run.events]


def test_the_med_kit_heals_when_nobody_is_overwhelmed() -> None:
    """appendix.dice.supply, advanced.golden.exceptions: the med kit says "if able", so with no
    personnel overwhelmed its healing is still done (only the recovery falls away)."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), strain=6, overwhelmed=(0, 0, 0)))
    after, kinds = _rolled(state, 2)
    assert kinds == ["strain_healed"] and after.player(0).strain == 3
    kit = state.the_pack().die("supply").faces[1].options[0].steps
    assert facilities.choices(state, 0, 10, kit) == []  # not in full: "if able" lets it be done


def test_the_arms_stash_promotes_alone_where_no_district_allows_both() -> None:
    """appendix.dice.supply, advanced.golden.exceptions: "if able", so where no district allows
    a promotion and a build together, one of them alone is offered."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), gold=0, fortifications=(1, 0)))
    at_10 = updated(state.district(10), personnel=((1, 0, 0), (0, 0, 0)))
    state = _fortified(state.with_district(10, at_10), 10, *(Fortification(1, "blockade"),) * 3)
    stash = state.the_pack().die("supply").faces[4].options[0].steps
    ways = facilities.choices(state, 0, 10, stash, if_able=True)
    assert "10:paragon:" in ways and "4::blockade" in ways
    assert not any(way.startswith("10:") and way.endswith("blockade") for way in ways)
    # a district allowing both offers only the two together
    open_10 = updated(state.district(10), fortifications=())
    both = facilities.choices(state.with_district(10, open_10), 0, 10, stash, if_able=True)
    assert both == ["10:paragon:blockade"]


def test_the_valuable_artefact_returns_missions_chosen_once_its_mission_is_drawn() -> None:
    """appendix.dice.supply: get 1 drakownium, draw 1 mission, and then return up to 2: the
    missions to return are chosen after the draw, the one drawn among them (rules version 19;
    before, the choice was asked first, so the drawn mission could never go back)."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), missions=(), mission_knowers=()))
    top = state.mission_deck[0]
    after, kinds = _rolled(state, 6)
    assert kinds == ["resource_changed", "missions_drawn", "roll_to_resolve"]
    assert after.player(0).missions == (top,)
    offered = [m for m in GAME.legal_moves(after, 0) if m.type == "resolve_roll"]
    assert offered == [Move.of("resolve_roll", choice=""), Move.of("resolve_roll", choice=top)]
    events = GAME.decide(after, 0, Move.of("resolve_roll", choice=top), random.Random(0))
    assert isinstance(events, list)
    for event in events:
        after = GAME.evolve(after, event)
    assert after.player(0).missions == () and after.mission_deck[-1] == top


def test_another_players_support_base_stays_while_a_fortification_of_theirs_is_beside_it() -> None:
    """Moving a fortification (09's second effect): any player's blockade, one's own support
    base, and another player's support base standing alone move; another player's support base
    stays where a fortification of its owner accompanies it (our reading: it stands on theirs),
    and the pieces after it at that district still move."""
    state = _table()
    state = state.with_player(1, updated(state.player(1), intel=1))
    state = _fortified(
        state,
        3,
        Fortification(0, "support-base"),
        Fortification(0, "blockade"),
        Fortification(1, "blockade"),
    )
    state = _fortified(state, 4, Fortification(0, "support-base"))
    state = _fortified(state, 5, Fortification(1, "support-base"), Fortification(1, "blockade"))
    move = state.the_pack().district(9).effects[1].steps
    ways = facilities.choices(state, 1, 9, move)
    origins = {way.split(">")[0] for way in ways}
    assert origins == {
        "0:blockade:3",
        "1:blockade:3",
        "0:support-base:4",
        "1:blockade:5",
        "1:support-base:5",
    }
    assert "0:support-base:3>6" not in ways and "0:support-base:4>6" in ways


def test_an_effect_of_steps_needing_no_choice_is_one_the_overlord_may_use() -> None:
    """The solo overlord uses a battlefield's effect only when it asks nothing (asks_nothing):
    a step with no choice, or one "if able" whose only way is to do nothing, asks nothing; a
    step of several ways, or one that cannot be done (nothing to recover), is not his."""
    state = _table()
    pack = state.the_pack()
    research = pack.die("supply").faces[3].options[0].steps[:1]  # research 1, if able
    turn = pack.district(11).effects[0].steps[1:]  # turn 1 syndicate
    recover = pack.district(7).effects[1].steps  # recover 1 personnel
    assert [s.op for s in (*research, *turn, *recover)] == ["research", "turn_syndicate", "recover"]
    assert state.player(0).science == 0 and state.player(0).overwhelmed == (0, 0, 0)
    assert facilities.asks_nothing(state, 0, 12, research)  # nothing to name: done as is
    assert not facilities.asks_nothing(state, 0, 12, turn)
    assert not facilities.asks_nothing(state, 0, 12, recover)


def test_returning_missions_with_none_held_is_passed_over_in_words() -> None:
    """A custom pack's supply face 1 recovers 1 personnel, then returns up to 15 missions one
    at a time; Red holds none when that step comes: it has no way (returning none is no way
    to return them) and is passed over, told so (rules version 32)."""
    pack = _pack()
    supply = next(d for d in pack["dice"] if d["id"] == "supply")
    supply["faces"][0]["steps"] = [RECOVER, RETURN]
    state = through_setup(_game(pack))
    state = state.with_player(
        0, updated(state.player(0), overwhelmed=(1, 0, 0), missions=(), mission_knowers=())
    )
    run = Run(state)
    facilities.apply_face(run, 0, "supply", 1, 0, random.Random(0))
    assert [type(e) for e in run.events] == [r.Recovered, r.StepPassed]


def test_the_arms_stash_with_nothing_to_promote_or_build_is_done_as_nothing() -> None:
    """The supply dice's arms stash ("if able": promote and build at one district) for a player
    with no subordinate on the board and no fortification left: one way, doing nothing
    (advanced.golden.exceptions), named by no choice."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), hideout=(0, 0, 0), fortifications=(0, 0)))
    face = state.the_pack().die("supply").faces[4].options[0]
    assert [s.op for s in face.steps] == ["promote_and_build"] and face.if_able
    assert facilities.choices(state, 0, 0, face.steps, face.if_able) == [""]


def _with_personnel(
    state: BlackMetroState, number: int, troop: tuple[int, int, int]
) -> BlackMetroState:
    district = state.district(number)
    troops = (troop, *district.personnel[1:])
    return state.with_district(number, updated(district, personnel=troops))


def test_the_tavern_recalls_exactly_3_of_the_players_personnel_there_in_every_mix() -> None:
    """05 Laughing Tavern's second effect recalls 3 of the player's personnel at the district
    (troubleshooting.districts.laughing-tavern): each way is one mix of subordinates, paragons
    and doom mechasuits adding up to 3, none more of a kind than stand there."""
    recall = _table().the_pack().district(5).effects[1].steps
    state = _with_personnel(_table(), 5, (2, 1, 1))
    assert facilities.choices(state, 0, 5, recall) == ["1,1,1", "2,0,1", "2,1,0"]
    state = _with_personnel(_table(), 5, (3, 0, 0))
    assert facilities.choices(state, 0, 5, recall) == ["3,0,0"]
    assert facilities.choices(_with_personnel(_table(), 5, (1, 1, 0)), 0, 5, recall) == []


def test_a_player_at_the_top_scientific_level_may_research_but_not_advance() -> None:
    """08 Oakland Laboratory's first effect advances a level or researches (appendix.science):
    at level III, the last level card, only research is offered."""
    state = _table()
    player = updated(state.player(0), science=3, gold=9, intel=9, drakownium=9)
    state = state.with_player(0, player)
    ways = facilities.choices(state, 0, 8, state.the_pack().district(8).effects[0].steps)
    assert ways and "advance" not in ways and all(w.startswith("research:") for w in ways)


def test_a_player_who_cannot_pay_the_research_cost_researches_nothing_at_the_laboratory() -> None:
    """08 Oakland Laboratory's research is paid for (appendix.science): at level I with no
    resources, neither research nor an advance is offered, and the effect has no way."""
    state = _table()
    player = updated(state.player(0), science=1, gold=0, intel=0, drakownium=0)
    state = state.with_player(0, player)
    assert facilities.choices(state, 0, 8, state.the_pack().district(8).effects[0].steps) == []


def test_a_build_with_none_left_moves_the_second_seats_own_piece_beside_anothers() -> None:
    """troubleshooting.units.fortifications, for the second seat: its blockade at 03, beside
    the first seat's, moves (only its own do); and no piece moves to where it stands or to a
    district whose 3 fortification zones are full (appendix.fortifications)."""
    state = _table()
    state = state.with_player(1, updated(state.player(1), gold=3, fortifications=(0, 0)))
    state = _fortified(state, 3, Fortification(0, "blockade"), Fortification(1, "blockade"))
    state = _fortified(state, 6, *(Fortification(0, "blockade"),) * 3)
    build = state.the_pack().district(9).effects[0].steps
    ways = facilities.choices(state, 1, 9, build)
    assert ways and all(way.startswith("1:blockade:3>") for way in ways)
    assert "1:blockade:3>5" in ways
    assert "1:blockade:3>3" not in ways and "1:blockade:3>6" not in ways


def test_an_event_face_of_two_options_waits_for_its_roller_to_choose() -> None:
    """Event 2 (chaotic winds) offers two options, each for every player (appendix.dice.event):
    the roller is asked which (option -1: not chosen yet; at no district, every player's
    own), neither being carried out before."""
    state = _table()
    run = Run(state)
    facilities.apply_face(run, 0, "event", 2, 0, random.Random(0))
    (asked,) = run.events
    assert isinstance(asked, r.RollToResolve)
    assert (asked.owner, asked.dice, asked.face, asked.district, asked.option) == (
        0,
        "event",
        2,
        0,
        -1,
    )
    assert [p.hand for p in run.state.players] == [p.hand for p in state.players]


def test_a_face_if_able_whose_first_choice_has_no_way_still_does_the_rest() -> None:
    """A supply face made "if able: recover 1 personnel, then heal 3" (the med kit's steps the
    other way round) for Red with nobody overwhelmed: the recovery falls away and the healing
    after it is still done (advanced.golden.exceptions: as much as can be is resolved)."""
    pack = _pack()
    supply = next(d for d in pack["dice"] if d["id"] == "supply")
    supply["faces"][1]["steps"] = [RECOVER, {"op": "heal", "amount": 3}]
    state = through_setup(_game(pack))
    state = state.with_player(0, updated(state.player(0), strain=6, overwhelmed=(0, 0, 0)))
    after, kinds = _rolled(state, 2)
    assert kinds == ["strain_healed"] and after.player(0).strain == 3


def test_a_build_with_none_left_is_carried_out_by_moving_the_piece_its_way_names() -> None:
    """09's build with no fortification left in the backup (troubleshooting.units
    .fortifications), carried out the way "0:blockade:3>5": the builder's blockade at 03 moves
    to 05, paid for as a build, and nothing is built."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), gold=3, fortifications=(0, 0)))
    state = _fortified(state, 3, Fortification(0, "blockade"))
    build = state.the_pack().district(9).effects[0].steps
    assert "0:blockade:3>5" in facilities.choices(state, 0, 9, build)
    run = Run(state)
    facilities.carry_out(run, 0, 9, build, "0:blockade:3>5", random.Random(0), "district:9:1")
    moved = [ev for ev in run.events if isinstance(ev, r.FortificationMoved)]
    assert [(ev.owner, ev.kind, ev.source, ev.target) for ev in moved] == [(0, "blockade", 3, 5)]
    assert not [ev for ev in run.events if isinstance(ev, r.FortificationBuilt)]
    assert run.state.district(3).fortifications == ()
    assert run.state.district(5).fortifications == (Fortification(0, "blockade"),)


def test_the_arms_stash_promotes_and_builds_at_the_district_its_way_names() -> None:
    """The supply dice's arms stash carried out the way "<district>:paragon:blockade": a
    subordinate of the player's there is promoted to a paragon from the backup, and a blockade
    is built there, at that district (not the one the die was rolled for)."""
    state = _table()
    state = state.with_player(0, updated(state.player(0), hideout=(0, 1, 0), fortifications=(1, 0)))
    state = _with_personnel(state, 4, (1, 0, 0))
    face = state.the_pack().die("supply").faces[4].options[0]
    way = "4:paragon:blockade"
    assert way in facilities.choices(state, 0, 0, face.steps, face.if_able)
    run = Run(state)
    facilities.carry_out(run, 0, 0, face.steps, way, random.Random(0), "dice:supply:5")
    promoted, built = run.events
    assert isinstance(promoted, r.Promoted) and isinstance(built, r.FortificationBuilt)
    assert (promoted.owner, promoted.district, promoted.unit) == (0, 4, 1)
    assert (built.owner, built.district, built.kind) == (0, 4, "blockade")
    assert run.state.district(4).personnel[0] == (0, 1, 0)
    assert run.state.district(4).fortifications == (Fortification(0, "blockade"),)


def test_a_syndicate_whose_id_holds_a_colon_and_an_arrow_is_turned_by_its_whole_id() -> None:
    """A pack's syndicate ids are any text: one called "old:east>side" (a colon and an arrow, as
    a build's or a move's way holds) is turned by 11's effect as named, nothing built or
    moved."""
    pack = _pack()
    pack["syndicate"][0]["id"] = "old:east>side"
    state = through_setup(_game(pack))
    state = updated(state, syndicates=(("old:east>side", False), *state.syndicates[1:]))
    turn = state.the_pack().district(11).effects[0].steps[1:]
    assert "old:east>side" in facilities.step_ways(state, 0, 11, turn[0])
    run = Run(state)
    facilities.carry_out(run, 0, 11, turn, "old:east>side", random.Random(0), "district:11:1")
    (turned,) = run.events
    assert isinstance(turned, r.SyndicateTurned) and turned.syndicate == "old:east>side"


def test_a_die_faces_research_is_offered_to_a_player_who_cannot_pay_the_laboratorys_cost() -> None:
    """The supply face's research (appendix.dice.supply) is free, unlike 08 Oakland Laboratory's
    (appendix.science): a level I player with no resources, offered no research at the
    laboratory, is offered each level I technology of theirs by the face."""
    state = _table()
    player = updated(state.player(0), science=1, gold=0, intel=0, drakownium=0)
    state = state.with_player(0, player)
    pack = state.the_pack()
    assert facilities.choices(state, 0, 8, pack.district(8).effects[0].steps) == []
    research = pack.die("supply").faces[3].options[0].steps[0]
    held = player.technologies + player.downed
    level_1 = [t.id for t in pack.technologies if t.level == 1 and f"{t.id}@0" not in held]
    assert level_1 and facilities.step_ways(state, 0, 0, research) == level_1


def test_the_combat_zones_second_power_is_for_overwhelming_personnel_there() -> None:
    """12 Combat Zone's second effect (2 power "after overwhelming personnel here") may be used
    only where its dominator overwhelmed personnel this round: at 12, not at 11 beside it; its
    first (1 power) whether or not."""
    state = _table()
    first = state.the_pack().district(12).effects[0].steps
    power = state.the_pack().district(12).effects[1].steps
    assert [(s.op, s.get("after")) for s in power] == [("acquire_power", "overwhelm")]
    for overwhelmed_at, ways in ((None, []), (11, []), (12, [""])):
        here = tuple(2 if n == overwhelmed_at else 0 for n in range(1, 13))
        assert facilities.choices(updated(state, overwhelmed_here=here), 0, 12, power) == ways
        assert facilities.choices(updated(state, overwhelmed_here=here), 0, 12, first) == [""]


def test_a_face_discarding_two_names_no_card_in_its_one_way() -> None:
    """A face discarding 2 fortunes is carried out with no card named (its one way is empty):
    the cards are asked one at a time once it is (rules version 29)."""
    pack = _pack()
    penalty = next(d for d in pack["dice"] if d["id"] == "penalty")
    penalty["faces"][4]["steps"] = [{"op": "discard_fortunes", "amount": 2}]
    state = through_setup(_game(pack))
    steps = state.the_pack().die("penalty").faces[4].options[0].steps
    assert facilities.choices(state, 0, 0, steps) == [""]


def test_an_effect_whose_later_step_has_no_way_now_cannot_be_begun() -> None:
    """An effect is used in full or not at all (advanced.golden): each of its choosing steps
    needs a way when it begins, though each after the first is asked only once the steps before
    it are done (rules version 30). Turning a syndicate then recovering personnel, with none
    overwhelmed, is not offered, though a syndicate could be turned."""
    state = _table()
    pack = state.the_pack()
    turn = pack.district(11).effects[0].steps[1:]
    recover = pack.district(7).effects[1].steps
    assert state.player(0).overwhelmed == (0, 0, 0) and facilities.choices(state, 0, 11, turn)
    assert facilities.choices(state, 0, 11, (*turn, *recover)) == []
