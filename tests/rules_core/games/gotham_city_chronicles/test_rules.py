"""The game as a GameSpec, held to the conformance suite's model before it is registered:
random legal play from set-up to an end, refusals cited, privacy, replay and JSON round trips."""

from __future__ import annotations

import pytest

from rules_core.games.gotham_city_chronicles.rules import GAME
from tests.rules_core.test_conformance import (
    test_random_legal_play_reaches_an_outcome_and_obeys_the_model as conformance,
)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_follow_the_conformance_model(seed: int) -> None:
    conformance(GAME, {}, seed)


def test_options_and_seats() -> None:
    assert GAME.validate_options(1, {}) is not None
    assert GAME.validate_options(5, {}) is not None
    assert GAME.validate_options(3, {}) is None
    refused = GAME.validate_options(2, {"content": {"dice": 3}})
    assert refused is not None and refused.message.startswith("content pack: ")
    assert GAME.validate_options(2, {"colour": "red"}) is not None


def test_every_event_has_words_and_cites_the_book() -> None:
    from rules_core.games.gotham_city_chronicles.language import STORIES
    from rules_core.rulebooks import resolve

    for event_type in GAME.event_types.values():
        assert event_type in STORIES, event_type.type
        for citation in (*event_type.citations, *event_type.may_cite):
            resolve(citation)
    for citations in GAME.rejections.values():
        for citation in citations:
            resolve(citation)
