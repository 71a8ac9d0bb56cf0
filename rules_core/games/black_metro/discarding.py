"""Discarding fortunes of the player's choice one at a time (rules version 29): a mission's
option or a die face asking to discard several fortunes asks for them card by card, each move
naming one fortune of the hand, so a decision offers at most one move per card held (before,
every set of that many was one move: millions of them for a large hand). Once the last is
discarded a mission's option is fulfilled; a die face's other steps were already carried out
(facilities.carry_out)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules_core.engine.effects import Effect
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.black_metro import board, cards, effect_steps, language
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.checks import reject, unheld_fortune
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState


@dataclass(frozen=True, slots=True)
class Rest:
    """What a die face does after its discards: its steps from there (at district `number`)
    and the ways chosen for those that take a choice ("": none chosen yet, each is asked in
    turn, rules version 30)."""

    number: int
    steps: tuple[Effect, ...]
    choice: str


def ask(
    run: Run,
    seat: int,
    count: int,
    reason: str,
    card: str = "",
    option: int = 0,
    rest: Rest | None = None,
) -> bool:
    """`count` fortunes of `seat`'s choice to be discarded for `reason`, asked one at a time
    (then `card`'s `option`, a mission's, is fulfilled, or the `rest` of a die face carried
    out); a hand of no more than `count` is discarded whole at once (no choice to ask: False,
    and the caller goes on)."""
    hand = run.state.player(seat).hand
    if len(hand) <= count:
        if hand:
            whole = tuple(sorted(hand))
            run.emit(ef.FortunesDiscarded(seat=None, owner=seat, cards=whole, reason=reason))
        return False
    number, left, choice = 0, 0, ""
    if rest is not None and rest.steps:
        number, left, choice = rest.number, len(rest.steps), rest.choice
        option = effect_steps.option_ending(run.state, seat, reason, rest.steps)
    asked = ef.DiscardsAsked(
        seat=None,
        owner=seat,
        count=count,
        reason=reason,
        card=card,
        option=option,
        district=number,
        left=left,
        choice=choice,
    )
    run.emit(asked)
    return True


def one_by_one(amount: int) -> bool:
    """Whether a discard of `amount` fortunes is asked one at a time (rules version 29: any of
    more than one; a single card's choice is one move per card already)."""
    return amount > 1


def _asked(state: State, seat: int) -> bool:
    prompt = state.flow.prompt_for(seat)
    return prompt is not None and prompt.kind == "discards"


def _offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat):
        return []
    return [Move.of("discard_one", card=c) for c in cards.one_of_each(state.player(seat).hand)]


def _check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat):
        return reject("not_now", "No fortune of yours is to be discarded now.")
    if move.get("card") not in state.player(seat).hand:
        return unheld_fortune(move.get("card"))
    return None


def _discard(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    run = Run(state)
    card, why = str(move.get("card")), str(prompt.get("reason"))
    run.emit(ef.FortunesDiscarded(seat=seat, owner=seat, cards=(card,), reason=why))
    mission = str(prompt.get("card") or "")
    option = int(str(prompt.get("option")))
    left = int(str(prompt.get("left") or 0))
    if prompt.count == 1 and left:  # the last: the rest of the die face is carried out
        from rules_core.games.black_metro import facilities  # (it discards through us)

        steps = effect_steps.left_of(state, seat, why, option, left)
        number, choice = int(str(prompt.get("district"))), str(prompt.get("choice"))
        facilities.carry_out(run, seat, number, steps, choice or None, rng, why)
    elif prompt.count == 1 and mission:  # the last: the mission's option is fulfilled
        chosen = state.the_pack().mission(mission.partition("#")[0]).options[option - 1]
        power = chosen.power + board.bonus(state, seat, "mission_bonus")
        run.emit(
            d.MissionFulfilled(seat=seat, owner=seat, card=mission, option=option, power=power)
        )
    from rules_core.games.black_metro import standby  # (its dice discard through us)

    standby.carry_on(run, rng)
    return run.events


def _label(state: State, seat: int, move: Move) -> str:
    prompt = state.flow.prompt_for(seat)
    left = prompt.count if prompt is not None else 1
    why = language.discard_reason(state, str(prompt.get("reason"))) if prompt else ""
    more = f" ({left} to discard{why})" if left else ""
    return f"Discard {language.fortune(str(move.get('card')))}{more}"


DISCARD_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule("discard_one", ("card",), _offers, _check, _discard, _label),
)
