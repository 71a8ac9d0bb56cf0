"""A mission as data (IV, I: mission special rules come first): its heroes, initiative, turn
limit, set-up, tokens, the actions and upkeep effects its special rules add, its event tile and
its end-game conditions. Effects are steps of a small vocabulary on the engine's registry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_core.engine.content_limits import (
    at_index,
    at_key,
    fail,
    hidden_control,
    ids_of,
    quote,
)
from rules_core.engine.effects import Effect, EffectRegistry, OneOf, Operation, RefTo, Whole
from rules_core.games.gotham_city_chronicles import reading as read

SIDES = ("heroes", "villain")
MISSION_ACTIONS = ("manipulation", "thought")  # V·C·3, V·C·4, VI·D·3, VI·D·4
COUNTDOWN_WHEN = ("any", "running", "zero")  # an upkeep effect's countdown condition
END_WHEN = ("token_state", "item_in_area", "heroes_neutralized", "turn_limit")
# V·B·2, V·B·6, VI·B·2, VI·B·5: effects at the start or end of a side's turn
TURN_STEPS = ("heroes_start", "heroes_end", "villain_start", "villain_end")
DISSIPATION_KINDS = ("gas", "flame", "smoke", "frost")  # IX O: the book's four tokens
EVENT_TILE = "event"  # the event tile's place in the river (VI·A·2 [c])
TURN_LIMIT_RANGE = (1, 12)  # the turn track runs 0 to 12 (II turn track)
ENERGY_RANGE = (0, 46)  # the box holds 46 energy cubes (II energy cubes)
DIFFICULTY_RANGE = (1, 20)
COUNT_RANGE = (1, 10)
POINTS_RANGE = (0, 20)
VERB_PHRASE_CHARS = 60  # a token state's verb phrase, told after the token's name

EFFECTS = EffectRegistry(
    (
        Operation(
            "set_state",
            {"token": RefTo("token"), "state": RefTo("state")},
            # `state` said as the token's verb phrase for it (texts.effect_words): "the Bomb
            # explodes"
            words=lambda e: f"the {e.get('token')} {e.get('state')}",
        ),
        Operation(
            "open",
            {"token": RefTo("token")},
            words=lambda e: f"open the {e.get('token')}: its contents may be taken",
        ),
        Operation(
            "start_countdown",
            {"token": RefTo("token"), "turns": Whole(1, 12)},
            words=lambda e: f"the {e.get('token')}'s countdown starts at {e.get('turns')}",
        ),
        Operation(
            "count_down",
            {"token": RefTo("token")},
            words=lambda e: f"the {e.get('token')}'s countdown goes down by one",
        ),
        Operation(
            "explode",
            {"token": RefTo("token"), "level": Whole(1, 10)},
            words=lambda e: f"a level {e.get('level')} explosion in the {e.get('token')}'s area",
        ),
        Operation(
            "place_token",
            {"kind": OneOf(DISSIPATION_KINDS), "area": RefTo("area")},
            words=lambda e: f"a {e.get('kind')} token in the {e.get('area')}",
        ),
        Operation(
            "reinforcement_points",
            {"points": Whole(1, 20)},
            words=lambda e: (
                f"gain {e.get('points')} reinforcement point{'' if e.get('points') == 1 else 's'}"
            ),
        ),
    )
)


@dataclass(frozen=True, slots=True)
class Placement:
    """Figures set on the board at set-up: a hero, or `count` characters of a tile."""

    hero: str
    tile: str
    area: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    name: str
    area: str
    states: tuple[str, ...]  # the first is its state at set-up
    contents: tuple[str, ...] = ()  # item ids inside it
    # in the order of `states`: what the token does or is as it turns to each ("explodes",
    # "is armed"); none in the packs games recorded before rules version 20
    verb_phrases: tuple[str, ...] = ()

    def turned(self, state: str) -> str:
        """The verb phrase of the token turning to `state`, told after its name ("explodes");
        "is <state>" in a pack recorded before the pack gave them."""
        if not self.verb_phrases:
            return f"is {state}"
        return self.verb_phrases[self.states.index(state)]


@dataclass(frozen=True, slots=True)
class MissionAction:
    """A manipulation or thought the mission's special rules allow in a token's area."""

    id: str
    name: str
    side: str
    action: str  # manipulation | thought
    complex: bool
    difficulty: int  # complex only
    token: str
    state: str  # the token's state it needs
    effect: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Trigger:
    """An upkeep effect (IV·A·2) or an event of the event tile: its condition and steps."""

    id: str
    name: str
    token: str  # "" for none
    state: str
    countdown: str  # any | running | zero
    effect: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class EndCondition:
    id: str
    name: str
    when: str
    winner: str
    token: str = ""
    state: str = ""
    item: str = ""
    area: str = ""


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    board: str
    initiative: str
    turn_limit: int
    heroes: tuple[str, ...]
    villain_energy: int
    villain_recovery: int
    river: tuple[str, ...]  # tile ids left to right, EVENT_TILE for the event tile
    placements: tuple[Placement, ...]
    pool: tuple[tuple[str, int], ...]  # the character pool at set-up (VI E character pool)
    tokens: tuple[Token, ...]
    actions: tuple[MissionAction, ...]
    upkeep: tuple[Trigger, ...]
    turn_effects: tuple[tuple[str, Trigger], ...]  # (the step of TURN_STEPS, its effect)
    events: tuple[Trigger, ...]  # the event tile's events
    event_points: int  # reinforcement points the event tile gives (VI·B·3 [d])
    ends: tuple[EndCondition, ...]
    dissipation: tuple[tuple[str, int, int], ...] = ()  # kind, difficult, dangerous (IX O)

    def token(self, token_id: str) -> Token:
        return next(t for t in self.tokens if t.id == token_id)

    def characters(self) -> tuple[tuple[str, str, str, str], ...]:
        """Every character the set-up makes (VI E), in order: its id (its tile's id and number,
        `<tile>-<n>`, counted through the placements, then the pool), its tile, its area (""
        in the pool) and the path of the pack's entry that makes it."""
        places = [
            (p.tile, p.area, p.count, at_index("mission.place", i))
            for i, p in enumerate(self.placements)
            if p.tile
        ]
        places += [(t, "", n, at_index("mission.pool", i)) for i, (t, n) in enumerate(self.pool)]
        counts: dict[str, int] = {}
        found: list[tuple[str, str, str, str]] = []
        for tile, area, count, path in places:
            for _ in range(count):
                counts[tile] = counts.get(tile, 0) + 1
                found.append((f"{tile}-{counts[tile]}", tile, area, path))
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Known:
    """What the rest of the pack defines, for the mission's references."""

    board: str
    areas: frozenset[str]
    heroes: frozenset[str]
    tiles: frozenset[str]
    items: frozenset[str]


