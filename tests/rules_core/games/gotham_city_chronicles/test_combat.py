"""Attacks, defense and wounds through the move book: Gordon's melee, Batman's batarang, Killer
Croc's repeated attacks, and the obligatory defense."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    AttackRolled,
    CharacterNeutralized,
    DefenseCounted,
    DefenseRolled,
)
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    play,
    refused,
    started,
)
from tests.rules_core.games.gotham_city_chronicles.test_villain import VILLAIN, villains_turn

PACK = load_pack()


def _shown(pool: tuple[str, ...], faces: tuple[int, ...]) -> int:
    return sum(PACK.faces(d.removesuffix("+reroll"))[f] for d, f in zip(pool, faces, strict=True))


def _gordon_beside_a_thug() -> GccState:
    state = all_active(started())
    gordon = replace(state.hero("commissioner-gordon"), area="boiler-room", items=("tonfa",))
    return state.with_hero(gordon)


# V·C·1's example: Gordon's melee attack with 2 cubes and the tonfa on the thug beside him
GORDONS_ATTACK = Move.of(
    "attack",
    hero="commissioner-gordon",
    kind="melee",
    weapon="tonfa",
    target="thugs-with-crowbar-1",
    cubes=2,
)


def test_gordons_melee_attack_on_a_thug_with_crowbar() -> None:
    """V·C·1 example, through decide: 2 cubes and the tonfa; not hindered; the villain spends
    no cube on defense and the thug's automatic success leaves the rest as wounds: with one
    life point, neutralized and moved to the character pool."""
    attack = GORDONS_ATTACK
    for seed in range(300):
        state, events = play(_gordon_beside_a_thug(), 1, attack, seed)
        rolled = events[0]
        assert isinstance(rolled, AttackRolled)
        assert rolled.pool == ("orange", "orange", "yellow")
        if _shown(rolled.pool, rolled.faces) == 3:
            break
    assert state.hero("commissioner-gordon").zones.on("melee") == 2
    state, events = play(state, 1, Move.of("keep"))
    counted = events[0]
    assert counted == AttackCounted(
        seat=1, attacker="commissioner-gordon", successes=3, hindering=0
    )
    assert to_act(state) == {VILLAIN}  # the villain declares the thug's defense
    before = state
    state, events = play(state, VILLAIN, Move.of("defend", cubes=0))
    assert events[0] == DefenseRolled(
        seat=VILLAIN, defender="thugs-with-crowbar-1", cubes=0, pool=(), faces=()
    )
    assert events[1] == DefenseCounted(
        seat=VILLAIN, defender="thugs-with-crowbar-1", successes=1, wounds=2
    )
    defending = GAME.evolve(before, events[0])  # the success no die showed is told as automatic
    assert GAME.narrate(defending, events[1], None, False) == (
        "The defense scores 1 success, all automatic: 2 wounds get through."
    )
    assert CharacterNeutralized(seat=VILLAIN, character="thugs-with-crowbar-1") in events
    assert state.character("thugs-with-crowbar-1").area == ""
    assert to_act(state) == {1}


def test_batmans_batarang_on_the_brute_with_chains() -> None:
    """V·C·2 example, through decide: the batarangs' yellow die with a free reroll; Gordon in
    the area cancels the brute's menace; 2 automatic defense successes."""
    state = all_active(started())
    state = state.with_hero(replace(state.hero("batman"), area="warehouse-floor"))
    state = state.with_hero(replace(state.hero("commissioner-gordon"), area="warehouse-floor"))
    # the example's one brute: the other stays out of the area
    state = state.with_character(replace(state.character("brutes-with-chains-2"), area="street"))
    attack = Move.of(
        "attack",
        hero="batman",
        kind="ranged",
        weapon="batarangs",
        target="brutes-with-chains-1",
        cubes=2,
    )
    state, events = play(state, 1, attack, seed=1)
    rolled = events[0]
    assert isinstance(rolled, AttackRolled) and rolled.pool == ("white", "white", "yellow+reroll")
    assert refused(state, 1, Move.of("reroll", dice="0", paid=False)).code == "bad_reroll"
    state, _ = play(state, 1, Move.of("reroll", dice="2", paid=False))
    assert refused(state, 1, Move.of("reroll", dice="2", paid=False)).code == "bad_reroll"
    state, events = play(state, 1, Move.of("keep"))
    counted = events[0]
    assert isinstance(counted, AttackCounted) and counted.hindering == 0
    if counted.successes > 2:
        state, events = play(state, VILLAIN, Move.of("defend", cubes=0))
        defended = events[1]
    else:  # the 2 automatic successes cancel them all: nothing to ask (rules version 17)
        assert VILLAIN not in to_act(state)
        defended = events[2]
    assert isinstance(defended, DefenseCounted)
    assert defended.successes == 2 and defended.wounds == max(counted.successes - 2, 0)


