"""The JSON codec round-trips frozen dataclasses exactly."""

from dataclasses import dataclass

import pytest

from rules_core.engine import Move, from_json, to_json


@dataclass(frozen=True, slots=True)
class Inner:
    name: str
    score: int | None


@dataclass(frozen=True, slots=True)
class Outer:
    items: tuple[Inner, ...]
    pair: tuple[int, str]
    flags: frozenset[str]
    maybe: Inner | None
    ratio: float


def test_round_trip_of_nested_values() -> None:
    value = Outer(
        items=(Inner("a", 1), Inner("b", None)),
        pair=(3, "x"),
        flags=frozenset({"z", "y"}),
        maybe=None,
        ratio=1.0,
    )
    data = to_json(value)
    assert data == {
        "items": [{"name": "a", "score": 1}, {"name": "b", "score": None}],
        "pair": [3, "x"],
        "flags": ["y", "z"],
        "maybe": None,
        "ratio": 1.0,
    }
    assert from_json(Outer, data) == value


def test_wrong_shapes_are_refused() -> None:
    with pytest.raises(TypeError):
        from_json(Inner, {"name": 3, "score": 1})
    with pytest.raises(TypeError):
        from_json(Inner, {"name": "a", "score": True})


def test_move_parses_scalars_only() -> None:
    move = Move.from_json({"type": "draw", "deck": 2})
    assert move == Move.of("draw", deck=2)
    assert move.to_json() == {"type": "draw", "deck": 2}
    with pytest.raises(ValueError):
        Move.from_json({"type": "draw", "deck": [1]})
    with pytest.raises(ValueError):
        Move.from_json({"deck": 1})


def test_decoding_is_safe_from_many_threads_at_once() -> None:
    import threading

    @dataclass(frozen=True, slots=True)
    class Wide:
        a: int
        b: str
        c: tuple[int, ...]
        d: Inner

    data = {"a": 1, "b": "x", "c": [1, 2], "d": {"name": "n", "score": 2}}
    barrier = threading.Barrier(8)
    results: list[object] = []

    def decode() -> None:
        barrier.wait()
        results.append(from_json(Wide, data))

    threads = [threading.Thread(target=decode) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [Wide(1, "x", (1, 2), Inner("n", 2))] * 8


@dataclass(frozen=True, slots=True)
class Grown:
    """A record that gained a field with a default after data was stored without it."""

    name: str
    later: int = 7


def test_a_field_added_with_a_default_reads_older_data_without_it() -> None:
    assert from_json(Grown, {"name": "old"}) == Grown("old", 7)
    assert from_json(Grown, {"name": "new", "later": 2}) == Grown("new", 2)
    with pytest.raises(TypeError, match="needs field 'name'"):
        from_json(Grown, {"later": 2})


def test_a_move_parameter_called_type_is_refused() -> None:
    """It would overwrite the move's own type in the JSON a client posts back."""
    with pytest.raises(ValueError, match="may not be called 'type'"):
        Move.of("gain_technology", type="battle")
