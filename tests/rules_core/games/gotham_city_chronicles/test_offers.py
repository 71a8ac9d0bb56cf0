"""Every move type's offers against plain enumeration (moves.py, and the offers it wraps).

The offers are pruned for speed (`movement.cube_spenders`, `skills._skilled`, an attack kind
passed over whole, targets out of reach found once, `manipulation.cube_offers` stopping at the
first count refused, the villain's candidates, `moves._out_of_turn_now`): each skip copies a
check's refusal, so a rule that later lets such a case through would go missing from the offers
without any other test noticing. Here, over states reached by random legal play at 2 to 4
seats, for every seat and every move type, the moves offered are compared with the candidates
of the type's declared parameters, taken over their whole range from the state and the pack,
that the book accepts: its precheck, then the type's own check. (`MoveBook.refusal` adds a form
check that reads the offers themselves, so it would refuse every candidate of a type whose
offers went missing; every candidate here is in a form its type is offered in: an optional
parameter left out or given, never blank, `weapon` "" for bare hands.)

The candidates' range, parameter by parameter (`ranges`, `_domain`): every hero (whatever its
seat), every character (on the board or not), every miniature as a target, every area, every
item of the pack, every tile of the pack and of the river, every mission action, event and
upkeep or turn effect, both stances and both attack kinds, cubes from 0 to one past the largest
exertion limit of the pack's spaces, every characteristic index from -1 to one past the pack's
most, every die of the roll and one past it, every set of up to three of them and the dice
picked so far, paid or free. Bounded, as the offers themselves are: an attack's `weapon` and
`second` and a weapon choice (`melee`, `ranged`) range over the cards the named hero (the
defender, for a defense) carries, items and bat-gadgets, not every card of the pack (a card not
carried is refused by every check that takes one, test_weapons.py; with the whole pack the
product is too slow to run); `lines` is left out or names one or two places below the pack's
largest number of lines of one icon on a card, and is only left out where no card has two (the
reference pack: bonus_choice.check refuses any place then, test_bonus_lines.py).

Accepted and not offered, by design (`_legacy`, left out of the comparison): a paid reroll of
several dice and a free reroll of dice not picked one at a time (rules version 25 offers a die
at a time; an older log's moves are still taken).

The heroes' actions step between moves reads the offers too: `heroes_rest` ends a seat whose
one move is finishing (`_nothing_to_do`), `heroes_reopened` asks a finished seat again when it
has an action (`_has_an_action`); both are compared with the same plain answer, in each
state and, for each finished seat, in the state with that seat asked again.

The enumeration is slow (some 3,000 checks a seat in the heroes' actions), so a few seconds
compare a few dozen states: one in EVERY along the play, and each where a skip's edge is
reached (`_at_an_edge`: a hero with one cube or none left, an attack space with room for one),
at most COMPARED from each set-up. Made too strict, `cube_spenders` passing over a hero with one
cube, or an attack kind passed over with room for one cube, fails this test.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from rules_core.engine import fold
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import JSON, Move, Rejection, Scalar
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles import dice
from rules_core.games.gotham_city_chronicles.combat import KINDS
from rules_core.games.gotham_city_chronicles.effect_order import triggers
from rules_core.games.gotham_city_chronicles.heroes_actions import (
    NOT_ACTIONS,
    _has_an_action,
    _nothing_to_do,
)
from rules_core.games.gotham_city_chronicles.heroes_turn import STANCES
from rules_core.games.gotham_city_chronicles.mission import TURN_STEPS
from rules_core.games.gotham_city_chronicles.movement import hero_may_act
from rules_core.games.gotham_city_chronicles.moves import MOVES, may_act, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState, HeroState

ABSENT = object()  # a parameter left out of the candidate
SPACES = ("melee", "ranged", "manipulation", "thought", "defense")
ICONS = ("melee", "ranged", "defense", "manipulation", "thought", "attraction", "blast")
MOVES_A_GAME = 60  # moves of random play from each set-up
# the moves that end a step: random play takes another mostly, so the heroes spend their cubes
# down to their last ones and the villain activates its characters
ENDINGS = frozenset({"finish", "end_villain_turn", "end_activation", "end_character", "keep"})
KEEP_ACTING = 0.9
COMPARED = 12  # states compared at most from each set-up
EVERY = 25  # the states compared: one in EVERY along the play (the enumeration is slow)
GAMES = [(players, 1) for players in (2, 3, 4)]


def _lines(state: GccState) -> tuple[object, ...]:
    """`lines` left out, or one or two places below the most lines of one icon on a card (none
    where no card has a choice)."""
    most = max(
        len(dice.bonus_lines(item, icon)) for item in state.board_pack.items for icon in ICONS
    )
    if most < 2:
        return (ABSENT,)
    places = [str(p) for p in range(most)]
    named = [",".join(p) for n in (1, 2) for p in itertools.product(places, repeat=n)]
    return (ABSENT, *named)


def _dice(state: GccState) -> tuple[str, ...]:
    """Every set of up to three dice of the roll, and the dice picked so far as one set."""
    roll = state.roll
    if roll is None:
        return ("0",)
    sets = [c for n in (1, 2, 3) for c in itertools.combinations(range(len(roll.pool) + 1), n)]
    sets.append(tuple(sorted(roll.picked)))
    return tuple(dict.fromkeys(",".join(str(i) for i in s) for s in sets if s))


def _most_cubes(state: GccState) -> int:
    """The largest exertion limit of a space cubes are spent on (no check takes more)."""
    pack = state.board_pack
    post = pack.command_post
    spaces = [pack.hero(h.id).space(k) for h in state.heroes for k in SPACES]
    return max(s.limit for s in (*spaces, post.defense, post.reroll, post.movement))


def _characteristics(state: GccState) -> range:
    ways = [
        len(tile.characteristics(kind))
        for tile in state.board_pack.tiles
        for kind in ("melee", "ranged", "manipulation", "thought")
    ]
    return range(-1, max(ways) + 2)


def _carried(state: GccState, hero: Scalar) -> tuple[str, ...]:
    if not isinstance(hero, str) or not state.has_hero(hero):
        return ()
    held = state.hero(hero)
    return tuple(dict.fromkeys((*held.items, *held.gadgets)))


def ranges(state: GccState) -> dict[str, tuple[object, ...]]:
    """The values each parameter takes in the state, but those that depend on the hero named
    (`_domain`); ABSENT: left out."""
    pack = state.board_pack
    heroes = tuple(h.id for h in state.heroes)
    steps = ("upkeep", *TURN_STEPS)
    effects = [t.id for step in steps for t in triggers(pack.mission, step)]
    return {
        "hero": heroes,
        "from": heroes,
        "to": tuple(pack.board.area_ids),
        "area": tuple(pack.board.area_ids),
        "character": tuple(c.id for c in state.characters),
        "target": heroes + tuple(c.id for c in state.characters),
        "item": tuple(i.id for i in pack.items),
        "tile": tuple(dict.fromkeys((*(t.id for t in pack.tiles), *state.river, *state.face_down))),
        "action": tuple(a.id for a in pack.mission.actions),
        "event": tuple(e.id for e in pack.mission.events),
        "effect": tuple(
            dict.fromkeys((*effects, *(state.ordering.effects if state.ordering else ())))
        ),
        "stance": STANCES,
        "kind": KINDS,
        "cubes": tuple(range(_most_cubes(state) + 2)),
        "characteristic": tuple(_characteristics(state)),
        "lines": _lines(state),
        "dice": _dice(state),
        "paid": (True, False),
        "die": tuple(range(len(state.roll.pool) + 1 if state.roll else 1)),
    }


def _domain(
    state: GccState,
    ranged: dict[str, tuple[object, ...]],
    rule: str,
    param: str,
    chosen: dict[str, Scalar],
) -> tuple[object, ...]:
    """The values a candidate of `rule` takes for `param`, the parameters before it `chosen`."""
    if param == "to" and rule == "give":
        return ranged["hero"]
    if param == "weapon":
        return ("", *_carried(state, chosen.get("hero")))
    if param in ("second", "melee", "ranged"):
        if rule == "defend" and state.fight is not None and state.has_hero(state.fight.target):
            return (ABSENT, *_carried(state, state.fight.target))
        return (ABSENT, *_carried(state, chosen.get("hero")))
    return ranged[param]


def candidates(
    state: GccState, rule: MoveRule[GccState], ranged: dict[str, tuple[object, ...]]
) -> Iterator[Move]:
    """Every candidate of the type over its parameters' whole range (`ranges`, `_domain`)."""
    names = rule.params
    heroes: tuple[object, ...] = ranged["hero"] if "hero" in names else (ABSENT,)
    for hero in heroes:
        chosen: dict[str, Scalar] = {} if hero is ABSENT else {"hero": str(hero)}
        domains = [
            (str(hero),) if name == "hero" else _domain(state, ranged, rule.name, name, chosen)
            for name in names
        ]
        for values in itertools.product(*domains):
            params = [(n, v) for n, v in zip(names, values, strict=True) if v is not ABSENT]
            yield Move(rule.name, tuple(sorted(params)))  # type: ignore[arg-type]