def _tokens(entry: Mapping[str, Any], where: str, known: Known) -> tuple[Token, ...]:
    tokens: list[Token] = []
    for i, t in enumerate(read.items(entry, "token", where)):
        at = at_index(at_key(where, "token"), i)
        item = read.table(t, at)
        token_id = read.own_id(item, at)
        states = read.items(item, "states", at, required=True)
        if not all(isinstance(s, str) and s for s in states) or len(set(states)) != len(states):
            raise fail(at_key(at, "states"), "must be different non-empty texts")
        tokens.append(
            Token(
                token_id,
                read.text(item, "name", at),
                read.ident(item, "area", at, known.areas),
                tuple(str(s) for s in states),
                read.ids(item, "contents", at, known.items),
                _verb_phrases(item, at, tuple(str(s) for s in states)),
            )
        )
    read.IDS.check_distinct(ids_of(at_key(where, "token"), read.TOKEN, (t.id for t in tokens)))
    return tuple(tokens)


def _verb_phrases(item: Mapping[str, Any], at: str, states: tuple[str, ...]) -> tuple[str, ...]:
    """Each state's verb phrase, in the order of the states: one line of at most
    VERB_PHRASE_CHARS characters, for every state and no other."""
    where = at_key(at, "verb_phrases")
    rule = 'must give each state a verb phrase ("explodes", "is armed")'
    if "verb_phrases" not in item:
        raise fail(where, rule)
    phrases = read.table(item["verb_phrases"], where)
    extra = sorted(set(phrases) - set(states))
    if extra:
        raise fail(at_key(where, extra[0]), "is not one of the token's states")
    for state in states:
        phrase, path = phrases.get(state), at_key(where, state)
        if not isinstance(phrase, str) or not phrase.strip():
            raise fail(path, rule)
        if len(phrase) > VERB_PHRASE_CHARS:
            raise fail(path, f"at most {VERB_PHRASE_CHARS} characters")
        if hidden_control(phrase, breaks=False) is not None:
            raise fail(path, "must be one line of text")
    return tuple(str(phrases[state]) for state in states)


