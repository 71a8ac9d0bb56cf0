"""Gotham City Strategy's evolve: one handler per event, each a pure function of the state.

An event's handler changes the table (`TABLE`), then the decisions it opens or answers
(asking.py), then passes over any first decision left with nothing to choose. A log of the first
format (legacy.py) is folded by the table handlers and its own interpreter steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated, with_item, without_one
from rules_core.games.gotham_city_strategy.asking import ASKING, passed_over
from rules_core.games.gotham_city_strategy.content import Card, Op
from rules_core.games.gotham_city_strategy.events import (
    TABLE_EVENTS,
    BatmanCardDrawn,
    BatmanDeckShuffled,
    BatmanLeveledUp,
    BatmanMoved,
    CardCarriedOut,
    CardFaceDown,
    CardPlayed,
    CardResolved,
    CardsDealt,
    DieRolled,
    EffectCarriedOut,
    FightResolved,
    GameStarted,
    IncomeCollected,
    Stopped,
    ThreatPlaced,
    ThreatRemoved,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    HenchmenMoved,
    HenchmenSentHome,
    MovementBegan,
    MovementEnded,
    MovePlanned,
    Recruited,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.resource_events import (
    ResourcesChanged,
    ResourcesTaken,
    ScreenShown,
    Stolen,
)
from rules_core.games.gotham_city_strategy.state import (
    BATCAVE,
    BLOCKS,
    HIDEOUT,
    GcsState,
    Line,
    Plan,
    Player,
    Turn,
)
from rules_core.games.gotham_city_strategy.turn_events import (
    AbilityChosen,
    CardDrawn,
    FinalTurnsBegan,
    GameFinished,
    LevelAdvanced,
    TurnStarted,
)

INITIAL = GcsState(
    flow=Turn(phase="new", step="", current=0),
    players=(),
    batman_at=BATCAVE,
    batman_level=1,
    deck=(),
    discard=(),
    batman_deck=(),
    batman_discard=(),
    program=(),
    line=None,
    played="",
    chosen=False,
    drawer=0,
    advanced=False,
    ability_due=False,
    moved=False,
    final_turns=-1,
    plan=None,
    variant=False,
    winner=0,
    pack=None,
    log_format=2,
)


def played_lines(card: Card) -> tuple[Line, ...]:
    """What a Criminal Plot card does before its player chooses how to use it: the Batman
    signal or the income printed on it."""
    if card.signal:
        return (Line(card.id, -1, Op("batman_card")),)
    if card.income_block:
        return (Line(card.id, -1, Op("income")),)
    return ()


def effect_lines(card: Card) -> tuple[Line, ...]:
    return tuple(Line(card.id, i, op) for i, op in enumerate(card.effect))


def _flow(state: GcsState, **changes: Any) -> GcsState:
    return updated(state, flow=updated(state.flow, **changes))


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
        flow=Turn(phase="setup", step="setup", current=0),
        players=players,
        reserve_money=e.pack.box.money - sum(p.money for p in players),
        reserve_information=e.pack.box.information - sum(p.information for p in players),
        deck=e.deck,
        batman_deck=e.batman_deck,
        variant=e.variant,
        pack=e.pack,
        log_format=e.log_format,
    )


def _on_cards_dealt(state: GcsState, e: CardsDealt) -> GcsState:
    assert e.seat is not None
    state = updated(state, deck=state.deck[len(e.cards) :])
    return _player(state, e.seat, hand=e.cards)


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


def _from_reserves(state: GcsState, money: int, information: int) -> GcsState:
    """The reserves give `money` and `information` (a negative amount is paid into them)."""
    return updated(
        state,
        reserve_money=state.reserve_money - money,
        reserve_information=state.reserve_information - information,
    )


def _on_resources_changed(state: GcsState, e: ResourcesChanged) -> GcsState:
    """A gain comes from the reserves and a payment goes to them (an amount changing hands
    is two of these, one each way, so the reserves end as they were)."""
    player = state.players[e.owner]
    state = _from_reserves(state, e.money, e.information)
    return _player(
        state, e.owner, money=player.money + e.money, information=player.information + e.information
    )


def _on_turn_started(state: GcsState, e: TurnStarted) -> GcsState:
    assert e.seat is not None
    return updated(
        state,
        flow=Turn(phase="playing", step="levels", current=e.seat),
        advanced=False,
        ability_due=False,
        ability_taken=False,
        moved=False,
        played="",
        plan=None,
        program=(),
        line=None,
        chosen=False,
    )


def _on_level_advanced(state: GcsState, e: LevelAdvanced) -> GcsState:
    assert e.seat is not None and state.pack is not None
    player = state.players[e.seat]
    icon = state.pack.villain(player.villain).icon_at(e.level)
    # one ability a turn, whatever the order of advancing and choosing (turn.level.ability)
    due = (state.ability_due or icon) and not state.ability_taken
    state = updated(state, advanced=True, ability_due=due)
    return _player(state, e.seat, level=e.level)


def _on_ability_chosen(state: GcsState, e: AbilityChosen) -> GcsState:
    assert e.seat is not None
    state = updated(state, ability_due=False, ability_taken=True)
    return _player(state, e.seat, abilities=(*state.players[e.seat].abilities, e.card))


def _on_card_played(state: GcsState, e: CardPlayed) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    if player.face_down == e.card:
        state = _player(state, e.seat, face_down="")
    else:
        state = _player(state, e.seat, hand=without_one(player.hand, e.card))
    state = _flow(state, step="resolve")
    assert state.pack is not None
    return updated(
        state,
        played=e.card,
        program=played_lines(state.pack.card(e.card)),
        chosen=False,
        drawer=e.seat,
        ability_due=False,
    )


def _on_card_face_down(state: GcsState, e: CardFaceDown) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    return _player(state, e.seat, hand=without_one(player.hand, e.card), face_down=e.card)


def _on_batman_deck_shuffled(state: GcsState, e: BatmanDeckShuffled) -> GcsState:
    return updated(state, batman_deck=e.deck, batman_discard=())


def _on_batman_card_drawn(state: GcsState, e: BatmanCardDrawn) -> GcsState:
    """The signal's line is done: the Batman card's lines come first."""
    assert state.pack is not None
    return updated(
        state,
        batman_deck=state.batman_deck[1:],
        batman_discard=(*state.batman_discard, e.card),
        program=(*effect_lines(state.pack.card(e.card)), *state.program[1:]),
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
        _from_reserves(state, -e.cost, 0),
        e.seat,
        hideout_henchmen=player.hideout_henchmen + e.count,
        money=player.money - e.cost,
    )


def _on_line_done(state: GcsState, e: EffectCarriedOut | IncomeCollected) -> GcsState:
    return updated(state, program=state.program[1:], line=state.program[0])


def _on_card_carried_out(state: GcsState, e: CardCarriedOut) -> GcsState:
    assert state.pack is not None
    return updated(state, chosen=True, program=effect_lines(state.pack.card(e.card)))


def _on_resources_taken(state: GcsState, e: ResourcesTaken) -> GcsState:
    assert e.seat is not None
    player = state.players[e.seat]
    taken = (e.first, e.second)
    money, information = taken.count("money"), taken.count("information")
    state = _from_reserves(updated(state, chosen=True), money, information)
    return _player(
        state, e.seat, money=player.money + money, information=player.information + information
    )


def _on_card_resolved(state: GcsState, e: CardResolved) -> GcsState:
    state = _flow(state, step="actions")
    return updated(
        state, program=(), line=None, played="", chosen=False, discard=(*state.discard, e.card)
    )


def _on_movement_began(state: GcsState, e: MovementBegan) -> GcsState:
    return updated(_flow(state, step="moving"), plan=Plan(villain_to=None, henchmen=()))


def _on_movement_ended(state: GcsState, e: MovementEnded) -> GcsState:
    return updated(_flow(state, step="actions"), plan=None, moved=True)


def _on_stolen(state: GcsState, e: Stolen) -> GcsState:
    assert e.seat is not None
    victim, thief = state.players[e.victim], state.players[e.seat]
    state = _player(state, e.victim, **{e.resource: getattr(victim, e.resource) - e.amount})
    return _player(state, e.seat, **{e.resource: getattr(thief, e.resource) + e.amount})


def _on_henchman_placed(state: GcsState, e: HenchmanPlaced) -> GcsState:
    """The card's player's henchman (by nobody: the game's own step, rules version 10)."""
    owner = state.current if e.seat is None else e.seat
    return _player(state, owner, **_move_henchmen(state.players[owner], HIDEOUT, e.block, 1))


def _on_henchmen_sent_home(state: GcsState, e: HenchmenSentHome) -> GcsState:
    for owner, player in enumerate(state.players):
        if owner != e.spare and player.henchmen[e.block]:
            count = player.henchmen[e.block]
            state = _player(state, owner, **_move_henchmen(player, e.block, HIDEOUT, count))
    return state


def _on_move_planned(state: GcsState, e: MovePlanned) -> GcsState:
    return updated(state, plan=e.plan)


def _on_card_drawn(state: GcsState, e: CardDrawn) -> GcsState:
    assert e.seat is not None
    state = updated(state, deck=state.deck[1:])
    return _player(state, e.seat, hand=(*state.players[e.seat].hand, e.card))


def _on_final_turns(state: GcsState, e: FinalTurnsBegan) -> GcsState:
    return updated(state, final_turns=e.turns)


def _on_game_finished(state: GcsState, e: GameFinished) -> GcsState:
    state = updated(state, flow=Turn(phase="over", step="", current=state.current))
    return updated(state, winner=sum(1 << s for s in e.winners))


TABLE: dict[type[GameEvent], Callable[[GcsState, Any], GcsState]] = {
    GameStarted: _on_game_started,
    CardsDealt: _on_cards_dealt,
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
    IncomeCollected: _on_line_done,
    CardCarriedOut: _on_card_carried_out,
    ResourcesTaken: _on_resources_taken,
    EffectCarriedOut: _on_line_done,
    CardResolved: _on_card_resolved,
    Stopped: _on_nothing,
    Stolen: _on_stolen,
    ScreenShown: lambda state, e: state,  # shown to the table; nothing moves
    HenchmanPlaced: _on_henchman_placed,
    HenchmenSentHome: _on_henchmen_sent_home,
    MovementBegan: _on_movement_began,
    MovementEnded: _on_movement_ended,
    MovePlanned: _on_move_planned,
    CardDrawn: _on_card_drawn,
    FinalTurnsBegan: _on_final_turns,
    GameFinished: _on_game_finished,
}
assert set(TABLE) == set(TABLE_EVENTS)


def _with_asking(
    table: Callable[[GcsState, Any], GcsState], asking: Callable[[GcsState, Any], GcsState] | None
) -> Callable[[GcsState, Any], GcsState]:
    def handler(state: GcsState, event: Any) -> GcsState:
        state = table(state, event)
        if asking is not None:
            state = asking(state, event)
        return passed_over(state) if state.flow.prompts else state

    return handler


HANDLERS: dict[type[GameEvent], Callable[[GcsState, Any], GcsState]] = {
    cls: _with_asking(handler, ASKING.get(cls)) for cls, handler in TABLE.items()
}
