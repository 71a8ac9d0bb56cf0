"""Wounds dealt to any miniature (IX A) and what follows (IX B): a hero's cubes to the wound
zone, a character's life points, neutralized characters to the pool, neutralized tiles of the
river; the wounds of yellow dice kept."""

from __future__ import annotations

from rules_core.engine.declared import Run
from rules_core.games.gotham_city_chronicles.dice import successes_shown
from rules_core.games.gotham_city_chronicles.energy import wounded
from rules_core.games.gotham_city_chronicles.events import (
    CharacterActivationEnded,
    CharacterNeutralized,
    CharacterWounded,
    HeroWounded,
    TerrainRolled,
    TileNeutralized,
)
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState


def wound(run: Run[GccState], seat: int | None, figure: str, wounds: int) -> None:
    """Deal `wounds` to a hero or a character (none: nothing happens)."""
    if wounds <= 0:
        return
    state = run.state
    if state.has_hero(figure):
        after = wounded(state.hero(figure).zones, wounds)
        run.emit(HeroWounded(seat=seat, hero=figure, wounds=wounds, neutralized=after.neutralized))
        return
    character = state.character(figure)
    if not character.area:
        return
    run.emit(CharacterWounded(seat=seat, character=figure, wounds=wounds))
    if run.state.character(figure).life > 0:
        return
    run.emit(CharacterNeutralized(seat=seat, character=figure))
    _activation_over(run, figure)
    if run.state.tile_emptied(character.tile):
        run.emit(TileNeutralized(seat=seat, tile=character.tile))


def _activation_over(run: Run[GccState], figure: str) -> None:
    """IX B: a character neutralized while it is being activated (by a fall or dangerous terrain
    in its movement, by its own Blast) is off the board in the character pool, so its activation
    ends there: no further movement, action or skill of it (rules version 15; before, it stayed
    the character being activated until the villain ended its activation)."""
    activation = run.state.activation
    if activation is not None and activation.character == figure:
        run.emit(CharacterActivationEnded(seat=VILLAIN_SEAT, character=figure, neutralized=True))


def yellow_dice_counted(run: Run[GccState], seat: int | None) -> None:
    """The yellow dice waiting (a movement's terrain roll, or an area's) as kept after their
    reroll step: a wound per success (V·C·5 [i], IX Q)."""
    kept = run.state.roll
    assert kept is not None and kept.purpose in ("terrain", "area")
    hurt = successes_shown(dict(run.state.board_pack.dice), kept.pool, kept.faces)
    run.emit(
        TerrainRolled(
            seat=seat,
            figure=kept.figure,
            reason=kept.action,
            dice=kept.pool,
            faces=kept.faces,
            wounds=hurt,
            by_area=kept.purpose == "area",
        )
    )
    wound(run, seat, kept.figure, hurt)
