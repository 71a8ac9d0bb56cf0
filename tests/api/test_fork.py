"""Forking a finished game (POST /api/games/{id}/fork/): what-if play from any move boundary."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from api import event_store, game_services
from api.bot_services import bots_play
from api.errors import RateLimited, VersionConflict
from api.event_store import decode_event
from api.game_services import PlayerSpec, fork_points, game_fork
from api.log_check import log_problems
from api.models import Event, Game, Seat
from api.rate_limits import rate_limit_reset
from rules_core.engine import fold, get_game
from rules_core.engine.visibility import CARD_KINDS
from tests.api.test_moves import post_move
from tests.conftest import CreateGame, auth
from tests.shipped import shipped_games

pytestmark = pytest.mark.django_db


def finished(create_game: CreateGame, game: str = "gotham-race", seed: int = 31) -> Game:
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=seed, game=game)
    bots_play(game_id=body["id"])
    parent = Game.objects.get(pk=body["id"])
    assert parent.status == "finished"
    return parent


def fork(api: APIClient, gid: int, at: Any, players: Any = None) -> Any:
    body = {"at": at, "players": players or [{"name": "Ann"}, {"bot": "random"}]}
    return api.post(f"/api/games/{gid}/fork/", body, format="json")


def where_seat_moves(game: Game, seat: int) -> int:
    """A fork point (not the first) after which `seat` made the game's next move."""
    for row in Event.objects.filter(game=game, move__isnull=False).order_by("seq")[1:]:
        assert row.move is not None  # only moves were read
        if row.move["seat"] == seat:
            return row.seq - 1
    raise AssertionError("the seat never moved")


def records(game: Game, upto: int) -> list[tuple[Any, ...]]:
    rows = Event.objects.filter(game=game, seq__lte=upto).order_by("seq")
    return [(r.seq, r.type, r.seat, r.data, r.move, r.prev_hash, r.hash) for r in rows]


def test_a_fork_starts_where_the_finished_game_stood_and_plays_on(
    api: APIClient, create_game: CreateGame
) -> None:
    parent = finished(create_game)
    at = where_seat_moves(parent, 0)
    response = fork(api, parent.pk, at)
    assert response.status_code == 201, response.content
    body = response.json()
    child = Game.objects.get(pk=body["id"])
    # the copied events, then the fork's new deal of the cards nobody had seen
    assert body["version"] == at + 1 and body["status"] == "active" and body["seeded"] is True
    assert Event.objects.get(game=child, seq=at + 1).type == "unseen_cards_shuffled"
    assert body["seats"][0]["token"] and body["seats"][1]["token"] is None
    assert records(child, at) == records(parent, at)  # the same events, moves and hashes
    detail = api.get(f"/api/games/{child.pk}/").json()
    assert detail["forked_from"] == {"game": parent.pk, "at": at}
    assert api.get(f"/api/games/{parent.pk}/").json()["forked_from"] is None
    assert list(log_problems(child)) == []
    # Ann plays one of her moves, then leaves the rest to a bot
    token = body["seats"][0]["token"]
    legal = api.get(f"/api/games/{child.pk}/legal-moves/", **auth(token)).json()["moves"]
    assert post_move(api, child.pk, token, at + 1, legal[-1]["move"]).status_code == 201
    Seat.objects.filter(game=child, index=0).update(bot="random")
    bots_play(game_id=child.pk)
    child.refresh_from_db()
    assert child.status == "finished"
    assert (
        list(log_problems(child)) == []
    )  # the copied events by the parent's seed, the rest by its own


