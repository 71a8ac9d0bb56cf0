"""The effect registry: pack steps compile to checked operations, or are refused with a path."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.engine.content_limits import ContentError
from rules_core.engine.effects import (
    STANDARD,
    Effect,
    Flag,
    ListOf,
    OneOf,
    Operation,
    RefTo,
    Whole,
)
from tests.rules_core.json_shapes import obj

REFS = {"resource": frozenset({"gold", "favour"}), "block": frozenset({"docks", "park"})}
GAME = STANDARD.extended(
    Operation(
        "raid",
        {
            "blocks": ListOf(RefTo("block"), "block ids", at_least=1),
            "loud": Flag(),
            "mood": OneOf(("calm", "wild"), default="calm"),
            "times": Whole(1, 3),
        },
    )
)


def test_a_step_compiles_with_its_defaults_filled_in() -> None:
    effect = GAME.compile({"op": "raid", "blocks": ["docks"], "times": 2}, "card[0].effect", REFS)
    assert effect == Effect(
        "raid", (("blocks", ("docks",)), ("loud", False), ("mood", "calm"), ("times", 2))
    )
    assert effect.get("times") == 2
    with pytest.raises(KeyError):
        effect.get("speed")


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("raid", "e: op must be one of ['discard', 'draw', 'gain', 'pay', 'raid']"),
        ({"op": ["raid"]}, "e: op must be one of"),
        ({"op": "fly"}, "e: op must be one of"),
        ({"op": "draw", "amount": 1, "to": "x"}, 'e: draw does not take ["to"]'),
        ({"op": "draw"}, "e: draw needs amount"),
        ({"op": "draw", "amount": 21}, "e.amount: must be a whole number from 1 to 20"),
        ({"op": "draw", "amount": True}, "e.amount: must be a whole number"),
        ({"op": "draw", "amount": 2.0}, "e.amount: must be whole"),
        ({"op": "gain", "what": "silver", "amount": 1}, 'e.what: unknown resource "silver"'),
        ({"op": "raid", "blocks": "docks", "times": 1}, "e.blocks: must be a list of block ids"),
        ({"op": "raid", "blocks": [], "times": 1}, "e.blocks: needs at least 1 of block ids"),
        ({"op": "raid", "blocks": ["docks", 3], "times": 1}, "e.blocks[1]: must be a block id"),
        (
            {"op": "raid", "blocks": ["docks"], "times": 1, "loud": "yes"},
            "e.loud: must be true or false",
        ),
        (
            {"op": "raid", "blocks": ["docks"], "times": 1, "mood": "sad"},
            "e.mood: must be one of ('calm', 'wild')",
        ),
    ],
)
def test_a_bad_step_is_refused_with_its_path_and_reason(step: object, message: str) -> None:
    with pytest.raises(ContentError) as refused:
        GAME.compile(step, "e", REFS)
    assert str(refused.value).startswith(message)


def test_a_game_adds_operations_but_may_not_redeclare_one() -> None:
    assert "raid" in GAME.names and "raid" not in STANDARD.names
    with pytest.raises(ValueError, match="declared twice"):
        STANDARD.extended(Operation("draw"))
    assert GAME.only("draw").names == ("draw",)


def test_steps_read_aloud_in_the_games_words() -> None:
    gain = GAME.compile({"op": "gain", "what": "gold", "amount": 2}, "e", REFS)
    assert GAME.say(gain) == "gain 2 gold"
    raid = GAME.compile({"op": "raid", "blocks": ["park"], "times": 1, "loud": True}, "e", REFS)
    assert GAME.say(raid) == "raid (blocks ('park',), loud True, mood calm, times 1)"
    own = GAME.reworded("gain", lambda e: f"take {e.get('amount')} {e.get('what')} from the bank")
    assert own.say(gain) == "take 2 gold from the bank" and GAME.say(gain) == "gain 2 gold"
    assert own.names == GAME.names


def test_compile_all_takes_one_step_or_a_list() -> None:
    one = GAME.compile_all({"op": "draw", "amount": 1}, "card[0].effect", REFS)
    assert [e.op for e in one] == ["draw"]
    with pytest.raises(ContentError, match=r"^card\[0\]\.effect\[1\]\.amount"):
        steps = [{"op": "draw", "amount": 1}, {"op": "draw", "amount": 0}]
        GAME.compile_all(steps, "card[0].effect", REFS)


def test_the_schema_lists_every_operation_and_parameter() -> None:
    schema = GAME.schema()
    assert sorted(schema) == ["discard", "draw", "gain", "pay", "raid"]
    assert obj(schema["raid"])["times"] == {"type": "integer", "min": 1, "max": 3, "default": None}


SCALARS = st.none() | st.booleans() | st.integers(-5, 30) | st.floats() | st.text(max_size=8)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@given(
    st.dictionaries(
        st.sampled_from(["op", "amount", "what", "blocks", "loud", "mood", "times", "x"]),
        VALUES | st.sampled_from(["raid", "gain", "draw", "gold", "docks"]),
        max_size=6,
    )
)
def test_any_step_compiles_or_is_refused_as_content(step: dict[str, object]) -> None:
    try:
        effect = GAME.compile(step, "e", REFS)
    except ContentError as refused:
        assert str(refused).startswith("e")
    else:
        assert effect.op == step["op"]
        assert {k for k, _ in effect.args} == set(GAME.operation(effect.op).params)