def _legacy(state: GccState, move: Move) -> bool:
    """A move the book still takes that today's rules do not offer (module doc)."""
    if move.type != "reroll":
        return False
    several = "," in str(move.get("dice"))
    picked = state.roll is not None and bool(state.roll.picked)
    return (move.get("paid") is True and several) or (move.get("paid") is False and not picked)


def accepted(
    state: GccState, seat: int, rule: MoveRule[GccState], ranged: dict[str, tuple[object, ...]]
) -> set[Move]:
    """The candidates of the type the book's precheck and the type's check accept."""
    if MOVES.precheck(state, seat) is not None:
        return set()
    return {
        move
        for move in candidates(state, rule, ranged)
        if rule.check(state, seat, move) is None and not _legacy(state, move)
    }


def _states(players: int, seed: int) -> Iterator[GccState]:
    """States random legal play passes through from a set-up (a move of a seat the game waits
    for or, at times, a drop of one that may make it; mostly not a move ending a step): one in
    EVERY, and every one at an edge (`_at_an_edge`)."""
    rng = random.Random(seed)
    options: dict[str, JSON] = {}
    state = fold(GAME, GAME.setup(players, options, random.Random(seed)), GAME.initial_state())
    compared = 0
    for step in range(MOVES_A_GAME):
        if GAME.outcome(state) is not None or compared == COMPARED:
            return
        if step % EVERY == 0 or _at_an_edge(state):
            compared += 1
            yield state
        seats = sorted(to_act(state) | may_act(state))
        seat = rng.choice(seats)
        moves = GAME.legal_moves(state, seat)
        acting = [m for m in moves if m.type not in ENDINGS] or moves
        move = rng.choice(acting if rng.random() < KEEP_ACTING else moves)
        events = GAME.decide(state, seat, move, random.Random(step))
        assert isinstance(events, list)
        state = fold(GAME, events, state)


