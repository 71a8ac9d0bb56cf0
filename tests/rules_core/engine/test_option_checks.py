"""The option checks every game makes alike (rules_core.engine.option_checks)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.engine.content_limits import ContentError
from rules_core.engine.option_checks import options_problem, read_pack
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import JSON
from tests.shipped import shipped_games

SCHEMA: dict[str, JSON] = {"content": {"type": "object"}, "variant": {"type": "boolean"}}


def test_options_the_schema_declares_of_their_kinds_pass() -> None:
    assert options_problem("Game", SCHEMA, {}) is None
    assert options_problem("Game", SCHEMA, {"content": None, "variant": False}) is None
    assert options_problem("Game", SCHEMA, {"content": {"cards": []}, "variant": True}) is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": 1}, "Game has no option “colour”; its options are content and variant."),
        ({"variant": 1}, "The option “variant” is true or false."),
        ({"variant": None}, "The option “variant” is true or false."),
        ({"content": [1]}, "The option “content” is a content pack (a JSON object) or null."),
        ({"content": "pack"}, "The option “content” is a content pack (a JSON object) or null."),
    ],
)
def test_an_option_not_declared_or_of_another_kind_is_named(
    options: dict[str, JSON], message: str
) -> None:
    assert options_problem("Game", SCHEMA, options) == message


def test_a_refusal_names_at_most_five_options_each_of_forty_characters() -> None:
    """A caller's option names are quoted back bounded: a body of 200,000 characters of names
    gave a refusal as long ("unknown options: " and every name)."""
    options: dict[str, JSON] = {f"{n}{'x' * 50_000}": 1 for n in range(8)}
    message = options_problem("Game", SCHEMA, options)
    assert message is not None and len(message) < 400
    assert message.count("“") == 5 and message.count("x" * 39) == 0
    assert " and 3 more; its options are content and variant." in message


def test_a_pack_the_parser_refuses_is_worded_once_for_every_game() -> None:
    def refusing() -> None:
        raise ContentError("cards[2].name: at most 2000 characters")

    assert read_pack(refusing) == "content pack: cards[2].name: at most 2000 characters"
    assert read_pack(lambda: 7) == 7


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_every_game_refuses_an_option_it_lacks_and_a_content_that_is_no_object_alike(
    spec: GameSpec[Any],
) -> None:
    """One place words these for all five games, from each game's own options schema."""
    players = max(spec.min_players, 2)
    unknown = spec.validate_options(players, {"colour": "red"})
    assert unknown is not None and unknown.code == "bad_options"
    assert unknown.message.startswith(f"{spec.title} has no option “colour”;")
    not_object = spec.validate_options(players, {"content": [1]})
    assert not_object is not None
    assert (not_object.code, not_object.message) == (
        "bad_options",
        "The option “content” is a content pack (a JSON object) or null.",
    )
