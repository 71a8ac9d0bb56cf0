"""The lobby form, play, replay and rules pages (their behaviour in a browser: test_browser.py)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from django.http import StreamingHttpResponse
from django.test import Client, override_settings
from django.utils.html import escape

from api import rulebook_selectors
from api.models import Game
from frontend.templatetags.search_box import SITE_EXAMPLE
from rules_core.rulebooks import Book
from tests.shipped import shipped_books

pytestmark = pytest.mark.django_db


def test_the_lobby_creates_a_game_and_shows_each_persons_link(client: Client) -> None:
    response = client.post(
        "/games/new/",
        {
            "game": "gotham-city-strategy",
            "kind-0": "person",
            "name-0": "Ann",
            "kind-1": "random",
            "kind-2": "person",
            "name-2": "Bob",
            "kind-3": "empty",
            "option-variant": "on",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 303 and response["Location"] == f"/games/{game.pk}/"
    assert game.players == 3 and game.options == {"variant": True}
    page = client.get(response["Location"])
    assert page.content.count(b'class="seat-link"') == 2
    assert f"/games/{game.pk}/#token=".encode() in page.content
    assert b"?token=" not in page.content


def test_reloading_a_new_games_page_creates_nothing_and_shows_the_tokens_once(
    client: Client,
) -> None:
    """Post/Redirect/Get: the form's POST answers 303 to the game's page, which the browser
    reloads with a GET. The seat links wait in the session (never in the URL, which servers
    log) for that page to show once, uncached; another browser's session never sees them."""
    form = {"game": "gotham-race", "kind-0": "person", "name-0": "Ann", "kind-1": "person"}
    answer = client.post("/games/new/", form)
    game = Game.objects.get()
    assert answer.status_code == 303 and "token" not in answer["Location"]
    assert Client().get(answer["Location"]).content.count(b'class="seat-link"') == 0
    first = client.get(answer["Location"])
    assert first.content.count(b'class="seat-link"') == 2
    assert b"Game %d created" % game.pk in first.content
    # the play page keeps the links in this browser's "your games" (hot-seat play): it says so
    assert "this browser keeps each person's seat under “Your games”" in first.content.decode()
    assert "no-store" in first["Cache-Control"]
    again = client.get(answer["Location"])
    assert again.status_code == 200 and b'class="seat-link"' not in again.content
    assert Game.objects.count() == 1


def test_the_new_games_page_says_it_plays_the_first_persons_seat(client: Client) -> None:
    """The creator lands on the first person's seat (play.js takes its link's token), and the
    page says so in words; with bots only, the creator watches."""
    form = {"game": "gotham-race", "kind-0": "random", "kind-1": "person", "name-1": "Ann"}
    page = client.post("/games/new/", {**form, "kind-2": "person"}, follow=True)
    assert "This page plays the first person's seat, Ann's" in page.content.decode()
    assert b"you watch as a spectator" not in page.content
    bots = client.post("/games/new/", {**form, "kind-1": "random"}, follow=True)
    assert b"Every seat is a bot's: you watch as a spectator." in bots.content


def test_the_lobbys_bots_keep_the_names_it_offered_them_by(client: Client) -> None:
    """ "bot: easy" seats are easy bots, numbered when there are two; a lone one is not."""
    kinds = {"kind-0": "person", "name-0": "Ann", "kind-1": "random", "kind-2": "random"}
    form = {"game": "gotham-race", **kinds, "kind-3": "mcts"}
    page = client.post("/games/new/", form, follow=True)
    names = list(Game.objects.get().seats.order_by("index").values_list("name", flat=True))
    assert names == ["Ann", "easy bot 1", "easy bot 2", "strong bot"]
    # the bots' ids are only in the autopilot's choices, for its requests: no person reads them
    shown = re.sub(rb' data-levels="[^"]*"', b"", page.content)
    assert b"easy bot 2</td>" in shown and b"random" not in shown
    assert b'data-levels="{&quot;random&quot;: &quot;easy&quot;' in page.content


def test_the_lobby_explains_a_refused_game(client: Client) -> None:
    response = client.post("/games/new/", {"game": "gotham-city-strategy", "kind-0": "person"})
    assert response.status_code == 400
    assert b"2 to 4 players" in response.content and not Game.objects.exists()
    assert client.get("/games/new/").status_code == 302


