"""Pure questions about a board: moves and their costs, hindering, over-occupation, distance,
lines of sight, melee reach and where a missed throw lands (III, V·C·5, IX H-N)."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules_core.games.gotham_city_chronicles.board import Board

SIMPLE = "simple"  # V·C·5 [d]: across a white or orange boundary
FALL_DIE = "yellow"  # V·C·5 [i]: a fall rolls yellow dice, one per level
ELEVATION_DIE = "yellow"  # V·C·2 [e], VI·D·2 [c]: shooting down adds a yellow die


@dataclass(frozen=True, slots=True)
class Occupant:
    """A miniature as hindering and occupation count it (IX M, IX N, IX H)."""

    side: str  # heroes | villain | neutral
    size: int
    menace: int


@dataclass(frozen=True, slots=True)
class MoveKind:
    """The type of a move between two areas (V·C·5 [d]): simple, or a special one's kind and
    level."""

    kind: str  # simple | fall | jump | climb
    level: int = 0


def enemies(side: str, other: str) -> bool:
    """IX M: miniatures of the opposite sides (heroes and villain) are enemies. Reference: a
    neutral miniature is neither enemy nor ally of anyone (README)."""
    return {side, other} == {"heroes", "villain"}


def allies(side: str, other: str) -> bool:
    """IX M: miniatures of the same side are allies."""
    return side == other and side != "neutral"


def move_kind(board: Board, start: str, destination: str) -> MoveKind | None:
    """The move from `start` to `destination`, if the board allows one (V·C·5 [d])."""
    boundary = board.boundary(start, destination)
    if boundary is not None and boundary.adjacent:
        return MoveKind(SIMPLE)
    special = board.special(start, destination)
    if special is not None:
        return MoveKind(special.kind, special.level)
    return None


def move_hindering(mover: str, others: Iterable[Occupant]) -> int:
    """IX N: the hindering index of a move, from the area left: the size of the enemies there
    minus the size of the allies there (the mover not among `others`), at least 0."""
    total = 0
    for other in others:
        if enemies(mover, other.side):
            total += other.size
        elif allies(mover, other.side):
            total -= other.size
    return max(total, 0)


def action_hindering(actor: str, others: Iterable[Occupant]) -> int:
    """IX N: the hindering index of a ranged attack, complex manipulation or complex thought:
    the menace of the enemies in the action's area minus that of the allies, at least 0."""
    total = 0
    for other in others:
        if enemies(actor, other.side):
            total += other.menace
        elif allies(actor, other.side):
            total -= other.menace
    return max(total, 0)


def move_cost(kind: MoveKind, hindering: int, difficult: int) -> int:
    """V·C·5 [e]: one move point, plus the level of a jump or a climb, plus the hindering index
    and the total difficult terrain level of the start area (IX P)."""
    level = kind.level if kind.kind in ("jump", "climb") else 0
    return 1 + level + max(hindering, 0) + max(difficult, 0)


