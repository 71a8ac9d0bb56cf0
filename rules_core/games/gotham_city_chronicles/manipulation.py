"""A hero's manipulations and thoughts (V·C·3, V·C·4): the complex ones the mission allows
(cubes, dice, tool bonuses, rerolls, successes less hindering against the difficulty) and the
automatic ones of item management (V·D·1: picking up; dropping, which is no action)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import counted_or_none, possessive
from rules_core.games.gotham_city_chronicles import bonus_choice, dice, geometry
from rules_core.games.gotham_city_chronicles.events import (
    ComplexActionResolved,
    ComplexActionRolled,
    ItemDropped,
    ItemPickedUp,
    ItemUsedUp,
    MissionActionDone,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.figures import UNABLE, Bonus
from rules_core.games.gotham_city_chronicles.mission import MissionAction
from rules_core.games.gotham_city_chronicles.movement import (
    cube_spenders,
    encumbrance,
    hero_may_act,
)
from rules_core.games.gotham_city_chronicles.refusals import (
    not_carried,
    pending,
    reject,
    unknown_hero,
)
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.special_rules import carry_out, check_now
from rules_core.games.gotham_city_chronicles.state import GccState, HeroState, Sequel

MORAL_CODE = "Moral Code"  # V D use restriction: the trait the icon names
MAX_CUBES = 10  # an exertion limit is at most 10 (content.NUMBER_RANGES)


def cube_offers(
    state: GccState,
    seat: int,
    check: Callable[[GccState, int, Move], Rejection | None],
    move_type: str,
    /,
    **params: str,
) -> list[Move]:
    """The moves of type `move_type` with `params` and one cube or more that `check` accepts. The
    checks refuse more cubes wherever they refuse fewer (only the space's room and the reserve
    bound the count), so the first refused count ends the list: the legal moves at a tenth of
    the checks."""
    found = []
    for cubes in range(1, MAX_CUBES + 1):
        move = Move.of(move_type, cubes=cubes, **params)
        if check(state, seat, move) is not None:
            break
        found.append(move)
    return found


def automatic_refusal(
    state: GccState, hero: HeroState, space: str = "manipulation"
) -> Rejection | None:
    """V·C·3 [b] ii (V·C·4 for a thought): why the hero cannot spend the one cube of an
    automatic manipulation now: its characteristic makes the action impossible (IX E 4), the
    space is saturated (IX I) or the reserve is empty (IX C)."""
    board = state.board_pack.hero(hero.id)
    if board.space(space).die == UNABLE:
        action = "v-c-3-b" if space == "manipulation" else "v-c-4"
        return reject("cannot_act", f"{board.name} cannot perform a {space}.", "ix-e", action)
    step = _SPENDING[space, False]
    if hero.zones.on(space) >= board.space(space).limit:
        return reject("exertion_limit", f"The {space} space is saturated.", "ix-i", step)
    if not hero.zones.reserve:
        return reject(
            "bad_cubes", f"An automatic {space} needs one cube from the reserve.", step, "ix-c"
        )
    return None


# where a manipulation's or a thought's cubes are spent, (action, complex) -> section: a thought
# follows the manipulation's steps (V·C·4), so its refusals cite its own section
# where each kind of action is declared, saying which the mission allows (V·C·3, V·C·4)
_DECLARING = {
    ("manipulation", True): "v-c-3-a-i",
    ("manipulation", False): "v-c-3-b-i",
    ("thought", True): "v-c-4.complex-thought",
    ("thought", False): "v-c-4.automatic-thought",
}
_SPENDING = {
    ("manipulation", True): "v-c-3-a-ii",
    ("manipulation", False): "v-c-3-b-ii",
    ("thought", True): "v-c-4.complex-thought",
    ("thought", False): "v-c-4.automatic-thought",
}


def usable(state: GccState, hero: HeroState, item_id: str) -> bool:
    """V D 5: only the named hero benefits; the Moral Code icon bars heroes with that trait."""
    item = state.board_pack.item(item_id)
    board = state.board_pack.hero(hero.id)
    if item.user and item.user != hero.id:
        return False
    return not (item.moral_code and board.trait == MORAL_CODE)


def tool_items(state: GccState, hero: HeroState, when: str) -> tuple[str, ...]:
    """The usable tool cards the hero carries with a bonus line for the action, copies apart, in
    the order carried (the cards a move's `lines` chooses among, bonus_choice)."""
    return tuple(
        item_id
        for item_id in (*hero.items, *hero.gadgets)
        if state.board_pack.item(item_id).type == "tool"
        and usable(state, hero, item_id)
        and dice.bonus_lines(state.board_pack.item(item_id), when)
    )


def tool_cards(
    state: GccState, hero: HeroState, when: str, picked: tuple[int, ...] = ()
) -> tuple[tuple[str, Bonus], ...]:
    """V·C·3 [a] iv, V D: every usable tool's bonus line for the action (the one the hero chose
    on a card with several, V D 6), with its card; identical tool bonuses are not combined."""
    return uncombined(
        state, bonus_choice.applied(state, tool_items(state, hero, when), when, picked)
    )


def uncombined(
    state: GccState, lines: Iterable[tuple[str, Bonus]]
) -> tuple[tuple[str, Bonus], ...]:
    """V D (item types, tools): the bonus lines applied, each with its card, less a tool card's
    line identical to one an earlier tool card gives: a hero cannot combine identical tool
    bonuses, in an action, a defense or a skill's level alike (rules version 22; before, only
    a manipulation's and a thought's were kept apart). The card left out gives nothing, so a
    single-use one stays (V D 5)."""
    found: list[tuple[str, Bonus]] = []
    for card, bonus in lines:
        tool = state.board_pack.item(card).type == "tool"
        if tool and any(bonus == b and state.board_pack.item(c).type == "tool" for c, b in found):
            continue
        found.append((card, bonus))
    return tuple(found)


def tool_bonuses(
    state: GccState, hero: HeroState, when: str, picked: tuple[int, ...] = ()
) -> tuple[Bonus, ...]:
    return tuple(b for _, b in tool_cards(state, hero, when, picked))


def used_up(run: Run[GccState], seat: int, hero_id: str, *served: tuple[str, ...]) -> None:
    """V D 5: a card with the single-use icon leaves the game once a bonus of it has served:
    each card that served, copies apart, so two copies of one that both served both go (rules
    version 22; before, a move's cards were counted once by name and one copy stayed). The
    cards of one move may come in several groups (an attack's weapons, then the cards giving
    its Ambidexterity): a card named in more than one group served once."""
    counts: Counter[str] = Counter()
    for group in served:
        counts |= Counter(group)
    for card, times in counts.items():
        for _ in range(times):
            hero = run.state.hero(hero_id)
            if card in (*hero.items, *hero.gadgets) and run.state.board_pack.item(card).single_use:
                run.emit(ItemUsedUp(seat=seat, hero=hero_id, item=card))


def _action(state: GccState, action_id: object, side: str = "heroes") -> MissionAction | None:
    actions = state.board_pack.mission.actions
    return next((a for a in actions if a.id == action_id and a.side == side), None)


def complex_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    action = _action(state, move.get("action"))
    if action is None or not action.complex:
        return reject("no_mission_action", "The mission gives the heroes no such action.")
    token = state.token(action.token)
    if hero.area != token.area or token.state != action.state:
        return reject(
            "no_mission_action",
            f"{action.name} is not possible here and now.",
            "i",
            _DECLARING[action.action, action.complex],
        )
    space = state.board_pack.hero(hero.id).space(action.action)
    if space.die == UNABLE:
        named = state.board_pack.hero(hero.id).name
        return reject("cannot_act", f"{named} cannot perform this {action.action}.")
    step = _SPENDING[action.action, True]
    cubes = move.get("cubes")
    if not isinstance(cubes, int) or isinstance(cubes, bool) or not 1 <= cubes <= MAX_CUBES:
        return reject("bad_cubes", "Spend at least one cube on a complex action.", step, "ix-c")
    if hero.zones.on(action.action) + cubes > space.limit:
        return reject(
            "exertion_limit", f"The {action.action} space takes {space.limit} cubes.", "ix-i", step
        )
    if cubes > hero.zones.reserve:
        return reject("bad_cubes", "There are not that many cubes in the reserve.", step, "ix-c")
    return bonus_choice.check(state, tool_items(state, hero, action.action), action.action, move)


def _picked(state: GccState, hero: HeroState, when: str, move: Move) -> tuple[int, ...]:
    """The bonus lines a checked move chose (V D 6) for the hero's tools."""
    sizes = bonus_choice.counts(state, tool_items(state, hero, when), when)
    return bonus_choice.parsed(move.get("lines"), sizes) or ()


def complex_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = state.hero(str(move.get("hero")))
    action = _action(state, move.get("action"))
    assert action is not None
    cubes = int(str(move.get("cubes")))
    space = state.board_pack.hero(hero.id).space(action.action)
    pool = dice.characteristic_pool(space.die, cubes) or ()
    picked = _picked(state, hero, action.action, move)
    for _, bonus in tool_cards(state, hero, action.action, picked):
        pool = (*pool, *bonus.dice)
    run.emit(
        ComplexActionRolled(
            seat=seat,
            figure=hero.id,
            action=action.id,
            space=action.action,
            cubes=cubes,
            pool=pool,
            faces=dice.roll(pool, rng),
            lines=picked,
        )
    )
    if not reroll_possible(run.state):
        resolve(run, seat, rng)
    return run.events


def resolve(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """V·C·3 [a] vii-ix: the successes (with tools' automatic ones) less the hindering of the
    hero's area, against the difficulty; on success the mission's effects."""
    roll = run.state.roll
    assert roll is not None
    state = run.state
    if state.has_hero(roll.figure):
        side, area = "heroes", state.hero(roll.figure).area
        hero = state.hero(roll.figure)
        automatic = sum(b.successes for b in tool_bonuses(state, hero, roll.space, roll.lines))
    else:  # VI·D·3 [a]: a character's complex manipulation or thought
        tile = state.board_pack.tile(state.character(roll.figure).tile)
        side, area, automatic = tile.side, state.character(roll.figure).area, 0
    action = _action(state, roll.action, "heroes" if side == "heroes" else "villain")
    assert action is not None
    shown = dice.successes_shown(dict(state.board_pack.dice), roll.pool, roll.faces)
    others = state.occupants(area, leaving_out=roll.figure)
    hindering = geometry.action_hindering(side, others)
    net = dice.net_successes(shown, automatic, hindering)
    succeeded = dice.complex_succeeds(net, action.difficulty)
    run.emit(
        ComplexActionResolved(
            seat=seat,
            figure=roll.figure,
            action=action.id,
            successes=net,
            hindering=hindering,
            difficulty=action.difficulty,
            succeeded=succeeded,
            hero=side == "heroes",
        )
    )
    if state.has_hero(roll.figure):
        held = tool_cards(state, state.hero(roll.figure), roll.space, roll.lines)
        cards = tuple(c for c, _ in held)
        used_up(run, seat, roll.figure, cards)
    if succeeded and carry_out(run, rng, Sequel("action", seat, action.id, roll.figure)):
        return  # a roll of the effect waits for its reroll step (area_rolls.py goes on)
    check_now(run)


def complex_offers(state: GccState, seat: int) -> list[Move]:
    """Every complex action `complex_check` accepts, for the heroes who may spend a cube
    (`cube_spenders`: the check refuses the others any)."""
    found = []
    for hero in cube_spenders(state, seat):
        for action in state.board_pack.mission.actions:
            cards = tool_items(state, hero, action.action)
            for lines in bonus_choice.options(state, cards, action.action):
                found += cube_offers(
                    state,
                    seat,
                    complex_check,
                    "complex_action",
                    hero=hero.id,
                    action=action.id,
                    **lines,
                )
    return found


def complex_label(state: GccState, seat: int, move: Move) -> str:
    action = _action(state, move.get("action"))
    name = action.name if action is not None else str(move.get("action"))
    hero_id = str(move.get("hero"))
    hero = state.board_pack.hero(hero_id).name
    chosen = ""
    if action is not None and state.has_hero(hero_id):
        cards = tool_items(state, state.hero(hero_id), action.action)
        chosen = bonus_choice.words(state, cards, action.action, move)
    return f"{hero}: {name} with {counted_or_none(int(str(move.get('cubes'))), 'cube')}{chosen}"


# ---- item management (V·D·1) -----------------------------------------------------------------


def pick_up_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    item = move.get("item")
    if (item, hero.area) not in state.ground:
        named = state.board_pack.hero(hero.id).name
        return reject("no_such_item", f"There is no such equipment in {possessive(named)} area.")
    board = state.board_pack.hero(hero.id)
    if not board.carries(encumbrance(state, hero) + state.board_pack.item(str(item)).weight):
        return reject("too_encumbered", f"{board.name} would exceed the maximum encumbrance.")
    return automatic_refusal(state, hero)


def pick_up_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(ItemPickedUp(seat=seat, hero=str(move.get("hero")), item=str(move.get("item"))))
    check_now(run)
    return run.events


def pick_up_offers(state: GccState, seat: int) -> list[Move]:
    return [
        move
        for hero in state.heroes
        for item, area in dict.fromkeys(state.ground)
        if area == hero.area
        for move in (Move.of("pick_up", hero=hero.id, item=item),)
        if pick_up_check(state, seat, move) is None
    ]


def drop_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero_id = move.get("hero")
    if not isinstance(hero_id, str) or not state.has_hero(hero_id):
        return unknown_hero(hero_id)
    hero = state.hero(hero_id)
    if hero.seat != seat:
        return reject("not_your_hero", "That hero is played from another seat.")
    busy = pending(state)
    if busy is not None:
        return busy
    return not_carried(hero, move.get("item"), state.board_pack.hero(hero.id).name)


def drop_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    return [ItemDropped(seat=seat, hero=str(move.get("hero")), item=str(move.get("item")))]


def drop_offers(state: GccState, seat: int) -> list[Move]:
    return [
        move
        for h in state.heroes
        if h.seat == seat and state.flow.phase in ("heroes", "villain")  # V·D·1 [f]: any time
        for i in dict.fromkeys(h.items)
        for move in (Move.of("drop", hero=h.id, item=i),)
        if drop_check(state, seat, move) is None
    ]


def item_label(state: GccState, seat: int, move: Move) -> str:
    hero = state.board_pack.hero(str(move.get("hero"))).name
    item_id = str(move.get("item"))
    verb = "picks up" if move.type == "pick_up" else "drops"
    return f"{hero} {verb} {state.board_pack.item_called(item_id)}"


# ---- automatic manipulations and thoughts the mission gives the heroes (V·C·3 [b], V·C·4) ----


def automatic_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    action = _action(state, move.get("action"))
    if action is None or action.complex:
        return reject("no_mission_action", "The mission gives the heroes no such action.")
    token = state.token(action.token)
    if hero.area != token.area or token.state != action.state:
        return reject(
            "no_mission_action",
            f"{action.name} is not possible here and now.",
            "i",
            _DECLARING[action.action, action.complex],
        )
    return automatic_refusal(state, hero, action.action)


def automatic_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = state.hero(str(move.get("hero")))
    action = _action(state, move.get("action"))
    assert action is not None
    run.emit(MissionActionDone(seat=seat, figure=hero.id, action=action.id, cubes=1))
    if not carry_out(run, rng, Sequel("action", seat, action.id, hero.id)):
        check_now(run)
    return run.events


def automatic_offers(state: GccState, seat: int) -> list[Move]:
    return [
        move
        for hero in state.heroes
        if hero.seat == seat
        for action in state.board_pack.mission.actions
        for move in (Move.of("mission_action", hero=hero.id, action=action.id),)
        if automatic_check(state, seat, move) is None
    ]


def automatic_label(state: GccState, seat: int, move: Move) -> str:
    action = _action(state, move.get("action"))
    name = action.name if action is not None else str(move.get("action"))
    return f"{state.board_pack.hero(str(move.get('hero'))).name}: {name}"
