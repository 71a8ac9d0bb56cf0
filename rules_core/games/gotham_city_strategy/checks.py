"""Why a Gotham City Strategy move is refused: where the game must stand for it (the turn's
step, the decision waited for) and what the rules ask of its parameters, each reason found while
checking and cited (moves.py declares each move with its check)."""

from __future__ import annotations

from collections.abc import Callable

from rules_core.engine.types import Citation, Move, Rejection
from rules_core.engine.wording import no_such_move, takes_only
from rules_core.games.gotham_city_strategy import board, choices, language, planning
from rules_core.games.gotham_city_strategy.choices import HENCHMAN_COST, TAKE
from rules_core.games.gotham_city_strategy.citations import REMOVALS, cite
from rules_core.games.gotham_city_strategy.state import (
    BLOCKS,
    HIDEOUT,
    TOP_LEVEL,
    Decision,
    GcsState,
    Plan,
)

Check = Callable[[GcsState, int, Move], Rejection | None]
THREATS, PLACING = "glossary.threats", "turn.plot.effect.placing"
CARD = "turn.plot.effect.carry-out"

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("overview", "two-player"),
    "bad_options": cite("setup", "variant"),
    "game_over": cite("end"),
    "older_log": cite("turn"),
    "not_your_turn": cite("turn", "turn.plot.effect.carry-out", "setup"),
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
    "cannot_remove_threat": cite(
        "glossary.order-value",
        "turn.plot.bat-signal",
        "turn.fight-batman",
        "turn.plot.effect.carry-out",
    ),
    "cannot_recruit": cite("turn.recruit", "turn", "glossary.henchmen"),
    "cannot_move": cite("turn.move", "turn.plot.batman-blocks", "turn"),
    "bad_choice": cite(
        "turn.plot.effect.carry-out",
        "turn.plot.effect.resources",
        "turn.plot.bat-signal",
        "turn.plot.batman-blocks",
        "glossary.ability",
    ),
    "must_continue": cite(
        "turn.plot.effect.carry-out", "turn.fight-batman", "turn.plot.effect.resources", "setup"
    ),
}

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": "Starting a game with fewer than two or more than four villains.",
    "bad_options": (
        "Starting a game with an option it does not know, the same villain twice, or a card set it "
        "cannot use."
    ),
    "game_over": "Making any move once the game is over.",
    "older_log": (
        "Playing on in a game recorded in the first, older way, which can be replayed but not "
        "continued."
    ),
    "not_your_turn": "Making a move while the game is waiting for another villain.",
    "unknown_move": (
        "Making a move the game does not have, or giving a move a detail it does not take."
    ),
    "decision_pending": (
        "Making any other move while a card, a fight or Batman still waits for a villain's answer."
    ),
    "wrong_step": (
        "Making a move that belongs to another step of the turn, such as advancing a level after "
        "the card is played."
    ),
    "requirement_not_met": (
        "Advancing a level without meeting what the dial asks, or beyond the top level."
    ),
    "no_ability_due": (
        "Taking an ability card without having reached an ability icon this turn, or taking a "
        "second one."
    ),
    "card_not_in_hand": "Playing, revealing or putting face down a card the villain does not hold.",
    "card_requirement_not_met": (
        "Carrying out a played card whose requirement the villain does not meet."
    ),
    "cannot_place_threat": (
        "Placing a threat where it may not go, such as Batman's block or a block holding as many "
        "of the villain's threats as it may."
    ),
    "cannot_remove_threat": (
        "Removing a threat that the card or Batman does not allow to be removed."
    ),
    "cannot_recruit": (
        "Recruiting a henchman after moving, without the money, or with every henchman already "
        "recruited."
    ),
    "cannot_move": (
        "Moving figures a second time in a turn, without information to pay, or where they may not "
        "go."
    ),
    "bad_choice": (
        "Answering a card or a theft with something it does not offer, such as stealing anything "
        "but money or information."
    ),
    "must_continue": "Stopping short of something a card or a fight requires in full.",
}


def reject(code: str, message: str, *sections: str) -> Rejection:
    """A refusal citing the sections of its code, or, where one code serves several rules
    (a threat's removal after Batman's arrival, a fight or a card), the section of the rule
    that refuses this move (always some of its code's)."""
    return Rejection(code, message, cite(*sections) if sections else REJECTIONS[code])


