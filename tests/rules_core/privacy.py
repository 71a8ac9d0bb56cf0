"""The conformance suite's privacy checks, by value and by path, from each game's declarations.

- A view must not change when only what its seat cannot see changes: the state's secrets the
  seat cannot see (`GameSpec.secrets`) are dealt again (cards, by back) and shifted (the totals
  behind screens), and the seat's view of that twin must equal its view of the real state.
- Each event's declared secrets are masked at their paths for every seat that may not see them.
- No card a seat cannot see appears anywhere in what it is shown (views, events, stories).
"""

from __future__ import annotations

import random
from typing import Any

from rules_core.engine import GameEvent, GameSpec, Move, Rejection, to_json
from rules_core.engine.hiding import json_strings
from rules_core.engine.types import JSON
from rules_core.engine.visibility import Secret, masked, resample, value_at


def _shifted(secret: Secret) -> Any:
    """A screen total changed (numbers by one), as a twin state holds it."""
    value = secret.value
    return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value


def check_view_ignores_secrets(
    spec: GameSpec[Any], state: Any, seat: int | None, view: JSON, tries: int = 1
) -> None:
    """The seat's view of `state` equals its view of twins that differ only in its secrets."""
    secrets = spec.secrets(state)
    if not any(s.hidden_from(seat) for s in secrets):
        return
    for attempt in range(tries):
        twin = resample(state, secrets, seat, random.Random(attempt), screen=_shifted)
        assert spec.view(twin, seat) == view, (
            f"seat {seat}'s view changes with what it cannot see ({len(secrets)} secrets)"
        )


def check_declared_masks(event: GameEvent, redacted: dict[str, JSON], seat: int | None) -> None:
    """Every part of the event declared secret from `seat` reaches it masked."""
    full = to_json(event)
    for path, hidden in event.secret.items():
        if not hidden.hides_from(event, seat):
            continue
        expected = masked(value_at(full, path), hidden.mask)
        assert value_at(redacted, path) == expected, f"{event.type}.{path} shown to seat {seat}"


def _card_words(state: Any, ids: frozenset[str]) -> set[str]:
    """The names and texts the game shows for the cards `ids` (the packs of both games; the
    stories quote them “like this”)."""
    pack = getattr(state, "pack", None)
    if pack is None:
        return set()
    words = set()
    for card_id in ids:
        try:
            card = pack.card(card_id)
        except (KeyError, StopIteration):
            continue
        words |= {w for w in (getattr(card, "name", ""), getattr(card, "text", "")) if w}
    return words


def _all_cards(state: Any) -> frozenset[str]:
    pack = getattr(state, "pack", None)
    if pack is None:
        return frozenset()
    cards = getattr(pack, "cards", None) or (*pack.plots, *pack.batman_cards, *pack.abilities)
    return frozenset(c.id for c in cards)


def check_words(text: str, what: str) -> None:
    """A text a person reads: no dict, no None, no identifiers with underscores."""
    assert isinstance(text, str), what
    for bad in ("{", "}", "None", "_", "[", "]"):
        assert bad not in text, f"{what} reads {text!r}"


def apply_checking_privacy(
    spec: GameSpec[Any], state: Any, players: int, events: list[GameEvent], twins: bool = True
) -> Any:
    """Fold `events`; after each, no seat's view, redacted event nor narration shows what it
    must not see, and every narration reads as words."""
    for event in events:
        before, state = state, spec.evolve(state, event)
        finished = spec.outcome(state) is not None
        for seat in [None, *range(players)]:
            hidden = spec.hidden_from(state, seat)
            redacted = spec.redact(event, seat, finished)
            shown = set(json_strings(redacted))
            assert not (hidden & shown), f"{event.type} shows {sorted(hidden & shown)} to {seat}"
            if not finished:
                check_declared_masks(event, redacted, seat)
            text = spec.narrate(before, event, seat, finished)
            check_words(text, f"the story of {event.type}")
            secret = _card_words(before, hidden) - _card_words(before, _all_cards(before) - hidden)
            told = [w for w in (*hidden, *(f"“{w}”" for w in secret)) if w in text]
            assert not told, f"the story of {event.type} tells {told} to seat {seat}: {text!r}"
    for seat in [None, *range(players)]:
        view = spec.view(state, seat)
        leaked = spec.hidden_from(state, seat) & set(json_strings(view))
        assert not leaked, f"seat {seat} view shows {sorted(leaked)}"
        if twins:
            check_view_ignores_secrets(spec, state, seat, view)
    return state


def flow_told_differently(
    spec: GameSpec[Any], state: Any, seat: int, move: Move, rng_seed: int, viewer: int | None
) -> str | None:
    """How `move` tells `viewer` something it cannot see through the game's flow alone, or None.

    The move is decided again on twins of `state` that differ only in what the viewer cannot
    see. Until an event visibly differs (a card turned up: the rest may follow from it), the
    viewer must read the same events in the same order, and then find the same seats to act:
    whether a seat is asked, or a phase passes by itself, must not hang on its hidden cards."""
    real = spec.decide(state, seat, move, random.Random(rng_seed))
    assert not isinstance(real, Rejection), real
    secrets = spec.secrets(state)
    for attempt in range(2):
        twin = resample(state, secrets, viewer, random.Random(attempt))
        other = spec.decide(twin, seat, move, random.Random(rng_seed))
        if isinstance(other, Rejection):  # the move names a card the twin does not hold there
            continue
        after, twin_after, shown_apart = state, twin, False
        for mine, theirs in zip(real, other, strict=False):
            if mine.type != theirs.type:
                return f"{mine.type} here, {theirs.type} on a twin, deciding {move.type}"
            if spec.redact(mine, viewer, False) != spec.redact(theirs, viewer, False):
                shown_apart = True
                break
            after, twin_after = spec.evolve(after, mine), spec.evolve(twin_after, theirs)
        if shown_apart:
            continue
        if len(real) != len(other):
            return f"{len(real)} events here, {len(other)} on a twin, deciding {move.type}"
        if spec.to_act(after) != spec.to_act(twin_after):
            return f"{sorted(spec.to_act(after))} to act here, not on a twin, deciding {move.type}"
    return None