@pytest.mark.parametrize("game", ["gotham-race", "no-mans-land"])
def test_a_fork_deals_the_cards_nobody_had_seen_anew(
    api: APIClient, create_game: CreateGame, game: str
) -> None:
    """The finished game shows its decks' order at every event to anyone: a fork shuffles the
    cards nobody had seen again (the same cards, by back), so reading the parent does not tell
    what the fork will draw; hands are the position and stay. The new order is seen by nobody."""
    parent = finished(create_game, game=game)
    at = where_seat_moves(parent, 0)
    spec = get_game(game)
    before = event_store.load_state(parent, spec, at)
    made = fork(api, parent.pk, at).json()
    child = Game.objects.get(pk=made["id"])
    after = event_store.load_state(child, spec)
    unseen = [s for s in spec.secrets(before) if s.kind in CARD_KINDS and not s.seen_by]
    assert unseen
    places = {s.path for s in unseen}
    dealt = {s.path: s.value for s in spec.secrets(after) if s.path in places}
    assert sorted(dealt.values()) == sorted(s.value for s in unseen)  # the same cards ...
    assert [dealt[s.path] for s in unseen] != [s.value for s in unseen]  # ... in a new order
    hands = [s for s in spec.secrets(before) if s.kind == "hand"]
    assert all(s.value == _at(after, s.path) for s in hands)
    for headers in (auth(None), auth(made["seats"][0]["token"])):  # nobody reads the new order
        answer = api.get(f"/api/games/{child.pk}/events/", {"after": at}, **headers).json()
        shown = json.dumps(answer)
        assert not any(f'"{card}"' in shown for card in dealt.values()), headers
    assert answer["events"][0]["text"] == (
        "The cards nobody has seen are shuffled again: this game plays on with a new deal."
    )


def _at(state: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        state = state[key] if isinstance(key, int) else getattr(state, key)
    return state


@pytest.mark.parametrize("game", ["gotham-race", "no-mans-land"])
def test_a_fork_at_the_end_is_refused_and_costs_no_fork_of_the_hour(
    api: APIClient, create_game: CreateGame, game: str
) -> None:
    """At a finished game's last event the game is over: a fork there would be a game over
    before it starts. It is refused with its own code, names where the last move begins, and
    is not counted among the hour's forks (nor among its games with a bot seat)."""
    parent = finished(create_game, game=game)
    address = "203.0.113.91"
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)
    last_move = fork_points(parent)[-1]
    url = f"/api/games/{parent.pk}/fork/"
    players = [{"name": "Ann"}, {"bot": "random"}]
    with override_settings(GOTHAM_FORKS_PER_HOUR=1, GOTHAM_BOT_GAMES_PER_HOUR=1):
        for _ in range(2):
            refused = api.post(
                url, {"at": parent.version, "players": players}, format="json", REMOTE_ADDR=address
            )
            assert refused.status_code == 400, refused.content
            assert refused.json() == {
                "error": "fork_at_end",
                "message": f"The game is over at event {parent.version}: a fork there would "
                f"have nothing to play. Fork at {last_move}, where its last move begins, or "
                "earlier.",
                "nearest": [last_move],
            }
        assert Game.objects.count() == 1  # nothing was made
        made = api.post(
            url, {"at": last_move, "players": players}, format="json", REMOTE_ADDR=address
        )
        assert made.status_code == 201, made.content  # the hour's one fork was still there
        assert made.json()["status"] == "active"
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)


OPTIONS: dict[str, dict[str, Any]] = {
    "black-metro": {"first_game": True},
    "gotham-city-strategy": {"variant": True, "villains": ["penguin", "joker"]},
}


@pytest.mark.parametrize("slug", [g.slug for g in shipped_games()])
def test_every_game_forks_after_its_set_up_with_its_options_and_bot_seats(
    api: APIClient, create_game: CreateGame, slug: str
) -> None:
    """The fork is built from the game's own starting state, under the parent's options (its
    content pack too), and remembers which seats bots play."""
    options = OPTIONS.get(slug, {})
    body = create_game(players=[{"bot": "random"}] * 2, seed=5, game=slug, options=options)
    bots_play(game_id=body["id"])
    parent = Game.objects.get(pk=body["id"])
    at = fork_points(parent)[0]
    response = fork(api, parent.pk, at, [{"name": "Ann"}, {"bot": "random"}])
    assert response.status_code == 201, response.content
    child = Game.objects.get(pk=response.json()["id"])
    assert child.options == parent.options == options and child.bot_seats == [1]
    spec = get_game(slug)
    rows = Event.objects.filter(game=parent, seq__lte=at).order_by("seq")
    events = [decode_event(spec, r.type, r.seat, r.data, r.schema) for r in rows]
    assert child.to_act == sorted(spec.to_act(fold(spec, events)))
    assert list(log_problems(child)) == []


