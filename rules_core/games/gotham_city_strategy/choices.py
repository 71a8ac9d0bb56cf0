"""What a Gotham City Strategy seat may do now: whose turn it is, the decision waited for and
the answers it allows, where figures may move, and the requirements these depend on (the moves
themselves are declared in moves.py)."""

from __future__ import annotations

import itertools

from rules_core.engine.types import Move
from rules_core.games.gotham_city_strategy import board
from rules_core.games.gotham_city_strategy.citations import REMOVALS, VARIANT
from rules_core.games.gotham_city_strategy.state import (
    BLOCKS,
    HIDEOUT,
    Decision,
    GcsState,
)

HENCHMAN_COST = 5
TAKE = ("information", "money", "threats")


def taken(move: Move) -> tuple[str, str] | None:
    """A take's two resources in TAKE's order (they may be posted in either order: the move
    takes the same two), or None when either is not one of TAKE."""
    first, second = move.get("first"), move.get("second")
    if not (isinstance(first, str) and isinstance(second, str)):
        return None
    if first not in TAKE or second not in TAKE:
        return None
    a, b = sorted((first, second), key=TAKE.index)
    return a, b


def short_of(state: GcsState, pair: tuple[str, str]) -> str | None:
    """The money or information of a take (`taken`) that the reserves cannot give in full, or
    None when they can (threats are each villain's own: glossary.threats)."""
    return next((r for r in ("information", "money") if pair.count(r) > state.in_reserves(r)), None)


def current(state: GcsState) -> Decision | None:
    """The decision the game waits for: the first one queued, else, once the played card's
    signal or income is done, how its player uses it."""
    if state.pending:
        return state.pending[0]
    if state.step == "resolve" and not state.program and not state.chosen and state.played:
        return Decision(seat=state.current, kind="use_card", must=True)
    return None


def waiting(state: GcsState) -> tuple[Decision, ...]:
    """Every decision the game waits for, the one being answered first."""
    decision = current(state)
    return state.pending if state.pending or decision is None else (decision,)


def to_act(state: GcsState) -> frozenset[int]:
    """The seat the game waits for: nobody before the set-up, while its cards are still being
    dealt (the starting threats are asked once every villain holds a hand) or once it is over."""
    if state.phase != "playing" and state.phase != "setup":
        return frozenset()
    if state.phase == "setup" and not all(p.hand for p in state.players):
        return frozenset()
    decision = current(state)
    if decision is not None:
        return frozenset({decision.seat})
    if state.step in ("levels", "actions", "moving"):
        return frozenset({state.current})
    return frozenset()


def decision_moves(state: GcsState, d: Decision) -> list[Move]:
    player = state.players[d.seat]
    moves: list[Move] = []
    if d.kind == "place_threats":
        targets = board.threat_targets(
            state, d.seat, d.district, d.used if d.different else (), d.batmans_block
        )
        if player.reserve_threats > 0:
            moves = [Move.of("place_threat", block=b) for b in targets]
        else:
            sources = [b for b in range(BLOCKS) if player.threats[b]]
            moves = [
                Move.of("place_threat", block=b, source=s)
                for b in targets
                for s in sources
                if s != b
            ]
    elif d.kind in ("remove_threats", "lose_threats"):
        for block, owner in removable(state, d):
            name = "remove_threat" if d.kind == "remove_threats" else "lose_threat"
            moves.append(Move.of(name, block=block, owner=owner))
    elif d.kind == "lose_henchman":
        if player.hideout_henchmen:
            moves.append(Move.of("lose_henchman", source=HIDEOUT))
        moves += [Move.of("lose_henchman", source=b) for b in range(BLOCKS) if player.henchmen[b]]
    elif d.kind == "place_henchmen":
        if player.hideout_henchmen:
            moves = [
                Move.of("place_henchman", block=b)
                for b in board.henchman_targets(state, d.seat, d.district, d.batmans_block)
                if not (d.different and b in d.used)
            ]
    elif d.kind == "steal":  # the victim's screen is hidden: either may be asked for
        moves = [Move.of("steal", resource=r) for r in ("information", "money")]
    elif d.kind in ("send_home", "batman_to"):
        moves = [Move.of(d.kind, block=b) for b in d.candidates]
    elif d.kind == "face_down":
        moves = [Move.of("face_down", card=c) for c in sorted(set(player.hand))]
    elif d.kind == "use_card":
        if card_requirement_met(state, d.seat, state.played):
            moves.append(Move.of("carry_out"))
        moves += [
            Move.of("take", first=a, second=b)
            for a, b in itertools.combinations_with_replacement(TAKE, 2)
            if short_of(state, (a, b)) is None
        ]
    optional = not d.must or (d.kind == "place_threats" and player.reserve_threats == 0)
    if optional and d.kind in ("place_threats", "remove_threats", "place_henchmen") and moves:
        moves.append(Move.of("stop"))
    return moves


