"""A replay shows no more of a move than its events show: a Black Metro die whose penalty makes
a seat discard two fortunes of its choice has it name each in a move (rules version 29: one card
at a time), and its events hide them."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from rest_framework.test import APIClient

from api import event_store
from api.models import Game
from api.selectors import _rest_of_move
from rules_core.engine import get_game
from rules_core.engine.moves import carried_in
from rules_core.games.black_metro.carried import CARRIES
from rules_core.games.black_metro.content import REFERENCE_PACK
from tests.api.game_checks import post_a_random_offer
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


def _discarding_pack() -> dict[str, Any]:
    """The reference pack with every face of the penalty die a discard of two fortunes."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    for die in pack["dice"]:
        if die["id"] == "penalty":
            face = {"steps": [{"op": "discard_fortunes", "amount": 2}], "source": "reference"}
            die["faces"] = [{**face, "reason": "every face discards two"}] * 6
    return pack


def _play_until_two_are_discarded(
    api: APIClient, create_game: CreateGame
) -> tuple[dict[str, Any], dict[int, str], int, int]:
    """Random legal moves until a seat names a fortune it discards of two it was asked for from a
    larger hand (a smaller one is discarded whole without asking, Black Metro's rules version
    16; each is named in a move of its own, rules version 29); a game that ends first is
    followed by another, seeded on, so no rules change strands the walk: the body of the game,
    its seats' tokens, the discard's first event and its seat."""
    pick = random.Random(3)
    for seed in range(3, 13):
        body = create_game(
            game="black-metro",
            players=[{"name": "Ann"}, {"name": "Bob"}],
            seed=seed,
            options={"content": _discarding_pack()},
        )
        game, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
        while to_act := api.get(f"/api/games/{game}/state/").json()["to_act"]:
            seat = to_act[0]
            offered = api.get(f"/api/games/{game}/legal-moves/", **auth(tokens[seat])).json()
            move, answer = post_a_random_offer(api, game, tokens[seat], offered, pick)
            if move["type"] == "discard_one":
                return body, tokens, answer["events"][0]["seq"], seat
    raise AssertionError("no seat discarded two fortunes in ten games")


def test_a_move_naming_cards_its_events_hide_is_shown_without_them(
    api: APIClient, create_game: CreateGame
) -> None:
    body, tokens, seq, mover = _play_until_two_are_discarded(api, create_game)

    def seen(token: str | None) -> dict[str, Any]:
        url = f"/api/games/{body['id']}/replay/?after={seq - 1}&limit=1"
        events = api.get(url, **(auth(token) if token else {})).json()["events"]
        return dict(events[0])

    own = seen(tokens[mover])
    assert own["move"]["card"] and own["move_label"].startswith("Discard ")
    assert own["data"]["cards"] == [own["move"]["card"]]
    for viewer in (tokens[1 - mover], None):  # the other seat, and a spectator
        other = seen(viewer)
        # the event hides the card the move names ...
        assert other["data"]["cards"] == [None]
        assert other["move"] == {"seat": mover, "type": "discard_one", "card": None}  # ... so
        assert other["move_label"] is None  # does the move, in its parameters and its words
    # a page ending on that move's first event reads the rest of the move (up to the next one)
    game = Game.objects.get(pk=body["id"])
    rest = _rest_of_move(game, seq)
    assert all(e.move is None for e in rest)
    assert not rest or rest[-1].seq == game.version  # no move since: the rest runs to the head


