"""Any content pack, however malformed, gives a Pack or a ContentError `<path>: <rule>`."""

import tomllib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings

from rules_core.games.gotham_race import GAME
from rules_core.games.gotham_race.content import (
    LENGTH_RANGE,
    REFERENCE_PACK,
    ContentError,
    parse_pack,
)
from tests.rules_core.games.pack_mutations import (
    assert_pack_or_content_error,
    edited,
    mutated_packs,
)

RAW: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())


def _with(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    return edited(RAW, change)


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(mutated_packs(RAW))
def test_a_mutated_pack_gives_a_pack_or_a_content_error(pack: dict[str, Any]) -> None:
    assert_pack_or_content_error(parse_pack, pack)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.__setitem__("track", 3), "track: the pack needs a [track] table"),
        (
            lambda p: p["track"].__setitem__("length", 40),
            "track.length: must be { value = ..., source = ... }",
        ),
        (
            lambda p: p["track"]["length"].__setitem__("value", 10**6),
            "track.length.value: must be a whole number from 8 to 100",
        ),
        (
            lambda p: p["track"]["length"].__setitem__("value", 10**7),
            "track.length.value: numbers must be from -1000000 to 1000000",
        ),
        (
            lambda p: p["track"]["lanes"].__setitem__("value", 9),
            "track.lanes.value: must be a whole number from 4 to 8",
        ),
        (
            lambda p: p["track"]["finish"].__setitem__("value", 40),
            "track.finish.value: must be a whole number from 1 to 39",
        ),
        (
            lambda p: p["track"]["finish"].__setitem__("value", True),
            "track.finish.value: must be a whole number from 1 to 39",
        ),
        (
            lambda p: p["landmarks"]["snail"].__setitem__("source", "made up"),
            'landmarks.snail.source: must be "reference" or "rulebook <section id>"',
        ),
        (
            lambda p: p["landmarks"].__setitem__("the pier", {"value": 0, "source": "reference"}),
            'landmarks["the pier"].value: must be a whole number from 1 to 39',
        ),
        (lambda p: p.__setitem__("landmarks", []), "landmarks: the pack needs a [landmarks] table"),
        (lambda p: p.__setitem__("card", {"a": 1}), "card: the pack needs [[card]] entries"),
        (lambda p: p["card"].__setitem__(3, "1-04"), "card[3]: must be a table"),
        (
            lambda p: p["card"][0].__setitem__("deck", True),
            "card[0]: needs id (text), deck (1..4) and text",
        ),
        (
            lambda p: p["card"][0].__setitem__("deck", 1.0),
            "card[0]: needs id (text), deck (1..4) and text",
        ),
        (
            lambda p: p["card"][0]["effect"].__setitem__("op", ["forward"]),
            "card[0].effect: op must be one of "
            "['ahead_of', 'back', 'behind', 'finish', 'forward', 'swap', 'to_start']",
        ),
        (
            lambda p: p["card"][0].__setitem__("effect", "back 2"),
            "card[0].effect: must be a table with op one of "
            "['ahead_of', 'back', 'behind', 'finish', 'forward', 'swap', 'to_start']",
        ),
        (
            lambda p: p["card"][0]["effect"].__setitem__("n", 21),
            "card[0].effect.n: must be a whole number from 1 to 20",
        ),
        (
            lambda p: p["card"][0]["effect"].__setitem__("n", True),
            "card[0].effect.n: must be a whole number from 1 to 20",
        ),
        (
            lambda p: p["card"][0].__setitem__("effect", {"op": "to_start", "n": "x"}),
            'card[0].effect: to_start does not take ["n"]',
        ),
        (
            lambda p: p["card"][0].__setitem__("effect", {"op": "swap", "rank": 5}),
            "card[0].effect.rank: must be a whole number from 1 to 4",
        ),
        (
            lambda p: p["card"][0].__setitem__("effect", {"op": "finish", "landmark": ["snail"]}),
            "card[0].effect.landmark: must be a landmark id",
        ),
        (
            lambda p: p["card"][0].__setitem__("effect", {"op": "finish", "landmark": "pier"}),
            'card[0].effect.landmark: unknown landmark "pier"',
        ),
        (
            lambda p: p["card"][1].__setitem__("id", "1-01"),
            'card[1].id: "1-01" is already the id of a card (card[0].id)',
        ),
        (
            lambda p: p.__setitem__("card", [c for c in p["card"] if c["deck"] != 2]),
            "card: deck 2 needs at least 5 cards (one dealt to each of up to 4 players, and one"
            " left to draw)",
        ),
        (  # four cards in deck 3: a four-player table would be dealt them all
            lambda p: p.__setitem__(
                "card", [c for c in p["card"] if c["deck"] != 3 or c["id"] < "3-05"]
            ),
            "card: deck 3 needs at least 5 cards (one dealt to each of up to 4 players, and one"
            " left to draw)",
        ),
        (
            lambda p: p.__setitem__("name", _nested(100_000)),
            "name" + "[0]" * 7 + ": at most 8 levels of nesting",
        ),
        (
            lambda p: p["card"][5].__setitem__("text", "x" * 2001),
            "card[5].text: at most 2000 characters",
        ),
        (lambda p: p["card"].extend(p["card"] * 6), "card: at most 400 items"),
        (lambda p: p["card"][0].__setitem__("id", "1\x00"), "card[0].id: no NUL character"),
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