def test_a_fork_of_a_fork_verifies_with_every_earlier_seed(
    api: APIClient, create_game: CreateGame
) -> None:
    parent = finished(create_game, seed=32)
    first = Game.objects.get(
        pk=fork(api, parent.pk, fork_points(parent)[3], [{"bot": "random"}] * 2).json()["id"]
    )
    bots_play(game_id=first.pk)
    first.refresh_from_db()
    assert first.status == "finished"
    later = fork_points(first)[-2]
    second = Game.objects.get(pk=fork(api, first.pk, later, [{"bot": "random"}] * 2).json()["id"])
    bots_play(game_id=second.pk)
    second.refresh_from_db()
    assert second.status == "finished" and len(second.earlier_seeds) == 2
    assert list(log_problems(second)) == []


def test_fork_points_are_the_positions_before_each_move_after_the_set_up(
    create_game: CreateGame,
) -> None:
    """Positions are event numbers of this game (not the rows' ids: another game was stored
    first here)."""
    finished(create_game, seed=33)
    parent = finished(create_game, seed=31)
    moves = Event.objects.filter(game=parent, move__isnull=False).order_by("seq")
    starts = [row.seq for row in moves]
    first = Event.objects.filter(game=parent).order_by("seq").first()
    assert first is not None and first.pk != 1
    assert fork_points(parent) == [seq - 1 for seq in starts if seq > 1]
    assert parent.version not in fork_points(parent)  # the game is over there
    assert fork_points(parent)[0] == starts[0] - 1 > 0


def test_a_fork_of_a_fork_names_each_earlier_seed_once_up_to_where_it_decided(
    api: APIClient, create_game: CreateGame
) -> None:
    """The seeds behind a fork's copied events: the first game's up to where the first fork
    began, then the first fork's own; a second fork inside the copied part needs the first
    game's seed alone."""
    parent = finished(create_game, seed=32)
    begun = fork_points(parent)[3]
    first = Game.objects.get(pk=fork(api, parent.pk, begun, [{"bot": "random"}] * 2).json()["id"])
    assert first.earlier_seeds == [[begun, parent.seed]]
    bots_play(game_id=first.pk)
    first.refresh_from_db()
    later = fork_points(first)[-2]
    second = Game.objects.get(pk=fork(api, first.pk, later, [{"bot": "random"}] * 2).json()["id"])
    assert second.earlier_seeds == [[begun, parent.seed], [later, first.seed]]
    assert begun + 1 in fork_points(first)  # after the first fork's new deal
    for inside in (fork_points(first)[1], begun + 1):
        copy = Game.objects.get(
            pk=fork(api, first.pk, inside, [{"bot": "random"}] * 2).json()["id"]
        )
        copied = (
            [[inside, parent.seed]]
            if inside < begun
            else [[begun, parent.seed], [inside, first.seed]]
        )
        assert copy.earlier_seeds == copied
        bots_play(game_id=copy.pk)
        copy.refresh_from_db()
        assert copy.status == "finished" and list(log_problems(copy)) == []


