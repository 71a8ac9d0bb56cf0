"""Technologies and candidates' abilities in play once charged (reference cards, README)."""

import random

from rules_core.engine.types import Citation
from rules_core.engine.updating import updated
from rules_core.games.black_metro import board, facilities, resolution
from rules_core.games.black_metro.events_resolution import DiceRolled
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro import test_example_round as example
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    refused,
    started,
    through_setup,
)
from tests.rules_core.json_shapes import arr, obj


def _table() -> BlackMetroState:
    return through_setup(started(2, first_game=True))


def _with(state: BlackMetroState, seat: int, **changes: object) -> BlackMetroState:
    return state.with_player(seat, updated(state.player(seat), **changes))


def _at(
    state: BlackMetroState, number: int, seat: int, troop: tuple[int, int, int]
) -> BlackMetroState:
    district = state.district(number)
    troops = list(district.personnel)
    troops[seat] = troop
    return state.with_district(number, updated(district, personnel=tuple(troops)))


def test_voltaic_edge_adds_strength_with_a_fortification_and_specialised_personnel() -> None:
    state = _at(_table(), 4, 0, (1, 1, 0))
    forts = (Fortification(0, "blockade"),)
    state = state.with_district(4, updated(state.district(4), fortifications=forts))
    assert board.strength(state, 0, 4) == 3
    state = _with(state, 0, downed=("voltaic-edge",))
    assert board.strength(state, 0, 4) == 3  # downed: not yet in play
    state = _with(state, 0, downed=(), technologies=("voltaic-edge",))
    assert board.strength(state, 0, 4) == 4
    assert board.strength(_at(state, 4, 0, (2, 0, 0)), 0, 4) == 2  # no specialised personnel


def test_a_support_base_counts_each_fortification_of_its_owner_there() -> None:
    state = _at(_table(), 4, 0, (1, 0, 0))
    forts = (
        Fortification(0, "support-base"),
        Fortification(0, "blockade"),
        Fortification(1, "blockade"),
    )
    state = state.with_district(4, updated(state.district(4), fortifications=forts))
    assert board.strength(state, 0, 4) == 1 + 2
    assert board.strength(_at(state, 4, 0, (0, 0, 0)), 0, 4) == 0  # alone it does not contest


def test_overwhelm_array_overwhelms_at_a_difference_of_two() -> None:
    state = _table()
    assert board.overwhelm_difference(state, 0) == 3
    state = _with(state, 0, technologies=("overwhelm-array",))
    assert board.overwhelm_difference(state, 0) == 2


def test_phase_relay_and_transit_grid_take_the_cost_off_broadswade() -> None:
    state = _with(_at(_table(), 9, 0, (1, 0, 0)), 0, gold=0, intel=0)
    build, move = (a.steps for a in state.the_pack().district(9).effects)
    assert facilities.choices(state, 0, 9, build) == []  # 1 gold needed
    state = updated(state, resolving=9)
    state = _with(state, 0, technologies=("phase-relay",))
    free = resolution.steps_for(state, 0, 1)
    assert [s.op for s in free] == ["build"]
    assert facilities.choices(state, 0, 9, free)
    assert [s.op for s in move] == ["spend", "move_fortification"]
    state = _with(state, 0, technologies=("transit-grid",))
    assert [s.op for s in resolution.steps_for(state, 0, 2)] == ["move_fortification"]


def test_the_technologists_frequency_jammer() -> None:
    """Blue, The Technologist, researches a level I technology at 08 in the example round:
    he may down Red's charged level I technology."""
    state = example._dominated()
    state = _with(state, BLUE, candidate="technologist", candidate_charged=True)
    state = _with(state, RED, technologies=("voltaic-edge@0",))
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="")
    state, _ = play(state, BLUE, "done_resolving")
    state, _ = play(state, RED, "done_resolving")
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="research:trading-platform")
    assert state.flow.prompts[0].kind == "jammer"
    wrong = refused(state, BLUE, "jam", card="voltaic-edge@2")  # his own: not another's
    assert (wrong.code, wrong.message) == (
        "no_jam_target",
        "Down another player's charged technology of level 1, or of a lower level when nobody "
        "has one of that level.",
    )
    assert Citation("black-metro", "troubleshooting.cards.candidates.technologist") in (
        wrong.citations
    )
    state, _ = play(state, BLUE, "jam", card="voltaic-edge@0")
    assert state.player(RED).technologies == () and state.player(RED).downed == ("voltaic-edge@0",)
    assert state.flow.prompts[0].kind == "resolve"  # Blue goes on at 08


