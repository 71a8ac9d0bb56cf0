"""A character tile's skills (VI·A·2 [a] 14, X): Attraction and Blast used by the character
being activated as automatic manipulations of its tile (VI·D·3 [b]), through the villain's
legal moves; the skills a character cannot use refused where the pack is read."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from rules_core.bots.greedy import move_scores
from rules_core.engine.content_limits import ContentError
from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, Pack, parse_pack
from rules_core.games.gotham_city_chronicles.events import (
    Attracted,
    Blasted,
    CharacterActivationEnded,
    CharacterNeutralized,
    Exploded,
    MovementEnded,
)
from rules_core.games.gotham_city_chronicles.figures import SKILLS, TILE_SKILLS
from rules_core.games.gotham_city_chronicles.language import narrate
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.setup import opening
from rules_core.games.gotham_city_chronicles.skills import skill_level
from rules_core.games.gotham_city_chronicles.state import INITIAL, GccState
from rules_core.games.gotham_city_chronicles.texts import texts
from tests.rules_core.games.gotham_city_chronicles.test_area_rolls import keep_waiting
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    fold,
    play,
    refused,
)

VILLAIN = 0
BRUTE, OTHER_BRUTE = "brutes-with-chains-1", "brutes-with-chains-2"


def skilled_raw() -> dict[str, Any]:
    """The reference pack with the Brutes with Chains given a manipulation characteristic (one
    white die, twice) and the skills Attraction 2 and Blast 1: a test-only variant, since no
    tile of the reference pack has a skill."""
    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    brutes = next(t for t in raw["tile"] if t["id"] == "brutes-with-chains")
    brutes["manipulation"] = [{"dice": ["white"], "multiplier": 2}]
    brutes["skills"] = [{"skill": "attraction", "level": 2}, {"skill": "blast", "level": 1}]
    return raw


SKILLED = parse_pack(skilled_raw())


def _brute_activated(raw: dict[str, Any] | None = None) -> GccState:
    """The villain's first turn of a game of the skilled pack (2 seats), the first brute (in the
    warehouse floor, beside Gordon's street and Renee Montoya's loading dock) being activated."""
    pack = SKILLED if raw is None else parse_pack(raw)
    state = all_active(fold(INITIAL, opening(pack, 2)))
    state, _ = play(state, 1, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="brutes-with-chains"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character=BRUTE))
    return state


def _offered(state: GccState, kind: str) -> list[Move]:
    return [m for m in GAME.legal_moves(state, VILLAIN) if m.type == kind]


def test_a_tiles_skills_are_the_characters_and_lost_in_the_pool() -> None:
    """VI·A·2 [a] 14: each character of the tile has its skills; X, IX B: a neutralized
    character (in the character pool) uses none."""
    state = _brute_activated()
    brute = state.character(BRUTE)
    assert skill_level(state, brute, "attraction") == 2
    assert skill_level(state, brute, "blast") == 1
    assert skill_level(state, brute, "ambidexterity") == 0
    assert skill_level(state, state.character("thugs-with-crowbar-1"), "attraction") == 0
    assert skill_level(state, replace(brute, area="", life=0), "attraction") == 0


def test_the_villain_is_offered_a_characters_skills_through_the_legal_moves() -> None:
    """VI·D·3 [b] with X: the character being activated may draw any miniature in sight within
    two areas and no bigger than itself (Gordon, Renee Montoya, the thugs of the boiler room;
    not Batman out of sight, nor Killer Croc, bigger), and blast its area with each adjacent one
    in sight; in words."""
    state = _brute_activated()
    attract = _offered(state, "character_attract")
    assert {m.get("target") for m in attract} == {
        "commissioner-gordon",
        "renee-montoya",
        "thugs-with-crowbar-1",
        "thugs-with-crowbar-2",
    }
    assert {m.get("characteristic") for m in attract} == {0}
    blasts = {m.get("area") for m in _offered(state, "character_blast")}
    assert blasts == {"street", "loading-dock", "loading-pit", "boiler-room", "chemical-vats"}
    move = Move.of("character_attract", characteristic=0, target="commissioner-gordon")
    assert GAME.describe_move(state, VILLAIN, move) == (
        "Brutes with Chains #1 draws Commissioner Gordon in with Attraction"
    )
    blast = Move.of("character_blast", characteristic=0, area="street")
    assert GAME.describe_move(state, VILLAIN, blast) == (
        "Brutes with Chains #1 sets off a Blast in the Warehouse Floor and in the Street"
    )
    plain = fold(INITIAL, opening(parse_pack(tomllib.loads(REFERENCE_PACK.read_text())), 2))
    assert not any(
        m.type in ("character_attract", "character_blast")
        for m in MOVES.legal_moves(plain, VILLAIN)
    )


def test_a_villain_bot_weighs_a_characters_skills_and_the_tile_says_it_has_them() -> None:
    """The greedy bot scores every legal move one move ahead: the skills among them, each
    accepted (a refused move would score -1). The tile's text names its skills (texts.py)."""
    state = _brute_activated()
    scores = move_scores(GAME, state, VILLAIN, random.Random(1))
    skills = {m: v for m, v in scores.items() if m.type in ("character_attract", "character_blast")}
    assert len(skills) == 9 and all(v >= 0 for v in skills.values())
    tile = next(t for t in texts(state) if t.id == "brutes-with-chains")
    assert "skills: Attraction 2, Blast 1" in tile.text