def test_the_type_of_a_technology_gained_face_down_is_withheld_with_its_move(
    api: APIClient, create_game: CreateGame
) -> None:
    """The Technologist's set-up gains a technology of a chosen type: the lowest of that type,
    so the type would name the face-down card (appendix.science: hidden until charged)."""
    body = create_game(game="black-metro", players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    gid, version, gained = body["id"], body["version"], None
    for _ in range(20):
        seat = api.get(f"/api/games/{gid}/state/").json()["to_act"][0]
        moves = [
            m["move"]
            for m in api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()["moves"]
        ]
        move = next((m for m in moves if m.get("candidate") == "technologist"), None) or next(
            (m for m in moves if m["type"] == "gain_technology"), moves[0]
        )
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": version, "move": move},
            format="json",
            **auth(tokens[seat]),
        ).json()
        version = answer["version"]
        if move["type"] == "gain_technology":
            gained = (answer["events"][0]["seq"], seat, move["kind"])
            break
    assert gained is not None, "nobody chose the Technologist"
    seq, owner, kind = gained

    def seen(token: str | None) -> dict[str, Any]:
        url = f"/api/games/{gid}/replay/?after={seq - 1}&limit=1"
        return dict(api.get(url, **(auth(token) if token else {})).json()["events"][0])

    mine = seen(tokens[owner])
    assert mine["move"]["kind"] == kind and mine["data"]["kind"] == kind
    assert mine["move_label"] == f"Gain a {kind} technology"
    for viewer in (tokens[1 - owner], None):
        other = seen(viewer)
        assert other["data"]["technology"] is None and other["data"]["kind"] is None
        assert other["move"] == {"seat": owner, "type": "gain_technology", "kind": None}
        assert other["move_label"] is None


def test_a_card_shuffled_back_into_a_deck_stays_named_in_the_moves_that_showed_it(
    api: APIClient, create_game: CreateGame
) -> None:
    """No less than its events show either: a Gotham Race card a seat placed (its own event
    names it to that seat) and shuffled back under a deck once the decks run out is hidden from
    everybody now, yet that seat's move still names it, as its event does: nobody learns where
    it lies from that (four players: no figure nobody races places a card in their moves)."""
    from rules_core.games.gotham_race.content import REFERENCE_PACK as RACE_PACK

    pack = tomllib.loads(RACE_PACK.read_text())
    pack["card"] = [c for c in pack["card"] if int(c["id"][2:]) <= 5]  # five cards a deck
    people = [{"name": name} for name in ("Ann", "Bob", "Cy", "Di")]
    pick = random.Random(5)
    for seed in range(1, 11):
        body = create_game(players=people, seed=seed, options={"content": pack})
        gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
        replenished = False
        while not replenished and (state := api.get(f"/api/games/{gid}/state/").json())["to_act"]:
            seat = state["to_act"][0]
            offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
            _, answer = post_a_random_offer(api, gid, tokens[seat], offered, pick)
            replenished = any(e["type"] == "decks_replenished" for e in answer["events"])
        game = Game.objects.get(pk=gid)
        if not replenished or game.status != Game.Status.ACTIVE:
            continue
        spec = get_game(game.game)
        head = event_store.load_state(game, spec)
        hidden_now = 0
        for seat, token in tokens.items():
            for item in api.get(f"/api/games/{gid}/replay/", **auth(token)).json()["events"]:
                if (item["move"] or {}).get("type") == "place" and item["move"]["seat"] == seat:
                    card = item["data"]["card"]
                    assert item["move"]["card"] == card and item["move_label"], item
                    hidden_now += card in spec.hidden_from(head, seat)
        assert hidden_now  # some are hidden from their placer now: back in a deck
        return
    raise AssertionError("no game ran out of cards while it still ran")


def _race_of_two_sixteen_moves_on(
    api: APIClient, create_game: CreateGame
) -> tuple[int, dict[int, str]]:
    """A running Gotham Race of Ann and Bob (seed 4) after 16 random moves: its id and tokens."""
    body = create_game(players=[{"name": "Ann"}, {"name": "Bob"}], seed=4)
    gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
    pick = random.Random(4)
    for _ in range(16):
        seat = api.get(f"/api/games/{gid}/state/").json()["to_act"][0]
        offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        post_a_random_offer(api, gid, tokens[seat], offered, pick)
    assert Game.objects.get(pk=gid).status == Game.Status.ACTIVE
    return gid, tokens


