"""Batman: Gotham City Strategy Game: the GameSpec for 2 to 4 villains, with the variant.

A move is accepted exactly when it is among `legal_moves`; `_explain` says why another is not.
After each accepted move `_advance` runs the game's own steps (card effects, Batman, fights,
incomes, turn changes) until some seat must decide.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from rules_core.engine.codec import to_json
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import board
from rules_core.games.gotham_city_strategy.citations import BOOK, cite
from rules_core.games.gotham_city_strategy.content import (
    VILLAINS,
    ContentError,
    Op,
    Pack,
    load_pack,
    parse_pack,
)
from rules_core.games.gotham_city_strategy.events import (
    EVENT_TYPES,
    AbilityChosen,
    Answered,
    Awaiting,
    BatmanCardDrawn,
    BatmanDeckShuffled,
    BatmanLeveledUp,
    BatmanMoved,
    CardDrawn,
    CardFaceDown,
    CardPlayed,
    CardsDealt,
    Declined,
    DieRolled,
    FightResolved,
    FinalTurnsBegan,
    GameFinished,
    GameStarted,
    HenchmanLost,
    HenchmenMoved,
    LevelAdvanced,
    MovePlanned,
    ProgramStepped,
    Recruited,
    ResourcesChanged,
    StepChanged,
    ThreatPlaced,
    ThreatRemoved,
    TurnStarted,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.state import (
    BATCAVE,
    BLOCKS,
    HIDEOUT,
    Decision,
    GcsState,
    Plan,
    Player,
)

REFERENCE = load_pack()
HAND_SIZE = 5
HENCHMAN_COST = 5
TOP_LEVEL = 10
PROGRESS_WEIGHT = 0.7  # evaluation: a requirement met is worth most of a level
TAKE = ("information", "money", "threats")

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("overview", "two-player"),
    "bad_options": cite("setup", "variant"),
    "game_over": cite("end"),
    "not_your_turn": cite("turn", "turn.plot.effect.carry-out"),
    "unknown_move": cite("turn"),
    "decision_pending": cite("turn.plot.effect.carry-out"),
    "wrong_step": cite("turn"),
    "requirement_not_met": cite("turn.level.verify", "glossary.level", "glossary.ruling"),
    "no_ability_due": cite("turn.level.ability"),
    "card_not_in_hand": cite("turn.plot"),
    "card_requirement_not_met": cite("turn.plot.effect", "variant"),
    "cannot_place_threat": cite(
        "glossary.threats", "turn.plot.effect.placing", "turn.plot.batman-blocks"
    ),
    "cannot_remove_threat": cite("glossary.order-value", "turn.plot.bat-signal"),
    "cannot_recruit": cite("turn.recruit"),
    "cannot_move": cite("turn.move", "turn.plot.batman-blocks"),
    "bad_choice": cite("turn.plot.effect.carry-out", "turn.plot.effect.resources"),
    "must_continue": cite("turn.plot.effect.carry-out", "turn.fight-batman"),
}


def _reject(code: str, message: str) -> Rejection:
    return Rejection(code, message, REJECTIONS[code])


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _face_value(face: str) -> int:
    return 0 if face == "bat" else int(face)


class _Run:
    """Applies events one by one while the game's own steps are worked out."""

    def __init__(self, game: GothamCityStrategy, state: GcsState) -> None:
        self.game, self.state, self.events = game, state, []  # type: ignore[var-annotated]

    def emit(self, *events: GameEvent) -> None:
        for event in events:
            self.events.append(event)
            self.state = self.game.evolve(self.state, event)

    def ask(self, *decisions: Decision, first: bool = False) -> None:
        """Queue decisions (in the given order), at the back or at the front of the queue."""
        ordered = reversed(decisions) if first else decisions
        for decision in ordered:
            self.emit(Awaiting(seat=None, decision=decision, first=first))