def test_a_character_draws_a_hero_in_and_repeats_within_its_multiplier() -> None:
    """X Attraction as the character's automatic manipulation (VI·D·3 [b]): no cube, no dice;
    the hero is placed in the character's area; the action repeats with its characteristic up
    to its multiplier (VI·C·5), and no other action is mixed in (VI·C·3)."""
    state = _brute_activated()
    reserve = state.villain.reserve
    move = Move.of("character_attract", characteristic=0, target="commissioner-gordon")
    state, events = play(state, VILLAIN, move)
    assert events[0] == Attracted(
        seat=VILLAIN,
        figure=BRUTE,
        target="commissioner-gordon",
        area="warehouse-floor",
        characteristic=0,
    )
    assert state.hero("commissioner-gordon").area == "warehouse-floor"
    assert state.villain.reserve == reserve  # characters spend no cube (VI·D·3 [b])
    activation = state.activation
    assert activation is not None and (activation.times, activation.stage) == (1, "action")
    sections = [c.section for c in events[0].cited()]
    assert {"x.attraction", "vi-d-3-b", "vi-a-2-a"} <= set(sections)
    assert "v-c-3-b" not in sections and "v-a.skills" not in sections
    assert narrate(state, events[0], None, False) == (
        "Brutes with Chains #1 draws Commissioner Gordon into the Warehouse Floor."
    )
    blast = Move.of("character_blast", characteristic=0, area="street")
    assert refused(state, VILLAIN, blast).code == "character_step"  # another nature
    again = Move.of("character_attract", characteristic=0, target="commissioner-gordon")
    here = refused(state, VILLAIN, again)
    assert (here.code, here.message) == (
        "bad_target",
        "Commissioner Gordon is already in Brutes with Chains #1's area.",
    )
    state, _ = play(
        state, VILLAIN, Move.of("character_attract", characteristic=0, target="renee-montoya")
    )
    assert state.hero("renee-montoya").area == "warehouse-floor"
    thug = Move.of("character_attract", characteristic=0, target="thugs-with-crowbar-1")
    assert refused(state, VILLAIN, thug).code == "multiplier_reached"  # twice, its multiplier


