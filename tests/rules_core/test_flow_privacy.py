"""Every game's flow keeps its secrets: a seat is asked, a phase waits or passes and a turn ends
the same way whatever the cards a viewer cannot see (No Man's Land's start of turn and Black
Metro's assignment fortune once told the others whether a hand held a card that could be played).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from tests.rules_core.privacy import flow_told_differently
from tests.rules_core.random_play import random_steps

GAMES = all_games()
SEEDS = range(3)
STEPS = 300
# events that show a hidden card by what they are, as the rules have it done in the open, on
# either side (the card drawn here, or on a twin dealt again)
TOLD_BY_RULE = {
    # the solo game's drawn joker is the overlord's counterintelligence (solo.rules.fortunes.joker)
    ("black-metro", "counterintelligence"),
}


def _told(spec: GameSpec[Any], players: int, seed: int) -> list[str]:
    found = []
    for step in random_steps(spec, seed, STEPS, players):
        move = random.Random(step.number).choice(step.offered)
        for viewer in [None, *range(players)]:
            if viewer == step.seat:
                continue
            told = flow_told_differently(spec, step.state, step.seat, move, step.number, viewer)
            if told is not None and not any(
                spec.slug == slug and _by_rule(told, kind) for slug, kind in TOLD_BY_RULE
            ):
                found.append(f"step {step.number}, seen by {viewer}: {told}")
    return found


def _by_rule(told: str, kind: str) -> bool:
    """Whether the first difference found is an event of `kind`, here or on the twin."""
    return told.startswith(f"{kind} here") or f", {kind} on a twin" in told


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_the_flow_of_a_move_does_not_hang_on_what_a_viewer_cannot_see(
    spec: GameSpec[Any], seed: int
) -> None:
    for players in sorted({spec.min_players, min(spec.max_players, 3)}):
        assert _told(spec, players, seed) == [], (spec.slug, players)
