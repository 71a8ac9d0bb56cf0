"""Pages: the lobby, play and replay pages, and the rules reference (books, sections, search)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from api import errors, game_services, rulebook_selectors, selectors
from api.errors import ApiError, NotFoundError
from api.limits import SEARCH_QUESTION_CHARS, SEAT_NAME_CHARS
from api.models import Game
from api.view_requests import client_address
from rules_core.bots.registry import BOT_LEVELS
from rules_core.engine import all_games, get_game
from rules_core.engine.content_limits import without_hidden_controls
from rules_core.engine.wording import listed
from rules_core.rulebooks import all_books

SEAT_KINDS = (
    ("person", "person"),
    *((bot, f"bot: {level}") for bot, level in BOT_LEVELS.items()),
    ("empty", "— no seat —"),
)


def _seats() -> range:
    """Seat rows enough for the largest game (the page hides what the chosen game cannot seat)."""
    return range(max(spec.max_players for spec in all_games()))


def _switches(slug: str) -> list[str]:
    """A game's on/off options, from its options schema (the lobby offers each as a box)."""
    try:
        schema = get_game(slug).options_schema()
    except KeyError:
        return []
    return [n for n, e in schema.items() if isinstance(e, dict) and e.get("type") == "boolean"]


def _game_state(game: Game) -> str:
    """A game's line in the lobby: "finished" with who won ("finished: Ann won"), or "in play"
    with who is to play ("in play: Ann to play"), by the seats' names (prefetched)."""
    names = [seat.name for seat in game.seats.all()]
    if game.status == Game.Status.FINISHED:
        outcome = game.outcome if isinstance(game.outcome, dict) else {}
        winners = outcome.get("winners")
        won = [names[i] for i in winners or () if isinstance(i, int) and 0 <= i < len(names)]
        return f"finished: {listed(won)} won" if won else "finished"
    to_play = [names[i] for i in game.to_act if isinstance(i, int) and 0 <= i < len(names)]
    return f"in play: {listed(to_play)} to play" if to_play else "in play"


def lobby(request: HttpRequest, error: str = "", status: int = 200) -> HttpResponse:
    titles = {spec.slug: spec.title for spec in all_games()}
    games = [
        {
            "pk": game.pk,
            "title": titles.get(game.game, game.game),
            "state": _game_state(game),
            "players": " · ".join(seat.name for seat in game.seats.all()),
            "version": game.version,
        }
        for game in Game.objects.prefetch_related("seats").order_by("-id")[:50]
    ]
    catalog = selectors.catalog()
    switches: list[dict[str, Any]] = [
        {"game": spec.slug, "name": name, "description": spec.options_schema()[name]}
        for spec in all_games()
        for name in _switches(spec.slug)
    ]
    chosen = request.POST if request.method == "POST" else None  # a refused form keeps them
    rows = [
        {
            "index": i,
            "number": str(i + 1),
            "kind": chosen.get(f"kind-{i}", "empty")
            if chosen
            else ("person" if i == 0 else "mcts"),
            "name": _name_echoed(chosen, i) if chosen else "",  # seen by the table
        }
        for i in _seats()
    ]
    for switch in switches:
        switch["checked"] = bool(chosen and chosen.get(f"option-{switch['name']}"))
    context = {
        "catalog": catalog,
        "switches": switches,
        "games": games,
        "rows": rows,
        "kinds": SEAT_KINDS,
        "chosen_game": chosen.get("game", "") if chosen else "",
        "error": error,
        "name_max": SEAT_NAME_CHARS,
    }
    return render(request, "frontend/lobby.html", context, status=status)


def _name_echoed(chosen: QueryDict, index: int) -> str:
    """A seat's name as a refused form shows it again: without the hidden controls it may have
    been refused for (a NUL, a bidirectional control), which its input would hold unseen."""
    return without_hidden_controls(chosen.get(f"name-{index}", ""))[:SEAT_NAME_CHARS]


# a game the form's list does not hold (the list edited in the page): refused in a person's words
NO_SUCH_GAME = "There is no such game here: choose one from the list of games."


def game_new(request: HttpRequest) -> HttpResponse:
    """The lobby's form: create a game with people and bots, then show each seat's link."""
    if request.method != "POST":
        return redirect("lobby")
    slug = request.POST.get("game", "")
    if slug not in {spec.slug for spec in all_games()}:  # the API's words name its catalog
        return lobby(request, error=NO_SUCH_GAME, status=400)
    if unknown := _unknown_kinds(request, _seats()):
        return lobby(request, error=_no_such_seat(unknown), status=400)
    players = _players(request, _seats())
    options: dict[str, Any] = {
        name: True for name in _switches(slug) if request.POST.get(f"option-{name}")
    }
    try:
        created = game_services.game_create(
            slug=slug,
            players=players,
            seed=None,
            options=options,
            caller=client_address(request),
        )
    except ApiError as error:
        return lobby(request, error=error.message, status=400)
    return _created(request, created)