def test_a_characters_attraction_wants_its_requirements() -> None:
    """X Attraction: the requirements are the hero's (sight, distance within the level, size
    no bigger than the possessor's, no over-occupation); a character without the skill, or with
    another characteristic than its tile has, is refused with the tile's words."""
    state = _brute_activated()
    for target, code in (
        ("batman", "bad_target"),  # the office: out of sight
        ("killer-croc-1", "bad_target"),  # size 3 against the brute's 2
        (BRUTE, "bad_target"),  # itself
        ("thugs-with-crowbar-3", "bad_target"),  # in the character pool
    ):
        move = Move.of("character_attract", characteristic=0, target=target)
        refusal = refused(state, VILLAIN, move)
        assert refusal.code == code, target
    wrong = Move.of("character_attract", characteristic=1, target="renee-montoya")
    refusal = refused(state, VILLAIN, wrong)
    assert refusal.code == "no_such_action"
    assert refusal.message == "Brutes with Chains has no such manipulation characteristic."
    raw = skilled_raw()
    thugs = next(t for t in raw["tile"] if t["id"] == "thugs-with-crowbar")
    thugs["skills"] = [{"skill": "blast", "level": 2}]
    state = fold(INITIAL, opening(parse_pack(raw), 2))
    state = all_active(state)
    state, _ = play(state, 1, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="thugs-with-crowbar-1"))
    none = refused(state, VILLAIN, Move.of("character_attract", characteristic=0, target="batman"))
    assert none.code == "no_skill"
    assert none.message == "Thugs with Crowbar #1 has no Attraction skill to use."
    assert {c.section for c in none.citations} == {"x", "vi-a-2-a"}
    offered = {m.type for m in GAME.legal_moves(state, VILLAIN)}
    assert "character_blast" in offered and "character_attract" not in offered


def test_a_characters_blast_explodes_both_areas_once_a_villains_turn() -> None:
    """X Blast with IX R: level 1 explosions in the brute's area and the street; every miniature
    there rolls, the brutes and Gordon too (his seat takes his reroll step in the villain's
    turn); once a turn for that character, even when its tile is activated again, and again in
    the next villain's turn; the other brute (in the chemical vats, out of the blast) may
    blast."""
    state = _brute_activated()
    state = state.with_character(replace(state.character(OTHER_BRUTE), area="chemical-vats"))
    move = Move.of("character_blast", characteristic=0, area="street")
    state, events = play(state, VILLAIN, move, seed=3)
    assert events[0] == Blasted(
        seat=VILLAIN, figure=BRUTE, area="street", level=1, characteristic=0
    )
    assert sum(isinstance(e, Exploded) for e in events) == 1  # the second waits for the rolls
    assert narrate(state, events[0], None, False) == (
        "Brutes with Chains #1 sets off a level 1 blast in the Warehouse Floor and the Street."
    )
    state, kept = keep_waiting(state)
    assert [e.area for e in (*events, *kept) if isinstance(e, Exploded)] == [
        "warehouse-floor",
        "street",
    ]
    assert state.character(BRUTE).blasted
    assert to_act(state) == {VILLAIN}
    assert state.character(BRUTE).area == "warehouse-floor"  # survived its own blast
    again = refused(state, VILLAIN, Move.of("character_blast", characteristic=0, area="street"))
    assert again.code == "skill_used"
    state, _ = play(state, VILLAIN, Move.of("end_character"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character=OTHER_BRUTE))
    other = Move.of("character_blast", characteristic=0, area="warehouse-floor")
    assert MOVES.refusal(state, VILLAIN, other) is None
    state, _ = play(state, VILLAIN, Move.of("end_activation"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="brutes-with-chains"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character=BRUTE))
    assert refused(state, VILLAIN, move).code == "skill_used"  # the same villain's turn
    state, _ = play(state, VILLAIN, Move.of("end_villain_turn"))
    state, _ = keep_waiting(state)
    state = all_active(state)
    state, _ = play(state, 1, Move.of("finish"))
    assert state.flow.phase == "villain"
    assert not state.character(BRUTE).blasted  # a new villain's turn (reset as it begins)


