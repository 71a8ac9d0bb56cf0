"""Black Metro's words for a chosen way of resolving an effect: each part as its step says."""

from __future__ import annotations

import random
import tomllib
from typing import Any

from rules_core.games.black_metro import language
from rules_core.games.black_metro.content import REFERENCE_PACK
from tests.rules_core.games.black_metro.helpers import GAME, started


def test_a_mission_in_a_choice_is_returned_or_revealed_as_its_step_says() -> None:
    state = started(2)
    card = state.player(0).missions[0]
    name = language.mission(card, state)
    assert language.choice(state, card, ("return_mission",)) == f"return {name}"
    assert language.choice(state, card, ("reveal_mission",)) == f"reveal {name}"
    both = ",".join(state.player(0).missions)
    other = language.mission(state.player(0).missions[1], state)
    assert language.choice(state, both, ("return_missions",)) == f"return {name} and {other}"


def test_each_part_of_a_choice_is_worded_by_its_own_step() -> None:
    state = started(2)
    card = state.player(0).missions[0]
    words = language.choice(
        state,
        f"2-hearts,K-spades|{card}|advance",
        (
            "discard_fortunes",
            "return_mission",
            "advance_or_research",
        ),
    )
    assert words == (
        "discard the 2 of hearts and the king of spades; "
        f"return {language.mission(card, state)}; advance the scientific level"
    )
    assert language.choice(state, "", ()) == "as it is"


def test_a_technology_researched_is_named_for_its_chooser_and_unseen_by_the_others() -> None:
    state = started(2)
    assert language.choice(state, "research:siege-doctrine", ("advance_or_research",)) == (
        "research Siege Doctrine, a level 2 battle technology"
    )
    assert language.choice(state, "calm-protocol", ("research",)) == (
        "research Calm Protocol, a level 1 neuro technology"
    )
    for op in ("advance_or_research", "research"):
        assert language.choice(state, "?", (op,)) == "research a technology"


def _started_with_ids(syndicate: str, technology: str) -> Any:
    """A 2-player game whose pack gives its first syndicate and first technology these ids."""
    with REFERENCE_PACK.open("rb") as file:
        pack = tomllib.load(file)
    old_syndicate, old_technology = pack["syndicate"][0]["id"], pack["technology"][0]["id"]
    pack["syndicate"][0]["id"], pack["technology"][0]["id"] = syndicate, technology
    state = GAME.initial_state()
    for event in GAME.setup(2, {"content": pack}, random.Random(1)):
        state = GAME.evolve(state, event)
    return state, old_syndicate, old_technology


def test_an_id_that_starts_like_a_research_way_is_worded_by_its_own_step() -> None:
    """Ids may hold ":" (pack.IDS): a syndicate "research:x" turned is a syndicate turned, and a
    technology "research:y" researched by a research step keeps its whole id."""
    state, _, _ = _started_with_ids("research:x", "research:y")
    syndicate = state.the_pack().syndicate("research:x").name
    technology = next(t for t in state.the_pack().technologies if t.id == "research:y")
    named = f"research {technology.name}, a level {technology.level} {technology.type} technology"
    assert language.choice(state, "research:x", ("turn_syndicate",)).startswith(f"turn {syndicate}")
    assert language.choice(state, "research:y", ("research",)) == named
    assert language.choice(state, "research:research:y", ("advance_or_research",)) == named


def test_a_game_recorded_when_research_named_a_type_still_reads_in_words() -> None:
    """Before research named the technology, a choice named its type (event die face 4 by a
    bare type: it once read "discard the battle of .", the type taken for fortunes)."""
    state = started(2)
    for kind in ("battle", "neuro", "logistic", "resource"):
        assert language.choice(state, kind, ("research",)) == f"research a {kind} technology"
    assert language.choice(state, "research:battle", ("advance_or_research",)) == (
        "research a battle technology"
    )


def test_a_syndicate_named_in_the_plural_takes_a_lone_apostrophe_and_dice_read_plainly() -> None:
    from rules_core.games.black_metro.events_resolution import RollToResolve
    from rules_core.games.black_metro.events_standby import BackingReceived
    from rules_core.games.black_metro.game import BlackMetro

    game = BlackMetro()
    state = started(2)
    backing = BackingReceived(seat=None, owner=0, syndicate="fortitude-trainers", power=2)
    told = game.narrate(state, backing, None, False)
    assert "Fortitude Trainers' backing: 2 power" in told and "Trainers's" not in told
    roll = RollToResolve(seat=None, owner=1, dice="supply", face=6, district=3)
    assert "chooses how to resolve the 6 on the supply dice" in game.narrate(
        state, roll, None, False
    )
    assert language.choice(state, "paragon", ("promote",)) == "promote to a paragon"


def test_a_recovered_unit_says_it_is_recovered() -> None:
    """The supply dice's med kit and 07's second effect read "recover a paragon", not "a
    paragon"."""
    state = started(2)
    assert language.choice(state, "paragon", ("recover",)) == "recover a paragon"
    assert language.choice(state, "doom-mechasuit", ("promote",)) == "promote to a doom mechasuit"


def test_a_fortune_says_what_it_is_for_and_what_its_suit_gives() -> None:
    state = started(2)
    assert language.fortune_text(state, "3-diamonds") == (
        "an assignment fortune; diamonds: get 1 gold"
    )
    assert language.fortune_text(state, "K-clubs") == (
        "a dominance fortune (the other player inflicts 2 strain); clubs: get 1 intel"
    )
    assert language.fortune_text(state, "Joker-1") == (
        "a dominance fortune (overwhelm the other player's personnel at the district);"
        " any suit's benefit, chosen"
    )


def test_turning_a_turned_syndicate_is_told_and_offered_as_turning_it_back() -> None:
    """appendix.syndicates: turning a turned syndicate reverts it to unturned; the story and
    the choice say so ("back"), not that it is turned again."""
    from rules_core.engine.updating import updated
    from rules_core.games.black_metro import events_resolution as r
    from tests.rules_core.games.black_metro.helpers import GAME

    state = started(2)
    first, second = state.syndicates[0][0], state.syndicates[1][0]
    state = updated(state, syndicates=((first, True), *state.syndicates[1:]))
    name = state.the_pack().syndicate(first).name
    other = state.the_pack().syndicate(second).name
    assert language.choice(state, first, ("turn_syndicate",)) == f"turn {name} back"
    assert language.choice(state, second, ("turn_syndicate",)) == f"turn {other}"
    back = GAME.narrate(state, r.SyndicateTurned(seat=None, syndicate=first), None, False)
    assert back == f"The syndicate {name} is turned back."
    turned = GAME.narrate(state, r.SyndicateTurned(seat=None, syndicate=second), None, False)
    assert turned == f"The syndicate {other} is turned."


def test_returning_no_mission_is_said_so() -> None:
    """appendix.dice.supply: "up to 2" missions go back; none is a way, named as such."""
    assert language.choice(started(2), "", ("return_missions",)) == "return no mission"
