"""Gotham City Strategy's moves, each declared once (the engine's `MoveBook`): what it offers,
why it is refused (the reason found while checking) and what it does at the table.

A turn move belongs to a step of the turn (levels, actions, moving); an answer belongs to a kind
of decision (placing threats, sending Batman...). Its check first asks whether the game is at
that point, then what the rules ask of its parameters. What an act writes follows in
effects.py; the decisions those events open are asking.py's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from rules_core.engine.moves import MoveBook, MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_strategy import (
    answer_checks,
    board,
    checks,
    choices,
    effects,
    language,
    planning,
    turns,
)
from rules_core.games.gotham_city_strategy.carried import CARRIES
from rules_core.games.gotham_city_strategy.checks import Check
from rules_core.games.gotham_city_strategy.choices import HENCHMAN_COST
from rules_core.games.gotham_city_strategy.events import (
    CardCarriedOut,
    CardFaceDown,
    CardPlayed,
    Stopped,
    ThreatPlaced,
    ThreatRemoved,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    MovementBegan,
    MovePlanned,
    Recruited,
)
from rules_core.games.gotham_city_strategy.resource_events import (
    ResourcesChanged,
    ResourcesTaken,
    Stolen,
)
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import (
    TOP_LEVEL,
    GcsState,
)
from rules_core.games.gotham_city_strategy.turn_events import (
    AbilityChosen,
    GameFinished,
    LevelAdvanced,
)

# ---- the levels step ----------------------------------------------------------------------


def _act_advance(run: Run, seat: int, move: Move, rng: random.Random) -> None:
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


def _act_play(run: Run, seat: int, move: Move, rng: random.Random) -> None:
    face_down = run.state.players[seat].face_down
    card = face_down if move.type == "reveal" else str(move.get("card"))
    run.emit(CardPlayed(seat=seat, card=card))


# ---- the actions step ---------------------------------------------------------------------


def _act_move(run: Run, seat: int, move: Move, rng: random.Random) -> None:
    if not board.ability_ops(run.state, seat, "free_move"):
        run.emit(ResourcesChanged(seat=seat, owner=seat, money=0, information=-1, reason="move"))
    run.emit(MovementBegan(seat=seat))


def _act_end_turn(run: Run, seat: int, move: Move, rng: random.Random) -> None:
    turns.end_turn(run, seat, move.get("card"))


# ---- moving figures -----------------------------------------------------------------------


def _act_plan_step(run: Run, seat: int, move: Move, rng: random.Random) -> None:
    """A step of the plan (`move_villain` or `move_henchmen`), seen by all."""
    plan = run.state.plan
    assert plan is not None
    run.emit(MovePlanned(seat=seat, plan=planning.planned(plan, move)))


def _act_done_moving(run: Run, seat: int, move: Move, rng: random.Random) -> None:
    effects.finish_moving(run, seat, rng)


# ---- answers ------------------------------------------------------------------------------


Act = Callable[[Run, int, Move, random.Random], None]


def _emit(make: Callable[[int, Move, GcsState], GameEvent]) -> Act:
    """An answer that is one table event."""

    def act(run: Run, seat: int, move: Move, rng: random.Random) -> None:
        run.emit(make(seat, move, run.state))

    return act


def _resources_taken(seat: int, move: Move, state: GcsState) -> GameEvent:
    """The take's two resources, recorded in the reserves' order however they were posted."""
    pair = choices.taken(move)
    assert pair is not None  # answer_checks.check_take refused any other
    return ResourcesTaken(seat=seat, first=pair[0], second=pair[1])


def _act_steal(run: Run, seat: int, move: Move, rng: random.Random) -> None:
    """One token from the defeated villain: the resource named, else the other one (the victim
    fulfils as much as able, showing the screen when short); nothing left ends the theft."""
    victim = checks.decision(run.state).victim
    named = str(move.get("resource"))
    other = "money" if named == "information" else "information"
    if effects.able_to_give(run, victim, named, 1):
        run.emit(Stolen(seat=seat, victim=victim, resource=named, amount=1))
    elif getattr(run.state.players[victim], other) > 0:
        run.emit(Stolen(seat=seat, victim=victim, resource=other, amount=1))
    else:
        run.emit(Stolen(seat=seat, victim=victim, resource=named, amount=0))


# ---- the book ---------------------------------------------------------------------------------

_ACTS: dict[str, Act] = {}


def work_out(state: GcsState, seat: int, move: Move, rng: random.Random) -> Run:
    """A checked move's act, then the game's own steps until a seat must decide."""
    run = Run(state)
    _ACTS[move.type](run, seat, move, rng)
    turns.advance(run, rng)
    return run


def _rule(
    name: str,
    params: tuple[str, ...],
    offers: Callable[[GcsState, int], Iterable[Move]],
    check: Check,
    act: Act,
) -> MoveRule[GcsState]:
    _ACTS[name] = act
    return MoveRule(
        name,
        params,
        offers,
        check,
        apply=lambda state, seat, move, rng: work_out(state, seat, move, rng).events,
        label=language.describe_move,
    )


def _turn(
    name: str,
    params: tuple[str, ...],
    step: str,
    check: Check,
    act: Act,
    offers: Callable[[GcsState, int], Iterable[Move]] | None = None,
) -> MoveRule[GcsState]:
    """A move of the turn's `step`. Without `offers` it is the one move of its name, offered
    when its check passes."""
    in_step = checks.in_step(step)

    def whole(state: GcsState, seat: int, move: Move) -> Rejection | None:
        return in_step(state, seat, move) or check(state, seat, move)

    only = Move.of(name)

    def offered(state: GcsState, seat: int) -> list[Move]:
        if state.step != step or choices.current(state) is not None:  # in_step, quickly
            return []
        if offers is None:
            return [only] if check(state, seat, only) is None else []
        return list(offers(state, seat))

    return _rule(name, params, offered, whole, act)


def _answer(
    name: str, params: tuple[str, ...], kinds: tuple[str, ...], check: Check | None, act: Act
) -> MoveRule[GcsState]:
    """An answer to a decision of one of `kinds`."""
    answering = checks.answering(*kinds)

    def whole(state: GcsState, seat: int, move: Move) -> Rejection | None:
        refused = answering(state, seat, move)
        return refused if refused is not None or check is None else check(state, seat, move)

    def offers(state: GcsState, seat: int) -> list[Move]:
        decision = choices.current(state)
        if decision is None or decision.kind not in kinds or decision.seat != seat:
            return []
        return [m for m in choices.decision_moves(state, decision) if m.type == name]

    return _rule(name, params, offers, whole, act)


def move_book() -> MoveBook[GcsState]:
    """Every move of the game, declared (built once at import as MOVES; a test that builds
    its own reaches what is declared here, which a warmed-up process never rebuilds)."""
    return MoveBook(
        rules=(
            _turn("advance", (), "levels", checks.check_advance, _act_advance),
            _turn(
                "choose_ability",
                ("card",),
                "levels",
                checks.check_ability,
                _emit(lambda seat, m, s: AbilityChosen(seat=seat, card=str(m.get("card")))),
                offers=lambda s, seat: [
                    Move.of("choose_ability", card=c)
                    for c in (choices.ability_choices(s, seat) if s.ability_due else ())
                ],
            ),
            _turn("reveal", (), "levels", checks.check_reveal, _act_play),
            _turn(
                "play",
                ("card",),
                "levels",
                checks.check_play,
                _act_play,
                offers=lambda s, seat: [
                    Move.of("play", card=c)
                    for c in sorted(set(s.players[seat].hand))
                    if not (s.variant and s.players[seat].face_down)
                ],
            ),
            _turn(
                "recruit",
                (),
                "actions",
                checks.check_recruit,
                _emit(lambda seat, m, s: Recruited(seat=seat, count=1, cost=HENCHMAN_COST)),
            ),
            _turn("move", (), "actions", checks.check_move, _act_move),
            _turn(
                "end_turn",
                ("card",),
                "actions",
                checks.check_end_turn,
                _act_end_turn,
                checks.offer_end_turn,
            ),
            _turn(
                "move_villain",
                ("to",),
                "moving",
                checks.check_move_villain,
                _act_plan_step,
                offers=planning.villain_moves,
            ),
            _turn(
                "move_henchmen",
                ("source", "target", "count"),
                "moving",
                checks.check_move_henchmen,
                _act_plan_step,
                offers=planning.henchmen_moves,
            ),
            _turn("done_moving", (), "moving", checks.check_done_moving, _act_done_moving),
            _answer(
                "place_threat",
                ("block", "source"),
                ("place_threats",),
                answer_checks.check_place_threat,
                _emit(
                    lambda seat, m, s: ThreatPlaced(
                        seat=seat,
                        block=checks.number(m, "block") or 0,
                        source=-1 if m.get("source") is None else checks.number(m, "source") or 0,
                    )
                ),
            ),
            *(
                _answer(
                    name,
                    ("block", "owner"),
                    (kind,),
                    answer_checks.check_remove_threat,
                    _emit(
                        lambda seat, m, s: ThreatRemoved(
                            seat=seat,
                            owner=checks.number(m, "owner") or 0,
                            block=checks.number(m, "block") or 0,
                            by=choices.removal_cause(checks.decision(s)),
                        )
                    ),
                )
                for name, kind in (
                    ("remove_threat", "remove_threats"),
                    ("lose_threat", "lose_threats"),
                )
            ),
            _answer(
                "lose_henchman",
                ("source",),
                ("lose_henchman",),
                answer_checks.check_lose_henchman,
                _emit(
                    lambda seat, m, s: HenchmanLost(
                        seat=seat, owner=seat, source=checks.number(m, "source") or 0
                    )
                ),
            ),
            _answer(
                "place_henchman",
                ("block",),
                ("place_henchmen",),
                answer_checks.check_place_henchman,
                _emit(
                    lambda seat, m, s: HenchmanPlaced(
                        seat=seat, block=checks.number(m, "block") or 0
                    )
                ),
            ),
            _answer("steal", ("resource",), ("steal",), answer_checks.check_steal, _act_steal),
            _answer(
                "send_home",
                ("block",),
                ("send_home",),
                answer_checks.check_candidate,
                lambda run, seat, m, rng: effects.henchmen_home(
                    run, checks.number(m, "block") or 0, spare=seat, by="card", seat=seat
                ),
            ),
            _answer(
                "batman_to",
                ("block",),
                ("batman_to",),
                answer_checks.check_candidate,
                lambda run, seat, m, rng: effects.batman_arrives(
                    run, checks.number(m, "block") or 0, rng, seat=seat
                ),
            ),
            _answer(
                "face_down",
                ("card",),
                ("face_down",),
                answer_checks.check_face_down,
                _emit(lambda seat, m, s: CardFaceDown(seat=seat, card=str(m.get("card")))),
            ),
            _answer(
                "carry_out",
                (),
                ("use_card",),
                answer_checks.check_carry_out,
                _emit(lambda seat, m, s: CardCarriedOut(seat=seat, card=s.played)),
            ),
            _answer(
                "take",
                ("first", "second"),
                ("use_card",),
                answer_checks.check_take,
                _emit(_resources_taken),
            ),
            _answer(
                "stop",
                (),
                answer_checks.DECISION_KINDS,
                answer_checks.check_stop,
                _emit(lambda seat, m, s: Stopped(seat=seat)),
            ),
        ),
        precheck=checks.precheck,
        unknown=checks.unknown,
        unexpected=checks.unexpected,
        carries=CARRIES,
    )


MOVES = move_book()