def test_a_character_neutralized_by_its_own_blast_ends_its_activation() -> None:
    """IX B, X: a neutralized character is in the character pool and has no skill. A brute
    that a level 3 Blast of its own sends to the pool is no longer being activated (rules
    version 15): its activation ends with the neutralization, so it neither moves nor acts nor
    uses a skill again, and the villain may activate the tile's other brute at once."""
    raw = skilled_raw()
    brutes = next(t for t in raw["tile"] if t["id"] == "brutes-with-chains")
    brutes["skills"] = [{"skill": "attraction", "level": 2}, {"skill": "blast", "level": 3}]
    for seed in range(40):
        state = _brute_activated(raw)
        state, events = play(
            state, VILLAIN, Move.of("character_blast", characteristic=0, area="street"), seed
        )
        state, kept = keep_waiting(state)
        if not state.character(BRUTE).area:
            break
    else:
        raise AssertionError("no seed neutralized the brute")
    told = [*events, *kept]
    out = next(i for i, e in enumerate(told) if isinstance(e, CharacterNeutralized))
    ended = told[out + 1]
    assert ended == CharacterActivationEnded(seat=VILLAIN, character=BRUTE, neutralized=True)
    assert narrate(state, ended, None, False) == "Brutes with Chains #1's activation ends."
    assert {c.section for c in ended.cited()} == {"vi-c-7", "ix-b"}  # ended by the knock-out
    assert state.activation is not None and state.activation.character == ""
    assert state.activation.done == (BRUTE,)
    assert skill_level(state, state.character(BRUTE), "attraction") == 0
    for move in (
        Move.of("character_attract", characteristic=0, target="renee-montoya"),
        Move.of("move_character", character=BRUTE, to="street"),
        Move.of("end_character"),
    ):
        assert refused(state, VILLAIN, move).code == "not_this_character", move
    offered = {m.type for m in GAME.legal_moves(state, VILLAIN)}
    assert not offered & {"character_attract", "character_blast", "move_character"}
    assert not offered & {"character_attack", "character_action", "end_character"}
    if state.character(OTHER_BRUTE).area:
        other = Move.of("activate_character", character=OTHER_BRUTE)
        assert MOVES.refusal(state, VILLAIN, other) is None


def test_a_character_neutralized_in_its_movement_ends_its_activation() -> None:
    """IX B with IX Q: the brute, moved into the chemical vats (dangerous terrain), is
    neutralized by its terrain dice; its activation ends there (rules version 15), so no
    second step of the movement nor any action of it follows."""
    for seed in range(60):
        state = _brute_activated()
        state = state.with_character(replace(state.character(BRUTE), life=1))
        move = Move.of("move_character", character=BRUTE, to="chemical-vats")
        state, events = play(state, VILLAIN, move, seed)
        assert state.roll is not None and state.roll.purpose == "terrain"
        state, kept = play(state, VILLAIN, Move.of("keep"))
        if not state.character(BRUTE).area:
            break
    else:
        raise AssertionError("no seed neutralized the brute")
    ended = CharacterActivationEnded(seat=VILLAIN, character=BRUTE, neutralized=True)
    assert ended in [*events, *kept]
    assert state.activation is not None and not state.activation.character
    assert state.movement is None
    assert refused(state, VILLAIN, Move.of("end_character")).code == "not_this_character"


def test_a_characters_skill_ends_its_first_movement() -> None:
    """VI·C·2-3 with V·C·5 [k]: the skill is the character's action, so the first movement in
    progress ends before it."""
    state = _brute_activated()
    state, _ = play(state, VILLAIN, Move.of("move_character", character=BRUTE, to="loading-pit"))
    assert state.movement is not None
    move = Move.of("character_attract", characteristic=0, target="renee-montoya")
    state, events = play(state, VILLAIN, move)
    assert isinstance(events[0], MovementEnded) and isinstance(events[1], Attracted)
    assert state.hero("renee-montoya").area == "loading-pit"


Step = Callable[[GccState, int, list[Move], Move], None]


