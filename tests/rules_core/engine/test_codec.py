"""The JSON codec round-trips frozen dataclasses exactly."""

from dataclasses import dataclass
from typing import ClassVar

import pytest

from rules_core.engine import Move, codec, from_json, to_json
from rules_core.engine.types import JSON


@pytest.fixture(autouse=True)
def _decoders_built_afresh() -> None:
    """Each test builds the decoders it decodes with, rather than reusing those an earlier test
    (of any module) cached: what a test checks is then the code that builds them, and mutation
    testing sees which tests reach that code."""
    codec._decoder.cache_clear()


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


def test_a_moves_parameters_are_whole_numbers_true_false_text_or_null() -> None:
    move = Move.from_json({"type": "draw", "deck": 2, "card": "7-a", "target": None, "up": True})
    assert move == Move.of("draw", card="7-a", deck=2, target=None, up=True)
    assert move.to_json() == {"type": "draw", "card": "7-a", "deck": 2, "target": None, "up": True}
    for wrong in ([1], {"a": 1}, 1.0, 2.5):
        with pytest.raises(ValueError, match="whole numbers, true, false, text or null"):
            Move.from_json({"type": "draw", "deck": wrong})
    with pytest.raises(ValueError):
        Move.from_json({"deck": 1})


def test_moves_are_equal_only_with_parameters_of_the_same_kind() -> None:
    """In Python true == 1 and 1.0 == 1: a posted `true` must not pass for an offered 1."""
    offered = [Move.of("explode_at", district=1), Move.of("explode_at", district=0)]
    assert Move.of("explode_at", district=1) in offered
    assert Move.of("explode_at", district=True) not in offered
    assert Move.of("explode_at", district=False) not in offered
    assert Move.of("explode_at", district=1.0) not in offered
    assert Move.of("explode_at", district="1") not in offered
    assert Move.of("explode_at", district=True) == Move.of("explode_at", district=True)
    assert len({Move.of("a", x=1), Move.of("a", x=True)}) == 2


def test_decoding_is_safe_from_many_threads_at_once() -> None:
    import threading

    @dataclass(frozen=True, slots=True)
    class Wide:
        a: int
        b: str
        c: tuple[int, ...]
        d: Inner

    data: JSON = {"a": 1, "b": "x", "c": [1, 2], "d": {"name": "n", "score": 2}}
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


@dataclass(frozen=True, slots=True)
class Mixed:
    """Fields whose types are unions of several kinds, and scalars of each kind."""

    either: int | str
    any_of: Inner | tuple[int, ...] | frozenset[str] | float | None
    fraction: float
    numbers: tuple[int, ...]
    names: tuple[str, ...]
    inners: tuple[Inner, ...]
    fixed: tuple[int, str]


MIXED: dict[str, JSON] = {
    "either": 1,
    "any_of": None,
    "fraction": 1.5,
    "numbers": [1, 2],
    "names": ["a"],
    "inners": [{"name": "i", "score": None}],
    "fixed": [1, "x"],
}


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"either": "x"}, {"either": "x"}),
        ({"any_of": {"name": "n", "score": 2}}, {"any_of": Inner("n", 2)}),
        ({"any_of": [1, 2]}, {"any_of": (1, 2)}),  # a list is the first list-shaped option
        ({"any_of": 3}, {"any_of": 3.0}),  # a whole number is a float where a float is wanted
        ({"fraction": 2}, {"fraction": 2.0}),
    ],
)
def test_each_kind_of_a_union_and_a_float_from_a_whole_number(
    changes: dict[str, JSON], expected: dict[str, object]
) -> None:
    value = from_json(Mixed, {**MIXED, **changes})
    for name, wanted in expected.items():
        got = getattr(value, name)
        assert got == wanted and type(got) is type(wanted)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"either": None}, "matches none of"),
        ({"either": 1.5}, "matches none of"),
        ({"any_of": "text"}, "matches none of"),
        ({"fraction": "1"}, "expected float, got '1'"),
        ({"numbers": [1, "2"]}, "expected a list of int"),
        ({"numbers": "12"}, "expected a list of int"),
        ({"names": [1]}, "expected a list of str"),
        ({"inners": {"name": "i"}}, "expected a list for"),
        ({"inners": ["i"]}, "expected an object for Inner, got 'i'"),
        ({"fixed": [1, "x", 2]}, "expected 2 items for"),
        ({"fixed": [1]}, "expected 2 items for"),
        ({"fixed": "1x"}, "expected 2 items for"),
    ],
)
def test_each_wrong_shape_is_refused_with_what_was_expected(
    changes: dict[str, JSON], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        from_json(Mixed, {**MIXED, **changes})


@dataclass(frozen=True, slots=True)
class Pack:
    """Content identified by one field: decoded and encoded once per distinct key."""

    __json_key__: ClassVar[str] = "digest"
    digest: str
    size: int


def test_values_identified_by_a_key_are_decoded_and_encoded_once_per_key() -> None:
    first = from_json(Pack, {"digest": "d1", "size": 1})
    assert first == Pack("d1", 1)
    assert from_json(Pack, {"digest": "d1", "size": 1}) is first
    other = from_json(Pack, {"digest": "d2", "size": 2})
    assert other == Pack("d2", 2) and other is not first
    encoded = to_json(first)
    assert encoded == {"digest": "d1", "size": 1}
    assert to_json(Pack("d1", 1)) is encoded
    assert to_json(other) == {"digest": "d2", "size": 2}
    plain = Inner("a", 1)
    assert to_json(plain) == to_json(plain) and to_json(plain) is not to_json(plain)


def test_mappings_are_encoded_with_text_keys_and_other_values_are_refused() -> None:
    assert to_json({1: Inner("a", None), "b": (1, 2)}) == {
        "1": {"name": "a", "score": None},
        "b": [1, 2],
    }
    with pytest.raises(TypeError, match="cannot encode set as JSON"):
        to_json({1, 2})


def test_values_identified_by_a_key_are_remembered_for_the_last_few_keys_only() -> None:
    """A key may come from a caller's custom content pack: the memo stays bounded."""
    from rules_core.engine import codec
    from rules_core.engine.recent import PACKS_KEPT

    first = from_json(Pack, {"digest": "kept-0", "size": 0})
    for n in range(1, PACKS_KEPT + 3):
        assert to_json(from_json(Pack, {"digest": f"kept-{n}", "size": n})) == {
            "digest": f"kept-{n}",
            "size": n,
        }
    assert len(codec._ENCODED) <= PACKS_KEPT
    again = from_json(Pack, {"digest": "kept-0", "size": 0})
    assert again == first and again is not first  # forgotten, read again