def test_a_seats_own_card_placed_stays_named_beside_cards_placed_for_nobodys_figures(
    api: APIClient, create_game: CreateGame
) -> None:
    """Gotham Race with two players: after a round's last card of a seat, cards go face down
    for the two figures nobody races, in the same move (hidden from everybody in their events);
    that seat's move still names its own card to it, and to the other seat only once the pile is
    turned in that move (its events name the card then)."""
    gid, tokens = _race_of_two_sixteen_moves_on(api, create_game)
    followed = turned = 0
    views = {
        s: api.get(f"/api/games/{gid}/replay/", **auth(t)).json()["events"]
        for s, t in tokens.items()
    }
    for seat in tokens:
        moves: list[list[dict[str, Any]]] = []
        for item in views[seat]:
            if item["move"] is not None:
                moves.append([])
            if moves:
                moves[-1].append(item)
        for first, *rest in (m for m in moves if m[0]["move"]["type"] == "place"):
            card = first["move"]["card"]
            followed += any(e["seat"] is None and e["type"] == "card_placed" for e in rest)
            if first["move"]["seat"] == seat:
                assert card == first["data"]["card"] and first["move_label"]
            else:  # named to it once a card_resolved of the same move shows it (the pile turned)
                placed = views[first["move"]["seat"]][first["seq"] - 1]["move"]["card"]
                resolved = {e["data"]["card"] for e in rest if e["type"] == "card_resolved"}
                assert card == (placed if placed in resolved else None)
                turned += placed in resolved
                assert bool(first["move_label"]) == (card is not None)
    assert followed  # some moves placed cards for nobody's figures after the seat's own
    assert turned  # and some turned the pile


def test_the_rest_of_a_move_runs_up_to_the_next_moves_first_event(
    api: APIClient, create_game: CreateGame
) -> None:
    """A page ending on a move's first event reads that move's later events, of its own game
    only, and stops where the next move begins."""
    create_game(game="gotham-race", players=[{"name": "Cy"}, {"name": "Di"}], seed=2)
    body = create_game(game="gotham-race", players=[{"name": "Ann"}, {"name": "Bob"}], seed=1)
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    gid, version = body["id"], body["version"]
    for _ in range(12):
        seat = api.get(f"/api/games/{gid}/state/").json()["to_act"][0]
        offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        version = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": version, "move": offered["moves"][0]["move"]},
            format="json",
            **auth(tokens[seat]),
        ).json()["version"]
    game = Game.objects.get(pk=gid)
    starts = [e.seq for e in game.events.order_by("seq") if e.move is not None]
    first, second = next((a, b) for a, b in pairwise(starts) if b > a + 1)
    assert [e.seq for e in _rest_of_move(game, first)] == list(range(first + 1, second))


def _pages_agree_with_the_whole(api: APIClient, gid: int, token: str | None, step: int) -> int:
    """Each page of the replay (the first k events, every `step`-th k) shows its events as the
    whole replay does; the number of pages that ended inside a move."""
    whole = api.get(f"/api/games/{gid}/replay/", **auth(token)).json()["events"]
    inside = 0
    for k in range(1, len(whole), step):
        page = api.get(f"/api/games/{gid}/replay/?limit={k}", **auth(token)).json()["events"]
        assert page == whole[:k], k
        inside += whole[k]["move"] is None and any(e["move"] for e in page)
    return inside


def test_a_page_ending_inside_the_set_up_or_a_move_shows_it_as_the_whole_replay_does(
    api: APIClient, create_game: CreateGame
) -> None:
    """Gotham Race with two players, some cards placed face down for the figures nobody races
    within a seat's move: however a running game's replay is cut, each seat and a spectator see
    every event of a page, its move and its label as in the whole replay, the set-up alone too."""
    gid, tokens = _race_of_two_sixteen_moves_on(api, create_game)
    assert all(_pages_agree_with_the_whole(api, gid, t, 1) for t in (*tokens.values(), None))


@pytest.mark.django_db(transaction=True)
def test_a_finished_games_page_ending_inside_a_move_hides_nothing_of_it(
    api: APIClient, create_game: CreateGame
) -> None:
    """Once the game is over, a page cut inside a move shows that move in full, as the whole
    replay does: its later events, read to decide, hide nothing from anyone then."""
    from api.bot_services import bots_play

    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=5)
    bots_play(game_id=body["id"])
    assert Game.objects.get(pk=body["id"]).status == Game.Status.FINISHED
    assert _pages_agree_with_the_whole(api, body["id"], None, 3)