class GothamCityStrategy:
    """The game object registered under `gotham-city-strategy`."""

    slug = "gotham-city-strategy"
    title = "Batman: Gotham City Strategy Game"
    book = BOOK
    min_players = 2
    max_players = 4
    state_type = GcsState
    event_types: Mapping[str, type[GameEvent]] = EVENT_TYPES
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    search_iterations = 100  # a turn is many small decisions; bench/bots.py
    lost_value_mark = 0.10  # many small decisions a turn; README "What the bots see and value"

    def __init__(self) -> None:
        # the last answer of legal_moves (decide checks membership in it for the same state)
        self._last_legal: tuple[GcsState, int, tuple[Move, ...]] | None = None

    # ---- options and set-up -------------------------------------------------------------

    def options_schema(self) -> dict[str, JSON]:
        return {
            "variant": {
                "type": "boolean",
                "default": False,
                "description": "increased interaction",
            },
            "villains": {"type": "array", "items": list(VILLAINS), "description": "one per seat"},
            "content": {"type": "object", "default": None, "description": "a content pack"},
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content = options.get("content")
        return REFERENCE if content is None else parse_pack(content)  # type: ignore[arg-type]

    def _villains(self, players: int, options: Mapping[str, JSON]) -> tuple[str, ...]:
        chosen = options.get("villains")
        if chosen is None:
            return VILLAINS[:players]
        return tuple(str(v) for v in chosen)  # type: ignore[union-attr]

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if not self.min_players <= players <= self.max_players:
            return _reject("bad_player_count", "Gotham City Strategy is for 2 to 4 players.")
        unknown = set(options) - {"variant", "villains", "content"}
        if unknown:
            return _reject("bad_options", f"unknown options: {', '.join(sorted(unknown))}")
        if not isinstance(options.get("variant", False), bool):
            return _reject("bad_options", "option 'variant' is true or false")
        chosen = options.get("villains")
        if chosen is not None and (
            not isinstance(chosen, list)
            or len(chosen) != players
            or len(set(map(str, chosen))) != players
            or not set(map(str, chosen)) <= set(VILLAINS)
        ):
            return _reject(
                "bad_options", f"'villains' names one different villain per seat of {VILLAINS}"
            )
        try:
            self._pack(options)
        except (ContentError, KeyError, TypeError, AttributeError) as error:
            return _reject("bad_options", f"content pack: {error}")
        return None

    def initial_state(self) -> GcsState:
        return _INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        pack = self._pack(options)
        deck = [c.id for c in pack.plots]
        rng.shuffle(deck)
        batman_deck = [c.id for c in pack.batman_cards]
        rng.shuffle(batman_deck)
        run = _Run(self, _INITIAL)
        run.emit(
            GameStarted(
                seat=None,
                villains=self._villains(players, options),
                variant=bool(options.get("variant", False)),
                deck=tuple(deck),
                batman_deck=tuple(batman_deck),
                pack=pack,
            )
        )
        for seat in range(players):
            run.emit(CardsDealt(seat=seat, cards=run.state.deck[:HAND_SIZE]))
        for seat, player in enumerate(run.state.players):
            start = pack.villain(player.villain).start_threats
            if start:
                run.ask(Decision(seat=seat, kind="place_threats", count=start, must=True))
        if run.state.variant:
            run.ask(*(Decision(seat=s, kind="face_down") for s in range(players)))
        self._advance(run, rng)
        return run.events

    # ---- evolve ---------------------------------------------------------------------------

    def evolve(self, state: GcsState, event: GameEvent) -> GcsState:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"not a Gotham City Strategy event: {event!r}")
        return handler(state, event)

    # ---- queries --------------------------------------------------------------------------

    def to_act(self, state: GcsState) -> frozenset[int]:
        if state.phase != "playing" and state.phase != "setup":
            return frozenset()
        if state.pending:
            return frozenset({state.pending[0].seat})
        if state.step in ("levels", "actions", "moving"):
            return frozenset({state.current})
        return frozenset()

    def legal_moves(self, state: GcsState, seat: int) -> list[Move]:
        cached = self._last_legal
        if cached is not None and cached[0] is state and cached[1] == seat:
            return list(cached[2])
        moves = self._legal_moves(state, seat)
        self._last_legal = (state, seat, tuple(moves))
        return moves

    def _legal_moves(self, state: GcsState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state.pending:
            return self._decision_moves(state, state.pending[0])
        player = state.players[seat]
        moves: list[Move] = []
        if state.step == "levels":
            if player.level < TOP_LEVEL and self._requirement_met(state, seat):
                moves.append(Move.of("advance"))
            if state.ability_due:
                moves += [
                    Move.of("choose_ability", card=c) for c in self._ability_choices(state, seat)
                ]
            if state.variant and player.face_down:
                moves.append(Move.of("reveal"))
            else:
                moves += [Move.of("play", card=c) for c in sorted(set(player.hand))]
        elif state.step == "actions":
            if not state.moved:
                if player.money >= HENCHMAN_COST and player.recruited < board.henchmen_limit(
                    state, seat
                ):
                    moves.append(Move.of("recruit"))
                if player.information >= 1 or board.ability_ops(state, seat, "free_move"):
                    moves.append(Move.of("move"))
            if state.variant and player.hand and state.final_turns < 0:
                moves += [Move.of("end_turn", card=c) for c in sorted(set(player.hand))]
            else:
                moves.append(Move.of("end_turn"))
        elif state.step == "moving":
            moves += self._moving_moves(state, seat)
        return moves

    def _decision_moves(self, state: GcsState, d: Decision) -> list[Move]:
        player = state.players[d.seat]
        moves: list[Move] = []
        if d.kind == "place_threats":
            targets = board.threat_targets(state, d.seat, d.district, d.used if d.different else ())
            if player.reserve_threats > 0:
                moves = [Move.of("place_threat", block=b) for b in targets]
            else:
                sources = [b for b in range(BLOCKS) if player.threats[b]]
                moves = [
                    Move.of("place_threat", block=b, source=s)
                    for b in targets
                    for s in sources
                    if s != b
                ]
        elif d.kind in ("remove_threats", "lose_threats"):
            for block, owner in self._removable(state, d):
                name = "remove_threat" if d.kind == "remove_threats" else "lose_threat"
                moves.append(Move.of(name, block=block, owner=owner))
        elif d.kind == "lose_henchman":
            if player.hideout_henchmen:
                moves.append(Move.of("lose_henchman", source=HIDEOUT))
            moves += [
                Move.of("lose_henchman", source=b) for b in range(BLOCKS) if player.henchmen[b]
            ]
        elif d.kind == "place_henchmen":
            if player.hideout_henchmen:
                moves = [
                    Move.of("place_henchman", block=b)
                    for b in board.henchman_targets(state, d.seat, d.district)
                ]
        elif d.kind == "steal":  # the victim's screen is hidden: either may be asked for
            moves = [Move.of("steal", resource=r) for r in ("information", "money")]
        elif d.kind in ("send_home", "batman_to"):
            moves = [Move.of(d.kind, block=b) for b in d.candidates]
        elif d.kind == "face_down":
            moves = [Move.of("face_down", card=c) for c in sorted(set(player.hand))]
        elif d.kind == "use_card":
            if self._card_requirement_met(state, d.seat, state.played):
                moves.append(Move.of("carry_out"))
            moves += [
                Move.of("take", first=a, second=b)
                for a, b in itertools.combinations_with_replacement(TAKE, 2)
            ]
        optional = not d.must or (d.kind == "place_threats" and player.reserve_threats == 0)
        if optional and d.kind in ("place_threats", "remove_threats", "place_henchmen") and moves:
            moves.append(Move.of("stop"))
        return moves

    def _removable(self, state: GcsState, d: Decision) -> list[tuple[int, int]]:
        """(block, owner) pairs of threats a remove/lose decision may take."""
        assert state.pack is not None
        blocks = (
            [d.block]
            if d.block >= 0
            else [
                b
                for b in range(BLOCKS)
                if not d.district or state.pack.blocks[b].district == d.district
            ]
        )
        owners = (
            [d.seat]
            if d.kind == "lose_threats"
            else [s for s in range(len(state.players)) if not (d.enemies and s == d.seat)]
        )
        return [(b, o) for b in blocks for o in owners if state.players[o].threats[b]]

    def _moving_moves(self, state: GcsState, seat: int) -> list[Move]:
        assert state.plan is not None
        plan, player = state.plan, state.players[seat]
        moves: list[Move] = []
        if plan.villain_to is None:
            moves += [
                Move.of("move_villain", to=loc)
                for loc in (HIDEOUT, *range(BLOCKS))
                if loc != player.villain_at
            ]
        for source in (HIDEOUT, *range(BLOCKS)):
            here = player.hideout_henchmen if source == HIDEOUT else player.henchmen[source]
            available = here - sum(n for s, _, n in plan.henchmen if s == source)
            for target in (HIDEOUT, *range(BLOCKS)):
                if target == source:
                    continue
                for count in range(1, available + 1):
                    if self._henchmen_may_enter(state, seat, plan, target, count):
                        moves.append(
                            Move.of("move_henchmen", source=source, target=target, count=count)
                        )
        moves.append(Move.of("done_moving"))
        return moves

    def _henchmen_may_enter(
        self, state: GcsState, seat: int, plan: Plan, target: int, count: int
    ) -> bool:
        """The entry rules of 'Moving your figures' for henchmen arriving at `target`."""
        if target == HIDEOUT or plan.villain_to == target:
            return True
        if state.batman_at == target or board.villain_at(state, target) not in (-1, seat):
            return False
        enemies = sum(p.henchmen[target] for s, p in enumerate(state.players) if s != seat)
        arriving = count + sum(n for _, t, n in plan.henchmen if t == target)
        return enemies == 0 or arriving > enemies

    def _requirement_met(self, state: GcsState, seat: int) -> bool:
        have, need = self._requirement(state, seat, len(board.ruled_blocks(state, seat)))
        return have >= need

    def _requirement(self, state: GcsState, seat: int, ruled: int) -> tuple[int, int]:
        """What `seat` has of what its dial asks for the next level, and how much it asks."""
        assert state.pack is not None
        player = state.players[seat]
        need = state.pack.villain(player.villain).dial[player.level - 1]
        have = {
            "money": player.money,
            "information": player.information,
            "blocks": ruled,
            "henchmen": player.recruited,
        }[need.needs]
        return have, need.amount

    def _ability_choices(self, state: GcsState, seat: int) -> list[str]:
        assert state.pack is not None
        player = state.players[seat]
        return [
            a.id
            for a in state.pack.abilities
            if a.villain == player.villain and a.id not in player.abilities
        ]

    def _card_requirement_met(self, state: GcsState, seat: int, card_id: str) -> bool:
        assert state.pack is not None
        card = state.pack.card(card_id)
        if card.requires == "rules":
            return len(board.ruled_blocks(state, seat)) >= card.requires_amount
        if card.requires == "henchmen":
            return sum(state.players[seat].henchmen) >= card.requires_amount
        return True

    def outcome(self, state: GcsState) -> Outcome | None:
        if state.phase != "over":
            return None
        winners = tuple(s for s in range(len(state.players)) if state.winner >> s & 1)
        names = ", ".join(state.players[s].villain for s in winners)
        return Outcome(
            winners=winners, summary=f"{names} rule{'s' if len(winners) == 1 else ''} Gotham."
        )

    # ---- decide ---------------------------------------------------------------------------

    def decide(
        self, state: GcsState, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        result = self.decide_and_evolve(state, seat, move, rng)
        return result if isinstance(result, Rejection) else result[0]

    def decide_and_evolve(
        self, state: GcsState, seat: int, move: Move, rng: random.Random
    ) -> tuple[list[GameEvent], GcsState] | Rejection:
        if state.phase == "over":
            return _reject("game_over", "The game is over.")
        if seat not in self.to_act(state):
            waiting = sorted(self.to_act(state))
            return _reject("not_your_turn", f"The game is waiting for seat {waiting}.")
        if move not in self.legal_moves(state, seat):
            return self._explain(state, seat, move)
        run = _Run(self, state)
        self._apply(run, seat, move, rng)
        self._advance(run, rng)
        return run.events, run.state

    def _explain(self, state: GcsState, seat: int, move: Move) -> Rejection:
        """Why a move that is not legal now is refused."""
        kind = move.type
        if state.pending:
            d = state.pending[0]
            if d.kind == "use_card" and kind == "carry_out":
                return _reject(
                    "card_requirement_not_met",
                    "You do not meet this card's requirement "
                    "(ruled blocks or henchmen on the map): take two resources instead.",
                )
            if d.kind == "use_card" and kind == "take":
                return _reject("bad_choice", f"Take two of {', '.join(TAKE)} (first <= second).")
            if kind == "stop":
                return _reject(
                    "must_continue", f"The {d.kind.replace('_', ' ')} cannot be stopped early."
                )
            if kind in ("place_threat",):
                return _reject(
                    "cannot_place_threat",
                    "You cannot place a threat there (Batman's block, "
                    "5 of yours already, the card's district or blocks already used).",
                )
            if kind in ("remove_threat", "lose_threat"):
                return _reject("cannot_remove_threat", "There is no such threat you may remove.")
            return _reject("decision_pending", f"First decide: {d.kind.replace('_', ' ')}.")
        known = {
            "levels": {"advance", "choose_ability", "play", "reveal"},
            "actions": {"recruit", "move", "end_turn"},
            "moving": {"move_villain", "move_henchmen", "done_moving"},
        }
        if not any(kind in names for names in known.values()):
            return _reject("unknown_move", f"Unknown move {kind!r}.")
        if kind not in known.get(state.step, set()):
            return _reject(
                "wrong_step", f"'{kind}' is not possible in the {state.step} step of the turn."
            )
        if kind == "advance":
            return _reject(
                "requirement_not_met", "Your dial's requirement for the next level is not met."
            )
        if kind == "choose_ability":
            return _reject(
                "no_ability_due",
                "You have not reached an ability icon this turn (or chose already).",
            )
        if kind in ("play", "end_turn"):
            return _reject("card_not_in_hand", f"Card {move.get('card')!r} is not in your hand.")
        if kind == "recruit":
            return _reject(
                "cannot_recruit", "Recruiting costs $5, before moving, up to your henchmen limit."
            )
        return _reject("cannot_move", "That move of figures breaks the rules for entering blocks.")

    def _apply(self, run: _Run, seat: int, move: Move, rng: random.Random) -> None:
        state = run.state
        kind = move.type
        if state.pending:
            self._answer(run, seat, move, rng)
            return
        if kind == "advance":
            self._advance_level(run, seat)
        elif kind == "choose_ability":
            run.emit(AbilityChosen(seat=seat, card=str(move.get("card"))))
        elif kind in ("play", "reveal"):
            card_id = state.players[seat].face_down if kind == "reveal" else str(move.get("card"))
            self._play(run, seat, card_id)
        elif kind == "recruit":
            run.emit(Recruited(seat=seat, count=1, cost=HENCHMAN_COST))
        elif kind == "move":
            cost = 0 if board.ability_ops(state, seat, "free_move") else 1
            if cost:
                run.emit(
                    ResourcesChanged(
                        seat=seat, owner=seat, money=0, information=-cost, reason="move"
                    )
                )
            run.emit(StepChanged(seat=seat, step="moving", steps=()))
        elif kind == "end_turn":
            self._end_turn(run, seat, move.get("card"))
        elif kind == "move_villain":
            assert state.plan is not None
            run.emit(
                MovePlanned(
                    seat=seat, plan=updated(state.plan, villain_to=int(move.get("to") or 0))
                )
            )
        elif kind == "move_henchmen":
            assert state.plan is not None
            step = (
                int(move.get("source") or 0),
                int(move.get("target") or 0),
                int(move.get("count") or 0),
            )
            run.emit(
                MovePlanned(
                    seat=seat, plan=updated(state.plan, henchmen=(*state.plan.henchmen, step))
                )
            )
        elif kind == "done_moving":
            self._finish_moving(run, seat, rng)

    def _answer(self, run: _Run, seat: int, move: Move, rng: random.Random) -> None:
        d = run.state.pending[0]
        kind = move.type
        if kind == "stop":
            run.emit(Declined(seat=seat))
        elif kind == "place_threat":
            block = int(move.get("block") or 0)
            source = move.get("source")
            run.emit(
                ThreatPlaced(seat=seat, block=block, source=-1 if source is None else int(source))
            )
            run.emit(Answered(seat=seat, block=block))
        elif kind in ("remove_threat", "lose_threat"):
            block = int(move.get("block") or 0)
            run.emit(ThreatRemoved(seat=seat, owner=int(move.get("owner") or 0), block=block))
            run.emit(Answered(seat=seat, block=block))
        elif kind == "lose_henchman":
            run.emit(HenchmanLost(seat=seat, owner=seat, source=int(move.get("source") or 0)))
            run.emit(Answered(seat=seat, block=-1))
        elif kind == "place_henchman":
            block = int(move.get("block") or 0)
            run.emit(HenchmenMoved(seat=seat, owner=seat, source=HIDEOUT, target=block, count=1))
            run.emit(Answered(seat=seat, block=block))
        elif kind == "steal":
            resource = str(move.get("resource"))
            if getattr(run.state.players[d.victim], resource) > 0:  # else nothing to take
                run.emit(_change(d.victim, resource, -1, "stolen", seat=seat))
                run.emit(_change(seat, resource, 1, "stolen", seat=seat))
            run.emit(Answered(seat=seat, block=-1))
        elif kind == "send_home":
            block = int(move.get("block") or 0)
            run.emit(Declined(seat=seat))
            _henchmen_home(run, block, spare=seat)
        elif kind == "batman_to":
            run.emit(Declined(seat=seat))
            self._batman_arrives(run, int(move.get("block") or 0), rng)
        elif kind == "face_down":
            run.emit(CardFaceDown(seat=seat, card=str(move.get("card"))))
            run.emit(Declined(seat=seat))
        elif kind == "carry_out":
            assert run.state.pack is not None
            run.emit(Declined(seat=seat))
            run.emit(
                StepChanged(
                    seat=seat, step="resolve", steps=run.state.pack.card(run.state.played).effect
                )
            )
        elif kind == "take":
            run.emit(Declined(seat=seat))
            chosen = [str(move.get("first")), str(move.get("second"))]
            money, information = chosen.count("money"), chosen.count("information")
            if money or information:
                run.emit(
                    ResourcesChanged(
                        seat=seat,
                        owner=seat,
                        money=money,
                        information=information,
                        reason="resources",
                    )
                )
            if chosen.count("threats"):
                run.ask(
                    Decision(
                        seat=seat, kind="place_threats", count=chosen.count("threats"), must=True
                    ),
                    first=True,
                )

    # ---- the steps of a turn --------------------------------------------------------------

    def _advance_level(self, run: _Run, seat: int) -> None:
        state = run.state
        assert state.pack is not None
        player = state.players[seat]
        need = state.pack.villain(player.villain).dial[player.level - 1]
        if need.needs in ("money", "information"):
            paid = {"money": 0, "information": 0, need.needs: -need.amount}
            run.emit(
                ResourcesChanged(
                    seat=seat,
                    owner=seat,
                    money=paid["money"],
                    information=paid["information"],
                    reason="level",
                )
            )
        run.emit(LevelAdvanced(seat=seat, level=player.level + 1))
        if player.level + 1 >= TOP_LEVEL:
            run.emit(GameFinished(seat=None, winners=(seat,), reason="level 10"))

    def _play(self, run: _Run, seat: int, card_id: str) -> None:
        assert run.state.pack is not None
        card = run.state.pack.card(card_id)
        steps: tuple[Op, ...]
        if card.signal:
            steps = (Op("batman_card"), Op("use_card"))
        elif card.income_block:
            steps = (Op("income"), Op("use_card"))
        else:
            steps = (Op("use_card"),)
        run.emit(CardPlayed(seat=seat, card=card_id, steps=steps))

    def _end_turn(self, run: _Run, seat: int, face_down: object) -> None:
        state = run.state
        if isinstance(face_down, str):
            run.emit(CardFaceDown(seat=seat, card=face_down))
        if state.final_turns < 0:
            if run.state.deck:
                run.emit(CardDrawn(seat=seat, card=run.state.deck[0]))
            if not run.state.deck:
                run.emit(FinalTurnsBegan(seat=None, turns=len(state.players)))
        else:
            run.emit(FinalTurnsBegan(seat=None, turns=state.final_turns - 1))
            if run.state.final_turns == 0:
                run.emit(
                    GameFinished(
                        seat=None, winners=self._leaders(run.state), reason="deck exhausted"
                    )
                )
                return
        self._start_turn(run, board.left_of(state, seat))

    def _start_turn(self, run: _Run, seat: int) -> None:
        run.emit(TurnStarted(seat=seat))
        for gain in board.ability_ops(run.state, seat, "turn_gain"):
            run.emit(_change(seat, gain.resource, gain.amount, "ability", seat=None))

    def _leaders(self, state: GcsState) -> tuple[int, ...]:
        """Highest level; ties by recruited henchmen, then information, then money."""
        keys = [(p.level, p.recruited, p.information, p.money) for p in state.players]
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    # ---- the game's own steps -------------------------------------------------------------

    def _advance(self, run: _Run, rng: random.Random) -> None:
        while run.state.phase != "over":
            state = run.state
            if state.pending:
                if not self._auto_answer(run, state.pending[0]):
                    return
                continue
            if state.phase == "setup":
                self._start_turn(run, 0)
                continue
            if state.step != "resolve":
                return
            if state.program:
                op = state.program[0]
                run.emit(ProgramStepped(seat=None))
                self._run_op(run, op, rng)
            else:
                run.emit(StepChanged(seat=None, step="actions", steps=()))

    def _auto_answer(self, run: _Run, d: Decision) -> bool:
        """Settle a decision that leaves no choice; False when the seat must choose."""
        state = run.state
        if d.kind in ("remove_threats", "lose_threats") and d.must:
            threats = self._removable(state, d)
            total = sum(state.players[o].threats[b] for b, o in threats)
            if total <= d.count:
                for block, owner in threats:
                    for _ in range(state.players[owner].threats[block]):
                        run.emit(ThreatRemoved(seat=d.seat, owner=owner, block=block))
                run.emit(Declined(seat=d.seat))
                return True
            return False
        if not self._decision_moves(state, d) or self._decision_moves(state, d) == [
            Move.of("stop")
        ]:
            run.emit(Declined(seat=d.seat))
            return True
        return False

    def _run_op(self, run: _Run, op: Op, rng: random.Random) -> None:
        state = run.state
        assert state.pack is not None
        me = state.current
        others = board.clockwise_others(state, me)
        if op.op == "use_card":
            run.ask(Decision(seat=me, kind="use_card", must=True))
        elif op.op == "income":
            card = state.pack.card(state.played)
            block = state.pack.block_index(card.income_block)
            kind = state.pack.blocks[block].income
            for ruler in sorted(board.rulers(state, block)):
                amount = card.income_amount + board.ability_total(state, ruler, "income_bonus")
                run.emit(_change(ruler, kind, amount, "income", seat=None))
        elif op.op == "batman_card":
            if not state.batman_deck:
                order = list(state.batman_discard)
                rng.shuffle(order)
                run.emit(BatmanDeckShuffled(seat=None, deck=tuple(order)))
            card = state.pack.card(run.state.batman_deck[0])
            run.emit(BatmanCardDrawn(seat=me, card=card.id, steps=card.effect))
        elif op.op == "batman_to":
            candidates = self._batman_candidates(state, op)
            if len(candidates) == 1:
                self._batman_arrives(run, candidates[0], rng)
            elif candidates:
                run.ask(
                    Decision(seat=me, kind="batman_to", candidates=tuple(candidates), must=True)
                )
        elif op.op in ("gain", "gain_per_block"):
            amount = op.amount * (
                len(board.ruled_blocks(state, me, op.district)) if op.op == "gain_per_block" else 1
            )
            if amount:
                run.emit(_change(me, op.resource, amount, "card", seat=None))
        elif op.op == "place_threats":
            run.ask(
                Decision(
                    seat=me,
                    kind="place_threats",
                    count=op.amount,
                    must=True,
                    district=op.district,
                    different=op.different,
                )
            )
        elif op.op == "remove_threats":
            run.ask(
                Decision(
                    seat=me,
                    kind="remove_threats",
                    count=op.amount,
                    district=op.district,
                    enemies=True,
                )
            )
        elif op.op == "free_henchmen":
            room = board.henchmen_limit(state, me) - state.players[me].recruited
            if min(room, op.amount) > 0:
                run.emit(Recruited(seat=me, count=min(room, op.amount), cost=0))
        elif op.op == "place_henchmen":
            run.ask(Decision(seat=me, kind="place_henchmen", count=op.amount, district=op.district))
        elif op.op == "collect":
            for other in others:
                have = getattr(run.state.players[other], op.resource)
                paid = min(have, op.amount)
                if paid:
                    run.emit(_change(other, op.resource, -paid, "card", seat=None))
                    run.emit(_change(me, op.resource, paid, "card", seat=None))
        elif op.op == "others_lose":
            for other in others:
                self._lose(run, other, op.resource, op.amount)
        elif op.op == "others_roll":
            for other in others:
                face = rng.choice(state.pack.faces)
                run.emit(DieRolled(seat=other, face=face))
                if face in op.faces:
                    self._lose(run, other, op.lose, op.amount)
        elif op.op == "send_home":
            homes = tuple(
                b
                for b in range(BLOCKS)
                if (not op.district or state.pack.blocks[b].district == op.district)
                and any(p.henchmen[b] for s, p in enumerate(state.players) if s != me)
            )
            if homes:
                run.ask(Decision(seat=me, kind="send_home", candidates=homes, must=True))

    def _lose(self, run: _Run, seat: int, resource: str, amount: int) -> None:
        """`seat` gives up `amount` of a resource (what they have); threats/henchmen by choice."""
        player = run.state.players[seat]
        if resource in ("money", "information"):
            lost = min(getattr(player, resource), amount)
            if lost:
                run.emit(_change(seat, resource, -lost, "card", seat=None))
        elif resource == "threats":
            run.ask(Decision(seat=seat, kind="lose_threats", count=amount, must=True))
        elif resource == "henchman":
            run.ask(Decision(seat=seat, kind="lose_henchman", count=amount, must=True))

    def _batman_candidates(self, state: GcsState, op: Op) -> list[int]:
        assert state.pack is not None
        if op.blocks:
            blocks = [state.pack.block_index(b) for b in op.blocks]
        elif op.district:
            blocks = [b for b in range(BLOCKS) if state.pack.blocks[b].district == op.district]
        else:
            blocks = list(range(BLOCKS))
        if op.target == "most_threats":
            totals = {
                b: sum(p.threats[b] for p in state.players) for b in blocks if b != state.batman_at
            }
            most = max(totals.values(), default=0)
            blocks = [b for b, t in totals.items() if t == most]
        return [b for b in blocks if b != state.batman_at]

    def _batman_arrives(self, run: _Run, block: int, rng: random.Random) -> None:
        """Batman enters a block: a fight with a villain there, or henchmen sent home."""
        state = run.state
        run.emit(BatmanMoved(seat=None, target=block))
        villain = board.villain_at(run.state, block)
        drawer = state.drawer
        if villain >= 0:
            controller = board.left_of(state, drawer) if villain == drawer else drawer
            self._fight_batman(run, villain, block, controller, batman_entered=True, rng=rng)
            return
        _henchmen_home(run, block, spare=None)
        if any(p.threats[block] for p in run.state.players):
            order = self._batman_value(run.state).order
            run.ask(
                Decision(seat=drawer, kind="remove_threats", count=order, block=block), first=True
            )

    def _batman_value(self, state: GcsState) -> Any:
        assert state.pack is not None
        return state.pack.batman[state.batman_level - 1]

    def _fight_batman(
        self,
        run: _Run,
        villain: int,
        block: int,
        controller: int,
        batman_entered: bool,
        rng: random.Random,
    ) -> None:
        state = run.state
        assert state.pack is not None
        face = rng.choice(state.pack.faces)
        bat_face = rng.choice(state.pack.faces)
        bonus = sum(
            e.amount
            for e in board.ability_ops(state, villain, "fight_bonus")
            if e.against in ("batman", "all")
        )
        villain_total = _face_value(face) + state.players[villain].henchmen[block] + bonus
        batman_total = _face_value(bat_face) + self._batman_value(state).fight
        if face == "bat":
            batman_wins = True
        elif villain_total == batman_total:
            batman_wins = batman_entered
        else:
            batman_wins = batman_total > villain_total
        aggressor, defender = (-1, villain) if batman_entered else (villain, -1)
        faces = (bat_face, face) if batman_entered else (face, bat_face)
        totals = (batman_total, villain_total) if batman_entered else (villain_total, batman_total)
        run.emit(
            FightResolved(
                seat=None,
                block=block,
                aggressor=aggressor,
                defender=defender,
                aggressor_face=faces[0],
                defender_face=faces[1],
                aggressor_total=totals[0],
                defender_total=totals[1],
                winner=-1 if batman_wins else villain,
            )
        )
        if batman_wins:
            self._send_home(run, villain, block)
            order = self._batman_value(run.state).order
            if any(p.threats[block] for p in run.state.players):
                run.ask(
                    Decision(
                        seat=controller, kind="remove_threats", count=order, block=block, must=True
                    ),
                    first=True,
                )
        else:
            run.emit(BatmanMoved(seat=None, target=BATCAVE))
            run.emit(BatmanLeveledUp(seat=None))
            self._winner_places(run, villain, victim=-1)

    def _send_home(self, run: _Run, seat: int, block: int) -> None:
        """A defeated villain and all their henchmen in the block go to their hideout."""
        run.emit(VillainMoved(seat=None, owner=seat, target=HIDEOUT))
        count = run.state.players[seat].henchmen[block]
        if count:
            run.emit(
                HenchmenMoved(seat=None, owner=seat, source=block, target=HIDEOUT, count=count)
            )

    def _winner_places(self, run: _Run, seat: int, victim: int) -> None:
        extra = len(board.ability_ops(run.state, seat, "extra_threat"))
        decisions = []
        steal = board.ability_total(run.state, seat, "steal_on_win")
        if victim >= 0 and steal:
            decisions.append(
                Decision(seat=seat, kind="steal", count=steal, must=True, victim=victim)
            )
        decisions.append(Decision(seat=seat, kind="place_threats", count=2 + extra))
        run.ask(*decisions, first=True)

    def _finish_moving(self, run: _Run, seat: int, rng: random.Random) -> None:
        """Carry out the planned move: figures arrive, enemy henchmen flee, then any fight."""
        plan = run.state.plan
        assert plan is not None
        if plan.villain_to is not None:
            run.emit(VillainMoved(seat=seat, owner=seat, target=plan.villain_to))
        arrived: set[int] = set()
        for source, to, count in plan.henchmen:
            run.emit(HenchmenMoved(seat=seat, owner=seat, source=source, target=to, count=count))
            arrived.add(to)
        if plan.villain_to is not None:
            arrived.add(plan.villain_to)
        for block in sorted(arrived - {HIDEOUT}):
            enemy_villain = any(
                s != seat and p.villain_at == block for s, p in enumerate(run.state.players)
            )
            if not enemy_villain and run.state.batman_at != block:
                _henchmen_home(run, block, spare=seat)
        run.emit(StepChanged(seat=seat, step="actions", steps=()))
        target = plan.villain_to
        if target is None or target == HIDEOUT:
            return
        defender = next(
            (s for s, p in enumerate(run.state.players) if s != seat and p.villain_at == target), -1
        )
        if defender >= 0:
            self._fight_villains(run, seat, defender, target, rng)
        elif run.state.batman_at == target:
            self._fight_batman(
                run, seat, target, board.left_of(run.state, seat), batman_entered=False, rng=rng
            )

    def _fight_villains(
        self, run: _Run, attacker: int, defender: int, block: int, rng: random.Random
    ) -> None:
        state = run.state
        assert state.pack is not None
        faces = (rng.choice(state.pack.faces), rng.choice(state.pack.faces))
        totals = []
        for seat, face in zip((attacker, defender), faces, strict=True):
            bonus = sum(
                e.amount
                for e in board.ability_ops(state, seat, "fight_bonus")
                if e.against in ("villains", "all")
            )
            totals.append(_face_value(face) + state.players[seat].henchmen[block] + bonus)
        winner = attacker if totals[0] >= totals[1] else defender
        loser = defender if winner == attacker else attacker
        run.emit(
            FightResolved(
                seat=None,
                block=block,
                aggressor=attacker,
                defender=defender,
                aggressor_face=faces[0],
                defender_face=faces[1],
                aggressor_total=totals[0],
                defender_total=totals[1],
                winner=winner,
            )
        )
        self._send_home(run, loser, block)
        self._winner_places(run, winner, victim=loser)

    # ---- views ----------------------------------------------------------------------------

    def view(self, state: GcsState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        pack = state.pack
        if pack is None:
            return {"phase": state.phase}
        finished = reveal or state.phase == "over"
        players: list[JSON] = []
        for s, p in enumerate(state.players):
            mine = finished or s == seat
            players.append(
                {
                    "seat": s,
                    "villain": p.villain,
                    "level": p.level,
                    "abilities": [
                        {"id": a, "name": pack.card(a).name, "text": pack.card(a).text}
                        for a in p.abilities
                    ],
                    "villain_at": p.villain_at,
                    "threats": list(p.threats),
                    "reserve_threats": p.reserve_threats,
                    "henchmen": list(p.henchmen),
                    "hideout_henchmen": p.hideout_henchmen,
                    "recruited": p.recruited,
                    "money": p.money if mine else None,
                    "information": p.information if mine else None,
                    "hand": [_card_json(pack, c) for c in p.hand]
                    if mine
                    else {"count": len(p.hand)},
                    "face_down": (_card_json(pack, p.face_down) if p.face_down else None)
                    if mine
                    else bool(p.face_down),
                    "next_level_needs": to_json(pack.villain(p.villain).dial[p.level - 1])
                    if p.level < TOP_LEVEL
                    else None,
                }
            )
        blocks: list[JSON] = [
            {
                "index": i,
                "id": b.id,
                "name": b.name,
                "district": b.district,
                "income": b.income,
                "rulers": sorted(board.rulers(state, i)),
            }
            for i, b in enumerate(pack.blocks)
        ]
        batman = self._batman_value(state)
        return {
            "phase": state.phase,
            "step": state.step,
            "seat": seat,
            "current": state.current,
            "players": players,
            "blocks": blocks,
            "batman": {
                "at": state.batman_at,
                "level": state.batman_level,
                "order": batman.order,
                "fight": batman.fight,
            },
            "pending": [to_json(d) for d in state.pending],
            "played": _card_json(pack, state.played) if state.played else None,
            "deck": {"count": len(state.deck)},
            "discard": [_card_json(pack, c) for c in state.discard],
            "batman_deck": {"count": len(state.batman_deck)},
            "batman_discard": [_card_json(pack, c) for c in state.batman_discard],
            "plan": to_json(state.plan)
            if state.plan is not None and (finished or seat == state.current)
            else None,
            "final_turns": state.final_turns,
            "variant": state.variant,
        }

    def evaluate(self, state: GcsState, seat: int) -> float:
        if state.phase == "over":
            winners = [s for s in range(len(state.players)) if state.winner >> s & 1]
            return 1.0 / len(winners) if seat in winners else 0.0
        if not state.players:
            return 0.0
        ruled = board.ruled_counts(state)
        scores = [
            p.level
            + PROGRESS_WEIGHT * self._progress(state, s, ruled[s])
            + 0.2 * ruled[s]
            + 0.03 * (p.money + p.information)
            + 0.1 * p.recruited
            for s, p in enumerate(state.players)
        ]
        weights = [math.exp(x) for x in scores]
        return weights[seat] / sum(weights)

    def _progress(self, state: GcsState, seat: int, ruled: int) -> float:
        """How far `seat` is towards its next level's requirement, 0 to 1."""
        if state.players[seat].level >= TOP_LEVEL:
            return 1.0
        have, need = self._requirement(state, seat, ruled)
        return min(have / need, 1.0) if need > 0 else 1.0

    def determinize(self, state: GcsState, seat: int, rng: random.Random) -> GcsState:
        """Unseen cards reshuffled into the unseen places; others' screens set to our own totals.

        A seat cannot see other screens, so the bot assumes the others hold what it holds.
        """
        if state.phase == "over" or not state.players:
            return state
        me = state.players[seat]
        unknown = sorted(
            [*state.deck, *(c for s, p in enumerate(state.players) if s != seat for c in p.hand)]
            + [p.face_down for s, p in enumerate(state.players) if s != seat and p.face_down]
        )
        rng.shuffle(unknown)
        batman = sorted(state.batman_deck)
        rng.shuffle(batman)
        players = []
        for s, p in enumerate(state.players):
            if s == seat:
                players.append(p)
                continue
            hand = tuple(unknown.pop() for _ in p.hand)
            face_down = unknown.pop() if p.face_down else ""
            players.append(
                updated(
                    p, hand=hand, face_down=face_down, money=me.money, information=me.information
                )
            )
        return updated(
            state, players=tuple(players), deck=tuple(unknown), batman_deck=tuple(batman)
        )

    def hidden_from(self, state: GcsState, seat: int | None) -> frozenset[str]:
        if state.phase == "over":
            return frozenset()
        hidden = set(state.deck) | set(state.batman_deck)
        for s, p in enumerate(state.players):
            if s != seat:
                hidden |= set(p.hand)
                if p.face_down:
                    hidden.add(p.face_down)
        return frozenset(hidden)

    def redact(self, event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
        data = to_json(event)
        assert isinstance(data, dict)
        data.pop("seat", None)
        if finished:
            return data
        if isinstance(event, GameStarted):
            pack = data["pack"]
            assert isinstance(pack, dict)
            data["deck"] = {"count": len(event.deck)}
            data["batman_deck"] = {"count": len(event.batman_deck)}
            data["pack"] = {
                **pack,
                "plots": {"count": len(event.pack.plots)},
                "batman_cards": {"count": len(event.pack.batman_cards)},
            }
        elif isinstance(event, BatmanDeckShuffled):
            data["deck"] = {"count": len(event.deck)}
        elif isinstance(event, ResourcesChanged) and event.owner != seat:
            data["money"] = data["information"] = None  # behind the owner's screen
        elif isinstance(event, CardsDealt | CardDrawn | CardFaceDown) and event.seat != seat:
            if isinstance(event, CardsDealt):
                data["cards"] = [None for _ in event.cards]
            else:
                data["card"] = None
        return data


def _henchmen_home(run: _Run, block: int, spare: int | None) -> None:
    """Every henchman on `block` (but `spare`'s) goes back to its owner's hideout."""
    for owner, player in enumerate(run.state.players):
        if owner != spare and player.henchmen[block]:
            run.emit(
                HenchmenMoved(
                    seat=None,
                    owner=owner,
                    source=block,
                    target=HIDEOUT,
                    count=player.henchmen[block],
                )
            )


def _change(
    owner: int, resource: str, amount: int, reason: str, seat: int | None = None
) -> ResourcesChanged:
    """`owner` gains (or, with a negative amount, loses) money or information."""
    return ResourcesChanged(
        seat=seat,
        owner=owner,
        money=amount if resource == "money" else 0,
        information=amount if resource == "information" else 0,
        reason=reason,
    )


def _card_json(pack: Pack, card_id: str) -> JSON:
    card = pack.card(card_id)
    return {
        "id": card.id,
        "name": card.name,
        "text": card.text,
        "signal": card.signal,
        "income": {"block": card.income_block, "amount": card.income_amount}
        if card.income_block
        else None,
    }


# ---- evolve handlers: one per event -------------------------------------------------------------

_INITIAL = GcsState(
    phase="new",
    step="",
    players=(),
    current=0,
    batman_at=BATCAVE,
    batman_level=1,
    deck=(),
    discard=(),
    batman_deck=(),
    batman_discard=(),
    pending=(),
    program=(),
    played="",
    drawer=0,
    advanced=False,
    ability_due=False,
    moved=False,
    final_turns=-1,
    plan=None,
    variant=False,
    winner=0,
    pack=None,
)


def _player(state: GcsState, seat: int, **changes: Any) -> GcsState:
    return updated(
        state, players=_set(state.players, seat, updated(state.players[seat], **changes))
    )


def _on_game_started(state: GcsState, e: GameStarted) -> GcsState:
    players = tuple(
        Player(
            villain=v,
            level=1,
            money=e.pack.villain(v).start_money,
            information=e.pack.villain(v).start_information,
            threats=(0,) * BLOCKS,
            henchmen=(0,) * BLOCKS,
            hideout_henchmen=0,
            villain_at=HIDEOUT,
            hand=(),
            abilities=(),
            face_down="",
        )
        for v in e.villains
    )
    return updated(
        _INITIAL,
        phase="setup",
        step="setup",
        players=players,
        deck=e.deck,
        batman_deck=e.batman_deck,
        variant=e.variant,
        pack=e.pack,
    )


def _on_cards_dealt(state: GcsState, e: CardsDealt) -> GcsState:
    assert e.seat is not None
    state = updated(state, deck=state.deck[len(e.cards) :])
    return _player(state, e.seat, hand=e.cards)


def _on_awaiting(state: GcsState, e: Awaiting) -> GcsState:
    pending = (e.decision, *state.pending) if e.first else (*state.pending, e.decision)
    return updated(state, pending=pending)


def _on_answered(state: GcsState, e: Answered) -> GcsState:
    head = state.pending[0]
    if head.count <= 1:
        return updated(state, pending=state.pending[1:])
    head = updated(head, count=head.count - 1, used=(*head.used, e.block))
    return updated(state, pending=(head, *state.pending[1:]))


def _on_declined(state: GcsState, e: Declined) -> GcsState:
    return updated(state, pending=state.pending[1:])


def _on_threat_placed(state: GcsState, e: ThreatPlaced) -> GcsState:
    assert e.seat is not None
    threats = list(state.players[e.seat].threats)
    threats[e.block] += 1
    if e.source >= 0:
        threats[e.source] -= 1
    return _player(state, e.seat, threats=tuple(threats))


def _on_threat_removed(state: GcsState, e: ThreatRemoved) -> GcsState:
    threats = list(state.players[e.owner].threats)
    threats[e.block] -= 1
    return _player(state, e.owner, threats=tuple(threats))


def _move_henchmen(player: Player, source: int, target: int, count: int) -> dict[str, Any]:
    henchmen = list(player.henchmen)
    hideout = player.hideout_henchmen
    if source == HIDEOUT:
        hideout -= count
    else:
        henchmen[source] -= count
    if target == HIDEOUT:
        hideout += count
    else:
        henchmen[target] += count
    return {"henchmen": tuple(henchmen), "hideout_henchmen": hideout}


def _on_henchmen_moved(state: GcsState, e: HenchmenMoved) -> GcsState:
    return _player(
        state, e.owner, **_move_henchmen(state.players[e.owner], e.source, e.target, e.count)
    )


def _on_henchman_lost(state: GcsState, e: HenchmanLost) -> GcsState:
    changes = _move_henchmen(state.players[e.owner], e.source, HIDEOUT, 1)
    changes["hideout_henchmen"] -= 1
    return _player(state, e.owner, **changes)


def _on_villain_moved(state: GcsState, e: VillainMoved) -> GcsState:
    return _player(state, e.owner, villain_at=e.target)


def _on_resources_changed(state: GcsState, e: ResourcesChanged) -> GcsState:
    player = state.players[e.owner]
    return _player(
        state, e.owner, money=player.money + e.money, information=player.information + e.information
    )


def _on_turn_started(state: GcsState, e: TurnStarted) -> GcsState:
    assert e.seat is not None
    return updated(
        state,
        phase="playing",
        step="levels",
        current=e.seat,
        advanced=False,
        ability_due=False,
        moved=False,
        played="",
        plan=None,
        program=(),
    )


def _on_level_advanced(state: GcsState, e: LevelAdvanced) -> GcsState:
    assert e.seat is not None and state.pack is not None
    player = state.players[e.seat]
    icon = e.level <= 9 and state.pack.villain(player.villain).dial[e.level - 1].ability
    state = updated(state, advanced=True, ability_due=state.ability_due or icon)
    return _player(state, e.seat, level=e.level)


def _on_ability_chosen(state: GcsState, e: AbilityChosen) -> GcsState:
    assert e.seat is not None
    state = updated(state, ability_due=False)
    return _player(state, e.seat, abilities=(*state.players[e.seat].abilities, e.card))


def _on_card_played(state: GcsState, e: CardPlayed) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    if player.face_down == e.card:
        state = _player(state, e.seat, face_down="")
    else:
        state = _player(state, e.seat, hand=_without(player.hand, e.card))
    return updated(
        state, step="resolve", played=e.card, program=e.steps, drawer=e.seat, ability_due=False
    )


def _on_card_face_down(state: GcsState, e: CardFaceDown) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    return _player(state, e.seat, hand=_without(player.hand, e.card), face_down=e.card)


def _on_batman_deck_shuffled(state: GcsState, e: BatmanDeckShuffled) -> GcsState:
    return updated(state, batman_deck=e.deck, batman_discard=())


def _on_batman_card_drawn(state: GcsState, e: BatmanCardDrawn) -> GcsState:
    return updated(
        state,
        batman_deck=state.batman_deck[1:],
        batman_discard=(*state.batman_discard, e.card),
        program=(*e.steps, *state.program),
    )


def _on_batman_moved(state: GcsState, e: BatmanMoved) -> GcsState:
    return updated(state, batman_at=e.target)


def _on_batman_leveled_up(state: GcsState, e: BatmanLeveledUp) -> GcsState:
    assert state.pack is not None
    return updated(state, batman_level=min(state.batman_level + 1, len(state.pack.batman)))


def _on_nothing(state: GcsState, e: GameEvent) -> GcsState:
    return state


def _on_recruited(state: GcsState, e: Recruited) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    return _player(
        state,
        e.seat,
        hideout_henchmen=player.hideout_henchmen + e.count,
        money=player.money - e.cost,
    )


def _on_step_changed(state: GcsState, e: StepChanged) -> GcsState:
    if e.step == "moving":
        return updated(state, step="moving", plan=Plan(villain_to=None, henchmen=()))
    if e.step == "actions":
        discard = (*state.discard, state.played) if state.played else state.discard
        moved = state.moved or state.step == "moving"
        return updated(
            state, step="actions", plan=None, program=(), played="", discard=discard, moved=moved
        )
    return updated(state, step=e.step, program=e.steps)


def _on_program_stepped(state: GcsState, e: ProgramStepped) -> GcsState:
    return updated(state, program=state.program[1:])


def _on_move_planned(state: GcsState, e: MovePlanned) -> GcsState:
    return updated(state, plan=e.plan)


def _on_card_drawn(state: GcsState, e: CardDrawn) -> GcsState:
    assert e.seat is not None
    state = updated(state, deck=state.deck[1:])
    return _player(state, e.seat, hand=(*state.players[e.seat].hand, e.card))


def _on_final_turns(state: GcsState, e: FinalTurnsBegan) -> GcsState:
    return updated(state, final_turns=e.turns)


def _on_game_finished(state: GcsState, e: GameFinished) -> GcsState:
    return updated(state, phase="over", step="", pending=(), winner=sum(1 << s for s in e.winners))


_HANDLERS: dict[type[GameEvent], Callable[[GcsState, Any], GcsState]] = {
    GameStarted: _on_game_started,
    CardsDealt: _on_cards_dealt,
    Awaiting: _on_awaiting,
    Answered: _on_answered,
    Declined: _on_declined,
    ThreatPlaced: _on_threat_placed,
    ThreatRemoved: _on_threat_removed,
    HenchmenMoved: _on_henchmen_moved,
    HenchmanLost: _on_henchman_lost,
    VillainMoved: _on_villain_moved,
    ResourcesChanged: _on_resources_changed,
    TurnStarted: _on_turn_started,
    LevelAdvanced: _on_level_advanced,
    AbilityChosen: _on_ability_chosen,
    CardPlayed: _on_card_played,
    CardFaceDown: _on_card_face_down,
    BatmanDeckShuffled: _on_batman_deck_shuffled,
    BatmanCardDrawn: _on_batman_card_drawn,
    BatmanMoved: _on_batman_moved,
    BatmanLeveledUp: _on_batman_leveled_up,
    DieRolled: _on_nothing,
    FightResolved: _on_nothing,
    Recruited: _on_recruited,
    StepChanged: _on_step_changed,
    ProgramStepped: _on_program_stepped,
    MovePlanned: _on_move_planned,
    CardDrawn: _on_card_drawn,
    FinalTurnsBegan: _on_final_turns,
    GameFinished: _on_game_finished,
}
