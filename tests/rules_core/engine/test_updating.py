"""updated(): a fast replace for frozen dataclasses."""

from dataclasses import dataclass

import pytest

from rules_core.engine.updating import updated


@dataclass(frozen=True, slots=True)
class Inner:
    name: str
    score: int | None


def test_updated_changes_only_the_named_fields() -> None:
    value = Inner("a", 1)
    assert updated(value, score=2) == Inner("a", 2)
    assert updated(value) == value and value == Inner("a", 1)
    with pytest.raises(TypeError, match="unknown fields"):
        updated(value, nope=1)


@dataclass(frozen=True)
class Plain:  # no slots: the generic setter path
    name: str
    score: int


def test_updated_works_without_slots() -> None:
    assert updated(Plain("a", 1), score=3) == Plain("a", 3)
    with pytest.raises(TypeError, match="unknown fields"):
        updated(Plain("a", 1), nope=1)
