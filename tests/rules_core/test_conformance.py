"""The conformance suite every registered game passes: random legal play to the end and more."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from rules_core.bots.registry import choose_move
from rules_core.engine import (
    GameSpec,
    Move,
    Rejection,
    all_games,
    fold,
    from_json,
    to_json,
)
from rules_core.engine.citations import citation_uses
from rules_core.engine.moves import MoveBook
from rules_core.engine.types import JSON
from rules_core.rulebooks import resolve
from tests.rules_core.privacy import apply_checking_privacy, check_words

GAMES = all_games()
TWIN_EVERY = 3  # steps between the (costly) checks that views ignore what a seat cannot see
SEEDS = range(30)


def _wrong_variants(move: Move) -> Iterator[Move]:
    yield Move(move.type + "_nope", move.params)
    for index, (key, _) in enumerate(move.params):
        for wrong in (999_999, -1, "nope", None):
            params = list(move.params)
            params[index] = (key, wrong)
            yield Move(move.type, tuple(params))


def _option_sets(spec: GameSpec[Any]) -> list[dict[str, JSON]]:
    """The default options, and each boolean option switched on."""
    schema = spec.options_schema()
    switches = [
        name
        for name, entry in schema.items()
        if isinstance(entry, dict) and entry.get("type") == "boolean"
    ]
    switched_on: list[dict[str, JSON]] = [{name: True} for name in switches]
    return [{}, *switched_on]


VARIANT_SEEDS = range(12)  # each switched-on option: fewer games than the default set
CASES = [
    (spec, options, seed)
    for spec in GAMES
    for options in _option_sets(spec)
    for seed in (VARIANT_SEEDS if options else SEEDS)
]


def _case_id(case: object) -> str:
    if isinstance(case, dict):
        return "+".join(sorted(case)) or "default"
    if isinstance(case, int):
        return f"seed{case}"
    return str(getattr(case, "slug", case))


def _players(spec: GameSpec[Any], seed: int, options: dict[str, JSON] | None = None) -> int:
    """The seed's player count, or the next the game takes with `options` (Black Metro's first
    game is not for the solo challenge): a game is never played as the service would refuse."""
    counts = spec.max_players - spec.min_players + 1
    for step in range(counts):
        players = spec.min_players + (seed + step) % counts
        if spec.validate_options(players, options or {}) is None:
            return players
    raise AssertionError(f"{spec.slug} takes {options} at no player count")


def _check_rejection(rejection: Rejection) -> None:
    assert rejection.code and rejection.message
    assert rejection.citations
    for citation in rejection.citations:
        resolve(citation)


@pytest.mark.parametrize(("spec", "options", "seed"), CASES, ids=_case_id)
def test_random_legal_play_reaches_an_outcome_and_obeys_the_model(
    spec: GameSpec[Any], options: dict[str, JSON], seed: int
) -> None:
    """Every game, with each of its option sets (a variant's face-down cards go through the
    same privacy checks as the default game)."""
    rng = random.Random(seed)
    players = _players(spec, seed, options)
    log = spec.setup(players, options, random.Random(seed))
    assert log == spec.setup(players, options, random.Random(seed)), "setup is not deterministic"
    state = apply_checking_privacy(spec, spec.initial_state(), players, log)
    for step in range(spec.info.longest_game):
        if spec.outcome(state) is not None:
            break
        acting = spec.to_act(state)
        assert acting, "nobody is to act in an unfinished game"
        assert spec.owed(state, random.Random(step)) == [], "a head of today's rules owes a step"
        optional = spec.may_act(state)  # a move allowed at any time, not waited for
        assert not optional & acting
        for seat in range(players):
            if seat not in acting | optional:
                assert spec.legal_moves(state, seat) == []
            elif seat in optional:
                assert spec.legal_moves(state, seat), f"seat {seat} may act with no legal move"
        seat = min(acting)
        moves = spec.legal_moves(state, seat)
        assert moves, f"seat {seat} is to act but has no legal move"
        unseen = spec.determinize(state, seat, random.Random(step))
        assert spec.legal_moves(unseen, seat) == moves, "legal moves reveal hidden values"
        assert len(set(moves)) == len(moves)
        for move in moves:
            result = spec.decide(state, seat, move, random.Random(step))
            assert not isinstance(result, Rejection), f"listed move {move} refused: {result}"
            label = spec.describe_move(state, seat, move)
            assert label, f"{move} has no label"
            check_words(label, f"the label of {move}")
            ids = [v for _, v in move.params if isinstance(v, str) and any(c.isdigit() for c in v)]
            assert not [i for i in ids if i in label], f"the label of {move} shows an id: {label}"
        legal = set(moves)
        for move in moves[:3]:
            for wrong in _wrong_variants(move):
                if wrong not in legal:
                    result = spec.decide(state, seat, wrong, random.Random(step))
                    assert isinstance(result, Rejection), f"{wrong} accepted"
                    _check_rejection(result)
                    assert spec.decide_and_evolve(state, seat, wrong, random.Random(step)) == result
            for other in range(players):
                if other not in acting:
                    result = spec.decide(state, other, move, random.Random(step))
                    assert isinstance(result, Rejection)
                    _check_rejection(result)
        for free in sorted(optional):
            for move in spec.legal_moves(state, free)[:3]:
                result = spec.decide(state, free, move, random.Random(step))
                assert not isinstance(result, Rejection), f"listed move {move} refused: {result}"
                check_words(spec.describe_move(state, free, move), f"the label of {move}")
        move = rng.choice(moves)
        events = spec.decide(state, seat, move, random.Random(step))
        assert isinstance(events, list) and events
        played = spec.decide_and_evolve(state, seat, move, random.Random(step))
        assert not isinstance(played, Rejection) and played[0] == events
        state = apply_checking_privacy(spec, state, players, events, twins=step % TWIN_EVERY == 0)
        assert played[1] == state, "decide_and_evolve's state differs from folding the events"
        log.extend(events)
        if step % 10 == 0:
            assert from_json(spec.state_type, json.loads(json.dumps(to_json(state)))) == state
    else:
        pytest.fail("the game did not end")
    assert spec.to_act(state) == frozenset()
    assert fold(spec, log) == state, "replaying the log differs from the live state"
    for event in log:
        assert event.type in spec.event_types
        assert event.cited(), f"{event.type} cites nothing"
        for citation in event.cited():
            resolve(citation)
        round_tripped = from_json(type(event), json.loads(json.dumps(to_json(event))))
        assert round_tripped == event
    outcome = spec.outcome(state)
    assert outcome is not None
    assert all(0 <= w < players for w in outcome.winners)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_every_citation_of_a_game_resolves_to_a_section(spec: GameSpec[Any]) -> None:
    uses = citation_uses(spec)
    for event_type in spec.event_types.values():
        assert event_type.citations, f"{event_type.type} cites nothing"
    for code, citations in spec.rejections.items():
        assert citations, f"rejection {code} cites nothing"
    assert "bad_options" in spec.rejections  # the service refuses a pack the set-up refuses so
    for use in uses:
        assert use.citation.book == spec.book
        resolve(use.citation)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_every_parameter_of_every_move_type_says_how_it_names_things(spec: GameSpec[Any]) -> None:
    """A replay withholds a move's parameter by what its game declares of it (`Carries`,
    api/shown_moves.py): every move type's parameters are declared, none more, each carried
    by fields its events have, and none split at "-" (ids hold it: `7-spades`, `fire-1`)."""
    book = getattr(spec, "moves", None)
    assert isinstance(book, MoveBook), f"{spec.slug} declares no MoveBook"
    assert set(book.carries) == {rule.name for rule in book.rules}
    for rule in book.rules:
        assert set(book.carries[rule.name]) == set(rule.params), rule.name
        for name, carries in book.carries[rule.name].items():
            assert "-" not in carries.joins
            for carried in carries.fields:
                kind, _, field = carried.partition(".")
                assert field in {f.name for f in fields(spec.event_types[kind])}, (name, carried)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_every_seat_has_a_name_at_every_player_count(spec: GameSpec[Any]) -> None:
    for players in range(spec.min_players, spec.max_players + 1):
        state = fold(spec, spec.setup(players, {}, random.Random(players)))
        names = spec.seat_names(state)
        assert len(names) == players and all(isinstance(n, str) and n for n in names)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_nobody_is_to_act_before_the_first_event(spec: GameSpec[Any]) -> None:
    """Before the set-up's events nothing is dealt and no turn has begun: no game waits for a
    seat there (a state view at version 0 says so) and no seat has a move."""
    state = spec.initial_state()
    assert spec.to_act(state) == frozenset()
    assert spec.outcome(state) is None
    for seat in range(spec.max_players):
        assert spec.legal_moves(state, seat) == []


# a few real games for every game: seats, the bot in each seat, seed
PLAYED = ((2, ("greedy", "random"), 1), (3, ("random", "greedy", "random"), 2))


def _waiting_is_who_can_move(spec: GameSpec[Any], state: Any, players: int, at: str) -> None:
    movers = frozenset(s for s in range(players) if spec.legal_moves(state, s))
    waited = spec.to_act(state)
    assert waited | spec.may_act(state) == movers, f"{at}: to_act {sorted(waited)}"
    assert not waited & spec.may_act(state), f"{at}: a seat both waited for and free to act"


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
@pytest.mark.parametrize(("players", "bots", "seed"), PLAYED, ids=lambda c: str(c))
def test_at_every_version_to_act_is_the_seats_with_a_legal_move(
    spec: GameSpec[Any], players: int, bots: tuple[str, ...], seed: int
) -> None:
    """Not only at version 0 and after each move: at every event of a played game (part-way
    through the set-up, or through a move's own steps, which a state view at that version
    shows) the seats named to act are exactly those with a legal move, so a step the game
    carries out by itself names nobody."""
    players = max(spec.min_players, min(players, spec.max_players))
    bots = (bots * players)[:players]
    rng = random.Random(seed)
    state = spec.initial_state()
    _waiting_is_who_can_move(spec, state, players, "version 0")
    events = spec.setup(players, {}, random.Random(seed))
    for step in range(spec.info.longest_game):
        for event in events:
            state = spec.evolve(state, event)
            _waiting_is_who_can_move(spec, state, players, f"move {step}, after {event.type}")
        if spec.outcome(state) is not None:
            break
        seat = min(spec.to_act(state))
        move = choose_move(bots[seat], spec, state, seat, random.Random(rng.random()))
        played = spec.decide(state, seat, move, random.Random(rng.random()))
        assert isinstance(played, list), played
        events = played
    else:
        pytest.fail("the game did not end")
