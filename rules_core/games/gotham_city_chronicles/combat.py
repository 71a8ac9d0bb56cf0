"""Attacks and defense (V·C·1-2, VI·D·1-2, VII): declaring an attack on a target in reach, the
dice pool (cubes of the characteristic, the weapon's bonus, the elevation die), the rerolls, the
successes (hindering for ranged attacks), the defender's obligatory defense and the wounds."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import counted_or_none
from rules_core.games.gotham_city_chronicles import bonus_choice, dice, geometry, weapon_choice
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    AttackRolled,
    DefenseCounted,
    DefenseImpossible,
    DefenseRolled,
    NothingToDefend,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.figures import UNABLE, Bonus
from rules_core.games.gotham_city_chronicles.language import declared_with, name
from rules_core.games.gotham_city_chronicles.manipulation import (
    MAX_CUBES,
    cube_offers,
    uncombined,
    usable,
    used_up,
)
from rules_core.games.gotham_city_chronicles.movement import cube_spenders, hero_may_act
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.skills import served, skill_level
from rules_core.games.gotham_city_chronicles.special_rules import check_now
from rules_core.games.gotham_city_chronicles.state import GccState, HeroState
from rules_core.games.gotham_city_chronicles.wounds import wound

KINDS = ("melee", "ranged")

# the sections that say which weapon card an attack may use, by its kind (refused weapons cite them)
WEAPON_RULES = {
    "melee": ("v-c-1-e", "v-d.item-types", "v-d.use-restriction"),
    "ranged": ("v-c-2-a", "v-c-2-e", "v-d.item-types", "v-d.use-restriction"),
}
# where a hero's attack of each kind spends its cubes (V·C·1 [c], V·C·2 [c]) and what spending
# means (IX C)
ATTACK_CUBES = {"melee": ("v-c-1-c", "ix-c"), "ranged": ("v-c-2-c", "ix-c")}
# the sections that say whom an attack may target, by attacker and kind (refused targets cite
# them): the Declare the Target step, enemies (IX M), sight (IX L) and over-occupation (IX H)
REACH_RULES = {
    ("hero", "melee"): ("v-c-1-b", "ix-m", "ix-h", "ix-l"),
    ("hero", "ranged"): ("v-c-2-b", "ix-m", "ix-l"),
    ("character", "melee"): ("vi-d-1-b", "ix-m", "ix-h", "ix-l"),
    ("character", "ranged"): ("vi-d-2-b", "ix-m", "ix-l"),
}


def _size(state: GccState, figure: str) -> int:
    if state.has_hero(figure):
        return state.board_pack.hero(figure).size
    return state.board_pack.tile(state.character(figure).tile).size


def out_of_reach(state: GccState, attacker: str, target: str, kind: str) -> str | None:
    """Why `target` is out of the attack's reach, in words, or None: V·C·1 [b] / VI·D·1 [b] for
    melee (the attacker's area, or an adjacent one it would over-occupy and sees clearly),
    V·C·2 [b] / VI·D·2 [b] for ranged (a clear line of sight); the target is an enemy on the
    board (IX M; reference: only enemies are attacked) and not a neutralized hero (README)."""
    named = name(state, target)
    if not geometry.enemies(state.side_of(attacker), state.side_of(target)):
        return _not_an_enemy(state, attacker, target)
    here, there = state.area_of(attacker), state.area_of(target)
    if not here or not there:
        return f"{named} is not on the board."
    if state.has_hero(target) and state.hero(target).zones.neutralized:
        return f"{named} is neutralized: every cube is already in the wound zone."
    board = state.board_pack.board
    if kind == "melee":
        if geometry.melee_reach(board, here, there, state.load(there), _size(state, attacker)):
            return None
        return (
            f"{named} is neither in the {name(state, here)} nor in an adjacent area that "
            f"{name(state, attacker)} would over-occupy and sees clearly."
        )
    if geometry.clear_sight(board, here, there):
        return None
    return f"{name(state, attacker)} has no clear line of sight to {named}."


def _not_an_enemy(state: GccState, attacker: str, target: str) -> str:
    """IX M in words: why `target` is no enemy of `attacker` (the same side, or a neutral
    miniature, which the reference counts as nobody's enemy)."""
    named, by = name(state, target), name(state, attacker)
    if target == attacker:
        return f"{by} does not attack itself."
    if geometry.allies(state.side_of(attacker), state.side_of(target)):
        return f"{named} is on the same side as {by}: an ally, not an enemy."
    return f"{named} is not an enemy of {by}: a neutral miniature is nobody's enemy."


# ---- a hero attacks (V·C·1, V·C·2) ---------------------------------------------------------------


def attack_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    kind = move.get("kind")
    if kind not in KINDS:
        return reject("bad_target", "An attack is melee or ranged.")
    weapon = _weapon(move)
    if weapon != "":
        if (
            not isinstance(weapon, str)
            or weapon not in (*hero.items, *hero.gadgets)
            or state.board_pack.item(weapon).type != kind
            or not usable(state, hero, weapon)
        ):
            return reject(
                "no_weapon",
                f"{name(state, hero.id)} carries no usable {kind} weapon of that name.",
                *WEAPON_RULES[str(kind)],
            )
    elif kind == "ranged":
        return reject(
            "no_weapon",
            f"A ranged attack needs a ranged weapon {name(state, hero.id)} can use.",
            *WEAPON_RULES["ranged"],
        )
    refused = _second_weapon(state, hero, str(kind), weapon, _second(move))
    if refused is not None:
        return refused
    target = move.get("target")
    if not isinstance(target, str) or not state.has_character(target):
        return reject("bad_target", "The target is a character on the board.")
    far = out_of_reach(state, hero.id, target, str(kind))
    if far is not None:
        return reject("bad_target", far, *REACH_RULES["hero", str(kind)])
    space = state.board_pack.hero(hero.id).space(str(kind))
    if space.die == UNABLE:
        return reject("cannot_act", f"{name(state, hero.id)} cannot make a {kind} attack.")
    cubes = move.get("cubes")
    if not isinstance(cubes, int) or isinstance(cubes, bool) or not 1 <= cubes <= MAX_CUBES:
        return reject(
            "bad_cubes", "Spend at least one cube on an attack.", *ATTACK_CUBES[str(kind)]
        )
    if hero.zones.on(str(kind)) + cubes > space.limit:
        return reject(
            "exertion_limit",
            f"The {kind} attack space takes {space.limit} cubes.",
            "ix-i",
            ATTACK_CUBES[str(kind)][0],
        )
    if cubes > hero.zones.reserve:
        spent = ATTACK_CUBES[str(kind)]
        return reject("bad_cubes", "There are not that many cubes in the reserve.", *spent)
    return bonus_choice.check(state, _cards(move), str(kind), move)


def _cards(move: Move) -> tuple[str, ...]:
    """The weapon cards a checked attack uses, in order (the weapon, then a second)."""
    return tuple(str(c) for c in (_weapon(move), _second(move)) if c)


def _weapon(move: Move) -> object:
    """The weapon a move names: "" when it names none (bare hands for a melee attack: the
    parameter left out or empty)."""
    return dict(move.params).get("weapon", "")


def _second(move: Move) -> object:
    """The second weapon a move names: "" when it names none (the parameter left out)."""
    return dict(move.params).get("second", "")


def _second_weapon(
    state: GccState, hero: HeroState, kind: str, weapon: object, second: object
) -> Rejection | None:
    """X Ambidexterity: a second weapon card of the same type, each no heavier than the skill's
    level, adds its bonuses (without the skill a hero never combines two weapons, V D)."""
    if second == "":
        return None
    level = skill_level(state, hero, "ambidexterity")
    carried = [*hero.items, *hero.gadgets]
    if (
        not level
        or not isinstance(second, str)
        or not isinstance(weapon, str)
        or not weapon
        or carried.count(second) < (2 if second == weapon else 1)
        or state.board_pack.item(second).type != kind
        or not usable(state, hero, second)
        or max(state.board_pack.item(w).weight for w in (weapon, second)) > level
    ):
        return reject(
            "no_weapon",
            "Only Ambidexterity adds a second weapon of the same type.",
            "x.ambidexterity",
        )
    return None


def attack_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = state.hero(str(move.get("hero")))
    kind, target, weapon = str(move.get("kind")), str(move.get("target")), str(_weapon(move))
    cubes = int(str(move.get("cubes")))
    pool = dice.characteristic_pool(state.board_pack.hero(hero.id).space(kind).die, cubes) or ()
    second = str(_second(move))
    cards = _cards(move)
    picked = bonus_choice.parsed(move.get("lines"), bonus_choice.counts(state, cards, kind)) or ()
    for _, bonus in bonus_choice.applied(state, cards, kind, picked):  # V D 6
        pool = (*pool, *bonus.dice)
    if kind == "ranged":
        pool = (
            *pool,
            *geometry.elevation_dice(state.board_pack.board, hero.area, state.area_of(target)),
        )
    run.emit(
        AttackRolled(
            seat=seat,
            attacker=hero.id,
            target=target,
            kind=kind,
            cubes=cubes,
            weapon=weapon,
            second=second,
            characteristic=-1,
            pool=pool,
            faces=dice.roll(pool, rng),
            lines=picked,
        )
    )
    # X Ambidexterity served with a second weapon: so did the cards that give it (V D 5, 6.4)
    skill = served(state, hero, "ambidexterity") if second else ()
    used_up(run, seat, hero.id, cards, skill)
    after_roll(run, seat, rng)
    return run.events


def after_roll(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """Straight on when the roller can reroll nothing."""
    roll = run.state.roll
    if roll is not None and not reroll_possible(run.state):
        if roll.purpose == "attack":
            attack_counted(run, seat, rng)
        else:
            defense_counted(run, seat, rng)


def attack_offers(state: GccState, seat: int) -> Iterator[Move]:
    """Every attack `attack_check` accepts, in its order. Passed over before the weapons, bonus
    lines and cubes are tried (the check refuses each of those attacks whatever they are, and
    the offers are asked after every move): a hero who may not act or has no cube in its reserve
    (`cube_spenders`), an attack kind the hero cannot make or whose space is full, a target out
    of that kind's reach. Given as they are found: asking whether a seat may act stops at the
    first attack."""
    for hero in cube_spenders(state, seat):
        weapons = [""] + [i for i in dict.fromkeys((*hero.items, *hero.gadgets))]
        pairs = [(w, "") for w in weapons]
        if skill_level(state, hero, "ambidexterity"):
            pairs += [(w, v) for w in weapons[1:] for v in weapons[1:]]
        for kind in KINDS:
            space = state.board_pack.hero(hero.id).space(kind)
            if space.die == UNABLE or hero.zones.on(kind) + 1 > space.limit:
                continue
            targets = [
                c.id
                for c in state.characters
                if c.area and out_of_reach(state, hero.id, c.id, kind) is None
            ]
            for weapon, second in pairs if targets else ():
                cards = tuple(c for c in (weapon, second) if c)
                for lines in bonus_choice.options(state, cards, kind):
                    extra = {"second": second, **lines} if second else lines
                    for target in targets:
                        yield from cube_offers(
                            state,
                            seat,
                            attack_check,
                            "attack",
                            hero=hero.id,
                            kind=kind,
                            weapon=weapon,
                            target=target,
                            **extra,
                        )


# ---- counting the attack, then the defense (VII) ---------------------------------------------


def attack_counted(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """V·C·1 [h] / V·C·2 [h]: the successes; a ranged attack less the hindering index."""
    state = run.state
    roll, fight = state.roll, state.fight
    assert roll is not None and fight is not None
    shown = dice.successes_shown(dict(state.board_pack.dice), roll.pool, roll.faces)
    hindering = 0
    if fight.kind == "ranged":
        area = state.area_of(fight.attacker)
        others = state.occupants(area, leaving_out=fight.attacker)
        hindering = geometry.action_hindering(state.side_of(fight.attacker), others)
    net = dice.net_successes(shown, fight.automatic, hindering)
    run.emit(AttackCounted(seat=seat, attacker=fight.attacker, successes=net, hindering=hindering))
    if not defense_asked(run.state):
        defense_unasked(run, rng)


def defense_unasked(run: Run[GccState], rng: random.Random) -> None:
    """The defense of the attack just counted that nobody is asked for (`defense_asked`), taken
    by the game: none when the attack scored no success (VII H, rules version 16), none at all
    for a defender unable to defend (IX E 4), else the defense with no cube (rules version 17;
    also `GothamCityChronicles.owed` at a head of earlier rules that asked for it)."""
    fight = run.state.fight
    assert fight is not None
    if fight.successes == 0:
        run.emit(NothingToDefend(seat=fight.defender_seat, defender=fight.target))
        check_now(run)
    elif _defense_space(run.state, fight.target)[0] == UNABLE:
        _no_defense(run, fight.defender_seat)
    else:
        _defend(run, fight.defender_seat, 0, rng)


def defense_asked(state: GccState) -> bool:
    """Whether the defender of the attack counted is asked for its defense: the attack scored
    a success (VII H, rules version 16), the defender can defend (IX E 4) and has cubes or
    bonus lines to choose from (else the game takes the defense at once, rules version 17)."""
    fight = state.fight
    assert fight is not None
    return (
        fight.successes > 0
        and _defense_space(state, fight.target)[0] != UNABLE
        and _defense_choice(state)
    )


def _no_defense(run: Run[GccState], seat: int) -> None:
    """IX E 4: a defender whose defense characteristic makes defending impossible does not defend
    at all (no cubes, automatic dice or successes, defense lines or rerolls): every success of the
    attack is a wound."""
    fight = run.state.fight
    assert fight is not None
    run.emit(DefenseImpossible(seat=seat, defender=fight.target, wounds=fight.successes))
    wound(run, seat, fight.target, fight.successes)
    check_now(run)


def _defense_space(state: GccState, defender: str) -> tuple[str, int, int, int]:
    """The defense characteristic, its limit, the cubes on it and the reserve."""
    if state.has_hero(defender):
        space = state.board_pack.hero(defender).defense
        zones = state.hero(defender).zones
    else:
        space = state.board_pack.command_post.defense
        zones = state.villain
    return space.die, space.limit, zones.on("defense"), zones.reserve


def _defense_choice(state: GccState) -> bool:
    """Whether the defender has cubes or bonus lines (V D 6) to choose from (else the defense
    goes on with none)."""
    fight = state.fight
    assert fight is not None
    if _cancelled_anyway(state):
        return False
    _, limit, on, reserve = _defense_space(state, fight.target)
    cards = _defense_cards(state, fight.target)
    return (
        min(limit - on, reserve) > 0
        or bool(weapon_choice.choosing(state, cards, "defense"))
        or bool(bonus_choice.counts(state, weapon_choice.kept(state, cards, ()), "defense"))
    )


def _cancelled_anyway(state: GccState) -> bool:
    """Whether a character's automatic defense successes (VI·A·2 [a] 5, VII G) already cancel
    every success of the attack (VII H), so that no cube spent could change the wounds (rules
    version 17): the defense goes on with none, as for a defender with no cube to spend."""
    fight = state.fight
    assert fight is not None
    if state.has_hero(fight.target):
        return False  # a hero's automatic defense is dice (VII D), never certain
    tile = state.board_pack.tile(state.character(fight.target).tile)
    return tile.automatic_defense >= fight.successes


def _defense_cards(state: GccState, defender: str) -> tuple[str, ...]:
    """The cards a defender's defense may take a line of: a hero's, none for a character."""
    return defense_cards(state, defender) if state.has_hero(defender) else ()


def defend_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    fight = state.fight
    if (
        fight is None
        or fight.successes < 0
        or state.roll is not None
        or fight.defender_seat != seat
    ):
        return reject("no_defense_due", "No defense of yours is due now.")
    cubes = move.get("cubes")
    _, limit, on, reserve = _defense_space(state, fight.target)
    if not isinstance(cubes, int) or isinstance(cubes, bool) or cubes < 0:
        return reject("bad_cubes", "Spend zero or more cubes on the defense.", "vii-b", "ix-c")
    if on + cubes > limit:
        return reject("exertion_limit", f"The defense space takes {limit} cubes.", "ix-i", "vii-b")
    if cubes > reserve:
        return reject("bad_cubes", "There are not that many cubes in the reserve.", "vii-b", "ix-c")
    carried = _defense_cards(state, fight.target)
    weapons, cards = weapon_choice.serving(state, carried, "defense", move)
    if weapons is None:
        return weapon_choice.check(state, carried, "defense", move)
    return bonus_choice.check(state, cards, "defense", move)


def defend_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    fight = state.fight
    assert fight is not None
    carried = _defense_cards(state, fight.target)
    weapons, cards = weapon_choice.serving(state, carried, "defense", move)
    sizes = bonus_choice.counts(state, cards, "defense")
    picked = bonus_choice.parsed(move.get("lines"), sizes) or ()
    _defend(run, seat, int(str(move.get("cubes"))), rng, picked, weapons or ())
    return run.events


def _defend(
    run: Run[GccState],
    seat: int,
    cubes: int,
    rng: random.Random,
    picked: tuple[int, ...] = (),
    weapons: tuple[str, ...] = (),
) -> None:
    """VII B-E: the cubes' dice and a hero's automatic defense dice, rolled (with the defense
    line of each card, as chosen, V D 6; of one weapon of each type, as chosen, V D)."""
    state = run.state
    fight = state.fight
    assert fight is not None
    die = _defense_space(state, fight.target)[0]
    pool = dice.characteristic_pool(die, cubes) or ()
    if state.has_hero(fight.target):
        pool = (*pool, *state.board_pack.hero(fight.target).automatic_defense)
        for bonus in defense_bonuses(state, fight.target, picked, weapons):
            pool = (*pool, *bonus.dice)
    run.emit(
        DefenseRolled(
            seat=seat,
            defender=fight.target,
            cubes=cubes,
            pool=pool,
            faces=dice.roll(pool, rng),
            lines=picked,
            weapons=weapons,
        )
    )
    after_roll(run, seat, rng)


def defense_cards(state: GccState, hero_id: str) -> tuple[str, ...]:
    """The usable cards the hero carries with a defense bonus line."""
    hero = state.hero(hero_id)
    return tuple(
        i
        for i in (*hero.items, *hero.gadgets)
        if usable(state, hero, i) and dice.bonus_lines(state.board_pack.item(i), "defense")
    )


def defense_lines(
    state: GccState, hero_id: str, picked: tuple[int, ...] = (), weapons: tuple[str, ...] = ()
) -> tuple[tuple[str, Bonus], ...]:
    """V D 6: the defense bonus line of each usable item the hero carries, with its card (one
    line a card: the one chosen where a card has several), identical tool bonuses not combined
    (V D item types, rules version 22), nor the bonuses of several weapons of one type: one
    weapon of each serves, the one `weapons` chooses (V D item types, rules version 23)."""
    cards = weapon_choice.kept(state, defense_cards(state, hero_id), weapons)
    return uncombined(state, bonus_choice.applied(state, cards, "defense", picked))


def defense_bonuses(
    state: GccState, hero_id: str, picked: tuple[int, ...] = (), weapons: tuple[str, ...] = ()
) -> tuple[Bonus, ...]:
    return tuple(b for _, b in defense_lines(state, hero_id, picked, weapons))


def defense_counted(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """VII G-H: the defense's successes with a tile's automatic ones; the wounds that are left."""
    state = run.state
    roll, fight = state.roll, state.fight
    assert roll is not None and fight is not None
    shown = dice.successes_shown(dict(state.board_pack.dice), roll.pool, roll.faces)
    if state.has_hero(fight.target):
        lines = defense_bonuses(state, fight.target, roll.lines, roll.weapons)
        automatic = sum(b.successes for b in lines)
    else:
        automatic = state.board_pack.tile(state.character(fight.target).tile).automatic_defense
    defense = dice.net_successes(shown, automatic)
    wounds = dice.wounds(fight.successes, defense)
    run.emit(DefenseCounted(seat=seat, defender=fight.target, successes=defense, wounds=wounds))
    if state.has_hero(fight.target):  # the cards whose lines served (V D 5)
        gave = defense_lines(state, fight.target, roll.lines, roll.weapons)
        used_up(run, seat, fight.target, tuple(card for card, _ in gave))
    wound(run, seat, fight.target, wounds)
    check_now(run)


def defend_offers(state: GccState, seat: int) -> list[Move]:
    fight = state.fight
    if fight is None:
        return []
    cards = _defense_cards(state, fight.target)
    return [
        move
        for weapons in weapon_choice.options(state, cards, "defense")
        for lines in bonus_choice.options(
            state, weapon_choice.kept(state, cards, tuple(weapons.values())), "defense"
        )
        for cubes in range(MAX_CUBES + 1)
        for move in (Move.of("defend", cubes=cubes, **weapons, **lines),)
        if defend_check(state, seat, move) is None
    ]


def defend_label(state: GccState, seat: int, move: Move) -> str:
    """ "Defend with 1 cube", with the weapon chosen where two of one type could serve (V D)
    and the defense lines chosen (V D 6) where a card has several."""
    fight = state.fight
    cards = _defense_cards(state, fight.target) if fight is not None else ()
    kept = weapon_choice.serving(state, cards, "defense", move)[1]
    chosen = weapon_choice.words(state, cards, "defense", move)
    chosen += bonus_choice.words(state, kept, "defense", move)
    return f"Defend with {counted_or_none(int(str(move.get('cubes'))), 'cube')}{chosen}"


# ---- a character attacks (VI·D·1, VI·D·2) ------------------------------------------------------


def attack_label(state: GccState, seat: int, move: Move) -> str:
    named = name(state, str(move.get("target")))
    if move.type == "character_attack":
        kind = str(move.get("kind"))
        way = declared_with(state, kind, move.get("characteristic"))
        return f"{kind.capitalize()} attack on {named}{way}"
    hero = state.board_pack.hero(str(move.get("hero"))).name
    weapon = str(_weapon(move))
    with_weapon = f" with {state.board_pack.item_called(weapon)}" if weapon else ""
    second = str(_second(move))
    if second:
        with_weapon += f" and {state.board_pack.item_called(second)}"
    cubes = counted_or_none(int(str(move.get("cubes"))), "cube")
    chosen = bonus_choice.words(state, _cards(move), str(move.get("kind")), move)
    return f"{hero}: {move.get('kind')} attack on {named}{with_weapon}, {cubes}{chosen}"