def test_a_game_the_lobby_does_not_offer_is_refused_in_words_not_by_an_api_address(
    client: Client,
) -> None:
    """A game's name edited in the form (devtools) read "No game called 'x'; see /api/catalog/.":
    the page speaks to a person, while the API's answer still points at its catalog."""
    response = client.post("/games/new/", {"game": "gotham-chess", "kind-0": "person"})
    assert response.status_code == 400 and not Game.objects.exists()
    page = response.content.decode()
    assert "There is no such game here: choose one from the list of games." in page
    assert "/api/catalog/" not in page and "gotham-chess" not in page.split('id="new-game"')[1]
    answer = client.post(
        "/api/games/",
        {"game": "gotham-chess", "players": [{"name": "Ann"}]},
        content_type="application/json",
    )
    assert answer.status_code == 404 and "/api/catalog/" in answer.json()["message"]


def test_a_seat_kind_the_lobby_does_not_offer_is_refused_not_left_out(client: Client) -> None:
    """A seat's kind edited in the form (devtools) was left out as an empty seat, so the game
    began with fewer players than the form showed: refused in words, nothing created."""
    form = {"game": "gotham-race", "kind-0": "person", "name-0": "Ann", "kind-1": "grandmaster"}
    response = client.post("/games/new/", {**form, "kind-2": "robot"})
    assert response.status_code == 400 and not Game.objects.exists()
    page = response.content.decode()
    assert "Seats 2 and 3 ask for kinds of player the lobby does not offer" in page
    one = client.post("/games/new/", form)
    assert one.status_code == 400 and not Game.objects.exists()
    assert "Seat 2 asks for a kind of player the lobby does not offer" in one.content.decode()


def test_a_name_refused_for_a_hidden_control_comes_back_without_it(client: Client) -> None:
    """A name refused for a NUL or a bidirectional control is shown again in its input without
    them (the input would hold them unseen, and send them again); its letters stay."""
    form = {"game": "gotham-race", "kind-0": "person", "name-0": "An\x00n\u202e"}
    response = client.post("/games/new/", {**form, "kind-1": "person", "name-1": "Bob"})
    assert response.status_code == 400 and not Game.objects.exists()
    page = response.content.decode()
    assert "\x00" not in page and "\u202e" not in page
    assert re.search(r'<input[^>]*name="name-0"[^>]*value="Ann"', page), page
    assert re.search(r'<input[^>]*name="name-1"[^>]*value="Bob"', page)


def test_the_lobby_says_in_a_sentence_how_many_each_game_seats(client: Client) -> None:
    """A table of the wrong size is refused with the game's name and its count of players (the
    Chronicles refusal read "The villain and one to three heroes' seats." alone)."""
    for slug, words in [
        ("gotham-race", "Gotham Race is for 1 to 4 players."),
        ("gotham-city-strategy", "Gotham City Strategy is for 2 to 4 players."),
        ("no-mans-land", "No Man&#x27;s Land is for two players."),
        ("gotham-city-chronicles", "Batman: Gotham City Chronicles is for 2 to 4 players"),
    ]:
        response = client.post("/games/new/", {"game": slug, "kind-0": "empty"})
        assert response.status_code == 400, slug
        assert words in response.content.decode(), slug


