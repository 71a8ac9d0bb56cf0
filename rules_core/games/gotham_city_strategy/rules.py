"""Batman: Gotham City Strategy Game: the GameSpec for 2 to 4 villains, with the variant.

A move is accepted exactly when it is among `legal_moves`; `_explain` says why another is not.
After each accepted move `_advance` runs the game's own steps (card effects, Batman, fights,
incomes, turn changes) until some seat must decide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_core.engine.content_limits import limits_json
from rules_core.engine.info import GameInfo
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.updating import updated
from rules_core.engine.visibility import Secret, hidden_values, redact_event, resample
from rules_core.games.gotham_city_strategy import (
    board,
    choices,
    effects,
    evaluation,
    evolve,
    language,
    view,
    vocabulary,
)
from rules_core.games.gotham_city_strategy.choices import HENCHMAN_COST, TAKE
from rules_core.games.gotham_city_strategy.citations import BOOK, cite
from rules_core.games.gotham_city_strategy.content import (
    NUMBER_RANGES,
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
    CardDrawn,
    CardFaceDown,
    CardPlayed,
    CardsDealt,
    Declined,
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
)
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import (
    HIDEOUT,
    TOP_LEVEL,
    Decision,
    GcsState,
)

REFERENCE = load_pack()
HAND_SIZE = 5

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
    info = GameInfo(
        roles="a villain (in the reference pack the Joker, the Penguin, Two-Face or Killer Croc)",
        chance=True,
        hidden_information=True,
        simultaneous=False,
        longest_game=5000,
    )
    rules_version = 1  # see GameSpec.rules_version
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
            "content": {
                "type": "object",
                "default": None,
                "description": "a content pack replacing the reference pack (same schema as "
                "rules_core/games/gotham_city_strategy/content/reference.toml, see VOCABULARY.md, "
                "as JSON); refused above `limits`, or with a number outside its range in `ranges`",
                "limits": limits_json(),
                "ranges": NUMBER_RANGES,
                "effects": {  # the operations each kind of card may use, with their parameters
                    "plot": vocabulary.PLOT_EFFECTS.schema(),
                    "batman_card": vocabulary.BATMAN_EFFECTS.schema(),
                    "ability": vocabulary.ABILITY_EFFECTS.schema(),
                },
            },
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content = options.get("content")
        return REFERENCE if content is None else parse_pack(content)

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
        except ContentError as error:
            return _reject("bad_options", f"content pack: {error}")
        return None

    def initial_state(self) -> GcsState:
        return evolve.INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        pack = self._pack(options)
        deck = [c.id for c in pack.plots]
        rng.shuffle(deck)
        batman_deck = [c.id for c in pack.batman_cards]
        rng.shuffle(batman_deck)
        run = Run(evolve.INITIAL)
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
        handler = evolve.HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"not a Gotham City Strategy event: {event!r}")
        return handler(state, event)

    # ---- queries --------------------------------------------------------------------------

    def to_act(self, state: GcsState) -> frozenset[int]:
        return choices.to_act(state)

    def legal_moves(self, state: GcsState, seat: int) -> list[Move]:
        cached = self._last_legal
        if cached is not None and cached[0] is state and cached[1] == seat:
            return list(cached[2])
        moves = choices.legal_moves(state, seat)
        self._last_legal = (state, seat, tuple(moves))
        return moves

    def outcome(self, state: GcsState) -> Outcome | None:
        if state.phase != "over":
            return None
        winners = tuple(s for s in range(len(state.players)) if state.winner >> s & 1)
        names = " and ".join(language.villain(state, s) for s in winners)
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
        run = Run(state)
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

    def _apply(self, run: Run, seat: int, move: Move, rng: random.Random) -> None:
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
            effects.finish_moving(run, seat, rng)

    def _answer(self, run: Run, seat: int, move: Move, rng: random.Random) -> None:
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
                run.emit(effects.change(d.victim, resource, -1, "stolen", seat=seat))
                run.emit(effects.change(seat, resource, 1, "stolen", seat=seat))
            run.emit(Answered(seat=seat, block=-1))
        elif kind == "send_home":
            block = int(move.get("block") or 0)
            run.emit(Declined(seat=seat))
            effects.henchmen_home(run, block, spare=seat)
        elif kind == "batman_to":
            run.emit(Declined(seat=seat))
            effects.batman_arrives(run, int(move.get("block") or 0), rng)
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

    def _advance_level(self, run: Run, seat: int) -> None:
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

    def _play(self, run: Run, seat: int, card_id: str) -> None:
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

    def _end_turn(self, run: Run, seat: int, face_down: object) -> None:
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

    def _start_turn(self, run: Run, seat: int) -> None:
        run.emit(TurnStarted(seat=seat))
        for gain in board.ability_ops(run.state, seat, "turn_gain"):
            run.emit(effects.change(seat, gain.resource, gain.amount, "ability", seat=None))

    def _leaders(self, state: GcsState) -> tuple[int, ...]:
        """Highest level; ties by recruited henchmen, then information, then money."""
        keys = [(p.level, p.recruited, p.information, p.money) for p in state.players]
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    # ---- the game's own steps -------------------------------------------------------------

    def _advance(self, run: Run, rng: random.Random) -> None:
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
                effects.run_op(run, op, rng)
            else:
                run.emit(StepChanged(seat=None, step="actions", steps=()))

    def _auto_answer(self, run: Run, d: Decision) -> bool:
        """Settle a decision that leaves no choice; False when the seat must choose."""
        state = run.state
        if d.kind in ("remove_threats", "lose_threats") and d.must:
            threats = choices.removable(state, d)
            total = sum(state.players[o].threats[b] for b, o in threats)
            if total <= d.count:
                for block, owner in threats:
                    for _ in range(state.players[owner].threats[block]):
                        run.emit(ThreatRemoved(seat=d.seat, owner=owner, block=block))
                run.emit(Declined(seat=d.seat))
                return True
            return False
        if not choices.decision_moves(state, d) or choices.decision_moves(state, d) == [
            Move.of("stop")
        ]:
            run.emit(Declined(seat=d.seat))
            return True
        return False

    def describe_move(self, state: GcsState, seat: int, move: Move) -> str:
        return language.describe_move(state, seat, move)

    def narrate(self, state: GcsState, event: GameEvent, seat: int | None, reveal: bool) -> str:
        return language.narrate(state, event, seat, reveal)

    def seat_names(self, state: GcsState) -> tuple[str, ...]:
        return language.seat_names(state)

    def view(self, state: GcsState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        return view.view(state, seat, reveal)

    def evaluate(self, state: GcsState, seat: int) -> float:
        return evaluation.evaluate(state, seat)

    def secrets(self, state: GcsState) -> tuple[Secret, ...]:
        return view.secrets(state)

    def determinize(self, state: GcsState, seat: int, rng: random.Random) -> GcsState:
        """Unseen cards dealt again into the unseen places; others' screens set to our own totals.

        A seat cannot see other screens, so the bot assumes the others hold what it holds.
        """
        me = state.players[seat] if state.players else None

        def own_total(secret: Secret) -> Any:
            assert me is not None
            return getattr(me, str(secret.path[-1]))

        return resample(state, self.secrets(state), seat, rng, screen=own_total)

    def hidden_from(self, state: GcsState, seat: int | None) -> frozenset[str]:
        return hidden_values(self.secrets(state), seat)

    def redact(self, event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
        return redact_event(event, seat, finished)
