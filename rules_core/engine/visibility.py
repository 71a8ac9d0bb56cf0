"""Who sees what, declared once: a game's secrets in its state and its events.

At the table a card in a hand is seen by its holder, a deck by nobody, a face-down card by who
placed it, the totals behind a screen by its owner; everything done in the open is public. A
game declares these once:

- its state's secrets: `secrets(state)` lists each hidden value with where it sits (a path of
  field names and indexes), what kind of secret it is, who may see it and, for a card, its
  back (what everybody sees of it: its deck, its kind);
- its events' secrets: each event class maps the paths of its data that not everybody sees
  to who may see them and how they are masked (`GameEvent.secret`, with `Hidden`).

From these come what a seat may not see (`hidden_values`), the redaction of events for a
viewer (`redact_event`), the bots' default determinization (`resample`: every card a seat
cannot see dealt again from the cards it could be, by back) and the conformance suite's
checks by value and path (a view must not change when only what its seat cannot see changes).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rules_core.engine.codec import to_json
from rules_core.engine.types import JSON, GameEvent, Hidden
from rules_core.engine.updating import updated

S = TypeVar("S")
Path = tuple[str | int, ...]

CARD_KINDS = frozenset({"hand", "deck", "face_down"})  # dealt again when a seat cannot see them
SCREEN = "screen"  # a total behind a screen: a seat that follows every public act can know it


@dataclass(frozen=True, slots=True)
class Secret:
    """One hidden value of a state: where it sits, what it is, who may see it."""

    path: Path
    value: Any
    kind: str  # hand | deck | face_down | screen
    seen_by: frozenset[int]  # the seats that may see it (empty: nobody, until it is revealed)
    back: str = ""  # for a card: what everybody sees of it; unseen cards swap only by back

    def hidden_from(self, seat: int | None) -> bool:
        return seat is None or seat not in self.seen_by


def hidden_values(secrets: Iterable[Secret], seat: int | None) -> frozenset[str]:
    """The cards `seat` may not see now (their ids must appear nowhere it is shown)."""
    return frozenset(
        s.value
        for s in secrets
        if s.kind in CARD_KINDS and isinstance(s.value, str) and s.hidden_from(seat)
    )


@dataclass(frozen=True, slots=True)
class _Leaf:
    value: Any


def replace_all(root: Any, changes: Iterable[tuple[Path, Any]]) -> Any:
    """`root` (frozen dataclasses and tuples) with the value at each path replaced, in one pass:
    every dataclass and tuple on the way is copied once, however many of its values change."""
    tree: dict[str | int, Any] = {}
    for path, value in changes:
        if not path:
            return value
        node = tree
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = _Leaf(value)
    return _patched(root, tree)


def _patched(node: Any, tree: dict[str | int, Any]) -> Any:
    """`node` with the changes of `tree` (keys to sub-trees or leaves) made."""

    def changed(old: Any, sub: Any) -> Any:
        return sub.value if isinstance(sub, _Leaf) else _patched(old, sub)

    if isinstance(node, tuple):
        items = list(node)
        for index, sub in tree.items():
            assert isinstance(index, int)
            items[index] = changed(items[index], sub)
        return tuple(items)
    return updated(
        node, **{str(key): changed(getattr(node, str(key)), sub) for key, sub in tree.items()}
    )


def resample(
    state: S,
    secrets: Sequence[Secret],
    seat: int | None,
    rng: random.Random,
    screen: Callable[[Secret], Any] | None = None,
) -> S:
    """A state `seat` cannot tell from `state`: each card it cannot see dealt again at random
    from the unseen cards of the same back; each screen total it cannot see set by `screen`
    (left as it is without one)."""
    unseen = [s for s in secrets if s.hidden_from(seat)]
    pools: dict[str, list[Any]] = {}
    for secret in unseen:
        if secret.kind in CARD_KINDS:
            pools.setdefault(secret.back, []).append(secret.value)
    for back in sorted(pools):
        pool = sorted(pools[back], key=str)
        rng.shuffle(pool)
        pools[back] = pool
    changes: list[tuple[Path, Any]] = []
    for secret in unseen:
        if secret.kind in CARD_KINDS:
            changes.append((secret.path, pools[secret.back].pop()))
        elif secret.kind == SCREEN and screen is not None:
            changes.append((secret.path, screen(secret)))
    return replace_all(state, changes)  # type: ignore[no-any-return]


# ---- events ---------------------------------------------------------------------------------


ACTOR = Hidden("actor")  # a card drawn, dealt or placed face down: its holder sees it
NOBODY_COUNT = Hidden("nobody", "count")  # a deck's order: everybody sees how many
NOBODY_COUNTS = Hidden("nobody", "counts")  # several decks' orders


def masked(value: JSON, mask: str) -> JSON:
    """A hidden value as the others read it."""
    if mask == "count" and isinstance(value, list | tuple):
        return {"count": len(value)}
    if mask == "counts" and isinstance(value, list | tuple):
        return [{"count": len(v) if isinstance(v, list | tuple) else 1} for v in value]
    if isinstance(value, list | tuple):
        return [None for _ in value]
    return None


def _mask_path(data: dict[str, JSON], path: Sequence[str], mask: str) -> None:
    head, rest = path[0], path[1:]
    if head not in data:
        return
    if not rest:
        data[head] = masked(data[head], mask)
        return
    inner = data[head]
    if isinstance(inner, dict):
        inner = dict(inner)
        _mask_path(inner, rest, mask)
        data[head] = inner


def redact_event(event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
    """The event's data as `seat` may see it: every declared secret it may not see masked
    (a finished game hides nothing)."""
    data = to_json(event)
    assert isinstance(data, dict)
    data.pop("seat", None)
    if finished:
        return data
    for path, hidden in event.secret.items():
        if hidden.hides_from(event, seat):
            _mask_path(data, path.split("."), hidden.mask)
    return data


def value_at(data: JSON, path: str) -> JSON:
    """The value at a dotted path of JSON data (None where there is none)."""
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data