def test_an_address_that_matches_no_page_answers_the_sites_page_not_json() -> None:
    """A person who mistypes an address or follows a broken link reads the site's not-found page
    (it read the API's JSON, {"error": "not_found", …}); under /api/ the answer stays JSON."""
    client = Client()
    for path in ("/gamez/", "/games/1/nope/", "/rules/black-metro/districts/extra/"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"].startswith("text/html"), path
        page = response.content.decode()
        assert "There is no page at this address." in page and 'href="/">Back to the lobby' in page
    with override_settings(APPEND_SLASH=False):  # else the slash is appended (the API's 404)
        api = client.get("/api/games/1/nope")
    assert api.status_code == 404 and api.json()["error"] == "not_found"


def test_a_page_that_fails_answers_a_page_in_words_and_the_api_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An unexpected error on a page shows a page a person can read; on the API, the JSON error."""

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("internal detail")

    monkeypatch.setattr(rulebook_selectors, "books_json", broken)
    monkeypatch.setattr("api.selectors.catalog", broken)
    client = Client(raise_request_exception=False)
    page = client.get("/rules/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")
    assert b"Something went wrong on our side" in page.content
    assert b"internal detail" not in page.content and b'href="/"' in page.content
    api = client.get("/api/catalog/")
    assert api.status_code == 500 and api.json()["error"] == "server_error"


def test_a_form_refused_by_the_csrf_check_says_what_to_do() -> None:
    """The lobby's form sent without its cookie (cookies off, or a page older than the cookie):
    the site's page says to reload and send again, not Django's technical 403 page."""
    client = Client(enforce_csrf_checks=True)
    response = client.post("/games/new/", {"game": "gotham-race", "kind-0": "person"})
    assert response.status_code == 403 and not Game.objects.exists()
    page = response.content.decode()
    assert "The form was not sent" in page and "reload the page and send the form again" in page
    assert "CSRF" not in page and 'href="/">Back to the lobby' in page


def test_the_name_fields_stop_at_the_longest_name_a_seat_takes(client: Client) -> None:
    """The page cut a longer name to 80 characters without a word; the fields stop typing there,
    at the seat's own limit, on the lobby's form and the replay's."""
    from api.bot_services import bots_play
    from api.game_services import PlayerSpec, game_create
    from api.models import Seat

    longest = Seat._meta.get_field("name").max_length
    lobby = client.get("/").content.decode()
    fields = re.findall(r'<input name="name-\d"[^>]*>', lobby)
    assert len(fields) == 4 and all(f'maxlength="{longest}"' in field for field in fields)
    finished = game_create(
        slug="gotham-race", players=[PlayerSpec(bot="random")] * 2, seed=44, options={}
    ).game
    bots_play(game_id=finished.pk)
    replay = client.get(f"/games/{finished.pk}/replay/").content.decode()
    fields = re.findall(r'<input name="name-\d"[^>]*>', replay)
    assert fields and all(f'maxlength="{longest}"' in field for field in fields)


def test_a_name_longer_than_a_seat_takes_is_refused_not_cut(client: Client) -> None:
    """A form sent without the page's field limit (a script, an edited page) used to make the
    game with the name cut to 80 characters; now it is refused in words and nothing is made."""
    from api.models import Seat

    longest = Seat._meta.get_field("name").max_length or 80
    form = {"game": "no-mans-land", "kind-0": "person", "kind-1": "random"}
    response = client.post("/games/new/", {**form, "name-0": "A" * (longest + 1)})
    assert response.status_code == 400 and not Game.objects.exists()
    assert f"{longest} characters".encode() in response.content
    made = client.post("/games/new/", {**form, "name-0": "A" * longest})
    assert made.status_code == 303 and Seat.objects.filter(name="A" * longest).exists()


@pytest.mark.parametrize("method", ["put", "patch", "delete", "trace"])
@pytest.mark.parametrize(
    "path", ["/", "/games/new/", "/rules/", "/rules/gotham-race/", "/rules/search/"]
)
def test_the_pages_answer_only_the_methods_they_take(
    client: Client, method: str, path: str
) -> None:
    answer = getattr(client, method)(path)
    assert answer.status_code == 405
    taken = {m.strip() for m in answer["Allow"].split(",")}
    assert taken <= {"GET", "HEAD", "POST"} and "GET" in taken
    assert client.head(path).status_code in (200, 302)


def test_a_game_page_and_its_replay_answer_only_reads(client: Client) -> None:
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    game = Game.objects.get()
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/"):
        assert client.delete(path).status_code == 405
        assert client.post(path).status_code == 405
        assert client.get(path).status_code == 200
    assert client.delete(f"/games/{game.pk}/fork/").status_code == 405


def test_a_refused_lobby_form_keeps_the_choices(client: Client) -> None:
    response = client.post(
        "/games/new/",
        {
            "game": "gotham-city-strategy",
            "kind-0": "greedy",
            "name-1": "Kim",
            "option-variant": "on",
        },
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert '<option value="gotham-city-strategy" data-min="2" data-max="4" selected>' in page
    assert '<option value="greedy" selected>' in page and 'value="Kim"' in page
    assert 'name="option-variant" checked' in page


def test_the_lobby_offers_each_games_own_options_from_the_catalog(client: Client) -> None:
    page = client.get("/").content.decode()
    assert 'class="game-option" data-game="gotham-city-strategy"' in page
    assert 'data-game="gotham-race"' not in page  # it has no on/off option
    assert page.count('class="seat-row"') == 4  # the most any game seats
    assert "lobby.js" in page


def test_play_and_replay_pages(client: Client) -> None:
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    game = Game.objects.get()
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and b'id="board"' in page.content and b"play.js" in page.content
    replay = client.get(f"/games/{game.pk}/replay/")
    assert replay.status_code == 200 and b'id="slider"' in replay.content
    assert client.get("/games/999/").status_code == 404
    assert client.get("/games/999/replay/").status_code == 404


def test_each_game_serves_its_own_board_drawing(client: Client) -> None:
    for slug in ("gotham-race", "gotham-city-strategy", "no-mans-land"):
        response = client.get(f"/boards/{slug}.js")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/javascript")
        assert f'register("{slug}"'.encode() in response.content
    assert client.get("/boards/chess.js").status_code == 404
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    game = Game.objects.get()
    assert b'src="/boards/gotham-race.js"' in client.get(f"/games/{game.pk}/").content


def test_a_finished_games_replay_offers_to_play_on_from_the_event_shown(client: Client) -> None:
    from api.bot_services import bots_play
    from api.game_services import PlayerSpec, fork_points, game_create

    created = game_create(
        slug="gotham-race", players=[PlayerSpec(bot="random")] * 2, seed=41, options={}
    )
    parent = created.game
    bots_play(game_id=parent.pk)
    parent.refresh_from_db()
    page = client.get(f"/games/{parent.pk}/replay/")
    assert b'id="fork"' in page.content and b"Play on from here" in page.content
    assert b"<span>Seat 1 (Figure A)</span>" in page.content  # each seat by its role too
    points = fork_points(parent)
    start = next(a for a, b in itertools.pairwise(points[1:]) if b - a > 1)
    inside = start + 1  # an event in the middle of the move that begins after `start`
    answer = client.post(
        f"/games/{parent.pk}/fork/",
        {"at": str(inside), "kind-0": "person", "name-0": "Ann", "kind-1": "greedy"},
        follow=True,
    )
    fork = Game.objects.get(forked_from=parent)
    assert answer.redirect_chain == [(f"/games/{fork.pk}/", 303)]
    assert fork.fork_at == start  # from just before the move the event belongs to
    assert answer.content.count(b'class="seat-link"') == 1
    assert f"plays on from event {start} of".encode() in answer.content
    refused = client.post(f"/games/{fork.pk}/fork/", {"at": "3", "kind-0": "person"})
    assert refused.status_code == 400 and b"Only a finished game" in refused.content
    for at in ("abc", "-5", "", "9999999999"):
        unread = client.post(f"/games/{parent.pk}/fork/", {"at": at, "kind-0": "person"})
        assert unread.status_code == 400, at
        assert b"Choose the move to play on from with its button in the replay." in unread.content
    seats = {"kind-0": "person", "name-0": "Ann", "kind-1": "greedy"}
    early = client.post(f"/games/{parent.pk}/fork/", {"at": "1", **seats})
    assert early.status_code == 400 and b"The set-up takes events 1 to" in early.content
    assert b'id="fork"' not in client.get(f"/games/{fork.pk}/replay/").content


def test_play_on_from_the_last_event_replays_the_last_move(client: Client) -> None:
    """The replay shows the last event at first: playing on from there starts before the last
    move (a game over at its last event has nothing to play on)."""
    from api.bot_services import bots_play
    from api.game_services import PlayerSpec, fork_points, game_create

    created = game_create(
        slug="gotham-race", players=[PlayerSpec(bot="random")] * 2, seed=42, options={}
    )
    parent = created.game
    bots_play(game_id=parent.pk)
    parent.refresh_from_db()
    seats = {"kind-0": "person", "name-0": "Ann", "kind-1": "person", "name-1": "Bob"}
    answer = client.post(f"/games/{parent.pk}/fork/", {"at": str(parent.version), **seats})
    fork = Game.objects.get(forked_from=parent)
    assert (answer.status_code, answer["Location"]) == (303, f"/games/{fork.pk}/")
    assert fork.fork_at == fork_points(parent)[-1] < parent.version
    assert fork.status == "active"


def test_a_refused_fork_keeps_the_choices(client: Client) -> None:
    """A fork the service refuses (here a name with an invisible character) shows the replay's
    form again as it was filled in, not as the game was seated: nothing chosen is lost but the
    invisible character itself, which the input would hold unseen and send again."""
    from api.bot_services import bots_play
    from api.game_services import PlayerSpec, game_create

    created = game_create(
        slug="gotham-race", players=[PlayerSpec(bot="random")] * 2, seed=43, options={}
    )
    parent = created.game
    bots_play(game_id=parent.pk)
    parent.refresh_from_db()
    assert parent.status == "finished"
    seats = {"kind-0": "mcts", "kind-1": "person", "name-1": "Kim\u200b"}
    refused = client.post(f"/games/{parent.pk}/fork/", {"at": str(parent.version), **seats})
    assert refused.status_code == 400 and not Game.objects.filter(forked_from=parent).exists()
    form = refused.content.decode().split('id="fork"', 1)[1].split("</form>", 1)[0]
    rows = re.findall(r'<select name="kind-(\d)".*?</select>', form, re.S)
    assert rows == ["0", "1"]
    kinds = re.findall(r'<select name="kind-\d".*?<option value="(\w+)" selected>', form, re.S)
    assert kinds == ["mcts", "person"]
    assert 'name="name-1" placeholder="Player 2" value="Kim"' in form


def test_a_fork_seat_kind_the_form_does_not_offer_is_refused_in_those_words(
    client: Client,
) -> None:
    """A seat's kind edited in the replay's fork form was left out as the lobby's once was, and
    the fork refused for the count of its seats ("seats 2 players, as it had"), which the form
    did fill: refused naming the seat and why, nothing created."""
    from api.bot_services import bots_play
    from api.game_services import PlayerSpec, game_create

    created = game_create(
        slug="gotham-race", players=[PlayerSpec(bot="random")] * 2, seed=43, options={}
    )
    parent = created.game
    bots_play(game_id=parent.pk)
    parent.refresh_from_db()
    seats = {"kind-0": "person", "name-0": "Ann", "kind-1": "grandmaster"}
    refused = client.post(f"/games/{parent.pk}/fork/", {"at": str(parent.version), **seats})
    assert refused.status_code == 400 and not Game.objects.filter(forked_from=parent).exists()
    error = re.search(r'id="fork-error">(.*?)</p>', refused.content.decode(), re.S)
    assert error is not None
    assert error.group(1) == (
        "Seat 2 asks for a kind of player this form does not offer: choose one from its list."
    )


def test_the_play_and_replay_pages_say_so_when_javascript_is_off(client: Client) -> None:
    """Both pages are drawn by their scripts (without them the play page read "Loading…" for
    ever): a browser without JavaScript reads why, and where the site works without it."""
    client.post("/games/new/", {"game": "black-metro", "kind-0": "person", "name-0": "Ann"})
    game = Game.objects.get()
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/"):
        page = client.get(path).content.decode()
        notice = re.search(r"<noscript>(.*?)</noscript>", page, re.S)
        assert notice is not None, path
        assert "JavaScript, which is off in this browser" in notice.group(1)
        assert '<a href="/rules/black-metro/">the rules</a>' in notice.group(1)


def _replay_tag(content: bytes, element_id: str) -> str:
    """The start tag of the replay page's element with this id."""
    found = re.search(rf'<[a-z]+ [^>]*id="{element_id}"[^>]*>', content.decode())
    assert found is not None, element_id
    return found.group(0)


def test_the_replay_shows_no_empty_chart_before_an_analysis(client: Client) -> None:
    """The chart's box is hidden until the page has evaluations to draw in it (replay.js shows
    it then), so a game not analysed yet, or a page whose log is still loading, shows none."""
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    page = client.get(f"/games/{Game.objects.get().pk}/replay/").content
    assert re.search(r"\shidden(\s|>|=)", _replay_tag(page, "chart"))


def test_the_replay_loads_its_analysis_helpers_before_drawing(client: Client) -> None:
    """replay.js draws the chart's axis with analysis.js's percentages: that script comes first."""
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    page = client.get(f"/games/{Game.objects.get().pk}/replay/").content.decode()
    helpers, replay = page.find("frontend/analysis.js"), page.find("frontend/replay.js")
    assert 0 < helpers < replay


def test_the_analysis_button_waits_for_where_the_analysis_stands(client: Client) -> None:
    """The button is hidden until the page has read the analysis (replay.js offers it where
    asking does something new: analysis.js's offer), so an analysed game never flashes it."""
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    page = client.get(f"/games/{Game.objects.get().pk}/replay/").content
    assert re.search(r"\shidden(\s|>|=)", _replay_tag(page, "analyse"))


def test_the_lobby_lists_games_and_options_in_words(client: Client) -> None:
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    page = client.get("/").content.decode()
    assert '<td>Gotham Race</td><td class="players">Ann</td><td>in play: Ann to play</td>' in page
    assert "<td>gotham-race</td>" not in page
    assert "The first game&#x27;s set-up, without candidates" in page  # not "First_game: …"
    assert "First_game" not in page and "mcts bot" not in page
    missing = client.get("/games/99999/")
    assert missing.status_code == 404 and b'<a href="/">Back to the lobby</a>' in missing.content


def test_the_lobby_names_each_games_players_and_who_is_to_play(client: Client) -> None:
    """A table is found by its players: each game's seats by name (escaped), the ones to play
    while it runs, who won once it is over."""
    client.post(
        "/games/new/",
        {
            "game": "no-mans-land",
            "kind-0": "person",
            "name-0": "<b>Ann</b>",
            "kind-1": "person",
            "name-1": "Bo",
        },
    )
    game = Game.objects.get()
    page = client.get("/").content.decode()
    ann = escape("<b>Ann</b>")
    assert f'<td class="players">{ann} · Bo</td><td>in play: {ann} to play</td>' in page
    assert "<b>Ann</b>" not in page
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, to_act=[])
    page = client.get("/").content.decode()
    assert f'<td class="players">{ann} · Bo</td><td>finished</td>' in page
    # once it is over, the table says who won (by the outcome's winners, as the play page does)
    Game.objects.filter(pk=game.pk).update(outcome={"winners": [1], "summary": "Gordon wins."})
    page = client.get("/").content.decode()
    assert f'<td class="players">{ann} · Bo</td><td>finished: Bo won</td>' in page


def test_the_lobby_refuses_a_name_postgresql_cannot_store(client: Client) -> None:
    response = client.post(
        "/games/new/",
        {"game": "no-mans-land", "kind-0": "person", "name-0": "a\x00b", "kind-1": "random"},
    )
    assert response.status_code == 400 and b"NUL character" in response.content
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("book", "section"),
    [("gotham-race", "questions.decks-exhausted"), ("black-metro", "phases")],
)
def test_a_rules_section_says_where_games_apply_it_in_their_words(
    client: Client, book: str, section: str
) -> None:
    """Each event and refusal citing the section reads as the game's sentence, not its id."""
    page = client.get(f"/rules/{book}/{section}/").content.decode()
    uses = rulebook_selectors.cited_by(book, section)
    assert {u["kind"] for u in uses} == {"event", "rejection"}
    for use in uses:
        kind = "a refused move" if use["kind"] == "rejection" else "an event"
        assert escape(f"{kind}: {use['words']}") in page, use
        assert use["name"] not in page, use
        assert f"{kind}: {use['name'].replace('_', ' ')}" not in page, use


