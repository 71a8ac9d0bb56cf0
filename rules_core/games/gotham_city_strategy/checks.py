"""Why a Gotham City Strategy move is refused: where the game must stand for it (the turn's
step, the decision waited for) and what the rules ask of a turn move's parameters, each reason
found while checking and cited (moves.py declares each move with its check; an answer's own
checks are in answer_checks.py, the refusal codes in refusals.py)."""

from __future__ import annotations

from collections.abc import Callable

from rules_core.engine.types import Move, Rejection
from rules_core.engine.wording import listed, no_such_move, takes_only
from rules_core.games.gotham_city_strategy import board, choices, language, planning
from rules_core.games.gotham_city_strategy.choices import HENCHMAN_COST
from rules_core.games.gotham_city_strategy.citations import VARIANT
from rules_core.games.gotham_city_strategy.refusals import reject
from rules_core.games.gotham_city_strategy.state import (
    BLOCKS,
    HIDEOUT,
    TOP_LEVEL,
    Decision,
    GcsState,
    Plan,
)

Check = Callable[[GcsState, int, Move], Rejection | None]


def number(move: Move, key: str) -> int | None:
    value = move.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def place(state: GcsState, location: int) -> str:
    return language.place(state, location)


def in_hand(hand: tuple[str, ...], move: Move, section: str = "turn.plot") -> Rejection | None:
    """The move's card is one of the hand's (refused alike for another's card or none: the
    posted id is not repeated), citing `section`: the card played, or the variant's face-down
    card."""
    card = move.get("card")
    if not isinstance(card, str):
        return reject("card_not_in_hand", "Name the card from your hand.", section)
    if card not in hand:
        return reject("card_not_in_hand", "That card is not in your hand.", section)
    return None


# ---- where the game stands ----------------------------------------------------------------


def precheck(state: GcsState, seat: int) -> Rejection | None:
    """Whatever the move: the game goes on, in today's log format, and waits for this seat."""
    if state.phase == "over":
        return reject("game_over", "The game is over.")
    if state.log_format == 1:
        return reject(
            "older_log",
            "This game was stored in the first log format: it can be replayed, not continued.",
        )
    waiting = choices.to_act(state)
    if seat not in waiting:
        names = " or ".join(language.villain(state, s) for s in sorted(waiting))
        owed = choices.current(state)
        sections = (
            choices.asked_by(state, owed)
            if owed is not None
            else ("setup",)
            if state.phase == "setup"
            else ("turn",)
        )
        return reject("not_your_turn", f"The game is waiting for {names or 'nobody'}.", *sections)
    return None


def in_step(step: str) -> Check:
    """A turn move: no decision is waiting and the turn is at `step`."""

    def check(state: GcsState, seat: int, move: Move) -> Rejection | None:
        decision = choices.current(state)
        if decision is not None:
            return pending(state, decision)
        if state.step != step:
            return reject("wrong_step", language.out_of_step(step, state.step))
        return None

    return check


def answering(*kinds: str) -> Check:
    """An answer: the decision waiting is one of `kinds`."""

    def check(state: GcsState, seat: int, move: Move) -> Rejection | None:
        decision = choices.current(state)
        if decision is None:
            return reject(
                "wrong_step", "That move answers a question, and none is waiting for an answer."
            )
        if decision.kind not in kinds:
            return pending(state, decision)
        return None

    return check


def pending(state: GcsState, decision: Decision) -> Rejection:
    """Another move while `decision` waits, citing the rule that asks for it."""
    return reject(
        "decision_pending",
        f"First: {language.decision(state, decision)}",
        *choices.asked_by(state, decision),
    )


def decision(state: GcsState) -> Decision:
    decision = choices.current(state)
    assert decision is not None
    return decision


# ---- the levels step ----------------------------------------------------------------------


def check_advance(state: GcsState, seat: int, move: Move) -> Rejection | None:
    assert state.pack is not None
    player = state.players[seat]
    if player.level >= TOP_LEVEL:
        return reject("requirement_not_met", "You are at the top level already.", "glossary.level")
    need = state.pack.villain(player.villain).dial[player.level - 1]
    have, amount = choices.requirement(state, seat, len(board.ruled_blocks(state, seat)))
    if have < amount:
        level = f"Level {player.level + 1}"
        if need.needs == "blocks":
            duel = ("two-player",) if len(state.players) == 2 else ()  # a tie rules nothing
            tie = " (with two villains, a block where you tie is not yours)" if duel else ""
            return reject(
                "requirement_not_met",
                f"{level} asks you to rule {amount} blocks; you rule {have}{tie}.",
                "turn.level.verify",
                "glossary.ruling",
                *duel,
            )
        return reject(
            "requirement_not_met",
            f"{language.level_asks(need)}; you have {have}.",
            "turn.level.verify",
        )
    return None


