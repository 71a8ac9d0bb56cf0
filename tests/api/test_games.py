"""Creating games, reading them, state views, legal moves, catalog and health."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from api import event_store, game_services
from api.errors import NotFoundError
from api.limits import ECHO_MAX_CHARS
from api.models import Event, Game, Seat
from api.rate_limits import rate_limit_reset
from rules_core.engine import get_game
from rules_core.engine.content_limits import ContentError
from rules_core.engine.randomness import setup_rng
from tests.conftest import CreateGame, auth
from tests.shipped import shipped_games

pytestmark = pytest.mark.django_db


def test_health(api: APIClient) -> None:
    assert api.get("/api/health/").json() == {"status": "ok"}


def test_catalog_lists_gotham_race_with_player_counts_and_bots(api: APIClient) -> None:
    games = {g["game"]: g for g in api.get("/api/catalog/").json()["games"]}
    race = games["gotham-race"]
    assert race["title"] == "Gotham Race"
    assert race["players"] == {"min": 1, "max": 4}
    assert "random" in race["bots"]
    assert "content" in race["options"]
    mcts_iterations = {slug: g["bot_options"]["mcts"]["iterations"] for slug, g in games.items()}
    assert mcts_iterations["gotham-race"]["default"] == 400
    assert mcts_iterations["gotham-city-strategy"]["default"] == 100


def test_the_catalog_names_each_games_rulebook_whose_sections_the_api_serves(
    api: APIClient,
) -> None:
    games = api.get("/api/catalog/").json()["games"]
    books = {b["book"] for b in api.get("/api/rulebooks/").json()["books"]}
    assert {g["game"]: g["rulebook"] for g in games}["gotham-race"] == "gotham-race"
    for game in games:
        assert game["rulebook"] in books
        assert api.get(f"/api/rulebooks/{game['rulebook']}/sections/").status_code == 200


def test_create_returns_seats_with_tokens_shown_once_and_stored_hashed(
    create_game: CreateGame,
) -> None:
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}])
    assert body["game"] == "gotham-race" and body["status"] == "active"
    ann, bot = body["seats"]
    assert ann["name"] == "Ann" and ann["token"] and ann["bot"] is None
    assert bot["bot"] == "random" and bot["token"] is None
    assert [ann["role"], bot["role"]] == ["Figure A", "Figure B"]  # which seat plays what
    seat = Seat.objects.get(game_id=body["id"], index=0)
    assert seat.token_hash == hashlib.sha256(ann["token"].encode()).hexdigest()
    assert body["version"] == Event.objects.filter(game_id=body["id"]).count()


def test_unnamed_seats_are_named_by_their_place_or_their_bot(create_game: CreateGame) -> None:
    """A bot is named by how strongly it plays, as the lobby offers it, whichever way the game
    was made; its kind stays in `bot`."""
    body = create_game(players=[{}, {"bot": "random"}, {}])
    assert [s["name"] for s in body["seats"]] == ["Player 1", "easy bot", "Player 3"]
    assert [s["bot"] for s in body["seats"]] == [None, "random", None]


def test_two_unnamed_bots_of_a_kind_are_told_apart_by_number(create_game: CreateGame) -> None:
    """The replay says who played which side: two greedy bots are numbered by their place among
    them; a bot alone of its kind keeps its plain name."""
    players = [{"bot": "greedy"}, {"bot": "random"}, {"name": "Ann"}, {"bot": "greedy"}]
    names = [s["name"] for s in create_game(players=players)["seats"]]
    assert names == ["medium bot 1", "easy bot", "Ann", "medium bot 2"]


@pytest.mark.parametrize(
    ("players", "clash"),
    [
        ([{"name": "Ann"}, {"name": "Ann"}], "Seats 1 and 2 are both called “Ann”"),
        ([{"name": "Ann"}, {"name": "Bob"}, {"name": " ann "}], "Seats 1 and 3"),
        ([{"name": "Player 2"}, {}], "Seats 1 and 2 are both called “Player 2”"),
        ([{"bot": "greedy"}, {"name": "medium bot 2"}, {"bot": "greedy"}], "Seats 2 and 3"),
        # the same letters in another Unicode spelling: "é" composed and as e + accent,
        # full-width letters, a ligature
        ([{"name": "Zo\u00eb"}, {"name": "Zoe\u0308"}], "Seats 1 and 2"),
        ([{"name": "Ann"}, {"name": "\uff21nn"}], "Seats 1 and 2"),
        ([{"name": "\ufb01sh"}, {"name": "FISH"}], "Seats 1 and 2"),
        # told in words, not as code: no backslash before a quote the name holds
        ([{"name": 'Ann\'s "bot"'}, {"name": 'ann\'s "bot"'}], 'called “ann\'s "bot"”:'),
    ],
)
def test_two_seats_of_one_name_are_refused_before_anything_is_stored(
    api: APIClient, players: list[dict[str, str]], clash: str
) -> None:
    """The story, the moves and the replay name seats by their names: two seats called alike
    (in any case or spacing, or a given name equal to another seat's default) could not be
    told apart, so the table is asked for another name."""
    body = {"game": "gotham-race", "players": players}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["error"] == "invalid_request" and clash in answer["message"]
    assert not Game.objects.exists()


@override_settings(GOTHAM_GAMES_PER_HOUR=1)
def test_a_name_reading_as_another_seats_role_is_refused_before_the_hour_counts_it(
    api: APIClient,
) -> None:
    """The pages name a seat by its role beside its name ("Waiting for Green (Red)"): a name
    reading as another seat's role, or looking like it, would point at the wrong seat. A seat
    may take its own role as its name, and a refusal does not count against the hour."""
    rate_limit_reset("games:127.0.0.1", window=3600)
    for name in ("Green", "GREEN", "\uff27\uff52\uff45\uff45\uff4e"):  # the last full-width
        players = [{"name": name}, {"name": "Bob"}]
        answer = api.post("/api/games/", {"game": "black-metro", "players": players}, format="json")
        assert answer.status_code == 400, answer.content
        assert answer.json()["error"] == "invalid_request"
        assert "reads as the role seat 2 plays, Green" in answer.json()["message"]
    race = [{"name": "Ann"}, {"name": "Figure A"}]
    answer = api.post("/api/games/", {"game": "gotham-race", "players": race}, format="json")
    assert answer.json()["message"] == (
        "Seat 2's name “Figure A” reads as the role seat 1 plays, Figure A: give it a name of "
        "its own, so the table can tell the seats apart."
    )
    assert not Game.objects.exists()
    own = [{"name": "Red"}, {"name": "Green"}]
    seated = api.post("/api/games/", {"game": "black-metro", "players": own}, format="json")
    assert seated.status_code == 201, seated.content


@override_settings(GOTHAM_GAMES_PER_HOUR=1, GOTHAM_BOT_GAMES_PER_HOUR=1)
def test_a_content_pack_the_set_up_refuses_is_refused_as_bad_options_and_costs_no_hour(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The set-up reads the options again after the hour has counted the game: a content pack
    it refuses where `validate_options` let it through is refused as that would have (400,
    `bad_options`, the game's citations), not a server error, and gives back the game it
    counted and the game with a bot seat."""
    address = "203.0.113.45"
    for name in ("games", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)
    spec = get_game("gotham-race")

    def refusing(*args: Any) -> Any:
        raise ContentError("cards: the set-up deals more cards than the pack holds")

    body = {"game": "gotham-race", "players": [{"name": "Ann"}, {"bot": "random"}]}
    with monkeypatch.context() as patched:
        patched.setattr(spec, "setup", refusing)
        for _ in range(2):  # more than either hour allows, none counted
            refused = api.post("/api/games/", body, format="json", REMOTE_ADDR=address)
            assert refused.status_code == 400, refused.content
            answer = refused.json()
            assert (answer["error"], answer["code"]) == ("rules_rejected", "bad_options")
            assert answer["message"] == (
                "content pack: cards: the set-up deals more cards than the pack holds"
            )
            assert {c["section"] for c in answer["citations"]} == {
                "preparation.four-players",
                "the-game",
                "board",
            }
    assert not Game.objects.exists()
    made = api.post("/api/games/", body, format="json", REMOTE_ADDR=address)
    assert made.status_code == 201, made.content
    for name in ("games", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)


@override_settings(GOTHAM_GAMES_PER_HOUR=3, GOTHAM_BOT_GAMES_PER_HOUR=1)
def test_a_caller_over_its_hour_is_refused_before_the_set_up_and_a_role_name_costs_no_hour(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hour counts a game before its set-up is dealt: a caller over it is refused without
    one being dealt. A name reading as a role the set-up dealt is refused after it, and gives
    back the game it counted, and the game with a bot seat."""
    address = "203.0.113.44"
    for name in ("games", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)
    dealt: list[int] = []

    def dealing(seed: int) -> random.Random:
        dealt.append(seed)
        return setup_rng(seed)

    monkeypatch.setattr(game_services, "setup_rng", dealing)

    def create(*players: dict[str, str]) -> Any:
        body = {"game": "black-metro", "players": list(players), "seed": 5}
        return api.post("/api/games/", body, format="json", REMOTE_ADDR=address)

    for _ in range(3):  # more than either hour allows, none counted
        refused = create({"name": "Green"}, {"bot": "random"})
        assert refused.status_code == 400 and "reads as the role" in refused.json()["message"]
    assert len(dealt) == 3 and not Game.objects.exists()
    assert create({"name": "Ann"}, {"bot": "random"}).status_code == 201
    people = create({"name": "Green"}, {"name": "Bob"})  # gives back no game with a bot seat
    assert people.status_code == 400 and "reads as the role" in people.json()["message"]
    assert create({"name": "Ann"}, {"bot": "random"}).status_code == 429  # that hour is spent
    assert create({"name": "Ann"}, {"name": "Bob"}).status_code == 201
    assert create({"name": "Ann"}, {"name": "Bob"}).status_code == 201
    dealt.clear()
    over = create({"name": "Ann"}, {"name": "Bob"})
    assert (over.status_code, over.json()["error"]) == (429, "rate_limited")
    assert dealt == []  # no set-up dealt for a request the hour refuses
    for name in ("games", "bot-games"):
        rate_limit_reset(f"{name}:{address}", window=3600)


def test_names_alike_in_shape_in_other_letters_are_refused_as_a_clash(api: APIClient) -> None:
    """ "Ann" and "Ann" with a Cyrillic A read the same at the table: the second is refused as
    the same name would be, naming both as written, before anything is stored."""
    players = [{"name": "Ann"}, {"name": "\u0410nn"}]
    response = api.post("/api/games/", {"game": "gotham-race", "players": players}, format="json")
    assert response.status_code == 400, response.content
    assert response.json() == {
        "error": "invalid_request",
        "message": "Seats 1 and 2 are called “Ann” and “\u0410nn”, which look alike (the same "
        "shapes in other letters): give each seat its own name, so the table can tell them apart.",
    }
    digits = [{"name": "Player l"}, {}, {"name": "Player 1"}]  # a small L and a one
    clash = api.post("/api/games/", {"game": "gotham-race", "players": digits}, format="json")
    assert clash.json()["message"].startswith("Seats 1 and 3 are called “Player l” and “Player 1”")
    assert not Game.objects.exists()


def test_a_word_mixing_latin_greek_or_cyrillic_letters_is_refused(api: APIClient) -> None:
    """A word spelt in two look-alike alphabets passes for another name even with no seat to
    clash with (the table's story names it beside other games' players): refused with its own
    code, naming the seat, the word and the alphabets."""
    players = [{"name": "Bob"}, {"name": "Sam \u0391nn"}]  # a Greek capital alpha
    response = api.post("/api/games/", {"game": "gotham-race", "players": players}, format="json")
    assert (response.status_code, response.json()) == (
        400,
        {
            "error": "mixed_alphabet_name",
            "message": "Seat 2's name “Sam \u0391nn” mixes Latin and Greek letters in one word "
            "(“\u0391nn”), as a name spelt to pass for another does: write each word in one "
            "alphabet.",
        },
    )
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "names",
    [
        ["\u0410\u043d\u043d\u0430", "Anna"],  # Анна in Cyrillic beside Anna in Latin
        ["\u0395\u03bb\u03ad\u03bd\u03b7", "Helen"],  # Ελένη
        ["\u5c71\u7530 \u305f\u308d\u3046", "\u30a2\u30f3\u30ca"],  # 山田 たろう, アンナ
        # Հայկ, ნინო, 김민준: Armenian, Georgian, Hangul
        ["\u0540\u0561\u0575\u056f", "\u10dc\u10d8\u10dc\u10dd", "\uae40\ubbfc\uc900"],
        ["Ann-Marie", "O'Brien", "Jos\u00e9", "Zo\u00eb"],
        # the mixes real writing uses: Tシャツ, K팝, 卡拉OK, 注音ㄓㄨˋ (Han beside Bopomofo)
        ["T\u30b7\u30e3\u30c4", "K\ud31d", "\u5361\u62c9OK", "\u6ce8\u97f3\u3113\u3128\u02cb"],
    ],
)
def test_honest_names_in_one_alphabet_are_seated(create_game: CreateGame, names: list[str]) -> None:
    body = create_game(players=[{"name": name} for name in names])
    assert [s["name"] for s in body["seats"]] == names


@pytest.mark.parametrize(
    ("name", "alphabets"),
    [
        ("J\u0585hn", "Latin and Armenian"),  # an Armenian oh for the o
        ("\u13aann", "Latin and Cherokee"),  # Cherokee go, an A's shape
        ("Ma\u10e7a", "Latin and Georgian"),  # Georgian qar, a y's shape
        ("\u0391n\u043d", "Latin, Greek and Cyrillic"),
    ],
)
def test_a_word_mixing_latin_with_another_script_is_refused(
    api: APIClient, name: str, alphabets: str
) -> None:
    """Any script beside Latin in one word is refused, beyond Greek and Cyrillic, unless real
    writing mixes them (Japanese, Chinese, Korean): the message names the alphabets."""
    players = [{"name": "Bob"}, {"name": name}]
    response = api.post("/api/games/", {"game": "gotham-race", "players": players}, format="json")
    assert (response.status_code, response.json()) == (
        400,
        {
            "error": "mixed_alphabet_name",
            "message": f"Seat 2's name “{name}” mixes {alphabets} letters in one word (“{name}”), "
            "as a name spelt to pass for another does: write each word in one alphabet.",
        },
    )
    assert not Game.objects.exists()


def test_creation_refusals_say_what_was_wrong(api: APIClient) -> None:
    unknown = api.post("/api/games/", {"game": "chess", "players": [{}]}, format="json")
    assert unknown.json()["message"] == "No game called “chess”; see /api/catalog/."
    quoted = api.post("/api/games/", {"game": "it's\\", "players": [{}]}, format="json")
    assert quoted.json()["message"] == "No game called “it's\\”; see /api/catalog/."
    human = {"name": "Ann", "bot_options": {"iterations": 5}}
    misplaced = api.post(
        "/api/games/", {"game": "gotham-race", "players": [human, {}]}, format="json"
    )
    assert (misplaced.status_code, misplaced.json()) == (
        400,
        {"error": "invalid_bot_options", "message": "Only a bot's seat takes bot_options."},
    )
    crowd = api.post("/api/games/", {"game": "gotham-race", "players": [{}] * 5}, format="json")
    refused = crowd.json()
    assert (refused["error"], refused["code"]) == ("rules_rejected", "bad_player_count")
    assert refused["message"] == "Gotham Race is for 1 to 4 players."
    assert [c["section"] for c in refused["citations"]] == ["the-game", "fewer-players"]


def test_game_detail(api: APIClient, create_game: CreateGame) -> None:
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}])
    detail = api.get(f"/api/games/{body['id']}/").json()
    assert set(detail) == {
        "id", "game", "version", "seeded", "forked_from", "status", "to_act", "outcome", "seats",
        "created_at",
    }  # fmt: skip
    assert detail["id"] == body["id"] and detail["version"] == body["version"]
    assert detail["game"] == "gotham-race" and detail["created_at"].startswith("20")
    assert detail["status"] == "active" and detail["to_act"] == [0] and detail["outcome"] is None
    assert detail["seats"] == [
        {"seat": 0, "name": "Ann", "bot": None, "autopilot": None, "role": "Figure A"},
        {"seat": 1, "name": "easy bot", "bot": "random", "autopilot": None, "role": "Figure B"},
    ]
    assert "token" not in str(detail) and "seed" not in detail


def test_a_fresh_process_names_each_seats_role_in_the_game_detail(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    event_store._STATE_CACHE.clear()  # as a server process that never saw this game
    seats = api.get(f"/api/games/{body['id']}/").json()["seats"]
    assert [s["role"] for s in seats] == ["Figure A", "Figure B"]


def test_reading_a_game_with_another_games_token_or_another_scheme_is_refused_with_the_form(
    api: APIClient, create_game: CreateGame
) -> None:
    body, other = create_game(), create_game()
    url = f"/api/games/{body['id']}/state/"
    foreign = api.get(url, **auth(other["seats"][0]["token"]))
    assert (foreign.status_code, foreign.json()) == (
        403,
        {"error": "foreign_token", "message": "This token does not belong to a seat of this game."},
    )
    bearer = api.get(url, HTTP_AUTHORIZATION="Bearer x")
    assert (bearer.status_code, bearer.json()) == (
        401,
        {
            "error": "token_required",
            "message": "Send your seat's token as 'Authorization: Seat <token>'; this header "
            "has another form.",
        },
    )


def test_a_seats_token_finds_its_game_and_seat_in_one_query(
    create_game: CreateGame, django_assert_num_queries: Any
) -> None:
    from api.selectors import game_and_caller

    body = create_game()
    token = body["seats"][1]["token"]
    with django_assert_num_queries(1):
        game, seat = game_and_caller(game_id=body["id"], authorization=f"Seat {token}")
        assert (game.pk, game.game) == (body["id"], "gotham-race")
        assert seat is not None and seat.index == 1


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"game": "chess", "players": [{"name": "a"}]}, 404, "not_found"),
        ({"game": "gotham-race", "players": []}, 400, "invalid_request"),
        ({"game": "gotham-race", "players": [{"name": "a"}] * 5}, 400, "rules_rejected"),
        ({"game": "gotham-race", "players": [{"bot": "deep-blue"}]}, 400, "invalid_bot_options"),
        ({"game": "gotham-race", "players": [{"name": "a"}], "seed": -4}, 400, "invalid_request"),
        (
            {"game": "gotham-race", "players": [{"name": "a"}], "options": {"x": 1}},
            400,
            "rules_rejected",
        ),
        ({"game": "gotham-race", "players": "four"}, 400, "invalid_request"),
        ({"game": "gotham-race", "players": [{"name": 5}]}, 400, "invalid_request"),
        ({"game": "gotham-race", "players": [{"bot": True}]}, 400, "invalid_request"),
        ([1, 2], 400, "malformed"),
    ],
)
def test_bad_creation_requests_are_4xx_with_a_code(
    api: APIClient, body: object, status: int, error: str
) -> None:
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == status
    assert response.json()["error"] == error
    assert Game.objects.count() == 0


def test_malformed_json_is_400(api: APIClient) -> None:
    response = api.post("/api/games/", "{nope", content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "malformed"


def test_state_is_the_callers_view(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    mine = api.get(f"/api/games/{gid}/state/", **auth(ann["token"])).json()
    assert mine["seat"] == 0 and mine["version"] == body["version"]
    assert (mine["id"], mine["game"], mine["status"]) == (gid, "gotham-race", "active")
    assert mine["to_act"] == [0]
    assert len(mine["state"]["hands"]["0"]) == 4
    assert mine["state"]["hands"]["1"]["count"] == 4
    spectator = api.get(f"/api/games/{gid}/state/").json()
    assert spectator["seat"] is None
    assert spectator["state"]["hands"]["0"]["count"] == 4
    first = api.get(f"/api/games/{gid}/state/?version=0").json()
    assert (first["version"], first["state"]) == (0, {"phase": "new"})
    beyond = api.get(f"/api/games/{gid}/state/?version=999")
    assert (beyond.status_code, beyond.json()["error"]) == (404, "not_found")
    assert beyond.json()["message"] == (
        f"Version 999 does not exist; the game is at {body['version']}."
    )
    wrong = api.get(f"/api/games/{gid}/state/?version=x")
    assert (wrong.status_code, wrong.json()["error"]) == (400, "malformed")


@pytest.mark.parametrize("slug", [g.slug for g in shipped_games()])
def test_at_version_0_nobody_is_to_act(api: APIClient, create_game: CreateGame, slug: str) -> None:
    """Before the set-up's events no game waits for anyone, whoever asks; at the head it does."""
    body = create_game(game=slug)
    gid, ann = body["id"], body["seats"][0]
    for headers in (auth(None), auth(ann["token"])):
        first = api.get(f"/api/games/{gid}/state/?version=0", **headers).json()
        assert (first["version"], first["to_act"]) == (0, []), slug
    head = api.get(f"/api/games/{gid}/state/").json()
    assert head["to_act"] and head["to_act"] == api.get(f"/api/games/{gid}/").json()["to_act"]


@pytest.mark.parametrize("slug", [g.slug for g in shipped_games()])
def test_through_the_set_up_only_a_seat_with_a_move_is_to_act(
    api: APIClient, create_game: CreateGame, slug: str
) -> None:
    """Inside the set-up's events a state view names nobody (the game wrote on without anyone's
    move; Black Metro's state part-way through names a seat with a move); at its last, exactly
    the seats that have a legal move there."""
    body = create_game(game=slug)
    gid, version = body["id"], body["version"]
    game = Game.objects.get(pk=gid)
    spec = get_game(slug)
    for at in range(version + 1):
        state = event_store.load_state(game, spec, at)
        movers = [s for s in range(game.players) if spec.legal_moves(state, s)]
        shown = api.get(f"/api/games/{gid}/state/?version={at}").json()
        assert shown["to_act"] == (movers if at == version else []), (slug, at)
        assert movers or at < version, slug


@pytest.mark.parametrize("slug", [g.slug for g in shipped_games()])
def test_inside_a_moves_events_nobody_is_to_act(
    api: APIClient, create_game: CreateGame, slug: str
) -> None:
    """A version followed by an event the game wrote in the same go (no move of its own) lies
    inside a move or the set-up: nobody was asked there, so a state view names nobody, even
    where the game's state at that point would (Black Metro's and City Strategy's often do);
    at a version where a move begins, the seats the rules name, as at the head."""
    body = create_game(game=slug, seed=11)
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    rng = random.Random(5)
    for _ in range(25):
        waiting = api.get(f"/api/games/{gid}/").json()["to_act"]
        if not waiting:
            break
        seat = waiting[0]
        offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        move = rng.choice(offered["moves"])["move"]
        posted = api.post(
            f"/api/games/{gid}/moves/",
            {"move": move, "expected_version": offered["version"]},
            format="json",
            **auth(tokens[seat]),
        )
        assert posted.status_code == 201, posted.content
    game = Game.objects.get(pk=gid)
    spec = get_game(slug)
    opens = {e.seq: e.move is not None for e in Event.objects.filter(game=game)}
    inside = 0
    for at in range(game.version + 1):
        shown = api.get(f"/api/games/{gid}/state/?version={at}").json()["to_act"]
        if at < game.version and not opens[at + 1]:
            inside += 1
            assert shown == [], (slug, at)
        else:
            assert shown == sorted(spec.to_act(event_store.load_state(game, spec, at))), (slug, at)
    assert inside > 0 and any(opens.values()), slug


def test_a_races_refill_is_told_inside_its_move_by_the_log_alone(api: APIClient) -> None:
    """Gotham Race's stored 1-player race: the draw at seq 124 emptied a deck, and the refill
    (seq 125) followed in the same move. At version 124 the game's state names the player to
    place (the Race no longer checks for a refill due itself), yet the state view names nobody:
    the log says the version lies inside a move (`selectors._inside_a_move`), which covers the
    case the Race's own check (rules version 5) used to."""
    from rules_core.games.gotham_race.rules import refill_due
    from tests.api.stored_logs import FIXTURES, load, read

    game = load(read(FIXTURES / "gotham-race-1p.json"))
    rows = {e.seq: e for e in Event.objects.filter(game=game, seq__in=(124, 125))}
    assert rows[124].type == "card_drawn" and rows[124].move is not None
    assert rows[125].type == "decks_replenished" and rows[125].move is None
    spec = get_game("gotham-race")
    between = event_store.load_state(game, spec, 124)
    assert refill_due(between) and spec.to_act(between) == frozenset({0})
    assert api.get(f"/api/games/{game.pk}/state/?version=124").json()["to_act"] == []
    after = event_store.load_state(game, spec, 125)
    assert not refill_due(after)


def test_legal_moves_need_a_seat(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    moves = api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"])).json()
    assert moves["seat"] == 0 and moves["version"] == body["version"]
    assert {"move": {"type": "draw", "deck": 1}, "label": "Draw a card from deck 1"} in moves[
        "moves"
    ]
    assert api.get(f"/api/games/{gid}/legal-moves/", **auth(bob["token"])).json()["moves"] == []
    anonymous = api.get(f"/api/games/{gid}/legal-moves/")
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, "token_required")


def test_legal_moves_read_without_the_cached_state_are_the_same(
    api: APIClient, create_game: CreateGame
) -> None:
    """Another process (or a restart) has no state cached: it folds the game from the store."""
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    warm = api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"])).json()
    event_store._STATE_CACHE.clear()
    cold = api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"]))
    assert (cold.status_code, cold.json()) == (200, warm)


def test_tokens_of_other_games_are_forbidden(api: APIClient, create_game: CreateGame) -> None:
    first, second = create_game(), create_game()
    response = api.get(f"/api/games/{first['id']}/state/", **auth(second["seats"][0]["token"]))
    assert response.status_code == 403 and response.json()["error"] == "foreign_token"
    response = api.get(f"/api/games/{first['id']}/state/", HTTP_AUTHORIZATION="Bearer x")
    assert (response.status_code, response.json()["error"]) == (401, "token_required")


def test_unknown_game_and_path_are_json_404(api: APIClient) -> None:
    assert api.get("/api/games/999/").json()["error"] == "not_found"
    response = api.get("/api/nowhere/")
    assert response.status_code == 404 and response.json()["error"] == "not_found"


@pytest.mark.parametrize("debug", [True, False], ids=["development", "production"])
def test_an_api_path_that_matches_nothing_is_json_404_even_in_development(
    api: APIClient, debug: bool
) -> None:
    """DEBUG's HTML 404 lists the URL patterns: API clients get the JSON error in every mode,
    at the API's root too. An address without its final slash is sent on to the one with it,
    whatever the method (with DEBUG on, Django answered a POST there with its HTML error page:
    the development server, `python3 dev.py run`, runs with DEBUG on): a read by 301, a write by
    308, which a client follows with the same method and body (a 301 turns a POST into a GET)."""
    with override_settings(DEBUG=debug):
        for path in ("/api/", "/api/games/-1/", "/api/games/abc/", "/api/nowhere/deeper/"):
            for method in (api.get, api.post, api.delete):
                response = method(path)
                assert response.status_code == 404, (path, response.content[:80])
                assert response["Content-Type"] == "application/json"
                assert response.json() == {"error": "not_found", "message": f"No such path: {path}"}
        methods: list[tuple[Callable[..., Any], int]] = [
            (api.get, 301),
            (api.head, 301),
            (api.post, 308),
            (api.put, 308),
            (api.patch, 308),
            (api.delete, 308),
        ]
        for method, status in methods:
            moved = method("/api/nowhere?x=1")
            assert (moved.status_code, moved["Location"]) == (status, "/api/nowhere/?x=1")
        assert api.get("/api/games/-1").status_code == 301  # the slash is appended, as before
        posted = api.post("/api/games")
        assert (posted.status_code, posted["Location"]) == (308, "/api/games/")
        body = {"game": "gotham-race", "players": [{"name": "Ann"}, {"name": "Bob"}]}
        followed = api.post("/api/games", body, format="json", follow=True)
        assert followed.status_code == 201 and followed.json()["game"] == "gotham-race"
    browserless = APIClient(enforce_csrf_checks=True)  # as a real client: no CSRF token
    for path, status in (("/api/nowhere/", 404), ("/api/games", 308)):
        answer = browserless.post(path, {}, format="json")
        assert answer.status_code == status, (path, answer.content[:80])
    with override_settings(DEBUG=debug, APPEND_SLASH=False):
        kept = api.post("/api/nowhere")
        assert (kept.status_code, kept.json()["error"]) == (404, "not_found")


def test_openapi_schema_and_docs(api: APIClient) -> None:
    schema = api.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/games/{game_id}/moves/" in schema.content
    assert api.get("/api/docs/").status_code == 200


def test_the_schema_lists_every_field_an_analysis_answers_with(api: APIClient) -> None:
    schema = api.get("/api/schema/", {"format": "json"}).json()
    fields = schema["components"]["schemas"]["AnalysisOutput"]["properties"]
    assert set(fields) == {"status", "done", "total", "version", "settings", "outdated", "error"}


def test_lobby_page_lists_the_catalog(api: APIClient) -> None:
    page = api.get("/")
    assert page.status_code == 200 and b"Gotham Race" in page.content


@pytest.mark.parametrize(
    "name",
    [
        "\u202enA",
        "Ann\u2066x",
        "Ann\u200f",
        "A\u001b[31m",
        "A\nB",
        "A\u0085B",
        "\u061cA",
        "An\u200bn",
        "\ufeffAnn",
        "Ann\u2060",
        "An\u00adn",
        "A\u2028B",
        "A\u2029B",
        "An\u034fn",
        "\u3164",
        "Ann\u115f",
        "Ann\U000e0041",
        "A\ufe0fnn",
        "Ann\ufff9",
        "Ann\U0001d173",
    ],
    ids=[
        "rlo",
        "lri",
        "rlm",
        "escape",
        "newline",
        "next-line",
        "alm",
        "zero-width-space",
        "byte-order-mark",
        "word-joiner",
        "soft-hyphen",
        "line-separator",
        "paragraph-separator",
        "grapheme-joiner",
        "hangul-filler",
        "hangul-choseong-filler",
        "tag-letter",
        "selector-after-a-letter",
        "interlinear-annotation",
        "musical-format-control",
    ],
)
def test_a_name_that_would_reorder_or_hide_the_words_around_it_is_refused(
    api: APIClient, name: str
) -> None:
    """A seat's name is told inside sentences ("You play The Joker (Ann)"): a bidirectional
    control would turn the rest of the sentence around, a control character hides in it."""
    body = {"game": "gotham-race", "players": [{"name": name}, {"name": "Bob"}]}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["error"] == "invalid_request" and "name" in answer["message"]
    assert "U+" in answer["message"] and name not in answer["message"]
    assert not Game.objects.exists()


@pytest.mark.parametrize("name", ["\u2800", "\u2800 \u2800"])
def test_a_name_of_blank_braille_cells_is_refused(api: APIClient, name: str) -> None:
    """Blank braille cells are letters to Unicode but draw as spaces: the seat had a name
    nobody could read (spaces alone give the seat its default name)."""
    body = {"game": "gotham-race", "players": [{"name": name}, {"name": "Bob"}]}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400 and "shows nothing" in response.json()["message"]
    assert not Game.objects.exists()


def test_names_in_any_script_and_with_emoji_joiners_are_kept(create_game: CreateGame) -> None:
    names = ["\u05d0\u05d1\u05d2", "\u0639\u0644\u064a", "\U0001f468\u200d\U0001f469", "Zoë"]
    body = create_game(players=[{"name": n} for n in names])
    assert [s["name"] for s in body["seats"]] == names


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "An\u200dn"),
        ("Ann", "An\u200cn"),
        ("Player 2", "Player 2\ufe0f"),
        ("\u2764", "\u2764\ufe0f"),
    ],
    ids=["joiner", "non-joiner", "default-name-with-selector", "heart-and-emoji-heart"],
)
def test_names_that_differ_by_a_joiner_or_selector_read_alike(
    api: APIClient, first: str, second: str
) -> None:
    """Each pair is one name to a reader: a joiner between Latin letters draws nothing, and a
    selector only chooses how a character is drawn (a heart as text or as an emoji), so the
    seats could not be told apart. "Player 2" is the second seat's name when it is given none."""
    second_seat = {} if first == "Player 2" else {"name": first}
    players = [{"name": second}, second_seat]
    response = api.post("/api/games/", {"game": "gotham-race", "players": players}, format="json")
    assert response.status_code == 400, response.content
    assert "give each seat its own name" in response.json()["message"]
    assert not Game.objects.exists()


def test_an_unknown_game_is_quoted_back_short_from_the_lobbys_form_too() -> None:
    """The lobby's form posts any length of game name (the API's input stops at 64): the
    refusal, shown on the page, quotes at most ECHO_MAX_CHARS of it."""
    with pytest.raises(NotFoundError) as refused:
        game_services.spec_for("x" * 100_000)
    assert len(refused.value.message) < ECHO_MAX_CHARS + 60
    assert "x" * (ECHO_MAX_CHARS - 1) + "…" in refused.value.message