def test_a_rules_section_page_tells_sections_of_the_same_title_apart(client: Client) -> None:
    """No Man's Land has a "Movement phase" in each player's turn: the tab and the related
    links say whose."""
    page = client.get("/rules/no-mans-land/sequence-of-play.gordons-turn.movement/")
    text = page.content.decode()
    assert "<title>Movement phase (Gordon&#x27;s turn) · " in text
    assert "Movement phase (Falcone&#x27;s turn)</a>" in text


def test_the_lobby_names_no_one_you_and_counts_a_fixed_table_once(client: Client) -> None:
    """The name a seat is given is what the table reads ("Waiting for Figure A (You)" misled
    everyone else): the lobby offers "Player 1" as a hint, and a two-player-only game reads
    "2 players", not a range from 2 to 2."""
    page = client.get("/").content.decode()
    assert 'name="name-0" placeholder="Player 1" value=""' in page
    assert "Falcone vs Gordon (2 players)" in page and "Gotham Race (1\u20134 players)" in page
    assert "2\u20132 players" not in page
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "kind-1": "empty"})
    assert Game.objects.get().seats.get().name == "Player 1"


def test_every_page_links_its_icon_and_favicon_ico_leads_to_it(client: Client) -> None:
    """Browsers asked for /favicon.ico and got a 404 on every visit: the pages link an SVG icon
    in the static files, and /favicon.ico redirects to it."""
    icon = "/static/frontend/favicon.svg"
    for url in ("/", "/rules/", "/games/999/"):
        assert f'<link rel="icon" href="{icon}" type="image/svg+xml">' in client.get(url).text
    answer = client.get("/favicon.ico")
    assert answer.status_code == 302 and answer["Location"] == icon
    served = client.get(icon)
    assert served.status_code == 200 and served["Content-Type"].startswith("image/svg+xml")
    assert isinstance(served, StreamingHttpResponse)
    content = served.streaming_content
    assert isinstance(content, Iterator)
    assert b"<svg" in b"".join(content)


