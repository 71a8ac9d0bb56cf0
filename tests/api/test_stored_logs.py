"""Logs stored by earlier versions of the service still load, replay, verify and serve.

Each fixture in tests/fixtures/logs/ is a finished game exactly as an earlier main stored it
(its `written_by` says which, its game's `rules_version` the rules it was played under; the
format: tests/api/stored_logs.py); a change to events or state that breaks one needs an
upcaster.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from api.event_store import decode_event
from api.log_check import log_problems
from api.models import Game
from rules_core.engine import get_game
from rules_core.engine.content_limits import PackIds
from rules_core.games.black_metro import reading
from rules_core.games.black_metro.content import REFERENCE_PACK
from rules_core.games.gotham_race.content import REFERENCE_PACK as RACE_PACK
from tests.api.stored_logs import FIXTURES, dump, fixtures, load, read, write
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.stem)
def test_a_stored_log_still_verifies_replays_and_serves(
    api: APIClient, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under the rules version it records: re-decided move by move if that is today's, else
    checked by its chain and replay."""
    record = read(path)
    recorded = record["game"]["rules_version"]
    game = load(record)
    assert game.rules_version == recorded <= get_game(game.game).rules_version
    assert list(log_problems(game)) == []
    call_command("verify_log", str(game.pk))  # exits non-zero on any problem
    older = f"played under rules version {recorded}: chain and replay checked"
    out = capsys.readouterr().out
    assert (older in out) == (recorded < get_game(game.game).rules_version), out
    state = api.get(f"/api/games/{game.pk}/state/").json()
    assert state["version"] == record["game"]["version"] and state["status"] == "finished"
    assert api.get(f"/api/games/{game.pk}/state/?version=7").status_code == 200
    events = api.get(f"/api/games/{game.pk}/events/").json()["events"]
    assert len(events) == min(1000, record["game"]["version"])
    assert all(isinstance(e["text"], str) for e in events)
    replay = api.get(f"/api/games/{game.pk}/replay/").json()
    assert [e["type"] for e in replay["events"]] == [e["type"] for e in record["events"]]
    assert api.get(f"/api/games/{game.pk}/").json()["outcome"] == record["game"]["outcome"]


# the event types of a stored log served with other citations than it was stored with: rules
# changes that re-cited older events before they were kept as stored (Gotham City Strategy's
# rules version 4, Gotham Race's 3 and 4); no other may join them
CITED_ANEW: dict[str, set[str]] = {
    "gotham-city-strategy-2p-rules3": {
        "batman_moved",
        "fight_resolved",
        "henchmen_sent_home",
        "resources_changed",
    },
    "gotham-city-strategy-2p-variant": {"batman_moved", "fight_resolved", "resources_changed"},
    "gotham-race-1p": {"card_placed", "deposit_revealed", "round_started"},
    "gotham-race-4p": {"card_placed", "deposit_revealed", "game_finished", "round_started"},
}


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.stem)
def test_a_stored_logs_events_are_served_with_the_citations_stored_with_them(path: Path) -> None:
    """A change to what an event cites keeps an older event's citations as stored (its data's
    version upcast to say so), so an older game replays to its players exactly as it did."""
    record = read(path)
    spec = get_game(record["game"]["game"])
    anew = set()
    for row in record["events"]:
        schema = row.get("schema", 1)  # dumped before rows had one: 1, as loaded
        event = decode_event(spec, row["type"], row["seat"], row["data"], schema)
        if [c.to_json() for c in event.cited()] != row["citations"]:
            anew.add(row["type"])
    assert anew == CITED_ANEW.get(path.stem, set())


def test_a_dump_records_the_rules_version_of_the_game_and_of_its_snapshots(
    tmp_path: Path,
) -> None:
    """A game dumped, written and read back is the fixture it was loaded from: its rules
    version and its snapshots' are kept, so it loads again under the rules it was played by."""
    record = read(FIXTURES / "gotham-city-chronicles-3p-rules20.json")
    game = load(record)
    write(dump(game, record["written_by"]), tmp_path / "again.json")
    again = read(tmp_path / "again.json")
    assert again == record
    assert again["game"]["rules_version"] == 20 == load(again).rules_version
    assert {s["rules_version"] for s in again["snapshots"]} == {20}