def _no_such_seat(seats: list[str], form: str = "the lobby") -> str:
    """A seat's kind the form's list does not hold (edited in the page), refused in a person's
    words as a game is (it was left out as an empty seat: the game began with fewer players, or
    a fork was refused for its count of seats)."""
    if len(seats) == 1:
        return (
            f"Seat {seats[0]} asks for a kind of player {form} does not offer: choose one from its"
            " list."
        )
    return (
        f"Seats {listed(seats)} ask for kinds of player {form} does not offer: choose from its"
        " list."
    )


def _unknown_kinds(request: HttpRequest, seats: range) -> list[str]:
    """The seats (numbered from 1) whose kind is none of the lobby's."""
    offered = {kind for kind, _ in SEAT_KINDS}
    return [str(i + 1) for i in seats if request.POST.get(f"kind-{i}", "empty") not in offered]


def _players(request: HttpRequest, seats: range) -> list[game_services.PlayerSpec]:
    """The seats a form asks for: a person (named) or a bot per row, empty rows left out. A bot
    is named as the API names an unnamed one: as the lobby offered it ("easy bot"), numbered
    when the table has two of one kind."""
    kinds = [request.POST.get(f"kind-{i}", "empty") for i in seats]
    players = []
    for i, kind in zip(seats, kinds, strict=True):
        name = request.POST.get(f"name-{i}", "").strip()
        if kind == "person":
            players.append(game_services.PlayerSpec(name=name or f"Player {i + 1}"))
        elif kind in BOT_LEVELS:
            players.append(game_services.PlayerSpec(bot=kind))
    return players


# session key: each new game's seat links, shown once on its page (they hold the seat tokens)
CREATED = "created-games"
CREATED_KEPT = 10  # games whose links wait at once (a tab opened but never followed)
# how long the links wait for their page (the redirect is followed at once): the tokens are
# stored hashed everywhere else, so a session holding them expires with them, and
# `clearsessions` removes the row from the database (a redirect never followed left them there)
CREATED_WAIT_SECONDS = 600


def _now() -> float:
    return time.time()


def _waiting(request: HttpRequest) -> dict[str, dict[str, Any]]:
    """The seat links still waiting in this session (those past their time are gone)."""
    stored: dict[str, dict[str, Any]] = request.session.get(CREATED, {})
    now = _now()
    return {pk: entry for pk, entry in stored.items() if entry.get("until", 0) > now}


def _keep_waiting(request: HttpRequest, waiting: dict[str, dict[str, Any]]) -> None:
    """Store what still waits; the session expires when the last of it does (at the browser's
    close or the site's default once nothing waits)."""
    if waiting:
        request.session[CREATED] = waiting
        latest = max(entry["until"] for entry in waiting.values())
        request.session.set_expiry(max(1, int(latest - _now()) + 1))
    else:
        request.session.pop(CREATED, None)
        request.session.set_expiry(None)


class SeeOther(HttpResponseRedirect):
    """303: the browser follows with a GET, so reloading the page it lands on posts nothing."""

    status_code = 303


def _created(request: HttpRequest, created: game_services.CreatedGame) -> HttpResponse:
    """After a game (or fork) is created, its page: the seat links (tokens are shown only once)
    wait in this browser's session, not in the URL, for that page to show (Post/Redirect/Get)."""
    game = created.game
    seats = [
        {"seat": s.index, "name": s.name, "bot": s.bot, "token": token}
        for s, token in zip(game.seats.all(), created.tokens, strict=True)
    ]
    forked = {"game": game.forked_from_id, "at": game.fork_at} if game.fork_at else None
    waiting = dict(list(_waiting(request).items())[-(CREATED_KEPT - 1) :])
    until = _now() + CREATED_WAIT_SECONDS
    waiting[str(game.pk)] = {"seats": seats, "forked": forked, "until": until}
    _keep_waiting(request, waiting)
    return SeeOther(reverse("play", kwargs={"game_id": game.pk}))


def _created_once(request: HttpRequest, game: Game) -> dict[str, Any] | None:
    """The seat links a game's creation left for its page, taken out of the session."""
    if CREATED not in request.session:
        return None
    waiting = _waiting(request)
    shown = waiting.pop(str(game.pk), None)
    if waiting != request.session[CREATED]:  # shown or past its time: it leaves the database
        _keep_waiting(request, waiting)
    return shown


