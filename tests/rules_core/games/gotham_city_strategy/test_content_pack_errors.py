"""Any content pack, however malformed, gives a Pack or a ContentError `<path>: <rule>`."""

import tomllib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings

from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.content import (
    REFERENCE_PACK,
    ContentError,
    parse_pack,
)
from tests.rules_core.games.pack_mutations import (
    assert_pack_or_content_error,
    drop_at,
    edited,
    mutated_packs,
    set_at,
)

RAW: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
OPS = (
    "['batman_to', 'collect', 'free_henchmen', 'gain', 'gain_per_block', 'others_lose', "
    "'others_roll', 'place_henchmen', 'place_threats', 'remove_threats', 'send_home']"
)


def _with(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    return edited(RAW, change)


_set, _drop = set_at, drop_at


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(mutated_packs(RAW))
def test_a_mutated_pack_gives_a_pack_or_a_content_error(pack: dict[str, Any]) -> None:
    assert_pack_or_content_error(parse_pack, pack)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # each of these raised KeyError, TypeError or AttributeError before
        (_set("die", to=[1]), "die: must be a table"),
        (_set("die", "faces", "value", to=6), 'die.faces: a list of "bat" and numbers'),
        (_set("die", "faces", to={"bat": 1, "2": 2}), 'die.faces: a list of "bat" and numbers'),
        (
            _set("die", "faces", "value", to=["bat", "²"]),
            'die.faces[1]: "bat" or a whole number from 0 to 12',
        ),
        (
            _set("die", "faces", "value", 5, to=13),
            'die.faces[5]: "bat" or a whole number from 0 to 12',
        ),
        (_set("block", to="diamond-row"), "block: must be a list of [[block]] tables"),
        (_set("block", to=3), "block: must be a list of [[block]] tables"),
        (_set("block", 0, to=["diamond-row"]), "block[0]: must be a table"),
        (_drop("block", 0, "id"), "block[0]: needs a text id"),
        (_set("block", 0, "name", to=["x"]), "block[0]: needs a text name"),
        (
            _set("block", 1, "id", to="diamond-row"),
            'block[1].id: "diamond-row" is already the id of a block (block[0].id)',
        ),
        (_set("villain", to=None), "villain: must be a list of [[villain]] tables"),
        (_drop("villain", 2, "id"), "villain[2]: needs a text id"),
        (_set("villain", 0, "token", to=[1]), "villain[0].token: must be text"),
        (_set("villain", 0, "dial", to="money"), "villain[0]: a dial of 9 levels"),
        (
            _set("villain", 0, "dial", 3, to=[4]),
            "villain[0].dial[3]: levels 1..9 in order, needs one of money, information, blocks, "
            "henchmen",
        ),
        (
            _set("villain", 0, "dial", 0, "level", to=True),
            "villain[0].dial[0]: levels 1..9 in order, needs one of money, information, blocks, "
            "henchmen",
        ),
        (
            _set("villain", 0, "dial", 0, "ability", to="no"),
            "villain[0].dial[0].ability: must be true or false",
        ),
        (
            _set("villain", 1, "dial", 4, "amount", to=31),
            "villain[1].dial[4].amount: must be a whole number from 1 to 30",
        ),
        (
            _set("villain", 1, "start_money", to=100),
            "villain[1].start_money: must be a whole number from 0 to 99",
        ),
        (_set("batman", to=[1]), "batman: must be a table"),
        (
            _set("batman", "dial", to=5),
            "batman.dial: must be a list of { order = N, fight = N } levels",
        ),
        (
            _set("batman", "dial", 2, to=[3, 2]),
            "batman.dial[2]: must be a table { order = N, fight = N }",
        ),
        (
            _set("batman", "dial", 2, "fight", to=13),
            "batman.dial[2].fight: must be a whole number from 0 to 12",
        ),
        (_set("plot", to=84), "plot: must be a list of [[plot]] tables"),
        (_set("ability", to={"joker": []}), "ability: must be a list of [[ability]] tables"),
        (
            _set("plot", 0, "effect", 0, "op", to=["gain"]),
            f"plot[0].effect[0]: op must be one of {OPS}",
        ),
        (
            _set("plot", 0, "effect", 0, "amount", to=11),
            "plot[0].effect[0].amount: must be a whole number from 1 to 10",
        ),
        (
            _set("plot", 0, "effect", 0, "bonus", to=1),
            'plot[0].effect[0]: gain does not take ["bonus"]',
        ),
        (
            _set("batman_card", 0, "effect", "blocks", to=3),
            "batman_card[0].effect.blocks: must be a list of block ids",
        ),
        (
            _set("batman_card", 0, "effect", "blocks", to="crime-alley"),
            "batman_card[0].effect.blocks: must be a list of block ids",
        ),
        (
            _set("batman_card", 0, "effect", "blocks", to=[["crime-alley"]]),
            "batman_card[0].effect.blocks[0]: must be a block id",
        ),
        (
            _set("batman_card", 5, "effect", "blocks", 1, to="the-pier"),
            'batman_card[5].effect.blocks[1]: unknown block "the-pier"',
        ),
        (
            _set("plot", 2, "effect", 0, "district", to=0),
            "plot[2].effect[0].district: must be one of ('uptown', 'midtown', 'downtown')",
        ),
        (
            _set("plot", 2, "effect", 0, "different", to="yes"),
            "plot[2].effect[0].different: must be true or false",
        ),
        (
            _set("plot", 8, "effect", 0, "faces", to=[{"bat": 1}]),
            'plot[8].effect[0].faces[0]: "bat" or a whole number from 0 to 12',
        ),
        (
            _set("plot", 8, "effect", 0, "faces", to=3),
            'plot[8].effect[0].faces: must be a list of "bat" and numbers',
        ),
        (
            _set("plot", 8, "effect", 0, "faces", to="bat"),
            'plot[8].effect[0].faces: must be a list of "bat" and numbers',
        ),
        (
            _set("plot", 0, "income", to=["diamond-row"]),
            "plot[0].income: must be { block = ..., amount = N }",
        ),
        (
            _set("plot", 0, "income", "block", to=["diamond-row"]),
            "plot[0]: an income names a known block, and never with a Bat-Signal",
        ),
        (
            _set("plot", 0, "income", "amount", to=11),
            "plot[0].income.amount: must be a whole number from 0 to 10",
        ),
        (
            _set("plot", 6, "requires", to=["rules"]),
            "plot[6]: requires is { rules = N } or { henchmen = N }",
        ),
        (
            _set("plot", 6, "requires", "henchmen", to=13),
            "plot[6].requires.henchmen: must be a whole number from 0 to 12",
        ),
        (_set("plot", 2, "signal", to="no"), "plot[2].signal: must be true or false"),
        (_set("plot", 0, "villain", to=["joker"]), "plot[0].villain: must be text"),
        (_set("ability", 0, "villain", to="bane"), "ability[0]: an ability names its villain"),
        (
            _set("plot", 1, "id", to="plot-01"),
            'plot[1].id: "plot-01" is already the id of a plot card (plot[0].id)',
        ),
        (_set("plot", 3, "name", to="x" * 2001), "plot[3].name: at most 2000 characters"),
        (_set("plot", 3, "text", to="Joker\x00"), "plot[3].text: no NUL character"),
        (
            _set("plot", 3, "effect", 0, "amount", to=float("nan")),
            "plot[3].effect[0].amount: numbers must be finite",
        ),
    ],
)
def test_named_malformed_packs(change: Callable[[dict[str, Any]], object], message: str) -> None:
    with pytest.raises(ContentError) as error:
        parse_pack(_with(change))
    assert str(error.value) == message


