"""Black Metro's stories tell of a player in the third person: an effect's words inside them
(a district's effect, a die's face, a step asked or passed over) never say "you" or "your",
which in a replay would speak to whoever watches it."""

from __future__ import annotations

import random
import re

from rules_core.engine.types import Rejection
from rules_core.engine.updating import updated
from rules_core.games.black_metro.events_resolution import DiceRolled, EffectUsed
from rules_core.games.black_metro.events_solo import ChallengeLost
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro.helpers import GAME, started

SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
HIGHFIELD_HOSPITAL, OAKLAND_LABORATORY, COMBAT_ZONE = 7, 8, 12


def _told(state: BlackMetroState, event: object) -> str:
    return GAME.narrate(state, event, None, False)  # type: ignore[arg-type]


def test_a_districts_effect_in_a_story_names_no_one_in_the_second_person() -> None:
    """They read "(spend 2 intel, then heal half your strain)" and "(acquire 2 power if you
    overwhelmed personnel here)"."""
    state = started(2)
    healed = EffectUsed(seat=0, owner=0, district=HIGHFIELD_HOSPITAL, effect=1, choice="")
    assert _told(updated(state, resolving=HIGHFIELD_HOSPITAL), healed) == (
        "Red uses the first effect of 07 Highfield Hospital (spend 2 intel, then heal half the"
        " strain)."
    )
    studied = EffectUsed(seat=1, owner=1, district=OAKLAND_LABORATORY, effect=1, choice="")
    assert _told(updated(state, resolving=OAKLAND_LABORATORY), studied) == (
        "Green uses the first effect of 08 Oakland Laboratory (advance the scientific level, or"
        " research a technology)."
    )
    fought = EffectUsed(seat=0, owner=0, district=COMBAT_ZONE, effect=2, choice="")
    assert _told(updated(state, resolving=COMBAT_ZONE), fought) == (
        "Red uses the second effect of 12 Combat Zone (acquire 2 power after overwhelming"
        " personnel here)."
    )


def test_a_face_rolled_says_what_it_does_in_the_third_person() -> None:
    """It read "4 (research 1 technology, then you may advance your scientific level)"."""
    rolled = DiceRolled(seat=1, owner=1, dice="supply", face=4)
    assert _told(started(2), rolled) == (
        "Green rolls the supply dice: 4 (research 1 technology, then optionally advance the"
        " scientific level)."
    )


def test_a_lost_solo_challenge_names_the_player() -> None:
    """It read "your strain went beyond 15" and "you ended below 70 power"."""
    state = started(1)
    assert _told(state, ChallengeLost(seat=None, reason="strain")) == (
        "The solo challenge is lost: Red's strain went beyond 15."
    )
    assert _told(state, ChallengeLost(seat=None, reason="power")) == (
        "The solo challenge is lost: Red ended below 70 power."
    )


def test_no_story_of_a_random_game_speaks_in_the_second_person() -> None:
    """Every event of random games at 1 to 4 players, told to the player who moved and to a
    spectator."""
    told = 0
    for players in (1, 2, 3, 4):
        pick = random.Random(players)
        state = GAME.initial_state()
        for event in GAME.setup(players, {}, random.Random(players)):
            state = GAME.evolve(state, event)
        for number in range(600):
            acting = sorted(GAME.to_act(state))
            if not acting or GAME.outcome(state) is not None:
                break
            move = pick.choice(GAME.legal_moves(state, acting[0]))
            events = GAME.decide(state, acting[0], move, random.Random(number))
            assert not isinstance(events, Rejection), events
            for event in events:
                for seat in (None, acting[0]):
                    story = GAME.narrate(state, event, seat, False)
                    assert not SECOND_PERSON.search(story), story
                    told += 1
                state = GAME.evolve(state, event)
    assert told > 2000