def _random_game(pack: Pack, seed: int, step: Step) -> GccState:
    """A random game of the pack (2 seats) through the legal moves, to its end or 2000 moves;
    `step` sees each state, the seat to act, its legal moves and the one chosen."""
    rng = random.Random(seed)
    state = fold(INITIAL, opening(pack, 2))
    for _ in range(2000):
        if state.winner:
            break
        seat = min(to_act(state))
        moves = MOVES.legal_moves(state, seat)
        move = rng.choice(moves)
        step(state, seat, moves, move)
        state, _ = play(state, seat, move, seed=rng.randrange(1 << 30))
    return state


def test_random_games_of_the_skilled_pack_play_to_an_end() -> None:
    """Villain bots reach the new moves through the legal moves: random games of the skilled
    pack, every move offered accepted, end; characters' skills are used in them (seldom at
    random: since rules version 16 no defense is offered against an attack with no success, and
    of these 20 games one uses one: rules version 25's rerolls, a die at a time, changed the
    random games)."""
    used: list[str] = []
    for seed in range(20):
        state = _random_game(SKILLED, seed, lambda s, seat, moves, move: used.append(move.type))
        assert state.winner, seed
    assert {"character_attract", "character_blast"} & set(used)


def _tile_skill(tile: int, *skills: dict[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    raw["tile"][tile]["skills"] = list(skills)
    return raw


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            _tile_skill(1, {"skill": "ambidexterity", "level": 1}),
            "tile[1].skills[0].skill: Ambidexterity is not read on a tile: it acts in the Add the"
            " Weapon Bonuses step of a hero's attack with two weapon cards (X Ambidexterity), and"
            " a character's attack takes its characteristic's dice and carries no card (VI·D·1,"
            " VI·D·2)",
        ),
        (
            _tile_skill(1, {"skill": "retaliation", "level": 1}),
            "tile[1].skills[0].skill: Retaliation is not read on a tile: the book's list of skills"
            " (X) gives it no effect, so a character's Retaliation would do nothing",
        ),
        (
            _tile_skill(1, {"skill": "blast", "level": 1, "encumbrance_limit": 3}),
            "tile[1].skills[0].encumbrance_limit: a character carries no equipment, so a tile's"
            " skill has no encumbrance limit (VI·A·2 [a] 14)",
        ),
        (
            _tile_skill(1, {"skill": "attraction", "level": 0}),
            "tile[1].skills[0].level: must be a whole number from 1 to 10",
        ),
        (
            _tile_skill(0, {"skill": "attraction", "level": 2}),
            "tile[0].skills[0].skill: Attraction costs a character an automatic manipulation"
            " (X, VI·D·3 [b]), and the tile has no manipulation characteristic to take it with"
            " (VI·C·3)",
        ),
    ],
)
def test_a_tile_skill_no_character_can_use_is_refused(raw: dict[str, Any], message: str) -> None:
    """The pack reader refuses, rather than show and ignore, a tile's skill a character would
    never use: X's Ambidexterity (a hero's weapon cards), Retaliation (no effect in the book),
    an encumbrance limit, a level of 0, or a skill with no manipulation to spend."""
    with pytest.raises(ContentError) as refused_pack:
        parse_pack(raw)
    assert str(refused_pack.value) == message


