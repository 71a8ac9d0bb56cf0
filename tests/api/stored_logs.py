"""Logs as stored, to and from JSON: fixtures written by an earlier version of the service, loaded
into the database to prove that what was stored then still loads, replays, verifies and serves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from api.models import Event, Game, Seat, Snapshot

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
GAME_FIELDS: tuple[str, ...] = ("game", "status", "version", "players", "options", "seed")
GAME_FIELDS += ("head_hash", "bot_seats", "to_act", "outcome")
EVENT_FIELDS = ("seq", "type", "seat", "schema", "data", "citations", "move", "prev_hash", "hash")


def dump(game: Game) -> dict[str, Any]:
    """A game's rows as stored (the game, its seats without tokens, events and snapshots)."""
    return {
        "written_by": "",
        "game": {name: getattr(game, name) for name in GAME_FIELDS},
        "seats": list(game.seats.order_by("index").values("index", "name", "bot", "bot_options")),
        "events": list(game.events.order_by("seq").values(*EVENT_FIELDS)),
        "snapshots": list(game.snapshots.order_by("seq").values("seq", "state")),
    }


def load(record: dict[str, Any]) -> Game:
    """Store a dumped game again, as it was (a fresh id; seats get no tokens)."""
    # logs written before the game row stopped holding the head state (migration 0010) carry it
    game = Game.objects.create(**{k: v for k, v in record["game"].items() if k != "state"})
    Seat.objects.bulk_create(Seat(game=game, **seat) for seat in record["seats"])
    Event.objects.bulk_create(Event(game=game, **event) for event in record["events"])
    Snapshot.objects.bulk_create(Snapshot(game=game, **snap) for snap in record["snapshots"])
    return game


def fixtures() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def read(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text()))