def test_a_page_ending_on_a_moves_first_event_shows_it_as_its_later_events_tell_each_seat(
    api: APIClient, create_game: CreateGame
) -> None:
    """Black Metro, three players (seed 2): Bob sabotages with a fortune discarded face down (its
    first event names it to him alone), and later in the same move Ann takes the discard's top
    card, that fortune (its event names it to her, and to Bob who laid it there). A page ending
    on the move's first event reads those later events, each as stored and as each viewer
    reads it: the move names the card to Bob and Ann, as the whole replay does, and to nobody
    else (Cy, a spectator)."""
    body = create_game(
        game="black-metro", players=[{"name": n} for n in ("Ann", "Bob", "Cy")], seed=2
    )
    gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
    pick = random.Random(2)
    for _ in range(60):
        seat = api.get(f"/api/games/{gid}/state/").json()["to_act"][0]
        offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        move, answer = post_a_random_offer(api, gid, tokens[seat], offered, pick)
        told = [e["type"] for e in answer["events"]]
        if move["type"] == "sabotage" and "discard_taken" in told[1:]:
            break
    else:
        raise AssertionError("no sabotage's discard was taken in the same move")
    seq, saboteur, card = answer["events"][0]["seq"], seat, move["card"]
    taker = next(e["data"]["owner"] for e in answer["events"] if e["type"] == "discard_taken")
    assert (saboteur, taker) == (1, 0) and told[0] == "fortunes_discarded"
    for viewer in (*tokens, None):
        token = tokens[viewer] if viewer is not None else None
        credentials = auth(token) if token else {}
        whole = api.get(f"/api/games/{gid}/replay/", **credentials).json()["events"][seq - 1]
        url = f"/api/games/{gid}/replay/?after={seq - 1}&limit=1"
        page = api.get(url, **credentials).json()["events"]
        assert page == [whole], viewer
        named = card if viewer in (saboteur, taker) else None
        assert whole["move"] == {"seat": saboteur, "type": "sabotage", "card": named}, viewer


def _event_dice_asking_discards() -> dict[str, Any]:
    """The reference pack with every face of the event die offering a discard of two fortunes
    (the first option, each player asked which two from a larger hand) or a draw of two."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    discard = [{"op": "discard_fortunes", "amount": 2}]
    draw = [{"op": "draw", "card": "fortune", "amount": 2}]
    face = {"name": "fortune tax", "options": [discard, draw], "source": "reference"}
    for die in pack["dice"]:
        if die["id"] == "event":
            die["faces"] = [{**face, "reason": "every face taxes fortunes"}] * 6
    return pack


Wanted = Callable[[dict[str, Any], list[dict[str, Any]]], bool]


def _play_until(
    api: APIClient,
    create_game: CreateGame,
    game: str,
    pack: dict[str, Any],
    pick: int,
    wanted: Wanted,
) -> tuple[int, dict[int, str], dict[str, Any], dict[str, Any]]:
    """Random legal moves (picked by `Random(pick)`) of Ann and Bob in `game` with the content
    `pack` until a move and its events (as its mover sees them) are `wanted`; a game that ends
    first is followed by another, seeded on: the game's id, its seats' tokens, the answer to
    that move and the move."""
    chooser = random.Random(pick)
    for seed in range(1, 11):
        body = create_game(
            game=game,
            players=[{"name": "Ann"}, {"name": "Bob"}],
            seed=seed,
            options={"content": pack},
        )
        gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
        while to_act := api.get(f"/api/games/{gid}/state/").json()["to_act"]:
            offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[to_act[0]])).json()
            move, answer = post_a_random_offer(api, gid, tokens[to_act[0]], offered, chooser)
            if wanted(move, answer["events"]):
                return gid, tokens, answer, move
    raise AssertionError(f"no wanted move in ten games of {game}")


def _event_option_asking_for_discards(move: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    """Whether the relic player chose an event option that asks a player, in the same move,
    which fortunes to discard."""
    told = [e["type"] for e in events]
    return told[0] == "event_chosen" and "discards_asked" in told[1:]


def test_a_page_ending_where_an_event_option_is_chosen_shows_the_move_as_the_whole_replay(
    api: APIClient, create_game: CreateGame
) -> None:
    """Black Metro, every event face a discard of two fortunes: the relic player's choice of the
    discard is its move's first event (the option, seen by all), and a later event of the same
    move asks a player holding more than two which to discard (`discards_asked`, whose way,
    `choice`, only that player sees). A page ending on the move's first event reads those later
    events as each viewer reads them, hidden parts and all: each seat and a spectator see the
    move, its label and the event as the whole replay shows them; and, the option being public
    and the asked player's `choice` not what carries it, the move and its words in full."""
    gid, tokens, answer, move = _play_until(
        api,
        create_game,
        "black-metro",
        _event_dice_asking_discards(),
        1,
        _event_option_asking_for_discards,
    )
    assert move == {"type": "resolve_roll", "choice": "first"}
    seq, mover = answer["events"][0]["seq"], answer["events"][0]["seat"]
    for viewer, token in [*tokens.items(), (None, None)]:
        page, whole = _page_and_whole(api, gid, seq, token)
        assert page == [whole], viewer
        # the option is public: the asked player's hidden `choice` does not carry it
        # (black_metro/carried.py), so every viewer sees the move and its words
        assert whole["move"] == {"seat": mover, **move} and whole["move_label"], viewer
        url = f"/api/games/{gid}/replay/?after={seq}&limit={len(answer['events'])}"
        rest = api.get(url, **auth(token) if token else {}).json()["events"]
        asked = [e["data"] for e in rest if e["type"] == "discards_asked"]
        assert asked and all(a["choice"] is None for a in asked if a["owner"] != viewer)