def test_a_characteristic_or_a_skill_given_twice_is_refused() -> None:
    """VI·A·2 [a] 10-14, VI·C·3, V A 13: a tile's characteristic for an action is one choice
    of dice and multiplier, and a board or tile gives each skill one level. The same
    characteristic twice (its dice in any order) or a skill named twice is refused where the
    pack is read (rules version 15; before, the first made two moves alike and the second
    added the levels); the same dice with another multiplier is another characteristic."""
    raw = skilled_raw()
    brutes = next(t for t in raw["tile"] if t["id"] == "brutes-with-chains")
    index = raw["tile"].index(brutes)
    brutes["melee"].append({"dice": ["yellow", "yellow"], "multiplier": 1})
    with pytest.raises(ContentError) as twice:
        parse_pack(raw)
    assert str(twice.value) == (
        f"tile[{index}].melee[1]: the same melee characteristic is given twice: a character"
        " declares its action with one of them (VI·A·2 [a], VI·C·3), and two alike would be one"
        " choice"
    )
    raw = skilled_raw()
    brutes = next(t for t in raw["tile"] if t["id"] == "brutes-with-chains")
    brutes["manipulation"] = [
        {"dice": ["white", "yellow"], "multiplier": 2},
        {"dice": ["yellow", "white"], "multiplier": 2},
    ]
    with pytest.raises(ContentError, match=r"manipulation\[1\]: the same manipulation"):
        parse_pack(raw)
    brutes["manipulation"][1]["multiplier"] = 1
    assert len(parse_pack(raw).tile("brutes-with-chains").manipulation) == 2
    brutes["skills"].append({"skill": "blast", "level": 1})
    with pytest.raises(ContentError) as named:
        parse_pack(raw)
    assert str(named.value) == (
        f"tile[{index}].skills[2].skill: Blast is named twice: a skill has one level (V A 13,"
        " VI·A·2 [a] 14)"
    )
    raw = skilled_raw()
    batman = next(h for h in raw["hero"] if h["id"] == "batman")
    hero = raw["hero"].index(batman)
    batman["skills"] = [{"skill": "attraction", "level": 1}, {"skill": "attraction", "level": 2}]
    with pytest.raises(ContentError) as board:
        parse_pack(raw)
    assert str(board.value).startswith(f"hero[{hero}].skills[1].skill: Attraction is named twice")


def test_every_skill_is_either_a_characters_or_refused_on_a_tile() -> None:
    assert set(TILE_SKILLS) < set(SKILLS)
    for skill in set(SKILLS) - set(TILE_SKILLS):
        with pytest.raises(ContentError):
            parse_pack(_tile_skill(1, {"skill": skill, "level": 1}))
    assert parse_pack(_tile_skill(1, *({"skill": s, "level": 1} for s in TILE_SKILLS)))


def test_stored_skill_events_of_version_1_read_with_their_possessor() -> None:
    """Rules version 14: `attracted` and `blasted` name the possessor `figure` (version 2); a
    version 1 row's `hero` is read as the figure, so stored games replay as before."""
    old = {"hero": "batman", "target": "renee-montoya", "area": "walkway"}
    assert Attracted.version == Blasted.version == 2
    assert Attracted.upcasts[0](old) == {
        "figure": "batman",
        "target": "renee-montoya",
        "area": "walkway",
    }
    assert Blasted.upcasts[0]({"hero": "batman", "area": "street", "level": 1}) == {
        "figure": "batman",
        "area": "street",
        "level": 1,
    }


def test_an_activation_ended_by_the_villain_cites_its_ending_alone_and_older_rows_so_read() -> None:
    """Version 1 of `character_activation_ended` was written only when the villain ended an
    activation: it reads as not neutralized, citing VI·C·7 alone."""
    assert CharacterActivationEnded.version == 2
    old = {"character": BRUTE}
    assert CharacterActivationEnded.upcasts[0](old) == {"character": BRUTE, "neutralized": False}
    ended = CharacterActivationEnded(seat=VILLAIN, character=BRUTE)
    assert [c.section for c in ended.cited()] == ["vi-c-7"]


def test_a_tile_with_two_manipulation_characteristics_names_the_one_used() -> None:
    """VI·C·3: with a choice of characteristics the villain names the one used, and the move's
    words say which, so no two legal moves read the same."""
    raw = skilled_raw()
    brutes = next(t for t in raw["tile"] if t["id"] == "brutes-with-chains")
    brutes["manipulation"].append({"dice": ["yellow"], "multiplier": 1})
    state = _brute_activated(raw)
    moves = [m for m in GAME.legal_moves(state, VILLAIN) if m.type.startswith("character_")]
    labels = [GAME.describe_move(state, VILLAIN, m) for m in moves]
    assert len(set(labels)) == len(labels)
    second = Move.of("character_blast", characteristic=1, area="street")
    assert GAME.describe_move(state, VILLAIN, second) == (
        "Brutes with Chains #1 sets off a Blast in the Warehouse Floor and in the Street"
        " (its manipulation characteristic of one yellow die)"
    )
    state, events = play(state, VILLAIN, second)
    assert isinstance(events[0], Blasted) and events[0].characteristic == 1
    activation = state.activation
    assert activation is not None and activation.characteristic == 1