def _effect(
    raw: Mapping[str, Any], where: str, tokens: tuple[Token, ...], areas: frozenset[str]
) -> tuple[Effect, ...]:
    refs = {
        "token": frozenset(t.id for t in tokens),
        "state": frozenset(s for t in tokens for s in t.states),
        "area": areas,
    }
    steps = EFFECTS.compile_all(
        read.items(raw, "effect", where, required=True), at_key(where, "effect"), refs
    )
    for i, step in enumerate(steps):
        if step.op == "set_state":
            token = next(t for t in tokens if t.id == step.get("token"))
            if step.get("state") not in token.states:
                raise fail(
                    at_index(at_key(where, "effect"), i), f"not a state of {quote(token.id)}"
                )
    return steps


def _condition(item: Mapping[str, Any], at: str, tokens: tuple[Token, ...]) -> tuple[str, str]:
    """A token and one of its states (both "" when the entry names no token)."""
    token_id = read.text(item, "token", at, required=False)
    if not token_id:
        return "", ""
    token = next((t for t in tokens if t.id == token_id), None)
    if token is None:
        raise fail(at_key(at, "token"), f"unknown token {quote(token_id)}")
    return token_id, read.choice(item, "state", at, token.states)


def _trigger(raw: object, at: str, tokens: tuple[Token, ...], areas: frozenset[str]) -> Trigger:
    item = read.table(raw, at)
    token, state = _condition(item, at, tokens)
    countdown = read.choice(item, "countdown", at, COUNTDOWN_WHEN) if "countdown" in item else "any"
    return Trigger(
        read.own_id(item, at),
        read.text(item, "name", at),
        token,
        state,
        countdown,
        _effect(item, at, tokens, areas),
    )


def _action(
    raw: object, at: str, tokens: tuple[Token, ...], areas: frozenset[str]
) -> MissionAction:
    item = read.sourced(raw, at)
    complex_ = read.flag(item, "complex", at)
    token, state = _condition(item, at, tokens)
    if not token:
        raise fail(at_key(at, "token"), "a mission action happens in a token's area")
    return MissionAction(
        id=read.own_id(item, at),
        name=read.text(item, "name", at),
        side=read.choice(item, "side", at, SIDES),
        action=read.choice(item, "action", at, MISSION_ACTIONS),
        complex=complex_,
        difficulty=read.whole(item, "difficulty", at, *DIFFICULTY_RANGE) if complex_ else 0,
        token=token,
        state=state,
        effect=_effect(item, at, tokens, areas),
    )


def _end(raw: object, at: str, known: Known, tokens: tuple[Token, ...]) -> EndCondition:
    item = read.sourced(raw, at)
    when = read.choice(item, "when", at, END_WHEN)
    token, state = _condition(item, at, tokens) if when == "token_state" else ("", "")
    if when == "token_state" and not token:
        raise fail(at_key(at, "token"), "a token_state condition names a token")
    return EndCondition(
        id=read.own_id(item, at),
        name=read.text(item, "name", at),
        when=when,
        winner=read.choice(item, "winner", at, SIDES),
        token=token,
        state=state,
        item=read.ident(item, "item", at, known.items) if when == "item_in_area" else "",
        area=read.ident(item, "area", at, known.areas) if when == "item_in_area" else "",
    )


def _placements(entry: Mapping[str, Any], where: str, known: Known) -> tuple[Placement, ...]:
    found = []
    for i, p in enumerate(read.items(entry, "place", where, required=True)):
        at = at_index(at_key(where, "place"), i)
        item = read.table(p, at)
        hero = read.ident(item, "hero", at, known.heroes) if "hero" in item else ""
        tile = read.ident(item, "tile", at, known.tiles) if "tile" in item else ""
        if bool(hero) == bool(tile):
            raise fail(at, "places either a hero or a tile's characters")
        area = read.ident(item, "area", at, known.areas)
        count = read.optional_whole(item, "count", at, *COUNT_RANGE, default=1)
        found.append(Placement(hero, tile, area, count))
    return tuple(found)


