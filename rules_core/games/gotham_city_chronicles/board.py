"""A game board as data (III): areas, area boundaries, special moves and sight lines, checked.

The book leaves every board to its "game boards rules"; the pack writes one down. Pure questions
about a board (moves, costs, distance, line of sight) are in geometry.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_core.engine.content_limits import at_index, at_key, fail, ids_of, quote
from rules_core.games.gotham_city_chronicles import reading as read

BOUNDARY_KINDS = ("white", "orange", "special", "wall")  # III B
SPECIAL_KINDS = ("fall", "jump", "climb")  # V·C·5 [d]
ELEVATION_RANGE = (0, 10)  # III F
LIMIT_RANGE = (1, 30)  # III D: the total of the size indexes an area holds
TERRAIN_RANGE = (0, 5)  # III H, IX P, IX Q: a printed terrain level
LEVEL_RANGE = (1, 10)  # a special move's level; a wall's (0: none given)
LETTER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True, slots=True)
class Area:
    """One area (III A): where miniatures stand."""

    id: str
    name: str
    elevation: int  # III F
    limit: int  # occupation limit, III D
    difficult: int = 0  # printed difficult terrain level, IX P (0: none)
    dangerous: int = 0  # printed dangerous terrain level, IX Q (0: none)
    promontory: bool = False  # III G
    letters: tuple[str, ...] = ()  # letters around its line of sight marker, III E / IX L
    reinforcement: bool = False  # a reinforcement area of the mission's board, VI E


@dataclass(frozen=True, slots=True)
class Boundary:
    """The boundary between two areas (III B); `areas` in sorted order."""

    areas: tuple[str, str]
    kind: str  # white | orange | special | wall
    level: int = 0  # a wall's level, when the board gives one

    @property
    def adjacent(self) -> bool:
        """III C: white and orange boundaries make two areas adjacent."""
        return self.kind in ("white", "orange")


@dataclass(frozen=True, slots=True)
class SpecialMove:
    """A special move the board allows (V·C·5 [d]): one way, of a kind and a level."""

    source: str
    target: str
    kind: str  # fall | jump | climb
    level: int


@dataclass(frozen=True, slots=True)
class SightLine:
    """The straight line between two areas' markers, as the printed board draws it: the areas
    it crosses in order from `ends[0]` (IX L)."""

    ends: tuple[str, str]
    crosses: tuple[str, ...] = ()

    def path_from(self, area: str) -> tuple[str, ...]:
        """Every area of the line in order, starting at `area` (one of its ends)."""
        path = (self.ends[0], *self.crosses, self.ends[1])
        return path if area == self.ends[0] else tuple(reversed(path))


@dataclass(frozen=True, slots=True)
class Board:
    id: str
    name: str
    areas: tuple[Area, ...]
    boundaries: tuple[Boundary, ...]
    specials: tuple[SpecialMove, ...]
    lines: tuple[SightLine, ...]

    def area(self, area_id: str) -> Area:
        for area in self.areas:
            if area.id == area_id:
                return area
        raise KeyError(area_id)

    @property
    def area_ids(self) -> frozenset[str]:
        return frozenset(a.id for a in self.areas)

    def boundary(self, a: str, b: str) -> Boundary | None:
        """The boundary between two areas, if they touch."""
        key = (a, b) if a < b else (b, a)
        return next((x for x in self.boundaries if x.areas == key), None)

    def neighbours(self, area_id: str) -> tuple[str, ...]:
        """The areas across a white or orange boundary (III C), in board order."""
        found = []
        for b in self.boundaries:
            if b.adjacent and area_id in b.areas:
                found.append(b.areas[1] if b.areas[0] == area_id else b.areas[0])
        return tuple(sorted(found, key=self._order))

    def specials_from(self, area_id: str) -> tuple[SpecialMove, ...]:
        return tuple(s for s in self.specials if s.source == area_id)

    def special(self, source: str, target: str) -> SpecialMove | None:
        return next((s for s in self.specials if (s.source, s.target) == (source, target)), None)

    def line(self, a: str, b: str) -> SightLine | None:
        """The sight line drawn between two areas, if the board has one."""
        return next((x for x in self.lines if x.ends in ((a, b), (b, a))), None)

    def _order(self, area_id: str) -> int:
        return next(i for i, a in enumerate(self.areas) if a.id == area_id)


def _pair(raw: Mapping[str, Any], key: str, where: str, known: set[str]) -> tuple[str, str]:
    path = at_key(where, key)
    found = read.value(raw.get(key), path)
    if (
        not isinstance(found, list)
        or len(found) != 2
        or not all(isinstance(x, str) and x in known for x in found)
        or found[0] == found[1]
    ):
        raise fail(path, "must name two different areas of the board")
    return (found[0], found[1])


def _area(raw: object, where: str) -> Area:
    entry = read.sourced(raw, where)
    letters = tuple(read.items(entry, "letters", where))
    for i, letter in enumerate(letters):
        if not isinstance(letter, str) or letter not in LETTER:
            raise fail(at_index(at_key(where, "letters"), i), "must be one capital letter")
    return Area(
        id=read.own_id(entry, where),
        name=read.text(entry, "name", where),
        elevation=read.whole(entry, "elevation", where, *ELEVATION_RANGE),
        limit=read.whole(entry, "limit", where, *LIMIT_RANGE),
        difficult=read.optional_whole(entry, "difficult", where, *TERRAIN_RANGE),
        dangerous=read.optional_whole(entry, "dangerous", where, *TERRAIN_RANGE),
        promontory=read.flag(entry, "promontory", where),
        letters=tuple(str(x) for x in letters),
        reinforcement=read.flag(entry, "reinforcement", where),
    )


def parse_board(raw: object, where: str) -> Board:
    """A `[board]` table checked: every id known, every boundary once, special moves across a
    special boundary or a wall, promontories reached only by special moves, sight lines through
    touching areas."""
    entry = read.sourced(raw, where)
    areas = [
        _area(a, at_index(at_key(where, "area"), i))
        for i, a in enumerate(read.items(entry, "area", where, required=True))
    ]
    read.IDS.check_distinct(ids_of(at_key(where, "area"), read.AREA, (a.id for a in areas)))
    known = {a.id for a in areas}
    boundaries: list[Boundary] = []
    for i, b in enumerate(read.items(entry, "boundary", where)):
        at = at_index(at_key(where, "boundary"), i)
        item = read.sourced(b, at)
        pair = _pair(item, "areas", at, known)
        kind = read.choice(item, "kind", at, BOUNDARY_KINDS)
        level = read.optional_whole(item, "level", at, 0, LEVEL_RANGE[1])
        if level and kind != "wall":
            raise fail(at_key(at, "level"), "only a wall has a level")
        boundary = Boundary((min(pair), max(pair)), kind, level)
        if any(x.areas == boundary.areas for x in boundaries):
            raise fail(at_key(at, "areas"), "these two areas already have a boundary")
        boundaries.append(boundary)
    board_id, name = read.own_id(entry, where), read.text(entry, "name", where)
    board = Board(board_id, name, tuple(areas), tuple(boundaries), (), ())
    for area in areas:
        if area.promontory and any(b.adjacent and area.id in b.areas for b in boundaries):
            raise fail(where, f"promontory {quote(area.id)} is reached only by special moves")
    specials: list[SpecialMove] = []
    for i, s in enumerate(read.items(entry, "special", where)):
        at = at_index(at_key(where, "special"), i)
        item = read.sourced(s, at)
        source, target = _pair(item, "areas", at, known)
        between = board.boundary(source, target)
        if between is None or between.adjacent:
            raise fail(at_key(at, "areas"), "a special move crosses a special boundary or a wall")
        if any((x.source, x.target) == (source, target) for x in specials):
            raise fail(at_key(at, "areas"), "this special move is already given")
        kind = read.choice(item, "kind", at, SPECIAL_KINDS)
        specials.append(
            SpecialMove(source, target, kind, read.whole(item, "level", at, *LEVEL_RANGE))
        )
    lines: list[SightLine] = []
    for i, s in enumerate(read.items(entry, "sight", where)):
        at = at_index(at_key(where, "sight"), i)
        item = read.sourced(s, at)
        ends = _pair(item, "between", at, known)
        crosses = read.ids(item, "crosses", at, known)
        path = (ends[0], *crosses, ends[1])
        if len(set(path)) != len(path):
            raise fail(at_key(at, "crosses"), "a line crosses each area once, not its ends")
        if any(board.boundary(a, b) is None for a, b in itertools.pairwise(path)):
            raise fail(at_key(at, "crosses"), "each area of a line touches the next one")
        if any(line.ends in (ends, ends[::-1]) for line in lines):
            raise fail(at_key(at, "between"), "these two areas already have a line")
        lines.append(SightLine(ends, crosses))
    return Board(board_id, name, tuple(areas), tuple(boundaries), tuple(specials), tuple(lines))
