"""The step the game owes inside one move (rules version 18): after some events the game itself
writes what follows in the same move, so at that version (a state view shows every one) nobody
is to act. Each step is the book's to carry out, not a player's choice:

- `turn`: a side's turn has ended (V·B·7, VI·B·6), and the end-game check and the next side's
  turn or the upkeep follow (IV); or a side's turn begins and its dissipation tokens turn or go
  (IX O);
- `movement`: a movement is declared, or move points bought, and the miniature moves; it has
  moved by a fall or into dangerous terrain, and the dice of its destination follow (V·C·5 [i],
  IX Q);
- `wounds`: dice kept or a defense counted with wounds to deal, dealt at once (IX A, VII H);
- `neutralization`: a character at no life point, neutralized at once (IX B), and a neutralized
  character's activation or tile that ends with it (IX B);
- `explosion`: a Blast's explosions (X Blast), or an explosion's or a token's miniatures rolling
  one after another (IX Q-R), the wounds of one roll dealt before the next;
- `effects`: the effect chosen first of several triggering together, carried out at once
  (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5; effect_order.py);
- `event`: the event tile's event, its effects one after another, then its reinforcement points
  or the event tile's end (VI·B·3 [d], VI E); and that end once its points are all spent or
  given up (VI·B·3 [e]).

The states a player may rest at between the steps of one move (a movement ended before the
next action's roll, an activation ended before the villain's turn ends) are left as they are:
the moves they offer are those the same state offers after a move of its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles.events import (
    Blasted,
    CharacterActivationEnded,
    CharacterNeutralized,
    CharacterWounded,
    ContentsLaid,
    DefenseCounted,
    DefenseImpossible,
    DissipationPlaced,
    DissipationTurned,
    EffectOrderChosen,
    EventTriggered,
    Exploded,
    HeroesTurnBegan,
    HeroesTurnEnded,
    HeroWounded,
    Moved,
    MovementDeclared,
    MovePointsBought,
    Reinforced,
    ReinforcementPoints,
    TerrainRolled,
    TileNeutralized,
    TokenChanged,
    VillainTurnBegan,
    VillainTurnEnded,
)
from rules_core.games.gotham_city_chronicles.mission import EVENT_TILE
from rules_core.games.gotham_city_chronicles.state import GccState

ALWAYS: Mapping[type, str] = {
    HeroesTurnEnded: "turn",
    VillainTurnEnded: "turn",
    MovementDeclared: "movement",
    MovePointsBought: "movement",
    Blasted: "explosion",
    EventTriggered: "event",
    EffectOrderChosen: "effects",
}

# what a step owed is, in the words of a refusal: "The game first ..."
IN_WORDS: Mapping[str, str] = {
    "turn": "ends the turn and goes on to what follows it",
    "movement": "moves the miniature",
    "wounds": "deals the wounds",
    "neutralization": "neutralizes the character",
    "explosion": "carries out the explosion",
    "event": "carries out the event",
    "effects": "carries out the effect chosen first",
    "dice": "counts the dice, which have nothing left to reroll",
    "defense": "takes the defense nobody is asked for",
}


def _on_board(state: GccState, figure: str) -> bool:
    """A miniature wounds reach: any hero, a character still in an area (IX A)."""
    return state.has_hero(figure) or bool(state.character(figure).area)


def owed_after(before: GccState, after: GccState, event: GameEvent) -> str:
    """The step the game owes once `event` has changed `before` into `after` ("" for none):
    its own; for the wounds of an area's roll, the rest of the effect behind them
    (`_rest_follows`); for an event's effects, the rest of the event."""
    if after.winner:
        return ""
    own = _owed_by(before, after, event)
    if isinstance(event, TerrainRolled) and _rest_follows(before):
        return "explosion"
    if isinstance(event, WOUNDING) and before.owing == "explosion":
        return "explosion"
    if _still_falling(before, after, event):
        return "movement"
    if isinstance(event, EFFECTS) and before.owing == "event":
        return own if own == "explosion" else "event"
    return own


# what the wounds of a roll bring about (IX A-B), between an area's roll and what follows it
WOUNDING = (
    HeroWounded,
    CharacterWounded,
    CharacterNeutralized,
    TileNeutralized,
    CharacterActivationEnded,
)
# what a mission effect writes before its end (the event's reinforcement points follow it)
EFFECTS = (DissipationPlaced, TokenChanged, ContentsLaid, Exploded, *WOUNDING)
# effects whose caller always writes more once they are over: the upkeep's side's turn (IV A),
# a side's end (V·B·7, VI·B·6), an event's reinforcement points or the event tile's end (VI E)
FOLLOWED = ("upkeep", "heroes_end", "villain_end", "event")