def _pool(entry: Mapping[str, Any], where: str, known: Known) -> tuple[tuple[str, int], ...]:
    found = []
    for i, p in enumerate(read.items(entry, "pool", where)):
        at = at_index(at_key(where, "pool"), i)
        item = read.table(p, at)
        found.append(
            (read.ident(item, "tile", at, known.tiles), read.whole(item, "count", at, *COUNT_RANGE))
        )
    return tuple(found)


def _dissipation(entry: Mapping[str, Any], where: str) -> tuple[tuple[str, int, int], ...]:
    """IX O-Q: what each kind of dissipation token does in this mission (terrain levels it adds
    to its area while on the board)."""
    found: list[tuple[str, int, int]] = []
    for i, d in enumerate(read.items(entry, "dissipation", where)):
        at = at_index(at_key(where, "dissipation"), i)
        item = read.table(d, at)
        kind = read.choice(item, "kind", at, DISSIPATION_KINDS)
        if any(k == kind for k, _, _ in found):
            raise fail(at_key(at, "kind"), "each kind of token once")
        difficult = read.optional_whole(item, "difficult", at, 0, 5)
        found.append((kind, difficult, read.optional_whole(item, "dangerous", at, 0, 5)))
    return tuple(found)


def parse_mission(raw: object, where: str, known: Known) -> Mission:
    """A `[mission]` table checked against the rest of the pack."""
    entry = read.sourced(raw, where)
    if read.text(entry, "board", where) != known.board:
        raise fail(at_key(where, "board"), f"the pack's board is {quote(known.board)}")
    heroes = read.ids(entry, "heroes", where, known.heroes)
    if not 1 <= len(heroes) <= 3 or len(set(heroes)) != len(heroes):
        raise fail(at_key(where, "heroes"), "from 1 to 3 different heroes")
    river = read.ids(entry, "river", where, known.tiles | {EVENT_TILE})
    if len(set(river)) != len(river) or not river:
        raise fail(at_key(where, "river"), "each tile at most once, and at least one")
    tokens = _tokens(entry, where, known)
    ticket = read.table(
        read.value(entry.get("event_tile"), at_key(where, "event_tile")),
        at_key(where, "event_tile"),
    )
    events = tuple(
        _trigger(e, at_index(at_key(at_key(where, "event_tile"), "events"), i), tokens, known.areas)
        for i, e in enumerate(
            read.items(ticket, "events", at_key(where, "event_tile"), required=True)
        )
    )
    return Mission(
        id=read.own_id(entry, where),
        name=read.text(entry, "name", where),
        board=known.board,
        initiative=read.choice(entry, "initiative", where, SIDES),
        turn_limit=read.whole(entry, "turn_limit", where, *TURN_LIMIT_RANGE),
        heroes=heroes,
        villain_energy=read.whole(entry, "villain_energy", where, *ENERGY_RANGE),
        villain_recovery=read.whole(entry, "villain_recovery", where, *ENERGY_RANGE),
        river=river,
        placements=_placements(entry, where, known),
        pool=_pool(entry, where, known),
        tokens=tokens,
        actions=tuple(
            _action(a, at_index(at_key(where, "action"), i), tokens, known.areas)
            for i, a in enumerate(read.items(entry, "action", where))
        ),
        upkeep=tuple(
            _trigger(u, at_index(at_key(where, "upkeep"), i), tokens, known.areas)
            for i, u in enumerate(read.items(entry, "upkeep", where))
        ),
        turn_effects=tuple(
            (
                read.choice(
                    read.table(t, at_index(at_key(where, "turn_effect"), i)),
                    "when",
                    at_index(at_key(where, "turn_effect"), i),
                    TURN_STEPS,
                ),
                _trigger(t, at_index(at_key(where, "turn_effect"), i), tokens, known.areas),
            )
            for i, t in enumerate(read.items(entry, "turn_effect", where))
        ),
        events=events,
        event_points=read.whole(
            ticket, "reinforcement_points", at_key(where, "event_tile"), *POINTS_RANGE
        ),
        dissipation=_dissipation(entry, where),
        ends=tuple(
            _end(e, at_index(at_key(where, "end"), i), known, tokens)
            for i, e in enumerate(read.items(entry, "end", where, required=True))
        ),
    )