def check_ability(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if not state.ability_due:
        return reject(
            "no_ability_due", "You have not reached an ability icon this turn (or chose already)."
        )
    if move.get("card") not in choices.ability_choices(state, seat):
        return reject("no_ability_due", "That is not an ability your villain may take now.")
    return None


def check_play(state: GcsState, seat: int, move: Move) -> Rejection | None:
    player = state.players[seat]
    if state.variant and player.face_down:
        return reject(
            "card_not_in_hand", "In the variant you play your face-down card: reveal it.", VARIANT
        )
    return in_hand(player.hand, move)


def check_reveal(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if not (state.variant and state.players[seat].face_down):
        return reject("card_not_in_hand", "You have no face-down card to reveal.", VARIANT)
    return None


# ---- the actions step ---------------------------------------------------------------------


def check_recruit(state: GcsState, seat: int, move: Move) -> Rejection | None:
    player = state.players[seat]
    if state.moved:
        return reject(
            "cannot_recruit",
            "Recruiting comes before moving; you have moved.",
            "turn",
            "turn.recruit",
        )
    if player.money < HENCHMAN_COST:
        return reject(
            "cannot_recruit",
            f"A henchman costs {HENCHMAN_COST} money; you have {player.money}.",
            "turn.recruit",
        )
    if player.recruited >= board.henchmen_limit(state, seat):
        return reject(
            "cannot_recruit",
            f"You have all {board.henchmen_limit(state, seat)} henchmen already.",
            "turn.recruit",
            "glossary.henchmen",
        )
    return None


def check_move(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if state.moved:
        return reject(
            "cannot_move", "You have moved your figures this turn already.", "turn", "turn.move"
        )
    if state.players[seat].information < 1 and not board.ability_ops(state, seat, "free_move"):
        return reject("cannot_move", "Moving costs 1 information; you have none.", "turn.move")
    return None


def offer_end_turn(state: GcsState, seat: int) -> list[Move]:
    hand = state.players[seat].hand
    if state.variant and hand and state.final_turns < 0:
        return [Move.of("end_turn", card=c) for c in sorted(set(hand))]
    return [Move.of("end_turn")]


def check_end_turn(state: GcsState, seat: int, move: Move) -> Rejection | None:
    card = move.get("card")
    hand = state.players[seat].hand
    if state.variant and hand and state.final_turns < 0:
        if card not in hand:
            return reject(
                "card_not_in_hand",
                "In the variant you end the turn with a card of your hand.",
                VARIANT,
            )
    elif card is not None:
        return reject(
            "card_not_in_hand", "No card goes face down now: end the turn without one.", VARIANT
        )
    return None


# ---- moving figures -----------------------------------------------------------------------


def check_move_villain(state: GcsState, seat: int, move: Move) -> Rejection | None:
    plan = state.plan
    assert plan is not None
    to = number(move, "to")
    if plan.villain_to is not None:
        return reject("cannot_move", "Your villain has been moved this turn already.", "turn.move")
    if to is None or not HIDEOUT <= to < BLOCKS:
        return reject(
            "cannot_move", "Name the block your villain goes to, or the hideout.", "turn.move"
        )
    if to == state.players[seat].villain_at:
        return reject("cannot_move", f"Your villain is on {place(state, to)} already.", "turn.move")
    if not planning.completable(state, seat, planning.with_villain(plan, to)):
        return reject("cannot_move", _outnumber(state, seat, plan), "turn.move")
    return None


def check_move_henchmen(state: GcsState, seat: int, move: Move) -> Rejection | None:
    plan = state.plan
    assert plan is not None
    source, target, count = number(move, "source"), number(move, "target"), number(move, "count")
    if source is None or target is None or not HIDEOUT <= source < BLOCKS:
        return reject(
            "cannot_move",
            "Name the block or the hideout the henchmen leave, and the one they go to.",
            "turn.move",
        )
    if not HIDEOUT <= target < BLOCKS or target == source:
        return reject(
            "cannot_move", "The henchmen go to another block or to the hideout.", "turn.move"
        )
    available = planning.unmoved(state, seat, plan, source)
    if count is None or not 1 <= count <= available:
        left = f"Only {available}" if available else "None"
        return reject(
            "cannot_move",
            f"{left} of your henchmen at {place(state, source)} may still move.",
            "turn.move",
        )
    if planning.may_enter(state, seat, plan, target):
        after = planning.with_henchmen(plan, source, target, count)
        if planning.completable(state, seat, after):
            return None
        if target not in planning.shortfalls(state, seat, after):  # strands the others
            return reject("cannot_move", _outnumber(state, seat, after, left=True), "turn.move")
        enemies = planning.enemy_henchmen(state, seat, target)
        return reject(
            "cannot_move",
            f"To enter {place(state, target)} your henchmen together must outnumber the "
            f"{enemies} enemy henchmen there, and you have too few left to move.",
            "turn.move",
        )
    if state.batman_at == target:
        return reject(
            "cannot_move",
            "Henchmen may enter Batman's block only with your villain.",
            "turn.plot.batman-blocks",
            "turn.move",
        )
    return reject(
        "cannot_move", "Henchmen may enter another villain's block only with yours.", "turn.move"
    )


def check_done_moving(state: GcsState, seat: int, move: Move) -> Rejection | None:
    plan = state.plan
    assert plan is not None
    if planning.shortfalls(state, seat, plan):
        return reject("cannot_move", _outnumber(state, seat, plan), "turn.move")
    return None


def _outnumber(state: GcsState, seat: int, plan: Plan, left: bool = False) -> str:
    """What the plan still lacks: more henchmen into each block they do not yet outnumber (the
    villain may go there instead while he has not moved); `left`: a step refused because it
    would leave too few henchmen to make that up."""
    wanted = [
        f"{n} more henchm{'a' if n == 1 else 'e'}n into {place(state, block)}"
        for block, n in sorted(planning.shortfalls(state, seat, plan).items())
    ]
    if not wanted:
        return "Moving your villain there would leave your henchmen unable to enter."
    villain = " (or your villain with them)" if plan.villain_to is None else ""
    if left:
        return (
            "Your henchmen must outnumber the enemy henchmen where they enter, and after that "
            f"step too few would be left to move {listed(wanted)}{villain}."
        )
    return "Your henchmen must outnumber the enemy henchmen where they enter: move " + (
        f"{listed(wanted)}{villain}."
    )


def unknown(name: str) -> Rejection:
    return reject("unknown_move", no_such_move("Gotham City Strategy"))


def unexpected(name: str, takes: tuple[str, ...]) -> Rejection:
    return reject("unknown_move", takes_only(name, takes))
