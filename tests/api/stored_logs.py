"""Logs as stored, to and from JSON: fixtures written by an earlier version of the service, loaded
into the database to prove that what was stored then still loads, replays, verifies and serves.

A fixture (`dump`, written by `write`) is one JSON object, keys sorted, with

- `written_by`: which main (commit, rules version) stored it, and why it was kept;
- `game`: the game row (`GAME_FIELDS`), among them `rules_version`, the rules the game was
  played under: a game of older rules replays from its events and is checked by chain and
  replay, one of today's has its moves re-decided (`api.log_check.redecided`). Fixtures kept
  before the dump recorded it had it added by hand: 1 for those stored while their game was at
  its first rules, else the version `written_by` names;
- `seats`, `events` (`EVENT_FIELDS`), `snapshots` (`seq`, `rules_version`, `state`): the rows
  as stored. A snapshot without `rules_version` (dumped before it was recorded) loads as the
  model's default, 1, so today's rules never read it: the log is re-folded instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from api.models import Event, Game, Seat, Snapshot

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
GAME_FIELDS: tuple[str, ...] = ("game", "status", "version", "players", "options", "seed")
GAME_FIELDS += ("head_hash", "bot_seats", "to_act", "outcome", "rules_version")
EVENT_FIELDS = ("seq", "type", "seat", "schema", "data", "citations", "move", "prev_hash", "hash")


def dump(game: Game, written_by: str = "") -> dict[str, Any]:
    """A game's rows as stored (the game, its seats without tokens, events and snapshots)."""
    return {
        "written_by": written_by,
        "game": {name: getattr(game, name) for name in GAME_FIELDS},
        "seats": list(game.seats.order_by("index").values("index", "name", "bot", "bot_options")),
        "events": list(game.events.order_by("seq").values(*EVENT_FIELDS)),
        "snapshots": list(game.snapshots.order_by("seq").values("seq", "rules_version", "state")),
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


def write(record: dict[str, Any], path: Path) -> None:
    """A dumped game as a fixture: one line of JSON, keys sorted, as the fixtures are kept."""
    path.write_text(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n")
