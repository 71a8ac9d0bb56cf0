"""Skills through the move book (X): levels from the board and from items, Attraction, Blast."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles.events import (
    Attracted,
    Blasted,
    Exploded,
    TerrainRolled,
)
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.skills import skill_level
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_area_rolls import keep_waiting
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    play,
    refused,
    started,
)


def test_skill_levels_add_the_items_and_stop_at_neutralization() -> None:
    """X, V D 6.4, V·D·1 [a]."""
    state = all_active(started())
    batman = state.hero("batman")
    assert skill_level(state, batman, "attraction") == 2  # the grapnel gun
    assert skill_level(state, batman, "ambidexterity") == 1  # his board
    gordon = state.hero("commissioner-gordon")
    assert skill_level(state, gordon, "retaliation") == 1
    loaded = replace(gordon, items=("tonfa", "submachine-gun"))
    assert skill_level(state, loaded, "retaliation") == 0  # encumbrance 5 reaches the limit
    down = replace(batman, zones=replace(batman.zones, reserve=0, wounds=12))
    assert skill_level(state, down, "attraction") == 0


def test_a_cards_level_counts_when_the_boards_skill_is_over_its_encumbrance_limit() -> None:
    """Pinned reading (README, readings: a skill's encumbrance limit): V·D·1 [a] takes from the
    hero the benefit of a skill whose encumbrance limit the hero's total reaches, and V D 6.4
    adds a card's level to the hero's own; the book does not say which of the two governs a
    card's level once the board's skill is lost. The engine reads the limit as the board's
    line's (it is printed there, V A 13): the board's level goes, the card's level stays.
    Batman here has Attraction 1 on his board up to an encumbrance of 2, beside the grapnel
    gun (Attraction 2, a bat-gadget, weighing nothing, V D 2)."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    board = next(h for h in raw["hero"] if h["id"] == "batman")
    limit = {"value": 2, "source": "reference"}
    board["skills"] = [{"skill": "attraction", "level": 1, "encumbrance_limit": limit}]
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    batman = state.hero("batman")
    assert skill_level(state, batman, "attraction") == 3  # his board's 1 and the gun's 2
    loaded = replace(batman, items=("tonfa",))  # encumbrance 2: the board's Attraction is lost
    assert skill_level(state, loaded, "attraction") == 2  # the gun's level still counts


def test_a_neutralized_heros_skills_stay_lost_for_the_turn_of_its_rest() -> None:
    """IX B, X: a neutralized hero must rest, and its skills count for nothing "for this
    turn": still nothing once the resting stance has brought cubes back from the wound zone
    (it is no longer neutralized), again in full once the next game turn begins. A hero
    resting by choice keeps its skills."""
    from rules_core.games.gotham_city_chronicles.events import TurnAdvanced
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    state = started()
    batman = state.hero("batman")
    state = state.with_hero(replace(batman, zones=replace(batman.zones, reserve=0, wounds=12)))
    assert refused(state, 1, Move.of("stance", hero="batman", stance="active")).code
    state, _ = play(state, 1, Move.of("stance", hero="batman", stance="resting"))
    batman = state.hero("batman")
    assert not batman.zones.neutralized and batman.zones.fatigue == 6  # recovered
    assert skill_level(state, batman, "attraction") == 0
    assert skill_level(state, batman, "ambidexterity") == 0
    state, _ = play(state, 1, Move.of("stance", hero="renee-montoya", stance="resting"))
    assert skill_level(state, state.hero("renee-montoya"), "attraction") == 0  # has none
    state, _ = play(state, 1, Move.of("stance", hero="commissioner-gordon", stance="resting"))
    assert skill_level(state, state.hero("commissioner-gordon"), "retaliation") == 1
    later = fold(state, [TurnAdvanced(seat=None, turn=state.turn + 1)])
    assert skill_level(later, later.hero("batman"), "attraction") == 2
    assert skill_level(later, later.hero("batman"), "ambidexterity") == 1


def test_attraction_draws_a_small_enough_miniature_in_sight() -> None:
    """X Attraction: in sight, within its level's distance, no bigger than the possessor, and
    not over-occupying the possessor's area."""
    state = all_active(started())
    assert refused(state, 1, Move.of("attract", hero="batman", target="killer-croc-1")).code == (
        "bad_target"  # bigger than Batman
    )
    thug = replace(state.character("thugs-with-crowbar-1"), area="walkway")
    state = state.with_character(thug)
    state, events = play(state, 1, Move.of("attract", hero="batman", target="thugs-with-crowbar-1"))
    assert events[0] == Attracted(
        seat=1, figure="batman", target="thugs-with-crowbar-1", area="office"
    )
    assert state.character("thugs-with-crowbar-1").area == "office"
    assert state.hero("batman").zones.on("manipulation") == 1
    far = Move.of("attract", hero="batman", target="thugs-with-crowbar-2")
    assert refused(state, 1, far).code == "bad_target"  # the boiler room is out of sight
    assert refused(state, 1, Move.of("attract", hero="renee-montoya", target="batman")).code == (
        "no_skill"
    )


def test_attraction_blast_and_a_throw_want_another_area() -> None:
    """Readings (README) and X Blast: Attraction draws a miniature into the possessor's area, so
    one already there is refused (the book lists no such requirement; drawing it would change
    nothing); a throw at the hero's own area is refused (V·D·1 [e]: placing it there is
    dropping, V·D·1 [f], free and no action); Blast's second area is an adjacent one (a white or
    orange boundary, III C) in sight, never the possessor's own nor one reached by a climb."""
    state = all_active(started())
    thug = replace(state.character("thugs-with-crowbar-1"), area="office")
    state = state.with_character(thug)
    here = refused(state, 1, Move.of("attract", hero="batman", target="thugs-with-crowbar-1"))
    assert (here.code, here.message) == (
        "bad_target",
        "Thugs with Crowbar #1 is already in Batman's area.",
    )
    assert {c.section for c in here.citations} == {"x.attraction"}
    offered = [m for m in GAME.legal_moves(state, 1) if m.type == "attract"]
    assert Move.of("attract", hero="batman", target="thugs-with-crowbar-1") not in offered
    batman = replace(state.hero("batman"), items=("ledger",))
    state = state.with_hero(batman)
    throw = Move.of("throw", hero="batman", item="ledger", to="office", cubes=1)
    own = refused(state, 1, throw)
    assert own.code == "no_such_area"
    assert "v-d-1-e" in {c.section for c in own.citations}
    for area in ("office", "rooftop"):  # its own area; a climb away, not adjacent
        refusal = refused(state, 1, Move.of("blast", hero="batman", area=area))
        assert refusal.code == "bad_target", area
        assert {c.section for c in refusal.citations} >= {"x.blast", "ix-l"}
    blasts = {m.get("area") for m in GAME.legal_moves(state, 1) if m.type == "blast"}
    assert blasts == {"walkway"}


def test_blast_explodes_here_and_next_door_once_a_turn() -> None:
    """X Blast, IX R: level 1 explosions in the possessor's area and an adjacent one in sight;
    everyone there rolls, the possessor too."""
    state = all_active(started())
    state, events = play(state, 1, Move.of("blast", hero="batman", area="walkway"), seed=4)
    assert events[0] == Blasted(seat=1, figure="batman", area="walkway", level=1)
    assert GAME.narrate(state, events[0], None, False) == (
        "Batman sets off a level 1 blast in the Foreman's Office and the Walkway."  # not "here"
    )
    state, kept = keep_waiting(state)  # each roll's reroll step (test_area_rolls.py)
    events += kept
    assert [e.area for e in events if isinstance(e, Exploded)] == ["office", "walkway"]
    rolled = {e.figure for e in events if isinstance(e, TerrainRolled)}
    assert rolled == {"batman", "killer-croc-1"}
    assert refused(state, 1, Move.of("blast", hero="batman", area="walkway")).code in (
        "skill_used",
        "neutralized",
    )
    assert refused(state, 1, Move.of("blast", hero="batman", area="street")).code == "skill_used"


# Batman's ranged attack on Killer Croc with two Batarangs (X Ambidexterity)
BOTH_BATARANGS = Move.of(
    "attack",
    hero="batman",
    kind="ranged",
    weapon="batarangs",
    second="batarangs",
    target="killer-croc-1",
    cubes=1,
)


def test_ambidexterity_adds_a_second_weapon_of_the_same_type() -> None:
    """X Ambidexterity: two weapon cards of the same type, each no heavier than the level, add
    their bonuses; without it, one weapon only."""
    from rules_core.games.gotham_city_chronicles.events import AttackRolled

    state = all_active(started())
    batman = replace(state.hero("batman"), gadgets=("batarangs", "batarangs", "grapnel-gun"))
    state = state.with_hero(batman)
    _, events = play(state, 1, BOTH_BATARANGS)
    rolled = events[0]
    assert isinstance(rolled, AttackRolled)
    assert rolled.pool == ("white", "yellow+reroll", "yellow+reroll")
    tool = Move.of(
        "attack",
        hero="batman",
        kind="ranged",
        weapon="batarangs",
        second="grapnel-gun",
        target="killer-croc-1",
        cubes=1,
    )
    assert refused(state, 1, tool).code == "no_weapon"  # not a ranged weapon
    gordon = replace(state.hero("commissioner-gordon"), area="walkway", items=("tonfa", "tonfa"))
    two_tonfas = Move.of(
        "attack",
        hero="commissioner-gordon",
        kind="melee",
        weapon="tonfa",
        second="tonfa",
        target="killer-croc-1",
        cubes=1,
    )
    assert refused(state.with_hero(gordon), 1, two_tonfas).code == "no_weapon"  # no skill


def test_a_single_use_card_leaves_the_game_once_it_has_served() -> None:
    """V D 5: the single-use icon (here on the explosive gel of a modified pack)."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
    from rules_core.games.gotham_city_chronicles.events import ItemUsedUp
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    gel = next(i for i in raw["item"] if i["id"] == "explosive-gel")
    gel["single_use"] = True
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    state, events = play(state, 1, Move.of("blast", hero="batman", area="walkway"))
    assert ItemUsedUp(seat=1, hero="batman", item="explosive-gel") in events
    assert "explosive-gel" not in state.hero("batman").gadgets
    assert "grapnel-gun" in state.hero("batman").gadgets  # not single-use


def test_a_hero_unable_to_manipulate_takes_no_automatic_manipulation() -> None:
    """IX E 4, V·C·3 [b]: a hero whose manipulation characteristic says the action is not
    possible cannot pick up, give or take equipment (V·D·1 [b]-[d]), nor use Attraction or Blast
    (X: each at the cost of an automatic manipulation); the other hero of an exchange does not
    manipulate, so Gordon may still give Batman the tonfa."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    board = next(h for h in raw["hero"] if h["id"] == "batman")
    board["manipulation"] = {"die": "unable", "limit": 3}
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    gordon = replace(state.hero("commissioner-gordon"), area="office", items=("tonfa",))
    state = replace(state.with_hero(gordon), ground=(("ledger", "office"),))
    thug = replace(state.character("thugs-with-crowbar-1"), area="walkway")
    state = state.with_character(thug)
    for move in (
        Move.of("pick_up", hero="batman", item="ledger"),
        Move.of("take", hero="batman", item="tonfa", **{"from": "commissioner-gordon"}),
        Move.of("attract", hero="batman", target="thugs-with-crowbar-1"),
        Move.of("blast", hero="batman", area="walkway"),
    ):
        refusal = refused(state, 1, move)
        assert refusal.code == "cannot_act", move
        assert {c.section for c in refusal.citations} >= {"ix-e", "v-c-3-b"}
    offered = {m.type for m in GAME.legal_moves(state, 1) if m.get("hero") == "batman"}
    assert not offered & {"pick_up", "take", "attract", "blast"}
    assert "attack" in offered
    gordon_gives = Move.of("give", hero="commissioner-gordon", item="tonfa", to="batman")
    state, _ = play(state, 1, gordon_gives)
    assert state.hero("batman").items == ("tonfa",)
    give_back = Move.of("give", hero="batman", item="tonfa", to="commissioner-gordon")
    assert refused(state, 1, give_back).code == "cannot_act"


def test_a_single_use_card_giving_ambidexterity_leaves_once_a_second_weapon_is_used() -> None:
    """V D 5 with X Ambidexterity: the skill's level from a single-use card (V D 6.4) serves
    when a second weapon is added, so the card leaves the game, as Blast's and Attraction's do."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
    from rules_core.games.gotham_city_chronicles.events import ItemUsedUp
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    raw["item"].append(
        {
            "id": "sparring-wraps",
            "name": "Sparring Wraps",
            "kind": "equipment",
            "type": "tool",
            "encumbrance": 0,
            "single_use": True,
            "bonuses": [{"when": "permanent", "skill": "ambidexterity", "level": 2}],
            "source": "reference",
        }
    )
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    items = ("tonfa", "tonfa", "sparring-wraps")
    gordon = replace(state.hero("commissioner-gordon"), area="walkway", items=items)
    state = state.with_hero(gordon)
    swing: dict[str, str | int] = {
        "hero": "commissioner-gordon",
        "kind": "melee",
        "weapon": "tonfa",
        "target": "killer-croc-1",
        "cubes": 1,
    }
    _, events = play(state, 1, Move.of("attack", **swing))
    assert not [e for e in events if isinstance(e, ItemUsedUp)]  # no second weapon: no skill
    two = Move.of("attack", second="tonfa", **swing)
    state, events = play(state, 1, two)
    assert ItemUsedUp(seat=1, hero="commissioner-gordon", item="sparring-wraps") in events
    assert state.hero("commissioner-gordon").items == ("tonfa", "tonfa")


def test_an_attraction_refused_says_which_requirement_the_target_fails() -> None:
    """X Attraction lists its requirements (sight, size, distance, the possessor's area not
    over-occupied); a refusal said only "That miniature is not one Attraction can draw here.",
    leaving the player to find which. It now names the one failed."""
    state = all_active(started())
    state = state.with_character(
        replace(state.character("thugs-with-crowbar-1"), area="loading-pit")
    )

    def why(target: str, at: GccState = state) -> str:
        refusal = refused(at, 1, Move.of("attract", hero="batman", target=target))
        assert refusal.code == "bad_target"
        return refusal.message

    assert why("killer-croc-1") == "Killer Croc (size 3) is larger than Batman (size 2)."
    assert why("thugs-with-crowbar-2") == (
        "Thugs with Crowbar #2 is 3 moves away: Batman's Attraction reaches 2."
    )
    assert why("thugs-with-crowbar-1") == (
        "Batman has no clear line of sight to Thugs with Crowbar #1."  # over the walkway
    )
    assert why("thugs-with-crowbar-3") == "Thugs with Crowbar #3 is not on the board."
    full = state.with_hero(replace(state.hero("renee-montoya"), area="office"))
    full = full.with_character(replace(full.character("thugs-with-crowbar-1"), area="walkway"))
    assert why("thugs-with-crowbar-1", full) == (
        "Thugs with Crowbar #1 would over-occupy the Foreman's Office."
    )


def test_a_miniature_drawn_into_dangerous_terrain_rolls_nothing() -> None:
    """Reading (README, X Attraction, IX Q): Batman in the chemical vats (dangerous 1) draws a
    thug in from the warehouse floor; the thug does not enter by a move, so it rolls no dice."""
    state = all_active(started())
    state = state.with_hero(replace(state.hero("batman"), area="chemical-vats"))
    thug = replace(state.character("thugs-with-crowbar-1"), area="warehouse-floor")
    state = state.with_character(thug)
    pull = Move.of("attract", hero="batman", target="thugs-with-crowbar-1")
    state, events = play(state, 1, pull)
    assert [type(e) for e in events] == [Attracted]
    assert state.character("thugs-with-crowbar-1").area == "chemical-vats"
    assert state.roll is None


def test_identical_tool_bonuses_are_not_combined_in_a_skills_level() -> None:
    """V D (item types, tools): a hero cannot combine identical tool bonuses, so a second tool
    card giving the same line adds nothing to the skill the first gives (V D 6.4 adds a card's
    level to the hero's). Batman with a second Explosive Gel card (a tool of another name with
    the same line, Blast 1) sets off a level 1 blast, not 2, and with a second Grapnel Gun card
    (Attraction 2) reaches 2 moves, not 4: Renee Montoya on the loading dock, in sight of the
    water tower (letter A) 3 moves away, is out of reach, and the refusal says why, citing the
    tools' rule where a card was left out (rules version 22; before, each card's level was
    added)."""
    raw = _reference_raw()
    for copied, spare in (("explosive-gel", "spare-gel"), ("grapnel-gun", "spare-grapnel")):
        card = next(i for i in raw["item"] if i["id"] == copied)
        raw["item"].append({**card, "id": spare, "name": f"Spare {card['name']}"})
    state = _active_with(raw)
    gadgets = ("explosive-gel", "spare-gel", "grapnel-gun", "spare-grapnel")
    state = state.with_hero(replace(state.hero("batman"), gadgets=gadgets))
    assert skill_level(state, state.hero("batman"), "blast") == 1
    assert skill_level(state, state.hero("batman"), "attraction") == 2
    _, events = play(state, 1, Move.of("blast", hero="batman", area="walkway"), seed=4)
    assert events[0] == Blasted(seat=1, figure="batman", area="walkway", level=1)
    up = state.with_hero(replace(state.hero("batman"), area="water-tower"))
    far = refused(up, 1, Move.of("attract", hero="batman", target="renee-montoya"))
    assert (far.code, far.message) == (
        "bad_target",
        "Renee Montoya is 3 moves away: Batman's Attraction reaches 2.",
    )
    assert {c.section for c in far.citations} == {"x.attraction", "ix-j", "v-d.item-types"}
    one = up.with_hero(replace(up.hero("batman"), gadgets=("grapnel-gun",)))
    alone = refused(one, 1, Move.of("attract", hero="batman", target="renee-montoya"))
    assert {c.section for c in alone.citations} == {"x.attraction", "ix-j"}  # none left out


def test_two_copies_of_a_single_use_card_that_served_both_leave_the_game() -> None:
    """V D 5: each single-use card leaves the game once one of its bonuses has served, so two
    copies of one (here Batarangs made single-use) added together by Ambidexterity (X) both go,
    where the cards of a move were counted once by name before (rules version 22)."""
    from rules_core.games.gotham_city_chronicles.events import ItemUsedUp

    raw = _reference_raw()
    next(i for i in raw["item"] if i["id"] == "batarangs")["single_use"] = True
    state = _active_with(raw)
    gadgets = ("batarangs", "batarangs", "grapnel-gun")
    state = state.with_hero(replace(state.hero("batman"), gadgets=gadgets))
    state, events = play(state, 1, BOTH_BATARANGS)
    gone = ItemUsedUp(seat=1, hero="batman", item="batarangs")
    assert events.count(gone) == 2
    assert state.hero("batman").gadgets == ("grapnel-gun",)


def _reference_raw() -> dict[str, Any]:
    """The reference pack as data, to be changed by a test."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK

    return tomllib.loads(REFERENCE_PACK.read_text())


def _active_with(raw: dict[str, Any]) -> GccState:
    """A 2-seat game of the pack `raw` at its first heroes' actions, every hero active."""
    from rules_core.games.gotham_city_chronicles.content import parse_pack
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    return all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