def test_the_ranges_bounds_are_accepted() -> None:
    low, high = LENGTH_RANGE

    def geometry(length: int) -> Callable[[dict[str, Any]], object]:
        return lambda p: p["track"]["length"].__setitem__("value", length)

    assert parse_pack(_with(geometry(high))).track_length == high
    with pytest.raises(ContentError, match=r"^track\.finish\.value: .* from 1 to 7$"):
        parse_pack(_with(geometry(low)))  # the reference finish (24) lies beyond 8 squares


def test_validate_options_shows_the_path_and_the_rule() -> None:
    rejection = GAME.validate_options(2, {"content": _with(lambda p: p["card"][0].pop("id"))})
    assert rejection is not None and rejection.code == "bad_options"
    assert rejection.message == "content pack: card[0]: needs id (text), deck (1..4) and text"
    deep = GAME.validate_options(2, {"content": {"name": _nested(100_000)}})
    assert deep is not None
    assert deep.message == "content pack: name" + "[0]" * 7 + ": at most 8 levels of nesting"


NEVER_MOVES = "card: at least one card must move a figure along the track"


def every_card(effect: dict[str, Any]) -> dict[str, Any]:
    """The reference pack with every card's effect replaced by `effect`."""
    return _with(lambda p: [card.__setitem__("effect", dict(effect)) for card in p["card"]])


@pytest.mark.parametrize(
    "effects",
    [
        [{"op": "to_start"}],
        [{"op": "swap", "rank": 1}],
        [{"op": "finish", "landmark": "snail"}],
        [{"op": "to_start"}, {"op": "swap", "rank": 4}, {"op": "finish", "landmark": "sheep"}],
    ],
)
def test_a_pack_in_which_no_figure_can_ever_move_is_refused(effects: list[dict[str, Any]]) -> None:
    """The audit's packs: every card back to the start, a swap or the finish moved. All four
    figures stay on the start square (0), the finish never comes to them, and 3,000 random
    moves ended nothing: a game with people in it stayed open for ever (the book: the race is
    won by crossing the finish line)."""
    pack = _with(
        lambda p: [
            card.__setitem__("effect", dict(effects[i % len(effects)]))
            for i, card in enumerate(p["card"])
        ]
    )
    with pytest.raises(ContentError) as error:
        parse_pack(pack)
    assert str(error.value).startswith(NEVER_MOVES)
    assert str(error.value).endswith("nobody can ever cross the finish and the race never ends")
    rejection = GAME.validate_options(2, {"content": pack})
    assert rejection is not None and rejection.code == "bad_options"
    assert rejection.message.startswith("content pack: " + NEVER_MOVES)


@pytest.mark.parametrize(
    "effect",
    [
        {"op": "forward", "n": 1},
        {"op": "back", "n": 1},  # backwards through the finish wins too
        {"op": "ahead_of", "rank": 1, "n": 1},
        {"op": "behind", "rank": 4, "n": 1},
    ],
)
def test_one_card_moving_a_figure_along_the_track_is_enough(effect: dict[str, Any]) -> None:
    pack = every_card({"op": "to_start"})
    pack["card"][0]["effect"] = effect
    assert parse_pack(pack).cards[0].effect.op == effect["op"]