def test_the_gamblers_sabotage_after_the_roller_keeps() -> None:
    state = example_round()
    state = _with(state, RED, candidate="gambler", candidate_charged=True)
    run = Run(state)
    facilities.roll(run, BLUE, "fortune", 2, random.Random(1))
    state = run.state
    assert [p.kind for p in state.flow.prompts[:1]] == ["reroll"]  # the roller first
    state, events = play(state, BLUE, "keep_roll")
    assert state.flow.prompts[0].kind == "sabotage" and state.flow.prompts[0].seat == RED
    state, events = play(state, RED, "sabotage", card="J-hearts")
    rolls = [ev for ev in events if isinstance(ev, DiceRolled)]
    assert len(rolls) == 1 and rolls[0].reroll and rolls[0].owner == BLUE
    assert "J-hearts" not in state.player(RED).hand


def test_the_reroll_and_the_sabotage_name_the_dice_and_what_they_show() -> None:
    """A new player read "The rules ask you to discard a fortune to reroll the die, or keep the
    roll." after the penalty, supply and event dice alike: the question names the dice and its
    face (with what it does), and the Gambler's names whose roll it is."""
    state = _with(example_round(), RED, candidate="gambler", candidate_charged=True)
    run = Run(state)
    facilities.roll(run, BLUE, "fortune", 2, random.Random(1))
    assert GAME.view(run.state, BLUE)["asked"] == [
        {
            "who": "Blue",
            "what": "discard a fortune to reroll the fortune dice, showing 2 (inflict 1 strain), "
            "or keep the roll",
        }
    ]
    state, _ = play(run.state, BLUE, "keep_roll")
    assert GAME.view(state, None)["asked"] == [
        {
            "who": "Red",
            "what": "discard a fortune to make Blue reroll the fortune dice, showing 2 (inflict 1 "
            "strain), or let the roll stand",
        }
    ]
    run = Run(example_round())
    facilities.roll(run, GREEN, "penalty", 0, random.Random(1))
    assert obj(arr(GAME.view(run.state, GREEN)["asked"])[0])["what"] == (
        "discard a fortune to reroll the penalty dice, showing 2 (lose 1 drakownium), or keep "
        "the roll"
    )


def test_the_jammer_picks_an_equal_level_where_any_player_has_one() -> None:
    from rules_core.games.black_metro.evolve_resolution import jam_targets

    state = through_setup(started(3, first_game=True))
    state = _with(state, 1, technologies=("calm-protocol@1",))  # level I
    state = _with(state, 2, technologies=("synaptic-dampener@2",))  # level II
    assert jam_targets(state, 0, 2) == ["synaptic-dampener@2"]  # resolves most: equal level
    assert jam_targets(state, 0, 3) == ["calm-protocol@1", "synaptic-dampener@2"]  # else lower
    assert jam_targets(state, 0, 1) == ["calm-protocol@1"]


def test_an_effect_is_refused_by_its_place_in_words() -> None:
    state = example._dominated()
    state = _with(state, BLUE, candidate="technologist", candidate_charged=True)
    for effect in (None, True, "1", 10):
        refusal = refused(state, BLUE, "use_effect", effect=effect, choice="")
        assert refusal.message == (
            "Name the effect by its place in the district's list (1 for the first; 0 for "
            "your candidate's ability)."
        ), effect
    assert refused(state, BLUE, "use_effect", effect=3, choice="").message.startswith(
        "Effect 3 cannot be used that way now:"
    )


def test_the_jammer_is_asked_whatever_the_face_down_level_finds() -> None:
    """The researched technology is face down (appendix.science): the jammer is asked whenever
    another player has a charged technology, so that being asked does not tell its level; with
    nothing of its level or lower to down, only leaving it unused is offered."""
    state = example._dominated()
    state = _with(state, BLUE, candidate="technologist", candidate_charged=True)
    state = _with(state, RED, technologies=("siege-doctrine@0",))  # level II only
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="")
    state, _ = play(state, BLUE, "done_resolving")
    state, _ = play(state, RED, "done_resolving")
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="research:trading-platform")
    assert state.flow.prompts[0].kind == "jammer"
    assert [m.type for m in GAME.legal_moves(state, BLUE)] == ["no_jam"]
    state, _ = play(state, BLUE, "no_jam")
    assert state.player(RED).technologies == ("siege-doctrine@0",)
    assert state.flow.prompts[0].kind == "resolve"  # Blue goes on at 08