def _at_an_edge(state: GccState) -> bool:
    """A hero who may act with one cube or none left, or room for one cube only in an attack
    space: where the offers' skips (`cube_spenders`, an attack kind passed over) begin."""
    return any(
        (hero.zones.reserve <= 1 or any(_room(state, hero, kind) == 1 for kind in KINDS))
        and not isinstance(hero_may_act(state, hero.seat, hero.id), Rejection)
        for hero in state.heroes
    )


def _room(state: GccState, hero: HeroState, space: str) -> int:
    return state.board_pack.hero(hero.id).space(space).limit - hero.zones.on(space)


def _plain_any(state: GccState, seat: int, leaving_out: tuple[str, ...]) -> bool:
    """Whether plain enumeration finds a move the book accepts of the seat, of a type other
    than those left out (the first one found answers)."""
    if MOVES.precheck(state, seat) is not None:
        return False
    ranged = ranges(state)
    return any(
        rule.check(state, seat, move) is None and not _legacy(state, move)
        for rule in MOVES.rules
        if rule.name not in leaving_out
        for move in candidates(state, rule, ranged)
    )


def _plain_nothing_to_do(state: GccState) -> int | None:
    """`heroes_rest`'s seat from plain enumeration: the first seat waited for (those whose
    heroes all rest first) whose one accepted move is finishing."""
    if state.winner or state.flow.phase != "heroes" or state.flow.step != "actions":
        return None
    waiting = sorted(to_act(state) - {VILLAIN_SEAT}, key=lambda s: not state.all_resting(s))
    finish = MOVES.rule("finish")
    assert finish is not None
    return next(
        (
            s
            for s in waiting
            if MOVES.precheck(state, s) is None
            and finish.check(state, s, Move.of("finish")) is None
            and not _plain_any(state, s, ("finish",))
        ),
        None,
    )


def _asked(state: GccState, seat: int) -> GccState:
    """The state with a finished seat asked again (as `heroes_reopened` would ask it)."""
    return updated(state, done=tuple(s for s in state.done if s != seat))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_offers_are_the_moves_plain_enumeration_finds(players: int, seed: int) -> None:
    for state in _states(players, seed):
        ranged = ranges(state)
        for seat in range(players):
            for rule in MOVES.rules:
                offered = (
                    list(rule.offers(state, seat)) if MOVES.precheck(state, seat) is None else []
                )
                found = accepted(state, seat, rule, ranged)
                assert set(offered) == found, (rule.name, seat, set(offered) ^ found)
                assert len(offered) == len(set(offered))
        assert _nothing_to_do(state) == _plain_nothing_to_do(state)
        for seat in state.done:
            asked = _asked(state, seat)
            assert _has_an_action(state, seat) == _plain_any(asked, seat, NOT_ACTIONS)
            assert _nothing_to_do(asked) == _plain_nothing_to_do(asked)