def test_ranged_attacks_need_a_usable_weapon_and_a_line_of_sight() -> None:
    """V·C·2 [a]-[b], V D use restriction (Moral Code)."""
    state = all_active(started())
    batman = replace(state.hero("batman"), items=("submachine-gun",))
    state = state.with_hero(batman)
    smg = Move.of(
        "attack",
        hero="batman",
        kind="ranged",
        weapon="submachine-gun",
        target="killer-croc-1",
        cubes=1,
    )
    assert refused(state, 1, smg).code == "no_weapon"  # Moral Code
    bare = Move.of(
        "attack", hero="batman", kind="ranged", weapon="", target="killer-croc-1", cubes=1
    )
    assert refused(state, 1, bare).code == "no_weapon"
    far = Move.of(
        "attack",
        hero="batman",
        kind="ranged",
        weapon="batarangs",
        target="thugs-with-crowbar-1",
        cubes=1,
    )
    assert refused(state, 1, far).code == "bad_target"  # no sight from the office
    melee_far = Move.of(
        "attack", hero="batman", kind="melee", weapon="", target="killer-croc-1", cubes=1
    )
    assert refused(state, 1, melee_far).code == "bad_target"  # the walkway is not over-occupied


def test_killer_croc_attacks_up_to_his_multiplier() -> None:
    """VI·D·5 example: one yellow die with a reroll and one yellow die, up to four times, the
    heroes defending each time."""
    state = villains_turn()
    state = state.with_hero(replace(state.hero("batman"), area="walkway"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    attack = Move.of("character_attack", kind="melee", characteristic=0, target="batman")
    rng = random.Random(5)
    for _ in range(4):
        state, events = play(state, VILLAIN, attack, seed=rng.randrange(10**6))
        rolled = events[0]
        assert isinstance(rolled, AttackRolled) and rolled.pool == ("yellow+reroll", "yellow")
        while state.roll is not None or state.fight is not None:
            seat = sorted(to_act(state))[0]
            if state.roll is not None:
                state, _ = play(state, seat, Move.of("keep"))
            else:
                state, _ = play(state, seat, Move.of("defend", cubes=0))
        if state.hero("batman").zones.neutralized:
            break
    else:
        assert refused(state, VILLAIN, attack).code == "multiplier_reached"


def test_every_offered_move_is_accepted_in_a_fight() -> None:
    state = all_active(started())
    state = state.with_hero(replace(state.hero("batman"), area="walkway"))
    moves = [m for m in MOVES.legal_moves(state, 1) if m.type == "attack"]
    assert moves
    for move in moves:
        assert not isinstance(MOVES.decide(state, 1, move, random.Random(0)), Rejection), move


def _croc_beside_batman_in_a_vest(
    unable: bool = False,
    vest: str = "object",
    carried: tuple[str, ...] = ("vest",),
    single_use: bool = False,
) -> GccState:
    """The villain's turn with Killer Croc activated beside Batman, who wears a reference vest
    (a defense line: a white die and one automatic success; an object card, or the item type
    `vest`, single-use with `single_use`), as many as `carried` names; with `unable`, Batman's
    board makes his defense impossible (IX E 4)."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    if unable:
        board = next(h for h in raw["hero"] if h["id"] == "batman")
        board["defense"] = {"die": "unable", "limit": 3}
    raw["item"].append(
        {
            "id": "vest",
            "name": "Kevlar Vest",
            "kind": "equipment",
            "type": vest,
            "encumbrance": 2,
            "bonuses": [{"when": "defense", "dice": ["white"], "successes": 1}],
            "single_use": single_use,
            "source": "reference",
        }
    )
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    state = state.with_hero(replace(state.hero("batman"), area="walkway", items=carried))
    state, _ = play(state, 1, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    return state


def _crocs_attack_counted(
    state: GccState, wanted: Callable[[int], bool]
) -> tuple[GccState, list[GameEvent], AttackCounted]:
    """Killer Croc's melee attack on Batman, its rerolls declined, on the first seed whose
    successes are `wanted`: the state after it, its events and its count."""
    attack = Move.of("character_attack", kind="melee", characteristic=0, target="batman")
    for seed in range(300):
        after, events = play(state, VILLAIN, attack, seed=seed)
        while after.roll is not None and after.roll.purpose == "attack":
            after, kept = play(after, VILLAIN, Move.of("keep"))
            events += kept
        counted = next(e for e in events if isinstance(e, AttackCounted))
        if wanted(counted.successes):
            return after, events, counted
    raise AssertionError("no seed gave the successes wanted")


def test_a_defense_bonus_line_adds_its_dice_and_successes() -> None:
    """V D 6: an item's defense line (here a reference vest: a white die and one automatic
    success) joins the hero's defense (VII D, VII G)."""
    state = _croc_beside_batman_in_a_vest()
    attack = Move.of("character_attack", kind="melee", characteristic=0, target="batman")
    state, _ = play(state, VILLAIN, attack)
    while state.roll is not None and state.roll.purpose == "attack":
        state, _ = play(state, VILLAIN, Move.of("keep"))
    state, events = play(state, 1, Move.of("defend", cubes=1))
    rolled = events[0]
    assert isinstance(rolled, DefenseRolled) and rolled.pool == ("orange", "orange", "white")
    while state.roll is not None:
        state, events = play(state, 1, Move.of("keep"))
    counted = next(e for e in events if isinstance(e, DefenseCounted))
    shown = _shown(rolled.pool, rolled.faces)
    assert counted.successes == shown + 1  # kept without rerolls: the dice and the vest


def test_identical_tool_bonuses_are_not_combined_in_a_defense() -> None:
    """V D (item types, tools): a hero cannot combine identical tool bonuses. Batman wearing
    two vests that are tool cards (each a defense line of a white die and one automatic
    success) defends with one white die and one automatic success; two vests that are objects
    both count, the rule being the tools' (rules version 22; before, the tools' lines were
    added like any card's)."""
    for vest, whites in (("tool", 1), ("object", 2)):
        state = _croc_beside_batman_in_a_vest(vest=vest, carried=("vest", "vest"))
        state, _, _ = _crocs_attack_counted(state, lambda successes: successes > 0)
        state, events = play(state, 1, Move.of("defend", cubes=1))
        rolled = events[0]
        assert isinstance(rolled, DefenseRolled)
        assert rolled.pool == ("orange", "orange", *("white",) * whites), vest
        while state.roll is not None:
            state, events = play(state, 1, Move.of("keep"))
        counted = next(e for e in events if isinstance(e, DefenseCounted))
        assert counted.successes == _shown(rolled.pool, rolled.faces) + whites, vest


def test_two_single_use_vests_that_served_a_defense_both_leave_the_game() -> None:
    """V D 5: each single-use card whose bonus served leaves the game, two copies of one as
    well (rules version 22; before, a move's cards were counted once by name, so one copy
    stayed)."""
    from rules_core.games.gotham_city_chronicles.events import ItemUsedUp

    state = _croc_beside_batman_in_a_vest(carried=("vest", "vest"), single_use=True)
    state, _, _ = _crocs_attack_counted(state, lambda successes: successes > 0)
    state, events = play(state, 1, Move.of("defend", cubes=0))
    while state.roll is not None:
        state, kept = play(state, 1, Move.of("keep"))
        events += kept
    assert events.count(ItemUsedUp(seat=1, hero="batman", item="vest")) == 2
    assert state.hero("batman").items == ()


def test_a_melee_attack_may_name_no_weapon_and_a_refused_weapon_cites_its_kind() -> None:
    """V·C·1 [e]: a melee weapon is optional, so a punch names none (`weapon` empty, as the
    legal moves offer it: the parameter left out is another form, refused); a weapon refused
    for a melee attack cites the melee rule, not the ranged."""
    state = _gordon_beside_a_thug()
    punch = Move.of(
        "attack",
        hero="commissioner-gordon",
        kind="melee",
        target="thugs-with-crowbar-1",
        cubes=1,
        weapon="",
    )
    assert punch in GAME.legal_moves(state, 1)
    left_out = Move("attack", tuple(p for p in punch.params if p[0] != "weapon"))
    assert (refused(state, 1, left_out).code, refused(state, 1, left_out).message) == (
        "unexpected_parameter",
        "The “attack” move is offered now only with “cubes”, “hero”, “kind”, “target” and"
        " “weapon”: leave none out and add none.",
    )
    _, events = play(state, 1, punch, seed=3)
    rolled = events[0]
    assert isinstance(rolled, AttackRolled) and rolled.pool == ("orange",)
    assert GAME.narrate(state, rolled, None, False) == (
        "Commissioner Gordon makes a melee attack on Thugs with Crowbar #1, rolling 1 die."
    )
    assert GAME.describe_move(state, 1, punch) == (
        "Commissioner Gordon: melee attack on Thugs with Crowbar #1, 1 cube"
    )
    wrong = Move.of("attack", **{**dict(punch.params), "weapon": "batarangs"})
    melee_refusal = refused(state, 1, wrong)
    assert melee_refusal.code == "no_weapon"
    cited = {c.section for c in melee_refusal.citations}
    assert "v-c-1-e" in cited and "v-c-2-a" not in cited
    shot = Move.of("attack", **{**dict(wrong.params), "kind": "ranged"})
    assert "v-c-2-a" in {c.section for c in refused(state, 1, shot).citations}


def test_a_hero_unable_to_defend_does_not_defend_at_all() -> None:
    """IX E 4, VII: a defense characteristic that makes defending impossible leaves no defense
    at all: Batman (here with such a board and a vest with a defense line) is not asked for one,
    rolls neither his automatic orange die nor the vest's, and every success of the attack is a
    wound."""
    from rules_core.games.gotham_city_chronicles.events import DefenseImpossible, HeroWounded

    state = _croc_beside_batman_in_a_vest(unable=True)
    after, events, counted = _crocs_attack_counted(state, lambda successes: successes > 0)
    assert not any(isinstance(e, DefenseRolled) for e in events)
    assert DefenseImpossible(seat=1, defender="batman", wounds=counted.successes) in events
    assert HeroWounded in {type(e) for e in events}
    assert after.fight is None and after.roll is None
    assert after.hero("batman").zones.wounds == counted.successes
    assert 1 not in to_act(after)  # no defense asked of the heroes' seat
    # so no state asks such a defender to defend: a defense with cubes, which IX E 4 forbids
    # (once refused by a `cannot_act` guard no game could reach), is not the seat's to send,
    # and the defense's own check finds none due
    from rules_core.games.gotham_city_chronicles.combat import defend_check

    defend = Move.of("defend", cubes=1)
    assert refused(after, 1, defend).code == "not_your_turn"
    assert (rejection := defend_check(after, 1, defend)) is not None
    assert rejection.code == "no_defense_due"
    told = GAME.narrate(state, events[events.index(counted) + 1], None, False)
    assert told.startswith("Batman cannot defend itself")
    from rules_core.games.gotham_city_chronicles.texts import hero_text

    text = hero_text(state.board_pack.hero("batman"))
    assert "defense: not possible" in text and "always" not in text


# Gordon's bare-handed punch at the thug beside him, with one cube
PUNCH = Move.of(
    "attack",
    hero="commissioner-gordon",
    kind="melee",
    weapon="",
    target="thugs-with-crowbar-1",
    cubes=1,
)


def test_an_attack_with_no_success_asks_for_no_defense() -> None:
    """VII, VII H, IX K (rules version 16): the defense comes after the attack's successes are
    counted (V·C·1 [h]-[i]) and only cancels them, so with none there is nothing to defend
    against: the villain, with cubes to spend, is not offered a defense, spends nothing, and
    the thug takes no wound."""
    from rules_core.games.gotham_city_chronicles.events import NothingToDefend

    start = _gordon_beside_a_thug()
    state, events = _punch_counted(start, PUNCH, 0)
    reserve = start.villain.reserve
    assert reserve > 0  # cubes the villain could have spent on a defense
    counted = next(e for e in events if isinstance(e, AttackCounted))
    assert counted.successes == 0
    after_count = events[events.index(counted) + 1 :]
    assert after_count[0] == NothingToDefend(seat=VILLAIN, defender="thugs-with-crowbar-1")
    assert not any(isinstance(e, DefenseRolled | DefenseCounted) for e in events)
    assert state.fight is None and state.roll is None
    assert VILLAIN not in to_act(state)  # no defense is asked of the villain
    assert refused(state, VILLAIN, Move.of("defend", cubes=0)).code == "not_your_turn"
    assert state.villain == start.villain  # no cube spent
    assert state.character("thugs-with-crowbar-1").area == "boiler-room"
    told = GAME.narrate(state, after_count[0], None, False)
    assert told.startswith("Thugs with Crowbar #1 has no success to defend against")
    assert "no cube is spent" in told


def test_the_villain_is_not_asked_to_defend_what_the_automatic_successes_cancel() -> None:
    """VII G-H (rules version 17): a thug's automatic defense success cancels Gordon's one
    success whatever the villain spends, so the villain, with cubes to spend, is not asked: the
    defense goes on at once with no cube, and the thug takes no wound."""
    start = _gordon_beside_a_thug()
    state, events = _punch_counted(start, PUNCH, 1)
    assert start.villain.reserve > 0  # cubes the villain could have spent on a defense
    counted = next(e for e in events if isinstance(e, AttackCounted))
    assert counted.successes == 1
    after_count = events[events.index(counted) + 1 :]
    assert after_count[0] == DefenseRolled(
        seat=VILLAIN, defender="thugs-with-crowbar-1", cubes=0, pool=(), faces=()
    )
    assert after_count[1] == DefenseCounted(
        seat=VILLAIN, defender="thugs-with-crowbar-1", successes=1, wounds=0
    )
    assert state.fight is None and state.roll is None
    assert VILLAIN not in to_act(state)
    assert state.villain == start.villain  # no cube spent
    assert state.character("thugs-with-crowbar-1").area == "boiler-room"
    # two successes are more than the automatic one cancels: the villain is asked
    twice = Move.of(PUNCH.type, **{**dict(PUNCH.params), "cubes": 2})
    state, _ = _punch_counted(start, twice, 2)
    assert to_act(state) == {VILLAIN}


def _punch_counted(start: GccState, punch: Move, shown: int) -> tuple[GccState, list[GameEvent]]:
    """Gordon's attack on the thug played with the first seed whose dice show `shown`
    successes, its reroll step declined."""
    for seed in range(300):
        state, events = play(start, 1, punch, seed)
        rolled = events[0]
        assert isinstance(rolled, AttackRolled)
        if _shown(rolled.pool, rolled.faces) == shown:
            break
    while state.roll is not None:  # the attack's reroll step, declined
        state, kept = play(state, 1, Move.of("keep"))
        events += kept
    return state, events


def test_a_hero_with_a_defense_line_rolls_nothing_against_no_success() -> None:
    """VII, VII H (rules version 16): Batman in the vest (a defense line) with cubes in his
    reserve is not asked to defend against an attack of Killer Croc's that scored nothing, and
    rolls neither his automatic die nor the vest's."""
    from rules_core.games.gotham_city_chronicles.events import NothingToDefend

    start = _croc_beside_batman_in_a_vest()
    state, events, counted = _crocs_attack_counted(start, lambda successes: successes == 0)
    assert counted.successes == 0
    assert NothingToDefend(seat=1, defender="batman") in events
    assert not any(isinstance(e, DefenseRolled) for e in events)
    assert 1 not in to_act(state) and state.fight is None
    batman = state.hero("batman")
    assert batman.zones == start.hero("batman").zones and batman.items == ("vest",)


def test_a_ranged_attack_is_hindered_in_the_attackers_area_not_the_targets() -> None:
    """Reading (README, IX N): the "action area" of a ranged attack is the attacker's own, where
    it performs the action: Batman alone in the office shooting Killer Croc on the walkway is
    not hindered by Croc's menace, and Batman on the walkway beside a thug (Croc gone) shooting
    a brute on the warehouse floor is hindered by the thug's menace, not the brutes'."""

    def hindering(state: GccState, target: str) -> int:
        shot = Move.of(
            "attack", hero="batman", kind="ranged", weapon="batarangs", target=target, cubes=1
        )
        state, events = play(state, 1, shot)
        if state.roll is not None:
            state, kept = play(state, 1, Move.of("keep"))
            events += kept
        counted = next(e for e in events if isinstance(e, AttackCounted))
        return counted.hindering

    state = all_active(started())
    assert hindering(state, "killer-croc-1") == 0
    walkway = state.with_hero(replace(state.hero("batman"), area="walkway"))
    walkway = walkway.with_character(
        replace(walkway.character("thugs-with-crowbar-1"), area="walkway")
    )
    walkway = walkway.with_character(replace(walkway.character("killer-croc-1"), area="street"))
    assert hindering(walkway, "brutes-with-chains-1") == 1


def test_a_target_out_of_reach_is_refused_with_the_reason_and_its_own_sections() -> None:
    """An attack on a target out of reach said only "That target is out of the attack's
    reach." and cited the hero's and the character's attack sections alike. It now says which
    requirement fails and cites the attack's own Declare the Target step."""
    state = all_active(started())

    def refusal(kind: str, target: str, at: GccState = state) -> Rejection:
        weapon = "batarangs" if kind == "ranged" else ""
        move = Move.of("attack", hero="batman", kind=kind, weapon=weapon, target=target, cubes=1)
        return refused(at, 1, move)

    melee = refusal("melee", "killer-croc-1")
    assert melee.message == (
        "Killer Croc is neither in the Foreman's Office nor in an adjacent area that Batman "
        "would over-occupy and sees clearly."
    )
    assert [c.section for c in melee.citations] == ["v-c-1-b", "ix-m", "ix-h", "ix-l"]
    shot = refusal("ranged", "thugs-with-crowbar-1")  # the boiler room, out of sight
    assert shot.message == "Batman has no clear line of sight to Thugs with Crowbar #1."
    assert [c.section for c in shot.citations] == ["v-c-2-b", "ix-m", "ix-l"]
    croc = villains_turn()
    croc, _ = play(croc, VILLAIN, Move.of("activate", tile="killer-croc"))
    croc, _ = play(croc, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    far = Move.of("character_attack", kind="melee", characteristic=0, target="renee-montoya")
    refused_far = refused(croc, VILLAIN, far)
    assert refused_far.message.startswith("Renee Montoya is neither in the Walkway")
    assert [c.section for c in refused_far.citations] == ["vi-d-1-b", "ix-m", "ix-h", "ix-l"]


def test_the_defense_to_declare_is_shown_with_the_attack_it_answers() -> None:
    """VII: the defender declares cubes knowing the attack's successes; the view said nothing of
    the attack (the fight as data only), so "Defend with 1 cube" came with no word of whom it
    defends against what. Its summary names both, for every seat (the dice are open)."""
    attack = GORDONS_ATTACK
    rolled, _ = play(_gordon_beside_a_thug(), 1, attack, 0)
    rolling: Any = GAME.view(rolled, VILLAIN)["fight"]
    assert "summary" not in rolling  # rerolls to come: not counted yet
    state, events = play(rolled, 1, Move.of("keep"))
    counted = events[0]
    assert isinstance(counted, AttackCounted) and to_act(state) == {VILLAIN}
    successes = ("no success", "one success", "two successes", "three successes")
    for seat in (VILLAIN, 1, None):
        fight: Any = GAME.view(state, seat)["fight"]
        assert fight["summary"] == (
            "Commissioner Gordon's melee attack on Thugs with Crowbar #1: "
            f"{successes[counted.successes]} to defend against"
        )