def test_a_parameter_declared_carried_by_a_hidden_field_is_withheld_by_the_field_alone(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a game declares a parameter carried by an event field, the replay withholds it
    wherever an event of its move hides that field, though no hidden value names it: the relic
    player's option above, declared here (not in black_metro/carried.py) as carried by the
    `choice` of the `discards_asked` later in its move, whose hidden value is the asked
    player's way ("", or fortunes), never "first". Each event's hidden fields are named by its
    type, on the page and in the rest of the move a page ending on its first event reads."""
    carried = {"choice": carried_in("discards_asked.choice")}
    monkeypatch.setitem(CARRIES, "resolve_roll", carried)
    gid, _, answer, move = _play_until(
        api,
        create_game,
        "black-metro",
        _event_dice_asking_discards(),
        1,
        _event_option_asking_for_discards,
    )
    seq, mover = answer["events"][0]["seq"], answer["events"][0]["seat"]
    page, whole = _page_and_whole(api, gid, seq, None)  # a spectator: every `choice` hidden
    assert page == [whole]
    assert whole["move"] == {"seat": mover, **move, "choice": None}
    assert whole["move_label"] is None


def _crimes_named_inside_others() -> dict[str, Any]:
    """The reference pack of No Man's Land with the racket's cards called wildfire-1 to
    wildfire-4, the heists bushfire-1 and bushfire-2, and nine arsons called fire-1 to fire-9:
    a fire's id lies inside the wildfire's and the bushfire's of its number."""
    from rules_core.games.no_mans_land.content import REFERENCE_PACK as LAND_PACK

    pack = tomllib.loads(LAND_PACK.read_text())
    for entry in pack["falcone"]:
        if entry["id"] == "racket":
            entry["id"] = "wildfire"
        elif entry["id"] == "heist":
            entry["id"] = "bushfire"
        elif entry["id"] == "arson":
            entry |= {"id": "fire", "copies": 9}
    return pack


def _face_up_crime_and_a_card_named_in_it_drawn(
    move: dict[str, Any], events: list[dict[str, Any]]
) -> bool:
    """Whether Falcone committed a crime face up and drew, in the same move, a card whose id
    lies inside the crime's."""
    drawn = [c for e in events if e["type"] == "cards_drawn" for c in e["data"]["cards"]]
    face_up = move["type"] == "crime" and not move["face_down"]
    return face_up and any(c in move["card"] for c in drawn)


def _page_and_whole(api: APIClient, gid: int, seq: int, token: str | None) -> tuple[Any, Any]:
    """The replay page of event `seq` alone and that event in the whole replay, as the seat of
    `token` (None: a spectator) sees them."""
    credentials = auth(token) if token is not None else {}
    whole = api.get(f"/api/games/{gid}/replay/", **credentials).json()["events"][seq - 1]
    url = f"/api/games/{gid}/replay/?after={seq - 1}&limit=1"
    return api.get(url, **credentials).json()["events"], whole


def test_a_page_ending_on_a_crime_shows_it_to_falcone_though_he_then_draws_a_card_named_in_it(
    api: APIClient, create_game: CreateGame
) -> None:
    """No Man's Land: Falcone commits a bushfire face up and, later in the same move, draws a
    fire whose id lies inside the bushfire's (his draw is his alone). A page ending on the
    crime's first event reads the draw as Falcone reads it, so his crime stays named to him, as
    in the whole replay; each seat and a spectator see the move as the whole replay shows it."""
    pack = _crimes_named_inside_others()  # a walk found to reach it in the first game
    wanted = _face_up_crime_and_a_card_named_in_it_drawn
    gid, tokens, answer, move = _play_until(api, create_game, "no-mans-land", pack, 15, wanted)
    seq, falcone = answer["events"][0]["seq"], answer["events"][0]["seat"]
    for viewer, token in [*tokens.items(), (None, None)]:
        page, whole = _page_and_whole(api, gid, seq, token)
        assert page == [whole], viewer
        if viewer == falcone:
            assert whole["move"] == {"seat": falcone, **move} and whole["move_label"]


def test_a_crime_committed_face_up_stays_shown_beside_a_drawn_card_named_inside_its_id(
    api: APIClient, create_game: CreateGame
) -> None:
    """No Man's Land with crimes called fire-1 to fire-9, bushfire-1 and wildfire-1: Falcone
    commits a crime face up and draws, in the same move, a fire whose id lies inside the
    crime's (a fire-1 in bushfire-1). The draw is hidden from the heroes, the crime is not:
    its card is one whole id (no_mans_land/carried.py), which no other id names, so the heroes
    and a spectator see the move and its words, and still not the card drawn."""
    pack = _crimes_named_inside_others()
    wanted = _face_up_crime_and_a_card_named_in_it_drawn
    gid, tokens, answer, move = _play_until(api, create_game, "no-mans-land", pack, 15, wanted)
    seq, falcone = answer["events"][0]["seq"], answer["events"][0]["seat"]
    drawn = {c for e in answer["events"] if e["type"] == "cards_drawn" for c in e["data"]["cards"]}
    assert move["card"] not in drawn and any(c in move["card"] for c in drawn)
    for viewer, token in [*tokens.items(), (None, None)]:
        events = api.get(f"/api/games/{gid}/replay/", **auth(token) if token else {}).json()
        crime = events["events"][seq - 1]
        assert crime["move"] == {"seat": falcone, **move} and crime["move_label"], viewer
        if viewer != falcone:
            told = [e for e in events["events"][seq:] if e["type"] == "cards_drawn"]
            assert told and not drawn & {c for e in told for c in e["data"]["cards"]}, viewer


def _researching_everywhere() -> dict[str, Any]:
    """The reference pack of Black Metro with every district's first effect the Oakland
    Laboratory's: advance a level or, from level I, research a technology ("research:<id>")."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    lab = next(d for d in pack["district"] if d["id"] == "oakland-laboratory")
    for district in pack["district"]:
        district["effect"] = [lab["effect"][0], *district["effect"][1:]]
    return pack


def _way_naming_a_hidden_part(move: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    """Whether the move names, among the other parts of its way, a part of it that its
    events keep to the mover (a technology researched: "research:<id>"; missions returned)."""
    kept = [c for e in events for c in e["data"].get("cards", ()) if e["type"] in _WAY_EVENTS]
    choice = str(move.get("choice", ""))
    return any(c in choice and c != choice for c in kept) or any(
        ":" in c and c == choice for c in kept
    )


_WAY_EVENTS = ("effect_used", "roll_resolved", "step_chosen")


def test_a_part_of_a_way_its_events_keep_to_the_mover_withholds_the_way_from_the_others(
    api: APIClient, create_game: CreateGame
) -> None:
    """Black Metro: a way whose part names what only its chooser sees (a technology
    researched, "research:<id>", hidden until charged; missions returned) is withheld from the
    other seat and a spectator, with its words, and shown to the chooser: the hidden part is
    found among the way's parts, however they are joined."""
    pack, wanted = _researching_everywhere(), _way_naming_a_hidden_part
    gid, tokens, answer, move = _play_until(api, create_game, "black-metro", pack, 1, wanted)
    seq, mover = answer["events"][0]["seq"], answer["events"][0]["seat"]
    for viewer, token in [*tokens.items(), (None, None)]:
        page, whole = _page_and_whole(api, gid, seq, token)
        assert page == [whole], viewer
        if viewer == mover:
            assert whole["move"] == {"seat": mover, **move} and whole["move_label"]
        else:
            assert whole["move"]["choice"] is None and whole["move_label"] is None, viewer
