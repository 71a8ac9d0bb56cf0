"""Every move of the game declared once on the engine's MoveBook, and whom the game waits for."""

from __future__ import annotations

from rules_core.engine.moves import MoveBook, MoveRule
from rules_core.engine.types import Rejection
from rules_core.games.gotham_city_chronicles import heroes_turn, movement
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState


def to_act(state: GccState) -> frozenset[int]:
    """The seats the game waits for: during the heroes' stances, the seats with a hero still to
    declare; during their actions, the heroes' seats not yet finished (V·B·4: they act in any
    order they agree); the villain's seat in its turn."""
    if state.winner or state.pack is None:
        return frozenset()
    if state.flow.phase == "heroes":
        if state.flow.step == "stance":
            return frozenset(h.seat for h in state.heroes if not h.stance)
        return frozenset(s for s in state.hero_seats() if s not in state.done)
    if state.flow.prompts:
        return state.flow.to_act()
    return frozenset({VILLAIN_SEAT})


def _precheck(state: GccState, seat: int) -> Rejection | None:
    if state.winner:
        return reject("game_over", "The mission is over.")
    if seat not in to_act(state):
        side = "the heroes" if state.flow.phase == "heroes" else "the villain"
        return reject("not_your_turn", f"It is {side}' turn, and not yours to play now.")
    return None


MOVES: MoveBook[GccState] = MoveBook(
    rules=(
        MoveRule(
            "stance",
            ("hero", "stance"),
            heroes_turn.stance_offers,
            heroes_turn.stance_check,
            heroes_turn.stance_apply,
            heroes_turn.stance_label,
        ),
        MoveRule(
            "move",
            ("hero", "to"),
            movement.move_offers,
            movement.move_check,
            movement.move_apply,
            movement.move_label,
        ),
        MoveRule(
            "end_movement",
            (),
            movement.end_offers,
            movement.end_check,
            movement.end_apply,
            movement.end_label,
        ),
        MoveRule(
            "finish",
            (),
            heroes_turn.finish_offers,
            heroes_turn.finish_check,
            heroes_turn.finish_apply,
            heroes_turn.finish_label,
        ),
    ),
    precheck=_precheck,
    unknown=lambda name: reject("unknown_move", f"There is no move {name[:40]!r} in this game."),
    unexpected=lambda name, extra: reject(
        "unexpected_parameter", f"{name} does not take {', '.join(e[:40] for e in extra[:5])}."
    ),
)
