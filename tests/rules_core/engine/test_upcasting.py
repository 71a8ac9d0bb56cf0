"""Upcasting: an event's data written at an older version is brought to the current one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from rules_core.engine import from_json
from rules_core.engine.types import JSON, GameEvent
from rules_core.engine.upcasting import upcast


def _v1_to_v2(data: dict[str, JSON]) -> dict[str, JSON]:
    """Version 2 named the square `to` instead of `square`."""
    data = dict(data)
    data["to"] = data.pop("square")
    return data


def _v2_to_v3(data: dict[str, JSON]) -> dict[str, JSON]:
    """Version 3 added where the figure came from (unknown for older logs: the same square)."""
    return {**data, "start": data["to"]}


@dataclass(frozen=True, slots=True)
class FigureMoved(GameEvent):
    type: ClassVar[str] = "figure_moved"
    version: ClassVar[int] = 3
    upcasts = (_v1_to_v2, _v2_to_v3)
    figure: int
    start: int
    to: int


def test_each_older_version_is_read_as_the_current_one() -> None:
    current = {"figure": 2, "start": 3, "to": 7}
    assert upcast(FigureMoved, {"figure": 2, "square": 7}, 1) == {"figure": 2, "to": 7, "start": 7}
    assert upcast(FigureMoved, {"figure": 2, "to": 7}, 2) == {"figure": 2, "to": 7, "start": 7}
    assert upcast(FigureMoved, current, 3) == current
    event = from_json(
        FigureMoved, {**upcast(FigureMoved, {"figure": 1, "square": 4}, 1), "seat": 0}
    )
    assert event == FigureMoved(seat=0, figure=1, start=4, to=4)


@pytest.mark.parametrize("written", [0, 4])
def test_a_version_this_code_cannot_read_is_refused(written: int) -> None:
    with pytest.raises(ValueError, match="figure_moved data of version"):
        upcast(FigureMoved, {"figure": 1}, written)


def test_only_the_steps_up_to_the_current_version_are_taken() -> None:
    """A step declared beyond the class's version (written ahead of a version bump) is not
    taken: version 2 data stays version 2 data."""

    @dataclass(frozen=True, slots=True)
    class Ahead(GameEvent):
        type: ClassVar[str] = "ahead"
        version: ClassVar[int] = 2
        upcasts = (_v1_to_v2, _v2_to_v3)
        figure: int
        to: int

    assert upcast(Ahead, {"figure": 2, "square": 7}, 1) == {"figure": 2, "to": 7}
    assert upcast(Ahead, {"figure": 2, "to": 7}, 2) == {"figure": 2, "to": 7}