def _several_ways_raw() -> dict[str, Any]:
    """The skilled pack with a choice of characteristics for one action (VI·C·3): the brutes'
    manipulation one white die twice or one yellow die, their melee two yellow dice, one orange
    die twice or two yellow dice three times (the same dice, another multiplier); the thugs'
    manipulation one white die or one yellow die, so a thug in the boiler room may arm the bomb
    either way."""
    raw = skilled_raw()
    brutes = next(t for t in raw["tile"] if t["id"] == "brutes-with-chains")
    brutes["manipulation"].append({"dice": ["yellow"], "multiplier": 1})
    brutes["melee"] += [
        {"dice": ["orange"], "multiplier": 2},
        {"dice": ["yellow", "yellow"], "multiplier": 3},
    ]
    thugs = next(t for t in raw["tile"] if t["id"] == "thugs-with-crowbar")
    thugs["manipulation"].append({"dice": ["yellow"], "multiplier": 1})
    return raw


def test_a_characters_action_and_attack_name_the_characteristic_where_the_tile_has_several() -> (
    None
):
    """VI·C·3: the villain declares the characteristic an action is taken with; where the tile
    has several for that action, each move names its dice and multiplier, as a skill's move
    does; with one, the move reads as before."""
    state = _brute_activated(_several_ways_raw())
    attacks = [
        GAME.describe_move(
            state,
            VILLAIN,
            Move.of("character_attack", kind="melee", characteristic=i, target="renee-montoya"),
        )
        for i in range(3)
    ]
    assert attacks == [
        "Melee attack on Renee Montoya (its melee characteristic of two yellow dice)",
        "Melee attack on Renee Montoya (its melee characteristic of one orange die, up to two"
        " times)",
        "Melee attack on Renee Montoya (its melee characteristic of two yellow dice, up to three"
        " times)",
    ]
    arm = [
        GAME.describe_move(
            state, VILLAIN, Move.of("character_action", action="arm-bomb", characteristic=i)
        )
        for i in range(2)
    ]
    assert arm == [
        "Arm the Bomb (its manipulation characteristic of one white die, up to two times)",
        "Arm the Bomb (its manipulation characteristic of one yellow die)",
    ]
    plain = _brute_activated()
    attack = Move.of("character_attack", kind="melee", characteristic=0, target="renee-montoya")
    assert GAME.describe_move(plain, VILLAIN, attack) == "Melee attack on Renee Montoya"
    action = Move.of("character_action", action="arm-bomb", characteristic=0)
    assert GAME.describe_move(plain, VILLAIN, action) == "Arm the Bomb"


def test_no_two_legal_moves_of_the_villain_read_the_same() -> None:
    """Random games of the pack with several characteristics for one action: at every step the
    villain's legal moves are told apart by their words; the moves that differ only by the
    characteristic are among them."""
    chosen: set[str] = set()

    def told_apart(state: GccState, seat: int, moves: list[Move], move: Move) -> None:
        if seat != VILLAIN:
            return
        labels = [GAME.describe_move(state, VILLAIN, m) for m in moves]
        assert len(set(labels)) == len(labels), {x for x in labels if labels.count(x) > 1}
        chosen.update(m.type for m in moves if m.get("characteristic") not in (None, 0))

    pack = parse_pack(_several_ways_raw())
    for seed in range(23):  # (6 before rules version 25 changed the random games' rerolls)
        assert _random_game(pack, seed, told_apart).winner, seed
    assert chosen >= {"character_action", "character_attack", "character_attract"}