@pytest.mark.parametrize("data", [None, [], "pack", 3, 2.5, True, [RAW]])
def test_a_pack_that_is_not_a_table(data: object) -> None:
    with pytest.raises(ContentError) as error:
        parse_pack(data)
    assert str(error.value) == "(pack): must be a table (a JSON object)"


def test_a_pack_in_another_form_of_the_same_schema_is_accepted() -> None:
    pack = _with(_set("die", "faces", to=["bat", "1", 1, 2, 2, 3]))
    assert parse_pack(pack).faces == ("bat", "1", "1", "2", "2", "3")


def test_validate_options_shows_the_path_and_the_rule() -> None:
    rejection = GAME.validate_options(2, {"content": _with(_drop("block", 0, "id"))})
    assert rejection is not None and rejection.code == "bad_options"
    assert rejection.message == "content pack: block[0]: needs a text id"
    for content in ([1, 2], "pack"):
        rejection = GAME.validate_options(2, {"content": content})
        assert rejection is not None
        assert rejection.message == (
            "The option “content” is a content pack (a JSON object) or null."
        )
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    rejection = GAME.validate_options(2, {"content": {"plot": deep}})
    assert rejection is not None
    assert rejection.message == "content pack: plot" + "[0]" * 7 + ": at most 8 levels of nesting"