def test_there_are_stored_logs_of_every_game() -> None:
    from tests.shipped import shipped_games

    stored = {read(path)["game"]["game"] for path in fixtures()}
    assert stored == {spec.slug for spec in shipped_games()}


def test_events_of_a_newer_version_are_stored_as_such_and_old_ones_upcast(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class moving to version 2 (here with an identity upcaster) with the rules version it
    comes with: the old rows are upcast, the new ones stored as version 2 (their record, and
    so their hash, names it)."""
    from api import event_store
    from api.models import Event
    from rules_core.games.gotham_race.events import CardDrawn

    monkeypatch.setattr(CardDrawn, "version", 2)
    monkeypatch.setattr(CardDrawn, "upcasts", (dict,))
    spec = get_game("gotham-race")
    monkeypatch.setattr(type(spec), "rules_version", spec.rules_version + 1)
    event_store._STATE_CACHE.clear()
    record = read(FIXTURES / "gotham-race-1p.json")
    game = load(record)
    assert list(log_problems(game)) == []  # its version 1 rows decode through the upcaster
    body = api.post(
        "/api/games/",
        {"game": "gotham-race", "players": [{"name": "Ann"}], "seed": 3},
        format="json",
    ).json()
    token = body["seats"][0]["token"]
    answer = api.post(
        f"/api/games/{body['id']}/moves/",
        {"expected_version": body["version"], "move": {"type": "draw", "deck": 1}},
        format="json",
        HTTP_AUTHORIZATION=f"Seat {token}",
    )
    assert answer.status_code == 201
    drawn = Event.objects.get(game_id=body["id"], type="card_drawn")
    assert drawn.schema == 2
    from api.models import Game

    assert list(log_problems(Game.objects.get(pk=body["id"]))) == []


def test_a_game_of_older_rules_replays_without_being_redecided(
    api: APIClient, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:

    record = read(FIXTURES / "gotham-race-4p.json")
    game = load(record)
    spec = get_game("gotham-race")
    monkeypatch.setattr(type(spec), "rules_version", spec.rules_version + 1)
    from api import event_store

    event_store._STATE_CACHE.clear()
    assert list(log_problems(game)) == []
    call_command("verify_log", str(game.pk))
    assert "played under rules version 1: chain and replay checked" in capsys.readouterr().out
    state = api.get(f"/api/games/{game.pk}/state/").json()
    assert state["status"] == "finished" and state["version"] == record["game"]["version"]


def test_a_no_mans_land_game_of_rules_version_4_replays_under_later_rules(api: APIClient) -> None:
    """Rules version 5 gave the state fields (income_taken, signal_drawn): a game stored under
    version 4, its extra counters chosen and its snapshots of that state, replays from its
    events (its snapshots of older rules are not read) and serves every version, not
    re-decided."""
    from api.models import Snapshot

    record = read(FIXTURES / "no-mans-land-2p-rules4.json")
    game = load(record)
    assert game.rules_version == 4 < get_game("no-mans-land").rules_version
    assert Snapshot.objects.filter(game=game, rules_version=4).count() == 2
    assert any(e["move"] and e["move"]["type"] == "extra" for e in record["events"])
    assert list(log_problems(game)) == []
    for version in range(record["game"]["version"] + 1):
        state = api.get(f"/api/games/{game.pk}/state/?version={version}")
        assert state.status_code == 200, version
    assert api.get(f"/api/games/{game.pk}/").json()["outcome"] == record["game"]["outcome"]


def test_a_gotham_city_strategy_game_of_rules_version_3_replays_under_later_rules(
    api: APIClient, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules version 4 made a fight, Batman's move and henchmen sent home cite the rule each
    follows: a game stored under version 3 keeps its events' citations as stored, replays from
    its events (its snapshots of older rules are not read), serves every version and its outcome,
    and is checked by chain and replay, not re-decided."""
    from api.models import Snapshot

    record = read(FIXTURES / "gotham-city-strategy-2p-rules3.json")
    game = load(record)
    assert game.rules_version == 3 < get_game("gotham-city-strategy").rules_version
    assert Snapshot.objects.filter(game=game, rules_version=3).count() == 2
    fights = [e for e in record["events"] if e["type"] == "fight_resolved"]
    assert fights and all(len(e["citations"]) == 5 for e in fights)  # as version 3 cited them
    assert list(log_problems(game)) == []
    call_command("verify_log", str(game.pk))
    assert "played under rules version 3: chain and replay checked" in capsys.readouterr().out
    for version in range(0, record["game"]["version"] + 1, 97):
        state = api.get(f"/api/games/{game.pk}/state/?version={version}")
        assert state.status_code == 200, version
    assert api.get(f"/api/games/{game.pk}/").json()["outcome"] == record["game"]["outcome"]


def test_a_gotham_city_strategy_game_stored_before_the_reserves_reads_with_the_boxs() -> None:
    """Rules version 13 keeps the reserves in the state: a game of version 9, whose stored pack
    names none, replays to the same table with the box's $80 and 60 information less what the
    screens hold, at every version (its snapshots of older rules are not read)."""
    from api import event_store

    record = read(FIXTURES / "gotham-city-strategy-2p-rules9.json")
    assert "reserves" not in record["events"][0]["data"]["pack"]
    game = load(record)
    spec = get_game("gotham-city-strategy")
    for version in range(1, record["game"]["version"] + 1, 53):
        state = event_store.load_state(game, spec, version)
        held = sum(p.money for p in state.players), sum(p.information for p in state.players)
        assert (state.reserve_money, state.reserve_information) == (80 - held[0], 60 - held[1])


def test_a_black_metro_game_of_rules_version_26_serves_the_citations_it_stored(
    api: APIClient, capsys: pytest.CaptureFixture[str]
) -> None:
    """Black Metro's rules version 27 made a discard cite its reason's sections and a resource
    change its source's. A solo game stored under 26, whose discards record their reason (to
    reroll the penalty and event dice, the penalty dice's 5) and whose resource changes their
    source, citing the fortunes' appendix or the resources' limit alone, verifies by chain and
    replay, and its replay and events serve each event with the citations stored beside it;
    re-decided by today's rules, those events would be written citing more."""
    record = read(FIXTURES / "black-metro-1p-rules26.json")
    game = load(record)
    spec = get_game("black-metro")
    assert game.rules_version == 26 < spec.rules_version
    why = {
        e["data"].get("reason") or e["data"].get("source")
        for e in record["events"]
        if e["type"] in ("fortunes_discarded", "resource_changed")
    }
    assert {"reroll:penalty", "dice:penalty:5", "suit:diamonds", "district:3:1"} <= why, why
    assert list(log_problems(game)) == []
    call_command("verify_log", str(game.pk))
    assert "played under rules version 26: chain and replay checked" in capsys.readouterr().out
    stored = [(e["seq"], e["citations"]) for e in record["events"]]
    for served in (
        api.get(f"/api/games/{game.pk}/replay/").json()["events"],
        api.get(f"/api/games/{game.pk}/events/").json()["events"],
    ):
        shown = [
            (e["seq"], [{k: c[k] for k in ("book", "section")} for c in e["citations"]])
            for e in served
        ]
        assert shown == stored
    game.rules_version = spec.rules_version
    game.save()
    problems = list(log_problems(game))
    # since rules version 32 the 2 of diamonds played at seq 23 for 02 Swiss Casino's die gives
    # its gold and ends once the die is kept: its stored gold and end (seqs 25-26, before the
    # roll was kept) are no events today's rules make of that move
    unaccounted = {f"seq {n}: no move or set-up accounts for this event" for n in (25, 26)}
    assert unaccounted <= set(problems)
    rest = [p for p in problems if p not in unaccounted]
    assert rest and all("not the event the rules make of its move" in p for p in rest)


def test_a_black_metro_game_of_rules_version_27_serves_its_harm_as_stored(
    api: APIClient, capsys: pytest.CaptureFixture[str]
) -> None:
    """Black Metro's rules version 28 made strain inflicted and personnel overwhelmed record
    their cause and cite its section. A 2-player game stored under 27, whose strain came from
    set-ups, district effects, dice, blockades, dominance, recovering and unfulfilled missions
    and whose personnel were overwhelmed by dominance, fortunes and the event dice, stored each
    without a cause, citing the strain limit and Highfield Hospital, or the overwhelmed bag,
    alone: it verifies by chain and replay, serves each event with the citations stored beside
    it and tells it as before (no cause); re-decided by today's rules, those events would be
    written with their cause."""
    record = read(FIXTURES / "black-metro-2p-rules27.json")
    game = load(record)
    spec = get_game("black-metro")
    assert game.rules_version == 27 < spec.rules_version
    harm = [e for e in record["events"] if e["type"] in ("strain_inflicted", "overwhelmed")]
    assert len(harm) == 28 and all("cause" not in e["data"] for e in harm)
    assert list(log_problems(game)) == []
    call_command("verify_log", str(game.pk))
    assert "played under rules version 27: chain and replay checked" in capsys.readouterr().out
    stored = [(e["seq"], e["citations"]) for e in record["events"]]
    replay = api.get(f"/api/games/{game.pk}/replay/").json()["events"]
    first = api.get(f"/api/games/{game.pk}/events/").json()["events"]  # a page of 1000
    for served in (replay, first):
        shown = [
            (e["seq"], [{k: c[k] for k in ("book", "section")} for c in e["citations"]])
            for e in served
        ]
        assert shown == stored[: len(shown)]
    assert len(replay) == len(stored) and len(first) == 1000
    told = {e["seq"]: e["text"] for e in replay}
    for event in harm:  # told as it was: without a cause
        text = told[event["seq"]]
        assert text.endswith(("strain.", "overwhelmed.", "more.")), text
    game.rules_version = spec.rules_version
    game.save()
    problems = list(log_problems(game))
    # and its mission fulfilled by a move naming the set of 2 fortunes it discards (seq
    # 184) is refused: rules version 29 asks for them one at a time
    asked_apart = [p for p in problems if "refuse" in p]
    assert asked_apart == ["seq 184: the rules refuse its move (mission_not_met)"]
    assert all(
        "not the event the rules make of its move" in p for p in problems if "refuse" not in p
    )


def test_a_race_stored_when_each_copy_of_a_card_was_offered_is_redecided_as_stored(
    api: APIClient,
) -> None:
    """Two copies of one card in hand were two legal moves until the offers kept one of each
    kind (content.Pack.one_of_each): a game stored before, under rules version 5, in which
    Figure A placed the copy no longer offered ('3-04' beside '3-03'), still has its every move
    re-decided by the rules into exactly the events stored after it, and replays so. Rules
    version 6 changed only what its last event, the win, records and cites (how the race was
    won), so re-decided by today's rules it differs there alone."""
    from api.event_store import load_state
    from rules_core.engine import Move, get_game

    record = read(FIXTURES / "gotham-race-1p-copies.json")
    game = load(record)
    spec = get_game("gotham-race")
    assert game.rules_version == 5 == spec.rules_version - 1
    at = next(i for i, e in enumerate(record["events"]) if e["move"] == PLACED_SECOND_COPY)
    state = load_state(game, spec, record["events"][at]["seq"] - 1)  # as the seat chose
    assert {"3-03", "3-04"} <= set(state.hands[0])
    offered = spec.legal_moves(state, 0)
    assert Move.of("place", card="3-03") in offered
    assert Move.of("place", card="3-04") not in offered
    assert list(log_problems(game)) == []  # checked by its chain and replay
    game.rules_version = spec.rules_version  # re-decided move by move, as a game of today's
    last = record["events"][-1]
    assert last["type"] == "game_finished"
    assert list(log_problems(game)) == [
        f"seq {last['seq']}: not the event the rules make of its move"
    ]
    replay = api.get(f"/api/games/{game.pk}/replay/").json()["events"]
    assert [e["move"] for e in replay if e["move"]][1] == PLACED_SECOND_COPY
    assert replay[at]["data"]["card"] == "3-04"


PLACED_SECOND_COPY = {"seat": 0, "type": "place", "card": "3-04"}


@pytest.mark.parametrize(
    ("log", "alone"),
    [
        ("gotham-city-strategy-2p-rules7", ("done_moving", "end_turn")),
        ("black-metro-1p-rules22", ("pass_mission",)),
        ("black-metro-2p-rules23", ("pass_mission",)),
        ("gotham-city-strategy-2p-rules8", ("move_villain", "move_henchmen")),
        ("gotham-city-strategy-2p-rules9", ("remove_threat", "send_home")),
    ],
)
def test_a_game_stored_when_one_move_prompts_were_asked_replays_under_later_rules(
    api: APIClient, capsys: pytest.CaptureFixture[str], log: str, alone: tuple[str, ...]
) -> None:
    """Gotham City Strategy's rules version 8 finishes a move nothing more can move in and ends
    a turn whose figures have moved, its 9 takes the one step that makes up a block the plan
    left short ("Move …"), and its 10 the one answer the map leaves ("Remove …'s threat on …",
    "Send the henchmen on … home"); Black Metro's 23 passes a solo mission window no mission
    can be fulfilled at, and its 24 such a window at 2-4 players: each the game's own step,
    where a stored game of a version before has the seat's move "Finish moving", "End the
    turn", "Fulfil no mission now" as the only one offered. Such a game replays from its events
    and verifies by chain and replay; a game stored waiting at such a prompt still takes it;
    re-decided by today's rules, its moves would write other batches, which is why the rules
    version went up."""
    from api.event_store import load_state

    record = read(FIXTURES / f"{log}.json")
    game = load(record)
    spec = get_game(game.game)
    assert game.rules_version < spec.rules_version
    posted = [e for e in record["events"] if e["move"] and e["move"]["type"] in alone]
    kinds = set()
    for event in posted:
        state = load_state(game, spec, event["seq"] - 1)
        offered = spec.legal_moves(state, event["move"]["seat"])
        if [m.type for m in offered] == [event["move"]["type"]]:
            kinds.add(event["move"]["type"])
    assert kinds == set(alone)  # each was asked alone, and is still taken there
    assert list(log_problems(game)) == []
    call_command("verify_log", str(game.pk))
    out = capsys.readouterr().out
    assert f"played under rules version {game.rules_version}: chain and replay checked" in out
    assert api.get(f"/api/games/{game.pk}/").json()["outcome"] == record["game"]["outcome"]
    game.rules_version = spec.rules_version
    game.save()
    assert list(log_problems(game))  # today's rules take those steps themselves


def test_a_black_metro_game_of_rules_version_32_replays_without_its_snapshots() -> None:
    """Black Metro's rules version 33 keeps the facility bonus due in the state (`bonus_due`).
    A 2-player game stored under 32 with its snapshots (without that field) verifies by chain
    and replay, its snapshots not read. Taken as a game of today's rules, each snapshot differs
    from the state folded again: why the version went up with the field (under rules version
    33 its moves were re-decided into the very events stored; 34 records more in some). Rules
    version 35 refuses its move at seq 194, Green's 2 of spades attacking Red, whose hideout
    was empty (`empty_hideout`): taken as today's, its check stops there; under its own rules
    it verifies whole."""
    record = read(FIXTURES / "black-metro-2p-rules32.json")
    game = load(record)
    spec = get_game("black-metro")
    assert game.rules_version == 32 < spec.rules_version
    snapshots = record["snapshots"]
    assert snapshots and all(s["rules_version"] == 32 for s in snapshots)
    assert not any("bonus_due" in s["state"] for s in snapshots)
    assert list(log_problems(game)) == []
    game.snapshots.update(rules_version=spec.rules_version)
    game.rules_version = spec.rules_version
    game.save()
    problems = list(log_problems(game))
    stale = [p for p in problems if p.endswith("differs from the re-folded state")]
    refused = [p for p in problems if "the rules refuse its move" in p]
    assert refused == ["seq 194: the rules refuse its move (empty_hideout)"]
    assert problems[-1] == refused[0]  # the check goes no further
    assert len(stale) == len([s for s in snapshots if s["seq"] < 194]) == 3
    # and since rules version 34 the events of a type that records more (what tells when it
    # cites a section it cites in some cases) are no longer the very events stored, nor since
    # 36 a mission's discards (citing the missions' rule alone, not the standby example)
    recorded_more = {
        "fortunes_discarded",
        "discards_asked",
        "syndicates_revealed",
        "missions_drawn",
        "technology_gained",
        "fortune_played",
        "district_contested",
        "district_resolving",
        "recalled",
        "recruited",
        "personnel_gained",
        "district_exploded",
        "tile_laid",
    }
    redecided = {
        f"seq {e['seq']}: not the event the rules make of its move"
        for e in record["events"]
        if e["type"] in recorded_more
    }
    rest = set(problems) - set(stale) - set(refused)
    assert rest and rest <= redecided, rest - redecided


def test_a_game_stored_with_a_pack_now_refused_loads_and_its_check_names_the_refusal(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Black Metro game made before its parser refused an id holding a separator (a mission
    "war,chest": content_limits.PackIds) keeps the pack its set-up recorded, which nothing reads
    again: it loads and offers its moves as it did. Verifying its log, which sets the game up
    again under today's rules, reports their refusal of that set-up instead of raising the
    parser's error."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["mission"][2]["id"] = "war,chest"
    with monkeypatch.context() as earlier:  # the parser before it refused separators
        earlier.setattr(reading, "IDS", PackIds())
        body = create_game(game="black-metro", players=[{"name": "Ann"}], options={"content": pack})
    game = Game.objects.get(pk=body["id"])
    assert api.get(f"/api/games/{game.pk}/state/").status_code == 200
    token = body["seats"][0]["token"]
    assert api.get(f"/api/games/{game.pk}/legal-moves/", **auth(token)).json()["moves"]
    assert list(log_problems(game)) == [
        'seq 1: the rules refuse its set-up (content pack: mission[2].id: no "," in an id (the'
        ' game joins ids with "|", ",", "#" and "@"))'
    ]


REFERENCES = {"black-metro": REFERENCE_PACK, "gotham-race": RACE_PACK}


@pytest.mark.parametrize(
    ("game", "players", "change", "refusal"),
    [
        (
            "black-metro",
            1,
            lambda pack: pack["syndicate"][0].__setitem__("id", "advance"),
            'syndicate[0].id: "advance" is a word the game\'s moves use for themselves, not an'
            ' id (the game\'s words: "advance" and "no")',
        ),
        (
            "gotham-race",
            2,
            lambda pack: pack["card"][0].__setitem__("id", ""),
            "card[0].id: an id may not be blank (empty or only spaces)",
        ),
    ],
)
def test_a_game_stored_with_ids_now_refused_loads_and_its_check_names_the_refusal(
    api: APIClient,
    create_game: CreateGame,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: int,
    change: Callable[[dict[str, Any]], None],
    refusal: str,
) -> None:
    """A game made before its parser held ids distinct and not blank (PackIds.check_distinct:
    a Black Metro syndicate "advance", a Gotham Race card "") keeps the pack its set-up
    recorded: it loads and offers its moves, and verifying its log reports today's refusal of
    its set-up."""
    pack = tomllib.loads(REFERENCES[game].read_text())
    change(pack)
    with monkeypatch.context() as earlier:  # the parsers before they held ids distinct
        earlier.setattr(PackIds, "check_distinct", lambda ids, given: None)
        seats = [{"name": name} for name in ("Ann", "Bob")[:players]]
        body = create_game(game=game, players=seats, options={"content": pack})
    stored = Game.objects.get(pk=body["id"])
    assert api.get(f"/api/games/{stored.pk}/state/").status_code == 200
    token = body["seats"][0]["token"]
    assert api.get(f"/api/games/{stored.pk}/legal-moves/", **auth(token)).status_code == 200
    assert list(log_problems(stored)) == [
        f"seq 1: the rules refuse its set-up (content pack: {refusal})"
    ]
