"""Creating and forking games: seats and their tokens, the opening events, the caller's hour.

Each service takes keyword arguments and queues follow-up work (bot turns) only after commit;
creating and forking a game run in one transaction.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from api import event_store, game_facts
from api.errors import ApiError, InvalidRequest, NotFoundError, VersionConflict
from api.event_store import Appended
from api.hourly_limits import bot_game_allowed, hour_given_back_if_refused, within_hour
from api.limits import SEAT_NAME_CHARS, echo
from api.log_check import unfollowable
from api.look_alike_names import look_alike_keys, mixed_word, read_alike
from api.models import Event, Game, Seat
from api.parsing import check_text
from api.services import (
    citations_json,
    owed_steps_take,
    published_after_commit,
    queue_bots_if_needed,
)
from api.tokens import hash_token, new_token
from rules_core.bots.registry import bot_name, bot_options_problem
from rules_core.engine import GameSpec, get_game
from rules_core.engine.content_limits import ContentError, hidden_control, shows_nothing
from rules_core.engine.option_checks import pack_refusal
from rules_core.engine.randomness import fork_rng, setup_rng
from rules_core.engine.types import JSON
from rules_core.engine.wording import listed


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One seat asked for at creation: a person's name or a bot's name."""

    name: str = ""
    bot: str = ""
    bot_options: dict[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CreatedGame:
    """A new game and each person's token (shown only here)."""

    game: Game
    tokens: tuple[str | None, ...]


class RuleRejected(ApiError):
    """A request the rules refuse outside a move (e.g. a player count): 400 with citations."""

    error = "rules_rejected"


class InvalidBotOptions(ApiError):
    """A bot that does not exist, or options beyond the limits the catalog states."""

    error = "invalid_bot_options"


class MixedAlphabetName(ApiError):
    """A player's name with a word in scripts that no writing mixes (Latin and Armenian)."""

    error = "mixed_alphabet_name"


class ForkRefused(ApiError):
    """A fork the service cannot make: of a running game, at a point inside a move's events,
    with another number of players."""

    error = "fork_refused"


class ForkNotPlayable(ForkRefused):
    """A fork of a game of earlier rules that today's rules cannot follow from any point
    (log_check.unfollowable, as its analysis is refused): every head of it would name a seat
    and offer it no move."""

    status_code = 422
    error = "fork_not_playable"


class ForkAtEnd(ForkRefused):
    """A fork at a finished game's last event: a game over before it starts, so none is made
    (and, refused before the hour's count, it costs no fork)."""

    error = "fork_at_end"


def spec_for(slug: str) -> GameSpec[Any]:
    """The registered game for a slug, or a 404-style error."""
    try:
        return get_game(slug)
    except KeyError:
        raise NotFoundError(f"No game called “{echo(slug)}”; see /api/catalog/.") from None


def _check_players(spec: GameSpec[Any], players: Sequence[PlayerSpec]) -> None:
    for player in players:
        check_text(player.name, "player's name")  # the lobby's form too, not only JSON bodies
        if shows_nothing(player.name):
            raise InvalidRequest(
                "A player's name shows nothing (blank braille cells draw as spaces): give one "
                "that can be read, or none for the seat's default name."
            )
        if len(player.name) > SEAT_NAME_CHARS:  # the lobby's form is not held to its field's limit
            raise InvalidRequest(
                f"A player's name is at most {SEAT_NAME_CHARS} characters; this one has "
                f"{len(player.name)}."
            )
        control = hidden_control(player.name, breaks=False)
        if control is not None:  # a name is told inside sentences, which it must not turn around
            raise InvalidRequest(
                f"A player's name is one line of text without control characters ({control})."
            )
        if player.bot_options and not player.bot:
            raise InvalidBotOptions("Only a bot's seat takes bot_options.")
        problem = player.bot and bot_options_problem(spec, player.bot, player.bot_options)
        if problem:
            raise InvalidBotOptions(problem)


def _check_names_differ(players: Sequence[PlayerSpec]) -> None:
    """Every seat's name, given or by default, is its own: the story, the moves and the
    replay name seats by them, so two "Ann"s (in any case or spacing, in another Unicode
    spelling of the same letters: "é" composed or as e and an accent, full-width letters, or a
    name given as another seat's default "Player 2") could not be told apart, nor could names
    of one shape in other letters ("Ann" with its A Cyrillic, "Player l" and "Player 1")."""
    seen: dict[str, int] = {}
    names = [p.name or _default_name(players, i) for i, p in enumerate(players)]
    for index, name in enumerate(names):
        keys = look_alike_keys(name)
        clash = next((seen[key] for key in keys if key in seen), None)
        if clash is None:
            seen.update(dict.fromkeys(keys, index))
        elif read_alike(name) == read_alike(names[clash]):
            raise InvalidRequest(
                f"Seats {clash + 1} and {index + 1} are both called “{echo(name)}”: give "
                "each seat its own name, so the table can tell them apart."
            )
        else:
            raise InvalidRequest(
                f"Seats {clash + 1} and {index + 1} are called “{echo(names[clash])}” and "
                f"“{echo(name)}”, which look alike (the same shapes in other letters): give "
                "each seat its own name, so the table can tell them apart."
            )


def _check_names_not_others_roles(players: Sequence[PlayerSpec], roles: Sequence[str]) -> None:
    """No seat is called as another seat's role reads, nor looks like it ("The Penguin" for the
    seat playing The Joker, "Red" for Green): the pages and the table name each seat by its
    role beside its name ("Waiting for Green (Red)"), so such a name points at the wrong seat.
    A seat may take its own role as its name."""
    names = [p.name or _default_name(players, i) for i, p in enumerate(players)]
    for index, name in enumerate(names):
        keys = set(look_alike_keys(name))
        for other, role in enumerate(roles):
            if other != index and keys & set(look_alike_keys(role)):
                raise InvalidRequest(
                    f"Seat {index + 1}'s name “{echo(name)}” reads as the role seat {other + 1} "
                    f"plays, {role}: give it a name of its own, so the table can tell the "
                    "seats apart."
                )


def _check_names_in_one_alphabet(players: Sequence[PlayerSpec]) -> None:
    """No word of a given name mixes letters of two scripts beyond those real writing mixes
    (look_alike_names.WRITING_SYSTEMS): such a word is spelt to pass for another ("Ann" with
    its A Cyrillic, "John" with its o Armenian), while an honest name keeps each word in one
    alphabet (all-Cyrillic, Greek or Armenian names stay welcome, and Japanese, Chinese or
    Korean beside Latin)."""
    for index, player in enumerate(players):
        mixed = mixed_word(player.name)
        if mixed is not None:
            raise MixedAlphabetName(
                f"Seat {index + 1}'s name “{echo(player.name)}” mixes {listed(mixed.alphabets)} "
                f"letters in one word (“{echo(mixed.word)}”), as a name spelt to pass for another "
                "does: write each word in one alphabet."
            )


def _default_name(players: Sequence[PlayerSpec], index: int) -> str:
    """The name of a seat posted without one: "Player 3", or its bot's by how strongly it plays
    ("medium bot" for greedy, as the lobby offers it), numbered when the table has two unnamed
    bots of that kind ("medium bot 1", "medium bot 2")."""
    player = players[index]
    if not player.bot:
        return f"Player {index + 1}"
    alike = [i for i, p in enumerate(players) if p.bot == player.bot and not p.name]
    return bot_name(player.bot) + (f" {alike.index(index) + 1}" if len(alike) > 1 else "")


def _seat_players(game: Game, players: Sequence[PlayerSpec]) -> tuple[str | None, ...]:
    """Seat people (each with a new secret token, stored hashed) and bots; the tokens."""
    tokens: list[str | None] = []
    seats = []
    for index, player in enumerate(players):
        token = None if player.bot else new_token()
        tokens.append(token)
        seats.append(
            Seat(
                game=game,
                index=index,
                name=player.name or _default_name(players, index),
                bot=player.bot,
                bot_options=dict(player.bot_options),
                token_hash=hash_token(token) if token else "",
            )
        )
    Seat.objects.bulk_create(seats)
    return tuple(tokens)


def game_create(
    *,
    slug: str,
    players: Sequence[PlayerSpec],
    seed: int | None,
    options: Mapping[str, JSON],
    caller: str = "unknown",
) -> CreatedGame:
    """Create a game, seat its players and bots, and append its opening events. The hour counts
    it once what the request alone shows is valid, before the set-up runs (a caller over its
    hour is refused without costing one); whatever is refused after it (a name that reads as a
    role the set-up deals, a content pack the set-up refuses) gives the hour's use back."""
    spec = spec_for(slug)
    _check_players(spec, players)
    rejection = spec.validate_options(len(players), options)
    if rejection is not None:
        raise RuleRejected(
            rejection.message,
            extra={"code": rejection.code, "citations": citations_json(rejection.citations)},
        )
    _check_names_differ(players)
    _check_names_in_one_alphabet(players)
    bots = any(p.bot for p in players)
    _creation_allowed(caller, bots=bots)
    seeded = seed is not None
    seed = secrets.randbits(62) if seed is None else seed
    counted = ("games", "bot-games") if bots else ("games",)
    with hour_given_back_if_refused(caller, *counted):
        events = _setup(spec, len(players), options, seed)
        opening = event_store.extend(spec, event_store.Head(0, "", spec.initial_state()), events)
        _check_names_not_others_roles(players, spec.seat_names(opening.state))
        with transaction.atomic():
            game = Game.objects.create(
                game=slug,
                players=len(players),
                options=dict(options),
                seed=seed,
                seeded=seeded,
                rules_version=spec.rules_version,
                bot_seats=[i for i, p in enumerate(players) if p.bot],
            )
            game_facts.forget(game.pk)  # an id a rolled-back game had (SQLite) is not that game
            tokens = _seat_players(game, players)
            _append_and_update(game, spec, opening)
            queue_bots_if_needed(game)
    return CreatedGame(game, tokens)


def _setup(spec: GameSpec[Any], players: int, options: Mapping[str, JSON], seed: int) -> list[Any]:
    """The set-up's opening events. A content pack the set-up refuses, where the game's
    `validate_options` let it through, is refused as that would have (a 400, `bad_options`),
    not left to fail as a server error."""
    try:
        return spec.setup(players, options, setup_rng(seed))
    except ContentError as error:
        raise RuleRejected(
            pack_refusal(error),
            extra={
                "code": "bad_options",
                "citations": citations_json(spec.rejections["bad_options"]),  # every game's
            },
        ) from None


def _creation_allowed(caller: str, *, bots: bool) -> None:
    """Count a game against the caller's hour (and, with a bot seat, against its hour of bot
    games, which spend worker time on their own)."""
    within_hour("games", caller, settings.GOTHAM_GAMES_PER_HOUR, ("game", "games"), "created")
    if bots:
        bot_game_allowed(caller, counted="games")


def fork_points(game: Game) -> list[int]:
    """The positions a game may be forked at: after its set-up and after each move's events
    but the last (where a finished game is over: a fork there would have nothing to play)."""
    starts = list(
        Event.objects.filter(game=game, move__isnull=False)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    return [seq - 1 for seq in starts if seq > 1]


def fork_refusal(game: Game) -> ForkRefused | None:
    """Why the game cannot be forked at any point, by anyone (None when it can): it is still
    running, today's rules cannot play on from it, or no move began after its set-up. The API
    refuses a fork so, before the hour counts it, and the replay page offers none."""
    if game.status != Game.Status.FINISHED:
        return ForkRefused("Only a finished game can be forked: its hidden cards are all shown.")
    refusal = unfollowable(game)
    if refusal is not None:
        return ForkNotPlayable(
            "This game was played under earlier rules, and today's rules refuse its first move "
            f"where it was played, so it cannot be played on from any point. {refusal.message}"
        )
    if not fork_points(game):  # no move began after a set-up event: nothing to play on from
        return ForkRefused("This game has no point before its end to fork at.")
    return None


def _fork_neighbours(at: int, points: list[int]) -> list[int]:
    """The fork points either side of event `at` (one when it is before or past them all)."""
    before = [p for p in points if p < at]
    after = [p for p in points if p > at]
    return sorted({*before[-1:], *after[:1]})


def _fork_point_wanted(at: int, points: list[int], nearest: list[int], end: int) -> str:
    """Why a game that ends at event `end` cannot be forked at event `at`, and where it can
    (`nearest`: the fork points either side of it)."""
    first, last = points[0], points[-1]
    if at > last:
        return f"The game ends at event {end}: fork at {last} or at an earlier move's start."
    if at < first:
        return f"The set-up takes events 1 to {first}: fork at {first} or at a later move's start."
    before, after = nearest
    return (
        f"Event {at} falls inside a move's events: fork at {before} or {after}, where a move "
        "begins."
    )


def older_rules_words(title: str) -> str:
    """What a fork of a game played under an earlier version of its rules does: its moves
    stand as played (verify_log checks them by chain and replay), and it plays on under today's
    rules (`decided_from`)."""
    return (
        f"This game was played under an earlier version of the rules of {title}: its moves stand "
        "as they were played, and a game played on from here follows today's rules."
    )


def game_fork(
    *, game: Game, at: int, players: Sequence[PlayerSpec], caller: str = "unknown"
) -> CreatedGame:
    """A new game that starts where a finished game stood after event `at` (the events up to
    there copied with their moves and hashes), seated anew, with a fresh secret seed for what
    follows (design.md: what-if play). The finished game shows its decks' order to anyone, so
    the cards nobody had seen at `at` are shuffled again by one more event (the fork's new deal;
    rules_core.engine.fork_shuffle). Where a game of earlier rules stood at a step today's
    rules take themselves, the fork takes it next, by nobody (`owed_steps_take`)."""
    spec = spec_for(game.game)
    refused = fork_refusal(game)  # refused before the hour counts it: a refusal costs no fork
    if refused is not None:
        raise refused
    if len(players) != game.players:
        raise ForkRefused(f"A fork of this game seats {game.players} players, as it had.")
    points = fork_points(game)
    if at == game.version:  # refused before the hour counts it: a refusal costs no fork
        raise ForkAtEnd(
            f"The game is over at event {at}: a fork there would have nothing to play. Fork at "
            f"{points[-1]}, where its last move begins, or earlier.",
            extra={"nearest": points[-1:]},
        )
    if at not in points:
        nearest = _fork_neighbours(at, points)
        wanted = _fork_point_wanted(at, points, nearest, game.version)
        raise ForkRefused(wanted, extra={"nearest": nearest})
    _check_players(spec, players)
    _check_names_differ(players)
    _check_names_in_one_alphabet(players)
    within_hour("fork", caller, settings.GOTHAM_FORKS_PER_HOUR, ("fork", "forks"), "made")
    bots = any(p.bot for p in players)
    if bots:  # a bot seat plays on the workers as in a new game
        bot_game_allowed(caller, counted="fork")
    counted = ("fork", "bot-games") if bots else ("fork",)
    with hour_given_back_if_refused(caller, *counted):
        roles = spec.seat_names(event_store.load_state(game, spec))
        _check_names_not_others_roles(players, roles)
        rows = list(Event.objects.filter(game=game, seq__lte=at).order_by("seq"))
        with transaction.atomic():
            fork = Game.objects.create(
                game=game.game,
                players=game.players,
                options=dict(game.options),
                seed=secrets.randbits(62),
                seeded=True,  # whoever forks a finished game has seen every card dealt so far
                rules_version=spec.rules_version,
                bot_seats=[i for i, p in enumerate(players) if p.bot],
                forked_from=game,
                fork_at=at,
                earlier_seeds=_earlier_seeds(game, at),
                decided_from=_decided_from(game, spec, at),
            )
            game_facts.forget(fork.pk)
            tokens = _seat_players(fork, players)
            state = spec.initial_state()
            for batch in _batches(rows):
                events = [
                    event_store.decode_event(spec, r.type, r.seat, r.data, r.schema) for r in batch
                ]
                move = batch[0].move if isinstance(batch[0].move, dict) else None
                state = _append_and_update(fork, spec, _extended(fork, spec, state, events), move)
            # the decks: a fresh deal, by the fork's own seed (log_check decides it again)
            redeal = spec.shuffle_unseen(state, fork_rng(fork.seed_for(at + 1)))
            if redeal:
                _append_and_update(fork, spec, _extended(fork, spec, state, redeal))
            # a point of a game of earlier rules where today's owe a step of the game's own
            if owed_steps_take(game_id=fork.pk):
                fork.refresh_from_db()
            queue_bots_if_needed(fork)
    return CreatedGame(fork, tokens)


def _decided_from(game: Game, spec: GameSpec[Any], at: int) -> int:
    """The first of a fork's events that today's rules decided (verify_log re-decides from
    there): the parent's own first, or, where the parent was played under older rules, the
    fork's new deal just after `at` (the copied events are checked by chain and replay)."""
    if game.rules_version != spec.rules_version:
        return at + 1
    return min(game.decided_from, at + 1)


def _earlier_seeds(game: Game, at: int) -> list[list[int]]:
    """The seeds that decided a fork's copied events: the parent's own earlier ones, then its
    seed up to `at`."""
    seeds = [[min(last, at), seed] for last, seed in game.earlier_seeds]
    covered = max((last for last, _ in seeds), default=0)
    return [*seeds, [at, game.seed]] if at > covered else seeds


def _batches(rows: Sequence[Event]) -> list[list[Event]]:
    """Stored events grouped by the move (or set-up) that made them."""
    batches: list[list[Event]] = []
    for row in rows:
        if row.move is not None or not batches:
            batches.append([])
        batches[-1].append(row)
    return batches


def _extended(game: Game, spec: GameSpec[Any], state: Any, events: Sequence[Any]) -> Appended:
    """`events` placed after the head of a game this transaction created, `state` standing
    there."""
    return event_store.extend(spec, event_store.Head(game.version, game.head_hash, state), events)


def _append_and_update(
    game: Game, spec: GameSpec[Any], appended: Appended, move: dict[str, JSON] | None = None
) -> Any:
    """Append events placed after the head of a game this transaction created (so no one else
    can append to it), bring the Game object's head fields up to date, and return the state
    after them."""
    head = event_store.Head(game.version, game.head_hash, None)  # its state is not read
    columns = event_store.append(
        event_store.key_of(game), spec, head, appended, move, bot_seats=game.bot_seats
    )
    if columns is None:
        raise VersionConflict("Another move was appended at the same time.")
    game.version = columns.version
    game.head_hash = columns.head_hash
    game.status = columns.status
    game.to_act = columns.to_act
    game.outcome = columns.outcome
    published_after_commit(game.pk, game.version)
    return appended.state
