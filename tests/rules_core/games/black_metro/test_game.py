"""Black Metro as a GameSpec (game.py): the options the catalog states and the refusals of options
outside them, word for word, and the seats' names."""

from __future__ import annotations

import pytest

from rules_core.games.black_metro import vocabulary
from rules_core.games.black_metro.content import NUMBER_RANGES
from tests.rules_core.games.black_metro.helpers import GAME, started
from tests.rules_core.games.content_option import assert_content_option


def test_the_options_schema_states_each_option_its_type_default_and_limits() -> None:
    schema = GAME.options_schema()
    assert list(schema) == ["first_game", "content"]
    assert schema["first_game"] == {
        "type": "boolean",
        "default": False,
        "description": "the first game's set-up, without candidates",
    }
    kinds = ("district", "dice", "suit", "dominance_fortune", "technology", "candidate", "mission")
    effects = {kind: getattr(vocabulary, f"{kind.upper()}_OPS").schema() for kind in kinds}
    assert_content_option(schema, "black_metro", NUMBER_RANGES, effects)
    assert len({str(v) for v in effects.values()}) == 7  # seven different vocabularies


@pytest.mark.parametrize(
    ("players", "options", "code", "message"),
    [
        (0, {}, "bad_player_count", "Black Metro is for 1 to 4 players."),
        (5, {}, "bad_player_count", "Black Metro is for 1 to 4 players."),
        (2, {"first_gam": True, "bots": 1}, "bad_options", "unknown options: bots, first_gam"),
        (2, {"first_game": "yes"}, "bad_options", "option 'first_game' is true or false"),
        (2, {"first_game": 1}, "bad_options", "option 'first_game' is true or false"),
        (2, {"content": [1]}, "bad_options", "option 'content' must be an object"),
        (2, {"content": "pack"}, "bad_options", "option 'content' must be an object"),
    ],
)
def test_options_are_refused_with_the_reason(
    players: int, options: dict[str, object], code: str, message: str
) -> None:
    refusal = GAME.validate_options(players, options)  # type: ignore[arg-type]
    assert refusal is not None and (refusal.code, refusal.message) == (code, message)


def test_a_bad_content_pack_is_refused_with_what_is_wrong() -> None:
    refusal = GAME.validate_options(2, {"content": {"districts": "nope"}})
    assert refusal is not None and refusal.code == "bad_options"
    assert refusal.message.startswith("content pack: ") and len(refusal.message) > 14


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("first_game", [False, True])
def test_options_within_the_rules_are_accepted(players: int, first_game: bool) -> None:
    assert GAME.validate_options(players, {"first_game": first_game, "content": None}) is None
    assert GAME.validate_options(players, {}) is None


def test_seats_are_named_by_their_colours() -> None:
    assert GAME.seat_names(started(3)) == ("Red", "Green", "Blue")
    assert GAME.seat_names(started(4)) == ("Red", "Green", "Blue", "Yellow")
    assert GAME.seat_names(started(1)) == ("Red",)  # the overlord plays no seat