def _rest_follows(before: GccState) -> bool:
    """Whether an area's roll being counted has more behind it that the game writes at once:
    another miniature of the area (IX Q-R), a Blast's next area (X), the effects still due of
    its step, or a caller that always goes on (`FOLLOWED`)."""
    sequel = before.sequel
    if before.roll is None or before.roll.purpose != "area" or sequel is None:
        return False
    return (
        bool(sequel.figures)
        or (sequel.origin == "blast" and bool(sequel.areas))
        or bool(sequel.later)
        or sequel.origin in FOLLOWED
    )


def _fall_into_danger(before: GccState, after: GccState, event: TerrainRolled) -> bool:
    """A fall's dice kept in dangerous terrain: its wounds, then the dangerous terrain's dice
    or, for a hero the fall neutralized, its movement's end follow (V·C·5 [i], IX Q)."""
    roll = before.roll
    fell = roll is not None and roll.purpose == "terrain" and roll.action == "fall"
    return fell and after.terrain(after.area_of(event.figure))[1] > 0


def _event_tile_done(event: Reinforced | ReinforcementPoints, after: GccState) -> bool:
    """The event tile's points all spent or given up (a reinforcement, or points taken away):
    the tile's activation ends next (VI·B·3 [e], VI E)."""
    spent = isinstance(event, Reinforced) or event.points < 0
    activation = after.activation
    at_event = activation is not None and activation.tile == EVENT_TILE and not activation.event
    return spent and at_event and after.reinforcement == 0


def _still_falling(before: GccState, after: GccState, event: GameEvent) -> bool:
    """A fall's wounds dealt (`_fall_into_danger`) to a hero, or to a character they leave on
    the board: what the fall owed still follows."""
    if before.owing != "movement":
        return False
    if isinstance(event, HeroWounded):
        return True
    return isinstance(event, CharacterWounded) and after.character(event.character).life > 0


def _owed_by(before: GccState, after: GccState, event: GameEvent) -> str:
    fixed = ALWAYS.get(type(event))
    if fixed is not None:
        return fixed
    if isinstance(event, (HeroesTurnBegan, VillainTurnBegan)):  # IX O: its tokens turn
        side = "heroes" if isinstance(event, HeroesTurnBegan) else "villain"
        return "turn" if any(t.side == side for t in after.area_tokens) else ""
    if isinstance(event, DissipationTurned):  # the side's tokens still showing active turn next
        active = any(t.side == event.side and not t.dissipating for t in after.area_tokens)
        return "turn" if active else ""
    if isinstance(event, Moved):  # V·C·5 [i]: a fall's dice, or dangerous terrain's
        falls = event.kind == "fall" and event.level > 0
        return "movement" if falls or after.terrain(event.target)[1] > 0 else ""
    if isinstance(event, TerrainRolled) and _fall_into_danger(before, after, event):
        return "movement"
    if isinstance(event, TerrainRolled) and event.wounds > 0:
        return "wounds" if _on_board(after, event.figure) else ""
    if isinstance(event, (DefenseCounted, DefenseImpossible)) and event.wounds > 0:
        return "wounds" if _on_board(after, event.defender) else ""
    if isinstance(event, CharacterWounded) and after.character(event.character).life == 0:
        return "neutralization"
    if isinstance(event, CharacterNeutralized):
        activated = before.activation is not None and before.activation.character == event.character
        emptied = after.tile_emptied(after.character(event.character).tile)
        return "neutralization" if activated or emptied else ""
    if isinstance(event, (Reinforced, ReinforcementPoints)) and _event_tile_done(event, after):
        return "event"
    if isinstance(event, Exploded) and after.figures_in(event.area):
        return "explosion"
    if isinstance(event, DissipationPlaced):  # IX Q: more dangerous, its miniatures roll
        worse = after.terrain(event.area)[1] > before.terrain(event.area)[1]
        return "explosion" if worse and after.figures_in(event.area) else ""
    return ""


def marking(
    handlers: Mapping[type, Callable[[Any, Any], Any]],
) -> dict[type, Callable[[Any, Any], Any]]:
    """Each handler, then the step the game owes after its event (cleared by every other)."""

    def marked(handler: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def evolve(state: GccState, event: GameEvent) -> GccState:
            after: GccState = handler(state, event)
            owing = owed_after(state, after, event)
            return after if after.owing == owing else updated(after, owing=owing)

        return evolve

    return {kind: marked(handler) for kind, handler in handlers.items()}