def _first_answer(question: str, book: str | None) -> str:
    hits = rulebook_selectors.rules_answer(question=question, book=book, limit=1).hits
    assert hits, question
    first = rulebook_selectors.hit_json(hits[0])
    return f"{first['book']}/{first['section']}"


@pytest.mark.parametrize("book", shipped_books(), ids=lambda b: b.slug)
def test_the_search_boxs_example_on_a_games_pages_is_answered_by_the_section_it_names(
    client: Client, book: Book
) -> None:
    """The header's example ("what happens on a tie" on every page) found an unrelated section:
    each game's pages now suggest a question of that game, which its book's search answers
    with the section the index names."""
    from api.game_services import PlayerSpec, game_create
    from rules_core.engine import get_game

    assert book.search_example
    people = [PlayerSpec(name=f"Ann {n}") for n in range(get_game(book.slug).min_players)]
    game = game_create(slug=book.slug, players=people, seed=1, options={}).game
    example = escape(book.search_example)
    for url in (f"/rules/{book.slug}/", f"/games/{game.pk}/", f"/games/{game.pk}/replay/"):
        page = client.get(url).content.decode()
        assert f'placeholder="Ask this game\'s rules… e.g. {example}"' in page, url
    expected = f"{book.slug}/{book.search_example_section}"
    assert _first_answer(book.search_example, book.slug) == expected