def cubes_to_buy(missing: int, multiplier: int) -> int:
    """V·C·5 [f]: the cubes that buy `missing` move points, `multiplier` points a cube."""
    return 0 if missing <= 0 else -(-missing // multiplier)


def over_occupies(board: Board, area: str, present: int, size: int) -> bool:
    """IX H: a miniature over-occupies an area when the sizes already there plus its own
    exceed the area's occupation limit (III D)."""
    return present + size > board.area(area).limit


def entry_areas(board: Board, area: str, load: Mapping[str, int], size: int) -> tuple[str, ...]:
    """IX H, VI E: where a miniature that must come into play in `area` may be placed: that area
    if it fits, else each adjacent area it does not over-occupy (none: it stays out)."""
    if not over_occupies(board, area, load.get(area, 0), size):
        return (area,)
    return tuple(
        a for a in board.neighbours(area) if not over_occupies(board, a, load.get(a, 0), size)
    )


def _steps(board: Board, area: str) -> tuple[str, ...]:
    """Every area one move away: simple moves, then special moves, in board order."""
    specials = tuple(s.target for s in board.specials_from(area))
    return board.neighbours(area) + tuple(s for s in specials if s not in board.neighbours(area))


def route(board: Board, start: str, end: str) -> tuple[str, ...] | None:
    """The first shortest route of moves from `start` to `end`, both included (None: no
    route)."""
    return _routes_from(board, start).get(end)


_ROUTES: dict[int, tuple[Board, dict[str, Mapping[str, tuple[str, ...]]]]] = {}
_ROUTES_KEPT = 16  # boards whose routes are remembered (a process plays few packs)


def _routes_from(board: Board, start: str) -> Mapping[str, tuple[str, ...]]:
    """The routes from `start`, worked out once per board and area: the bots ask for distances
    thousands of times a second. Remembered by the board's identity (hashing a whole board costs
    more than the search); the entry holds the board, so no other board can take its id."""
    kept = _ROUTES.get(id(board))
    if kept is None or kept[0] is not board:
        if len(_ROUTES) >= _ROUTES_KEPT:
            _ROUTES.clear()
        kept = _ROUTES[id(board)] = (board, {})
    routes = kept[1].get(start)
    if routes is None:
        routes = kept[1][start] = _search_routes(board, start)
    return routes


def _search_routes(board: Board, start: str) -> Mapping[str, tuple[str, ...]]:
    """The first shortest route from `start` to every area it reaches (breadth first, steps in
    board order)."""
    previous: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for step in _steps(board, here):
            if step not in previous:
                previous[step] = here
                queue.append(step)
    found = {}
    for end in previous:
        path = [end]
        while path[-1] != start:
            path.append(previous[path[-1]])
        found[end] = tuple(reversed(path))
    return MappingProxyType(found)


def distance(board: Board, start: str, end: str) -> int | None:
    """IX J: the fewest moves (simple or special) from one area to the other, not their cost
    (None when no moves lead there)."""
    found = route(board, start, end)
    return None if found is None else len(found) - 1


def _line_clear(board: Board, a: str, b: str) -> bool:
    """IX L's first condition, on the line the board draws between the two markers."""
    line = board.line(a, b)
    if line is None:
        return False
    path = line.path_from(a)
    for one, two in itertools.pairwise(path):
        boundary = board.boundary(one, two)
        if boundary is None or boundary.kind == "wall":
            return False
    high = max(board.area(a).elevation, board.area(b).elevation)
    for crossed in line.crosses:
        area = board.area(crossed)
        if area.promontory or area.elevation > high:
            return False
        # between two levels, an area crossed at the higher level blocks the line too
        if board.area(a).elevation != board.area(b).elevation and area.elevation == high:
            return False
    return True


def clear_sight(board: Board, a: str, b: str) -> bool:
    """IX L: a miniature sees its own area; two areas see each other when the line between
    their markers is clear, when an orange boundary separates them, or when their markers share
    a letter. Miniatures never block sight."""
    if a == b:
        return True
    boundary = board.boundary(a, b)
    if boundary is not None and boundary.kind == "orange":
        return True
    if set(board.area(a).letters) & set(board.area(b).letters):
        return True
    return _line_clear(board, a, b)


def elevation_dice(board: Board, attacker: str, target: str) -> tuple[str, ...]:
    """V·C·2 [e], VI·D·2 [c]: a ranged attack on a lower area adds a yellow die."""
    lower = board.area(target).elevation < board.area(attacker).elevation
    return (ELEVATION_DIE,) if lower else ()


def melee_reach(
    board: Board, attacker: str, target: str, target_load: int, attacker_size: int
) -> bool:
    """V·C·1 [b], VI·D·1 [b]: a melee target stands in the attacker's area, or in an adjacent
    area the attacker would over-occupy and that it sees clearly."""
    if attacker == target:
        return True
    boundary = board.boundary(attacker, target)
    return (
        boundary is not None
        and boundary.adjacent
        and over_occupies(board, target, target_load, attacker_size)
        and clear_sight(board, attacker, target)
    )


def landing_area(board: Board, thrower: str, target: str, successes: int) -> str:
    """V·D·1 [e]: where a thrown item lands. Enough successes reach the target area; otherwise
    the item goes as far as its successes allow along the line of sight toward it. Reference
    (README): along the board's sight line when there is one, else along the first shortest
    route of moves; the last area of it within `successes` moves of the thrower's area."""
    needed = distance(board, thrower, target)
    if needed is not None and successes >= needed:
        return target
    line = board.line(thrower, target)
    path = line.path_from(thrower) if line is not None else route(board, thrower, target)
    landing = thrower
    for area in path or (thrower,):
        away = distance(board, thrower, area)
        if away is not None and away <= successes:
            landing = area
        else:
            break
    return landing