def removal_cause(d: Decision) -> str:
    """Why a remove or lose decision takes threats (a key of citations.REMOVALS): Batman's
    arrival on its block, his win in a fight there (his controller must remove), or a card."""
    if d.kind == "remove_threats" and d.block >= 0:
        return "fight" if d.must else "batman"
    return "card"


def asked_by(state: GcsState, d: Decision) -> tuple[str, ...]:
    """The sections of the rule that asks for a waiting decision, which a refusal cites when a
    move is made meanwhile or the decision is stopped short: the variant's face-down card, the
    set-up's threats, the card just played, where Batman goes, a fight won (its threats, a
    theft), Batman's removal, the two resources taken instead, or the card being carried out."""
    if d.kind == "face_down":
        return (VARIANT,)
    if state.phase == "setup":
        return ("setup",)
    if d.kind == "remove_threats" and d.block >= 0:
        return REMOVALS[removal_cause(d)][1:]
    kinds = {"use_card": "turn.plot.effect", "batman_to": "turn.plot.bat-signal"}
    if d.kind in kinds:
        return (kinds[d.kind],)
    if d.kind == "steal":
        return ("turn.fight-villains",)
    if d.kind == "place_threats" and not d.must:  # only a won fight's threats are "may"
        return ("turn.fight-villains", "turn.fight-batman")
    line = state.line
    carrying_out = line is not None and line.card == state.played and line.index >= 0
    if d.kind == "place_threats" and not carrying_out:
        return ("turn.plot.effect.resources",)
    return ("turn.plot.effect.carry-out",)


def removable(state: GcsState, d: Decision) -> list[tuple[int, int]]:
    """(block, owner) pairs of threats a remove/lose decision may take."""
    assert state.pack is not None
    blocks = (
        [d.block]
        if d.block >= 0
        else [
            b
            for b in range(BLOCKS)
            if not d.district or state.pack.blocks[b].district == d.district
        ]
    )
    owners = (
        [d.seat]
        if d.kind == "lose_threats"
        else [s for s in range(len(state.players)) if not (d.enemies and s == d.seat)]
    )
    return [(b, o) for b in blocks for o in owners if state.players[o].threats[b]]


def requirement_met(state: GcsState, seat: int) -> bool:
    have, need = requirement(state, seat, len(board.ruled_blocks(state, seat)))
    return have >= need


def requirement(state: GcsState, seat: int, ruled: int) -> tuple[int, int]:
    """What `seat` has of what its dial asks for the next level, and how much it asks."""
    assert state.pack is not None
    player = state.players[seat]
    need = state.pack.villain(player.villain).dial[player.level - 1]
    have = {
        "money": player.money,
        "information": player.information,
        "blocks": ruled,
        "henchmen": player.recruited,
    }[need.needs]
    return have, need.amount


def ability_choices(state: GcsState, seat: int) -> list[str]:
    assert state.pack is not None
    player = state.players[seat]
    return [
        a.id
        for a in state.pack.abilities
        if a.villain == player.villain and a.id not in player.abilities
    ]


def card_requirement_met(state: GcsState, seat: int, card_id: str) -> bool:
    assert state.pack is not None
    card = state.pack.card(card_id)
    if card.requires == "rules":
        return len(board.ruled_blocks(state, seat)) >= card.requires_amount
    if card.requires == "henchmen":
        return sum(state.players[seat].henchmen) >= card.requires_amount
    return True
