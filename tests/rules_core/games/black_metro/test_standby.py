"""The standby phase's moves refused in the game's words, citing the sections that forbid them
(standby.py)."""

from __future__ import annotations

from rules_core.engine.types import Citation
from tests.rules_core.games.black_metro import test_example_round as example
from tests.rules_core.games.black_metro.helpers import GREEN, refused


def test_recovering_personnel_not_in_the_bag_is_refused_citing_the_recall_step() -> None:
    """Green's bag holds her 2 overwhelmed subordinates (example.standby.recall)."""
    refusal = refused(example._resolved(), GREEN, "recover", troop="0,1,0")
    assert refusal.code == "not_overwhelmed"
    assert refusal.message == "Your overwhelmed bag holds 2 subordinates: recover some of those."
    assert Citation("black-metro", "phases.standby.recall") in refusal.citations