def game_fork(request: HttpRequest, game_id: int) -> HttpResponse:
    """The replay's 'play on from here': a fork of the finished game before the move shown."""
    game = _game_or_404(request, game_id)
    if isinstance(game, HttpResponse):
        return game
    if request.method != "POST":
        return redirect("replay", game_id=game.pk)
    raw = request.POST.get("at", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) < 10):
        choose = "Choose the move to play on from with its button in the replay."
        return _replay(request, game, error=choose, status=400)
    if unknown := _unknown_kinds(request, range(game.players)):
        return _replay(request, game, error=_no_such_seat(unknown, "this form"), status=400)
    wanted = int(raw)  # the event shown: the fork is made where its move begins
    earlier = [p for p in game_services.fork_points(game) if p <= wanted]
    try:
        created = game_services.game_fork(
            game=game,
            at=earlier[-1] if earlier else wanted,
            players=_players(request, range(game.players)),
            caller=client_address(request),
        )
    except ApiError as error:
        return _replay(request, game, error=error.message, status=400)
    return _created(request, created)


def _game_or_404(request: HttpRequest, game_id: int) -> Game | HttpResponse:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return _not_found(request, f"No game {game_id}.")
    return game


def play(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    if isinstance(game, HttpResponse):
        return game
    created = _created_once(request, game)
    if created is not None:  # play.js opens the page as the first person's seat (its link)
        people = [seat["name"] for seat in created["seats"] if seat["token"]]
        created = {**created, "first_person": people[0] if people else None}
    context = {
        "game": game,
        "title": get_game(game.game).title,
        "book_slug": _book_of(game),
        "created": created,
        "bot_levels": json.dumps(BOT_LEVELS),  # the autopilot's choices, read by autopilot.js
    }
    response = render(request, "frontend/play.html", context)
    if created is not None:  # seat tokens: kept by no cache, and not shown from one later
        add_never_cache_headers(response)
    return response


def _book_of(game: Game) -> str | None:
    """The rulebook of a game's own rules (the header's search asks it first), if indexed."""
    return game.game if game.game in {b.slug for b in all_books()} else None


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    if isinstance(game, HttpResponse):
        return game
    return _replay(request, game)


def _replay(request: HttpRequest, game: Game, error: str = "", status: int = 200) -> HttpResponse:
    roles = selectors.seat_roles(game=game)
    chosen = request.POST if request.method == "POST" else None  # a refused fork keeps them
    seats = [
        {
            "index": s.index,
            "label": f"Seat {s.index + 1}"
            + (f" ({roles[s.index]})" if s.index < len(roles) else ""),
            "name": _name_echoed(chosen, s.index) if chosen else (s.name if not s.bot else ""),
            "kind": chosen.get(f"kind-{s.index}", "") if chosen else (s.bot or "person"),
        }
        for s in game.seats.all()
    ]
    spec = get_game(game.game)
    older = game.rules_version != spec.rules_version  # played on under today's rules
    refusal = game_services.fork_refusal(game)  # the API's own: no form for a fork it refuses
    finished = game.status == Game.Status.FINISHED
    context = {
        "game": game,
        "title": spec.title,
        "forkable": refusal is None,
        "unforkable": refusal.message if refusal is not None and finished and not error else "",
        "older_rules": game_services.older_rules_words(spec.title) if older else "",
        "seats": seats,
        "kinds": SEAT_KINDS[:-1],  # every seat of a fork is filled, as in the game forked
        "fork_error": error,
        "book_slug": _book_of(game),
        "name_max": SEAT_NAME_CHARS,
    }
    return render(request, "frontend/replay.html", context, status=status)


def board_module(request: HttpRequest, slug: str) -> HttpResponse:
    """A game's board drawing for the pages: `board.js` of its package (empty when it has none:
    the page then shows an outline of the view)."""
    try:
        spec = get_game(slug)
    except KeyError:
        return _not_found(request, f"No game {slug}.")
    package = Path(str(sys.modules[type(spec).__module__].__file__)).parent
    path = package / "board.js"
    body = path.read_bytes() if path.exists() else b""
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=300"
    return response


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for by habit: the pages' icon (an SVG in the static
    files, linked from every page) instead of a 404 in the log."""
    response = HttpResponseRedirect(static("frontend/favicon.svg"))
    response["Cache-Control"] = "public, max-age=86400"
    return response


def _not_found(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "frontend/not_found.html", {"message": message}, status=404)


def _for_the_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 404 handler: the API's JSON error under /api/; elsewhere the site's page, so a
    person who followed a broken link or mistyped an address reads where to go, not JSON."""
    if _for_the_api(request):
        return errors.not_found_view(request, exception)
    return _not_found(request, "There is no page at this address.")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 400 handler (a request it refuses to read: more fields than a form may send, a
    host it does not serve): the API's JSON error under /api/; elsewhere a page in words, not
    Django's bare one."""
    if _for_the_api(request):
        return errors.bad_request_view(request, exception)
    return render(request, "frontend/bad_request.html", status=400)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form refused by the CSRF check (its cookie missing or changed): what to do, in words,
    instead of Django's technical page."""
    return render(request, "frontend/form_refused.html", status=403)