def test_a_fork_is_refused_for_a_running_game_a_point_inside_a_move_or_other_seats(
    api: APIClient, create_game: CreateGame
) -> None:
    running = create_game()
    refused = fork(api, running["id"], 1)
    assert refused.status_code == 400 and refused.json()["error"] == "fork_refused"
    assert refused.json()["message"] == (
        "Only a finished game can be forked: its hidden cards are all shown."
    )
    parent = finished(create_game)
    points = fork_points(parent)
    index = next(i for i in range(len(points) - 1) if points[i + 1] - points[i] > 1)
    inside = points[index] + 1
    for at, nearest, message in (
        (
            inside,  # between two moves' starts
            [points[index], points[index + 1]],
            f"Event {inside} falls inside a move's events: fork at {points[index]} or "
            f"{points[index + 1]}, where a move begins.",
        ),
        (
            1,  # inside the set-up: its end is the first point
            [points[0]],
            f"The set-up takes events 1 to {points[0]}: fork at {points[0]} or at a later "
            "move's start.",
        ),
        (
            parent.version + 5,  # beyond the end
            [points[-1]],
            f"The game ends at event {parent.version}: fork at {points[-1]} or at an "
            "earlier move's start.",
        ),
    ):
        refused = fork(api, parent.pk, at)
        assert refused.status_code == 400 and refused.json()["error"] == "fork_refused"
        assert refused.json()["message"] == message
        assert refused.json()["nearest"] == nearest
    three = fork(api, parent.pk, points[0], [{"name": "A"}, {"name": "B"}, {"name": "C"}])
    assert three.status_code == 400 and "2 players" in three.json()["message"]
    twins = fork(api, parent.pk, points[0], [{"name": "Ann"}, {"name": "ANN"}])
    assert twins.status_code == 400 and twins.json()["error"] == "invalid_request"
    assert "both called “ANN”" in twins.json()["message"]
    shapes = fork(api, parent.pk, points[0], [{"name": "Ann"}, {"name": "\u0410NN"}])
    assert shapes.json()["error"] == "invalid_request" and "look alike" in shapes.json()["message"]
    mixed = fork(api, parent.pk, points[0], [{"name": "Ann"}, {"name": "B\u043eb"}])
    assert mixed.status_code == 400 and mixed.json()["error"] == "mixed_alphabet_name"
    armenian = fork(api, parent.pk, points[0], [{"name": "Ann"}, {"name": "B\u0585b"}])
    assert armenian.json()["error"] == "mixed_alphabet_name"
    assert "mixes Latin and Armenian letters" in armenian.json()["message"]
    role = fork(api, parent.pk, points[0], [{"name": "Figure B"}, {"name": "Bob"}])
    assert role.status_code == 400 and "reads as the role seat 2 plays" in role.json()["message"]
    for bad in (0, "5", None, 2**40):
        assert fork(api, parent.pk, bad).status_code == 400
    assert fork(api, 10**6, 1).status_code == 404
    assert Game.objects.count() == 2  # nothing was created by a refusal


@override_settings(GOTHAM_FORKS_PER_HOUR=1)
def test_forks_from_one_address_are_rate_limited(api: APIClient, create_game: CreateGame) -> None:
    for address in ("203.0.113.7", "198.51.100.9"):  # a shared cache keeps the hour's counts
        rate_limit_reset(f"fork:{address}", window=3600)
    parent = finished(create_game)
    body = {"at": fork_points(parent)[0], "players": [{"bot": "random"}] * 2}
    url = f"/api/games/{parent.pk}/fork/"
    first = api.post(url, body, format="json", REMOTE_ADDR="203.0.113.7")
    assert first.status_code == 201
    earliest = 3600 - int(time.time()) % 3600
    limited = api.post(url, body, format="json", REMOTE_ADDR="203.0.113.7")
    latest = 3600 - int(time.time()) % 3600
    assert limited.status_code == 429 and limited.json()["error"] == "rate_limited"
    wait = limited.json()["retry_after"]
    assert wait in (earliest, latest)  # the seconds left in the clock's hour
    assert limited.json()["message"] == (
        f"At most 1 fork an hour may be made from one address; try again in {wait} s."
    )
    elsewhere = api.post(url, body, format="json", REMOTE_ADDR="198.51.100.9")
    assert elsewhere.status_code == 201  # another address has its own hour
    assert api.get("/api/catalog/").json()["limits"]["forks_per_hour"] == 1