def test_the_search_boxs_example_across_all_books_is_answered_sensibly(client: Client) -> None:
    page = client.get("/").text
    assert f'placeholder="Ask the rules… e.g. {SITE_EXAMPLE}"' in page
    # where the box is too narrow for the example (a phone), search_box.js shows only the ask
    assert 'data-short-placeholder="Ask the rules…"' in page and "search_box.js" in page
    assert _first_answer(SITE_EXAMPLE, None) == "gotham-race/questions.decks-exhausted"


def test_seat_links_never_shown_leave_the_session_after_ten_minutes(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A redirect never followed left the plain seat tokens (stored hashed everywhere else) in
    the session's database row for its two weeks, and in the table after that: they wait 10
    minutes, the session expires with them, and once shown the row no longer holds them."""
    from django.contrib.sessions.models import Session

    from frontend import views

    clock = [1_000_000.0]
    monkeypatch.setattr(views, "_now", lambda: clock[0])
    form = {"game": "gotham-race", "kind-0": "person", "name-0": "Ann", "kind-1": "person"}
    answer = client.post("/games/new/", form)
    assert 0 < client.session.get_expiry_age() <= views.CREATED_WAIT_SECONDS + 1
    clock[0] += views.CREATED_WAIT_SECONDS + 1
    late = client.get(answer["Location"])
    assert b'class="seat-link"' not in late.content
    rows = [s.get_decoded() for s in Session.objects.all()]
    assert rows and all(views.CREATED not in row for row in rows)

    clock[0] += 3600
    shown = client.get(client.post("/games/new/", form)["Location"])
    assert shown.content.count(b'class="seat-link"') == 2
    assert all(views.CREATED not in s.get_decoded() for s in Session.objects.all())
    assert client.session.get_expire_at_browser_close() is False
    assert Client().get(answer["Location"]).status_code == 200  # a spectator: no session made
    assert Session.objects.count() == 1


def test_a_request_django_refuses_to_read_answers_a_page_in_words_and_the_api_json() -> None:
    """More form fields than Django reads (an edited or forged form): the site's page in words,
    not Django's bare 400; under /api/, the JSON error."""
    client = Client(raise_request_exception=False)
    fields = {f"f{i}": "x" for i in range(1001)}
    page = client.post("/games/new/", fields)
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")
    assert b"The request could not be read" in page.content and b'href="/"' in page.content
    api = client.get("/api/catalog/", HTTP_HOST="not-this-site.example")  # a host not served
    assert api.status_code == 400 and api.json()["error"] == "bad_request"
    assert client.get("/", HTTP_HOST="not-this-site.example").status_code == 400
