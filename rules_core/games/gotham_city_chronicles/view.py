"""What a seat sees: in the core rules everything on the table is in the open (the river, the
command post, hero boards, tiles, tokens), so every seat and spectator sees the same (README)."""

from __future__ import annotations

from rules_core.engine.codec import to_json
from rules_core.engine.types import JSON
from rules_core.engine.wording import capitalized
from rules_core.games.gotham_city_chronicles.energy import SPACES
from rules_core.games.gotham_city_chronicles.language import (
    die_shown,
    fight_summary,
    name,
    roll_summary,
    seat_names,
    step_now,
)
from rules_core.games.gotham_city_chronicles.state import GccState
from rules_core.games.gotham_city_chronicles.texts import texts


def view(state: GccState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
    if state.pack is None:
        return {"started": False}
    pack = state.pack
    board = pack.board
    return {
        "mission": pack.mission.name,
        "board": {
            "name": board.name,
            "areas": [to_json(a) for a in board.areas],
            "boundaries": [to_json(b) for b in board.boundaries],
            "specials": [to_json(m) for m in board.specials],
        },
        "names": {
            thing.id: name(state, thing.id)
            for table in (pack.items, pack.tiles, pack.mission.tokens, board.areas)
            for thing in table
        },
        "texts": [to_json(t) for t in texts(state)],
        "spaces": list(SPACES),
        "river_costs": list(pack.command_post.river_costs),
        "turn": state.turn,
        "turn_limit": pack.mission.turn_limit,
        "phase": state.flow.phase,
        "step": step_now(state),
        "seats": list(seat_names(state)),
        "heroes": [
            {
                "id": h.id,
                "name": name(state, h.id),
                "seat": h.seat,
                "energy": pack.hero(h.id).energy,
                "area": h.area,
                "stance": h.stance,
                "reserve": h.zones.reserve,
                "fatigue": h.zones.fatigue,
                "wounds": h.zones.wounds,
                "spaces": list(h.zones.spaces),
                "items": list(h.items),
                "gadgets": list(h.gadgets),
                "moved": h.moved,
            }
            for h in state.heroes
        ],
        "characters": [
            {"id": c.id, "name": name(state, c.id), "tile": c.tile, "area": c.area, "life": c.life}
            for c in state.characters
        ],
        "command_post": to_json(state.villain),
        "river": list(state.river),
        "face_down": list(state.face_down),
        "tokens": to_json(state.tokens),
        "ground": [list(g) for g in state.ground],
        "movement": to_json(state.movement),
        "activation": to_json(state.activation),
        "roll": _roll(state),
        "fight": _fight(state),
        "reinforcement": state.reinforcement,
        "winner": state.winner,
    }


def _fight(state: GccState) -> JSON:
    """The attack under way, with `summary` in words once its successes are counted and the
    defense is to be declared (the defender's seat reads what it defends against)."""
    recorded = to_json(state.fight)
    if state.fight is None or state.fight.successes < 0 or not isinstance(recorded, dict):
        return recorded
    return {**recorded, "summary": fight_summary(state)}


def _roll(state: GccState) -> JSON:
    """The roll waiting for its rerolls, with what it shows in words (rolled in the open, so
    the seat choosing its rerolls reads the faces first): `summary`, and each die in `shown`
    (those chosen so far for the free reroll said so)."""
    recorded = to_json(state.roll)
    if state.roll is None or not isinstance(recorded, dict):
        return recorded
    picked = state.roll.picked
    shown = [
        capitalized(die_shown(state, i)) + (", chosen for the free reroll" if i in picked else "")
        for i in range(len(state.roll.pool))
    ]
    return {**recorded, "summary": roll_summary(state), "shown": list(shown)}