def test_a_fork_of_a_game_of_older_rules_plays_on_under_todays(
    api: APIClient, create_game: CreateGame
) -> None:
    """Its copied moves stand as played: verify_log re-decides only from the fork's new deal
    (`decided_from`), so the fork verifies though today's rules would decide those otherwise,
    and a fork of that fork keeps the line where it was."""
    parent = finished(create_game)
    Game.objects.filter(pk=parent.pk).update(rules_version=parent.rules_version - 1)
    parent.refresh_from_db()
    at = fork_points(parent)[2]
    made = fork(api, parent.pk, at, [{"bot": "random"}, {"bot": "random"}])
    assert made.status_code == 201, made.json()
    child = Game.objects.get(pk=made.json()["id"])
    bots_play(game_id=child.pk)
    child.refresh_from_db()
    assert (child.rules_version, child.decided_from) == (
        get_game("gotham-race").rules_version,
        at + 1,
    )
    assert child.status == "finished" and list(log_problems(child)) == []
    people = [PlayerSpec(name="Ann"), PlayerSpec(name="Bob")]
    late, early = fork_points(child)[-1], fork_points(child)[0]
    assert early < at < late
    # a fork of the fork: the line stays where the older rules' moves end
    for point, line in ((late, at + 1), (early, early + 1)):
        grandchild = game_fork(game=child, at=point, players=people).game
        assert grandchild.decided_from == line and list(log_problems(grandchild)) == []


