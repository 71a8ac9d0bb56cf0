"""Gotham City Strategy's evolve: one handler per event, each a pure function of the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated, with_item, without_one
from rules_core.games.gotham_city_strategy.events import (
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
    GcsState,
    Plan,
    Player,
)

INITIAL = GcsState(
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
        state, players=with_item(state.players, seat, updated(state.players[seat], **changes))
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
        INITIAL,
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
        state = _player(state, e.seat, hand=without_one(player.hand, e.card))
    return updated(
        state, step="resolve", played=e.card, program=e.steps, drawer=e.seat, ability_due=False
    )


def _on_card_face_down(state: GcsState, e: CardFaceDown) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    return _player(state, e.seat, hand=without_one(player.hand, e.card), face_down=e.card)


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


HANDLERS: dict[type[GameEvent], Callable[[GcsState, Any], GcsState]] = {
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