def number(move: Move, key: str) -> int | None:
    value = move.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def place(state: GcsState, location: int) -> str:
    return language.place(state, location)


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
        section = (
            "setup"
            if state.phase == "setup"
            else "turn"
            if choices.current(state) is None
            else "turn.plot.effect.carry-out"
        )
        return reject("not_your_turn", f"The game is waiting for {names or 'nobody'}.", section)
    return None


def in_step(step: str) -> Check:
    """A turn move: no decision is waiting and the turn is at `step`."""

    def check(state: GcsState, seat: int, move: Move) -> Rejection | None:
        decision = choices.current(state)
        if decision is not None:
            return reject("decision_pending", f"First: {language.decision(state, decision)}")
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
            return reject("decision_pending", f"First: {language.decision(state, decision)}")
        return None

    return check


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
            return reject(
                "requirement_not_met",
                f"{level} asks you to rule {amount} blocks; you rule {have}.",
                "turn.level.verify",
                "glossary.ruling",
            )
        what = "recruited henchmen" if need.needs == "henchmen" else need.needs
        return reject(
            "requirement_not_met",
            f"{level} asks for {amount} {what}; you have {have}.",
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
        return reject("card_not_in_hand", "In the variant you play your face-down card: reveal it.")
    return _in_hand(player.hand, move)


def check_reveal(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if not (state.variant and state.players[seat].face_down):
        return reject("card_not_in_hand", "You have no face-down card to reveal.")
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
                "card_not_in_hand", "In the variant you end the turn with a card of your hand."
            )
    elif card is not None:
        return reject("card_not_in_hand", "No card goes face down now: end the turn without one.")
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
            "cannot_move", f"'to' is a block 0 to {BLOCKS - 1} or the hideout (-1).", "turn.move"
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
            "cannot_move", "'source' and 'target' are blocks or the hideout (-1).", "turn.move"
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


def _outnumber(state: GcsState, seat: int, plan: Plan) -> str:
    """What the plan still lacks: more henchmen into each block they do not yet outnumber."""
    wanted = [
        f"{n} more henchm{'a' if n == 1 else 'e'}n into {place(state, block)}"
        for block, n in sorted(planning.shortfalls(state, seat, plan).items())
    ]
    if not wanted:
        return "Moving your villain there would leave your henchmen unable to enter."
    return "Your henchmen must outnumber the enemy henchmen where they enter: move " + (
        ", ".join(wanted) + " (or your villain with them)."
    )


# ---- answers ------------------------------------------------------------------------------


def check_place_threat(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d, player = decision(state), state.players[seat]
    assert state.pack is not None
    block, source = number(move, "block"), move.get("source")
    if block is None or not 0 <= block < BLOCKS:
        return reject("cannot_place_threat", f"'block' is a block 0 to {BLOCKS - 1}.", THREATS)
    at = place(state, block)
    if block == state.batman_at:
        return reject(
            "cannot_place_threat",
            f"Batman is on {at}: no threat may go there.",
            "turn.plot.batman-blocks",
        )
    if d.district and state.pack.blocks[block].district != d.district:
        return reject(
            "cannot_place_threat", f"These threats go in {d.district.capitalize()}.", PLACING
        )
    if d.different and block in d.used:
        return reject(
            "cannot_place_threat", f"These threats go on different blocks; {at} has one.", PLACING
        )
    if board.threat_room(state, seat, block) <= 0:
        return reject(
            "cannot_place_threat", f"{at} holds as many of your threats as it may.", THREATS
        )
    if player.reserve_threats > 0:
        if source is not None:
            return reject(
                "cannot_place_threat", "Threats come from your reserve while it has any.", THREATS
            )
        return None
    if not isinstance(source, int) or not 0 <= source < BLOCKS or source == block:
        return reject(
            "cannot_place_threat",
            "Your reserve is empty: name a 'source' block to move one from.",
            THREATS,
        )
    if not player.threats[source]:
        return reject(
            "cannot_place_threat", f"You have no threat on {place(state, source)}.", THREATS
        )
    return None


def check_remove_threat(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d = decision(state)
    pair = (number(move, "block"), number(move, "owner"))
    if pair not in choices.removable(state, d):
        return reject(
            "cannot_remove_threat",
            "There is no such threat you may remove.",
            *REMOVALS[choices.removal_cause(d)],
        )
    return None


def check_lose_henchman(state: GcsState, seat: int, move: Move) -> Rejection | None:
    player, source = state.players[seat], number(move, "source")
    if source is None or not HIDEOUT <= source < BLOCKS:
        return reject("bad_choice", "'source' is a block or the hideout (-1).", CARD)
    here = player.hideout_henchmen if source == HIDEOUT else player.henchmen[source]
    if not here:
        return reject("bad_choice", f"You have no henchman on {place(state, source)}.", CARD)
    return None


def check_place_henchman(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d, block = decision(state), number(move, "block")
    if not state.players[seat].hideout_henchmen:
        return reject("bad_choice", "Your hideout has no henchman to place.", CARD)
    if block not in board.henchman_targets(state, seat, d.district):
        return reject(
            "bad_choice",
            "A henchman goes on a block with no enemy figure and no Batman"
            + (f", in {d.district.capitalize()}." if d.district else "."),
            CARD,
            "turn.plot.batman-blocks",
        )
    return None


def check_steal(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if move.get("resource") not in ("information", "money"):
        return reject("bad_choice", "Steal 'money' or 'information'.", "glossary.ability")
    return None


def check_candidate(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d = decision(state)
    if number(move, "block") not in d.candidates:
        shown = ", ".join(place(state, b) for b in d.candidates)
        section = "turn.plot.bat-signal" if d.kind == "batman_to" else CARD
        return reject("bad_choice", f"Choose one of: {shown}.", section)
    return None


def check_face_down(state: GcsState, seat: int, move: Move) -> Rejection | None:
    return _in_hand(state.players[seat].hand, move)


def _in_hand(hand: tuple[str, ...], move: Move) -> Rejection | None:
    """The move's card is one of the hand's (refused alike for another's card or none: the
    posted id is not repeated)."""
    card = move.get("card")
    if not isinstance(card, str):
        return reject("card_not_in_hand", "Name the card from your hand.")
    if card not in hand:
        return reject("card_not_in_hand", "That card is not in your hand.")
    return None


def check_carry_out(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if not choices.card_requirement_met(state, seat, state.played):
        return reject(
            "card_requirement_not_met",
            "You do not meet this card's requirement (ruled blocks or henchmen on the map): "
            "take two resources instead.",
            *(("turn.plot.effect", "variant") if state.variant else ("turn.plot.effect",)),
        )
    return None


def check_take(state: GcsState, seat: int, move: Move) -> Rejection | None:
    first, second = move.get("first"), move.get("second")
    if first not in TAKE or second not in TAKE or TAKE.index(first) > TAKE.index(second):
        return reject(
            "bad_choice",
            f"Take two of {', '.join(TAKE)}, named in that order as first and second (the"
            " same one twice takes two of it).",
            "turn.plot.effect.resources",
        )
    return None


def check_stop(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d = decision(state)
    if Move.of("stop") not in choices.decision_moves(state, d):
        if state.phase == "setup":
            sections: tuple[str, ...] = ("setup",)
        elif choices.removal_cause(d) == "fight":
            sections = ("turn.fight-batman",)
        elif d.kind == "place_threats":
            sections = ("turn.plot.effect.carry-out", "turn.plot.effect.resources")
        else:
            sections = ("turn.plot.effect.carry-out",)
        return reject(
            "must_continue", f"{language.decision(state, d)} It cannot be stopped early.", *sections
        )
    return None


def unknown(name: str) -> Rejection:
    return reject("unknown_move", no_such_move("Gotham City Strategy"))


def unexpected(name: str, takes: tuple[str, ...]) -> Rejection:
    return reject("unknown_move", takes_only(name, takes))


DECISION_KINDS = (  # every Decision.kind: a "stop" is refused with its reason in any of them
    "place_threats",
    "remove_threats",
    "place_henchmen",
    "lose_threats",
    "lose_henchman",
    "steal",
    "send_home",
    "batman_to",
    "face_down",
    "use_card",
)