@pytest.mark.parametrize("log", ["black-metro-2p", "gotham-city-chronicles-2p", "no-mans-land-2p"])
def test_a_stored_game_of_older_rules_is_played_on_from_a_fork(api: APIClient, log: str) -> None:
    """The stored logs (rules version 1 of games now at later versions): a fork from the middle
    is made, verifies, and the seat to act there moves under today's rules; the replay page
    offers it, saying the fork follows today's rules."""
    from django.test import Client
    from django.utils.html import escape

    from tests.api.stored_logs import FIXTURES, load, read

    parent = load(read(FIXTURES / f"{log}.json"))
    spec = get_game(parent.game)
    assert parent.rules_version < spec.rules_version
    points = fork_points(parent)
    players = [{"name": "Ann"}, {"name": "Bob"}]
    made = api.post(
        f"/api/games/{parent.pk}/fork/",
        {"at": points[len(points) // 2], "players": players},
        format="json",
    )
    assert made.status_code == 201, made.json()
    child = Game.objects.get(pk=made.json()["id"])
    assert list(log_problems(child)) == []
    first_seat_to_act_moves(api, child, made.json())
    page = Client().get(f"/games/{parent.pk}/replay/").content.decode()
    assert 'id="fork"' in page and 'id="older-rules"' in page
    assert escape(f"earlier version of the rules of {spec.title}") in page


def test_a_fork_of_the_stored_black_metro_game_in_a_late_mission_window_offers_its_moves(
    api: APIClient,
) -> None:
    """Rules version 1's Black Metro log stands at 1020 in an after-dominance mission window
    (about 08 Oakland Laboratory) after the dominance phase's last contest, where today's state
    holds no contest under way: listing the seat's moves read the district past the last one
    and answered 500. The window's own district is read from its prompt."""
    from tests.api.stored_logs import FIXTURES, load, read

    parent = load(read(FIXTURES / "black-metro-2p.json"))
    players = [{"name": "Ann"}, {"name": "Bob"}]
    at = {"at": 1020, "players": players}
    made = api.post(f"/api/games/{parent.pk}/fork/", at, format="json")
    assert made.status_code == 201, made.json()
    child = Game.objects.get(pk=made.json()["id"])
    token = made.json()["seats"][0]["token"]
    legal = api.get(f"/api/games/{child.pk}/legal-moves/", **auth(token))
    assert legal.status_code == 200
    assert [m["move"]["type"] for m in legal.json()["moves"]] == ["pass_mission"]
    first_seat_to_act_moves(api, child, made.json())


def test_a_stored_game_todays_rules_cannot_follow_is_not_forked(
    api: APIClient, create_game: CreateGame
) -> None:
    """A City Strategy game stored in the first log format: today's rules refuse its first
    move, and a fork of it named a seat at every head while offering it no move. It is refused
    as its analysis is (log_check.unfollowable), at any point, with or without a bot seat: 422
    with its reason in words, no fork made, the log as it was, no fork or bot game of the hour
    spent; its replay page offers no form and says why."""
    from django.test import Client

    from tests.api.stored_logs import FIXTURES, load, read

    parent = load(read(FIXTURES / "gotham-city-strategy-2p-variant.json"))
    assert parent.rules_version < get_game(parent.game).rules_version
    other = finished(create_game)  # a game a fork is made of, once the refusals are answered
    stored = records(parent, parent.version)
    address = "203.0.113.91"
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)
    url = f"/api/games/{parent.pk}/fork/"
    points = fork_points(parent)
    seated = ([{"name": "Ann"}, {"name": "Bob"}], [{"name": "Ann"}, {"bot": "random"}])
    with override_settings(GOTHAM_FORKS_PER_HOUR=1, GOTHAM_BOT_GAMES_PER_HOUR=1):
        for at, players in ((points[0], seated[0]), (points[len(points) // 2], seated[1])):
            body = {"at": at, "players": players}
            refused = api.post(url, body, format="json", REMOTE_ADDR=address)
            assert refused.status_code == 422, refused.json()
            answer = refused.json()
            assert answer["error"] == "fork_not_playable"
            assert answer["message"].startswith("This game was played under earlier rules")
            assert "cannot be played on from any point" in answer["message"]
            assert "first log format" in answer["message"]  # the game's own reason
        assert not Game.objects.filter(forked_from=parent).exists()
        assert records(parent, parent.version) == stored
        body = {"at": fork_points(other)[0], "players": seated[1]}
        made = api.post(f"/api/games/{other.pk}/fork/", body, format="json", REMOTE_ADDR=address)
        assert made.status_code == 201, made.json()  # neither hour counted the refusals
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)
    page = Client().get(f"/games/{parent.pk}/replay/").content.decode()
    assert 'id="fork"' not in page
    assert "it cannot be played on from any point" in page and 'id="unforkable"' in page
    paths = api.get("/api/schema/", {"format": "json"}).json()["paths"]
    for path in ("/api/games/{game_id}/fork/", "/api/games/{game_id}/analysis/"):
        assert "422" in paths[path]["post"]["responses"], path  # the refusal, documented


def first_seat_to_act_moves(api: APIClient, child: Game, made: dict[str, Any]) -> None:
    """The fork's first seat to act (`made`: the fork's answer, with the tokens) plays its
    first legal move, and the fork still verifies."""
    seat = child.to_act[0]
    token = made["seats"][seat]["token"]
    legal = api.get(f"/api/games/{child.pk}/legal-moves/", **auth(token)).json()
    moved = post_move(api, child.pk, token, legal["version"], legal["moves"][0]["move"])
    assert moved.status_code == 201, moved.json()
    child.refresh_from_db()
    assert list(log_problems(child)) == []


def test_a_game_with_no_move_before_its_end_is_refused_not_failed(
    api: APIClient, create_game: CreateGame
) -> None:
    """A finished log whose moves all began at its first event has no fork point: a 400 that
    says so (it indexed an empty list)."""
    parent = finished(create_game)
    Event.objects.filter(game=parent).exclude(seq=1).update(move=None)
    Event.objects.filter(game=parent, seq=1).update(move={"type": "x"})
    assert fork_points(parent) == []
    refused = fork(api, parent.pk, parent.version)
    assert (refused.status_code, refused.json()["error"]) == (400, "fork_refused")
    assert refused.json()["message"] == "This game has no point before its end to fork at."


def test_a_fork_without_a_caller_counts_against_one_shared_name(
    create_game: CreateGame,
) -> None:
    """Called without an address (a management command, a test), forks share the name
    "unknown" and its hour."""
    parent = finished(create_game)
    rate_limit_reset("fork:unknown", window=3600)
    players = [PlayerSpec(bot="random")] * 2
    with override_settings(GOTHAM_FORKS_PER_HOUR=1):
        game_fork(game=parent, at=fork_points(parent)[0], players=players)
        with pytest.raises(RateLimited):
            game_fork(game=parent, at=fork_points(parent)[0], players=players, caller="unknown")
    rate_limit_reset("fork:unknown", window=3600)


def fork_with_fresh_hours(create_game: CreateGame, address: str) -> tuple[str, int]:
    """A finished game's fork address and first fork point, `address`'s hours of forks and of
    games with a bot seat begun afresh."""
    parent = finished(create_game)
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)
    return f"/api/games/{parent.pk}/fork/", fork_points(parent)[0]


def test_a_fork_refused_after_the_hour_counted_it_costs_no_fork(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever refuses a fork after the hour has counted it (here another move appended to it
    at the same time) gives back the fork and the game with a bot seat it counted: a refused
    request costs nothing, as a name reading as a role does not."""
    address = "203.0.113.79"
    url, at = fork_with_fresh_hours(create_game, address)
    body = {"at": at, "players": [{"name": "Ann"}, {"bot": "random"}]}

    def conflicting(*, game_id: int) -> bool:
        raise VersionConflict("Another move was appended at the same time.")

    with override_settings(GOTHAM_BOT_GAMES_PER_HOUR=1, GOTHAM_FORKS_PER_HOUR=1):
        with monkeypatch.context() as patched:
            patched.setattr(game_services, "owed_steps_take", conflicting)
            for _ in range(2):  # more than either hour allows, neither counted
                refused = api.post(url, body, format="json", REMOTE_ADDR=address)
                assert refused.status_code == 409, refused.content
                assert refused.json()["error"] == "version_conflict"
        assert Game.objects.count() == 1  # the parent alone: nothing was made
        made = api.post(url, body, format="json", REMOTE_ADDR=address)
        assert made.status_code == 201, made.content
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)


def test_a_fork_with_a_bot_seat_counts_among_the_hours_bot_games(
    api: APIClient, create_game: CreateGame
) -> None:
    """Forking is no way round the hour of games with a bot seat: a fork seating a bot counts
    among them (one seating only people does not); a fork refused there is no fork of the hour."""
    address = "203.0.113.77"
    url, at = fork_with_fresh_hours(create_game, address)
    people = {"at": at, "players": [{"name": "A"}, {"name": "B"}]}
    bots = {"at": at, "players": [{"name": "A"}, {"bot": "random"}]}
    with override_settings(GOTHAM_BOT_GAMES_PER_HOUR=1, GOTHAM_FORKS_PER_HOUR=2):
        assert api.post(url, bots, format="json", REMOTE_ADDR=address).status_code == 201
        second = api.post(url, bots, format="json", REMOTE_ADDR=address)
        assert (second.status_code, second.json()["error"]) == (429, "rate_limited")
        assert "1 game with a bot seat an hour" in second.json()["message"]
        assert api.post(url, people, format="json", REMOTE_ADDR=address).status_code == 201
        third = api.post(url, people, format="json", REMOTE_ADDR=address)
        assert "At most 2 forks an hour" in third.json()["message"]
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)


def test_a_fork_over_the_hour_reads_no_log_and_a_role_name_costs_no_fork(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hour counts a fork before the parent's log is read for its roles: a caller over it
    is refused without that read. A name reading as another seat's role is refused after it,
    and gives back the fork it counted, and the game with a bot seat."""
    address = "203.0.113.78"
    url, at = fork_with_fresh_hours(create_game, address)
    read: list[int] = []
    load_state = event_store.load_state

    def reading(*args: Any, **kwargs: Any) -> Any:
        read.append(1)
        return load_state(*args, **kwargs)

    monkeypatch.setattr(event_store, "load_state", reading)

    def made(*players: dict[str, str]) -> Any:
        body = {"at": at, "players": list(players)}
        return api.post(url, body, format="json", REMOTE_ADDR=address)

    with override_settings(GOTHAM_BOT_GAMES_PER_HOUR=1, GOTHAM_FORKS_PER_HOUR=3):
        for _ in range(4):  # more than either hour allows, neither counted
            refused = made({"name": "Figure B"}, {"bot": "random"})
            assert refused.status_code == 400, refused.json()
            assert "reads as the role seat 2 plays" in refused.json()["message"]
        assert made({"name": "Ann"}, {"bot": "random"}).status_code == 201
        people = made({"name": "Figure B"}, {"name": "Bob"})  # gives back no bot game
        assert people.status_code == 400, people.json()
        assert made({"name": "Ann"}, {"bot": "random"}).status_code == 429  # that hour is spent
        assert made({"name": "Ann"}, {"name": "Bob"}).status_code == 201
        assert made({"name": "Ann"}, {"name": "Bob"}).status_code == 201
        read.clear()
        over = made({"name": "Ann"}, {"name": "Bob"})
        assert (over.status_code, over.json()["error"]) == (429, "rate_limited")
        assert read == []  # the parent's state was not read for a fork the hour refuses
    for name in ("fork", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)


@override_settings(GOTHAM_GAMES_PER_HOUR=3, GOTHAM_BOT_GAMES_PER_HOUR=1)
def test_games_from_one_address_are_rate_limited_and_bot_games_more_so(api: APIClient) -> None:
    """Every game costs storage and a bot seat costs worker time on its own: each address has
    an hour of games and a smaller hour of games with a bot seat (catalog `limits`); a game
    refused by either is not counted by the other."""
    for name in ("games", "bot-games"):  # a shared cache keeps the hour's counts
        for address in ("203.0.113.8", "198.51.100.10"):
            rate_limit_reset(f"{name}:{address}", window=3600)
    people = {"game": "gotham-race", "players": [{"name": "A"}, {"name": "B"}]}
    bots = {"game": "gotham-race", "players": [{"name": "A"}, {"bot": "random"}]}

    def create(body: dict[str, Any], address: str = "203.0.113.8") -> Any:
        return api.post("/api/games/", body, format="json", REMOTE_ADDR=address)

    assert create(bots).status_code == 201
    second_bot_game = create(bots)
    assert (second_bot_game.status_code, second_bot_game.json()["error"]) == (429, "rate_limited")
    wait = second_bot_game.json()["retry_after"]
    assert second_bot_game.json()["message"] == (
        "At most 1 game with a bot seat an hour may be created from one address; try again in "
        f"{wait} s."
    )
    assert create(people).status_code == 201
    assert create(people).status_code == 201  # the refused bot game cost no game of the hour
    limited = create(people)
    assert limited.status_code == 429
    assert limited.json()["message"].startswith("At most 3 games an hour may be created")
    assert create(people, "198.51.100.10").status_code == 201  # another address, another hour
    limits = api.get("/api/catalog/").json()["limits"]
    assert (limits["games_per_hour"], limits["bot_games_per_hour"]) == (3, 1)
    for name in ("games", "bot-games"):
        for address in ("203.0.113.8", "198.51.100.10"):
            rate_limit_reset(f"{name}:{address}", window=3600)


def test_a_forks_seat_names_are_held_to_the_same_characters(
    api: APIClient, create_game: CreateGame
) -> None:
    parent = finished(create_game)
    response = fork(
        api, parent.pk, where_seat_moves(parent, 0), [{"name": "\u202eA"}, {"name": "B"}]
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid_request"
    assert Game.objects.count() == 1