# the 500 page is plain text in markup, with no template or context to fail in its turn
SERVER_ERROR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Something went wrong · Gotham</title></head>
<body><main><h1>Something went wrong on our side</h1>
<p>The page could not be shown. Reload it in a moment; a move you made is in the game's log
if its page said so.</p><p><a href="/">Back to the lobby</a> · <a href="/rules/">Browse the
rulebooks</a></p></main></body></html>
"""


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler: the API's JSON error under /api/, a page in words elsewhere."""
    if _for_the_api(request):
        return errors.server_error_view(request)
    return HttpResponse(SERVER_ERROR_PAGE, status=500, content_type="text/html; charset=utf-8")


def _applied(use: dict[str, str]) -> str:
    """Where a game applies a section, in words ("Gotham Race, a refused move: Drawing from a
    deck that has no cards left.")."""
    try:
        game = get_game(use["game"]).title
    except KeyError:
        game = use["game"]
    kind = "a refused move" if use["kind"] == "rejection" else "an event"
    return f"{game}, {kind}: {use['words']}"  # spelt from the name where a game has none


def _no_section(book: str) -> str:
    """A missing section's words: its book by title when the book is there."""
    try:
        title = rulebook_selectors.book_get(book=book).title
    except NotFoundError:
        return "There is no rulebook by that name."
    return f"{title} has no such section: its contents list every one."


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/rules_index.html", {"books": rulebook_selectors.books_json()})


def rules_book(request: HttpRequest, book: str) -> HttpResponse:
    try:
        contents = rulebook_selectors.contents_json(book=book)
    except NotFoundError:
        return _not_found(request, "There is no rulebook by that name.")
    parents = {s["section"]: s["parent"] for s in contents["sections"]}

    def depth(sid: str) -> int:
        level, parent = 0, parents.get(sid)
        while parent:
            level, parent = level + 1, parents.get(parent)
        return min(level, 4)

    sections = [{**s, "depth": depth(s["section"])} for s in contents["sections"]]
    context = {"contents": contents, "sections": sections, "book_slug": book}
    return render(request, "frontend/rules_book.html", context)


def rules_section(request: HttpRequest, book: str, ref: str) -> HttpResponse:
    try:
        section = rulebook_selectors.section_find(book=book, ref=ref)
    except NotFoundError:
        return _not_found(request, _no_section(book))
    if section.sid != ref:
        return redirect(rulebook_selectors.section_url(book, section.sid))
    shown = rulebook_selectors.section_json(section)
    context = {
        "book": section.book,
        "section": shown,
        "book_slug": book,
        "applied": [_applied(use) for use in shown["cited_by"]],
    }
    return render(request, "frontend/rules_section.html", context)


def _highlight(snippet: str) -> SafeString:
    """The search snippet with its «matches» marked, everything else escaped."""
    return mark_safe(str(escape(snippet)).replace("«", "<mark>").replace("»", "</mark>"))


def rules_search(request: HttpRequest) -> HttpResponse:
    q = rulebook_selectors.search_question(request.GET.get("q", ""))[:SEARCH_QUESTION_CHARS]
    titles = {b["book"]: b["title"] for b in rulebook_selectors.books_json()}
    book = request.GET.get("book") or None
    if book not in titles:  # no such book: the search runs over every book
        book = None
    answer = rulebook_selectors.rules_answer(question=q, book=book, limit=20) if q else None
    hits = answer.hits if answer else []
    results = [
        {**rulebook_selectors.hit_json(h), "snippet_html": _highlight(h.snippet)} for h in hits
    ]
    suggestion = answer.did_you_mean if answer else None
    return render(
        request,
        "frontend/rules_search.html",
        {
            "q": q,
            "results": results,
            "book_slug": book,
            "book_title": titles.get(book or ""),
            "did_you_mean": suggestion,
        },
    )
