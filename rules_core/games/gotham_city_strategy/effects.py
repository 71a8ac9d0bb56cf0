"""What happens at the table once a move is made: card lines, incomes, Batman's arrival,
fights between villains and with Batman, henchmen sent home and figures moving.

These write the table events; the decisions those events ask of the seats are opened by their
evolve handlers (asking.py), so a function here never queues one itself."""

from __future__ import annotations

import random

from rules_core.games.gotham_city_strategy import board
from rules_core.games.gotham_city_strategy.events import (
    BatmanCardDrawn,
    BatmanDeckShuffled,
    BatmanLeveledUp,
    BatmanMoved,
    DieRolled,
    EffectCarriedOut,
    FightResolved,
    IncomeCollected,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmenMoved,
    HenchmenSentHome,
    MovementEnded,
    Recruited,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged, ScreenShown
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import BATCAVE, HIDEOUT, Line


def face_value(face: str) -> int:
    return 0 if face == "bat" else int(face)


def change(
    owner: int, resource: str, amount: int, reason: str, seat: int | None = None
) -> ResourcesChanged:
    """`owner` gains (or, with a negative amount, loses) money or information."""
    return ResourcesChanged(
        seat=seat,
        owner=owner,
        money=amount if resource == "money" else 0,
        information=amount if resource == "information" else 0,
        reason=reason,
    )


def from_reserves(run: Run, owner: int, resource: str, amount: int, reason: str) -> None:
    """`owner` takes `amount` of money or information from the reserves, or what they still
    hold when that is less: the box's tokens run out (components, glossary.reserves; the book
    says nothing of a gain they cannot pay, so it pays what is left: README), by nobody."""
    paid = min(amount, run.state.in_reserves(resource))
    if paid > 0:
        run.emit(change(owner, resource, paid, reason, seat=None))


def henchmen_home(run: Run, block: int, spare: int, by: str, seat: int | None = None) -> None:
    """Every henchman on `block` (but `spare`'s; -1: none spared) goes to its owner's hideout,
    `by` Batman, a move or a card (figure_events.SENT_BY); `seat` is who sent them (their
    choice is made; None: the game's own step)."""
    if any(p.henchmen[block] for s, p in enumerate(run.state.players) if s != spare):
        run.emit(HenchmenSentHome(seat=seat, block=block, spare=spare, by=by))


def run_line(run: Run, line: Line, rng: random.Random) -> None:
    """Carry out the next line of the card being resolved."""
    state = run.state
    assert state.pack is not None
    op, me = line.op, state.current
    if op.op == "batman_card":
        if not state.batman_deck:
            order = list(state.batman_discard)
            rng.shuffle(order)
            run.emit(BatmanDeckShuffled(seat=None, deck=tuple(order)))
        run.emit(BatmanCardDrawn(seat=me, card=run.state.batman_deck[0]))
        return
    if op.op == "income":
        run.emit(IncomeCollected(seat=None, card=line.card))
        card = state.pack.card(line.card)
        block = state.pack.block_index(card.income_block)
        kind = state.pack.blocks[block].income
        for ruler in sorted(board.rulers(state, block)):
            amount = card.income_amount + board.ability_total(state, ruler, "income_bonus")
            from_reserves(run, ruler, kind, amount, "income")
        return
    run.emit(EffectCarriedOut(seat=me, card=line.card, index=line.index))
    state = run.state
    assert state.pack is not None
    others = board.clockwise_others(state, me)
    if op.op == "batman_to":
        candidates = board.batman_candidates(state, op)
        if len(candidates) == 1:  # else the seat chooses (or there is nowhere to go)
            batman_arrives(run, candidates[0], rng)
    elif op.op in ("gain", "gain_per_block"):
        amount = op.amount * (
            len(board.ruled_blocks(state, me, op.district)) if op.op == "gain_per_block" else 1
        )
        from_reserves(run, me, op.resource, amount, "card")
    elif op.op == "free_henchmen":
        room = board.henchmen_limit(state, me) - state.players[me].recruited
        if min(room, op.amount) > 0:
            run.emit(Recruited(seat=me, count=min(room, op.amount), cost=0))
    elif op.op == "collect":
        for other in others:
            paid = able_to_give(run, other, op.resource, op.amount)
            if paid:
                run.emit(change(other, op.resource, -paid, "card", seat=None))
                run.emit(change(me, op.resource, paid, "card", seat=None))
    elif op.op == "others_lose":
        for other in others:
            lose(run, other, op.resource, op.amount)
    elif op.op == "others_roll":
        for other in others:
            face = rng.choice(state.pack.faces)
            run.emit(DieRolled(seat=other, face=face))
            if face in op.faces:
                lose(run, other, op.lose, op.amount)


def able_to_give(run: Run, seat: int, resource: str, amount: int) -> int:
    """How much of `amount` `seat` can give; one who has less lifts the screen and shows the
    table what is behind it, then fulfils as much as able (turn.plot.effect.carry-out)."""
    player = run.state.players[seat]
    have = int(getattr(player, resource))
    if have < amount:
        run.emit(
            ScreenShown(seat=seat, owner=seat, money=player.money, information=player.information)
        )
    return min(have, amount)


def lose(run: Run, seat: int, resource: str, amount: int) -> None:
    """`seat` gives up money or information (what it has); a loss of threats or henchmen is
    its own choice, asked by the event that causes it."""
    if resource in ("money", "information"):
        lost = able_to_give(run, seat, resource, amount)
        if lost:
            run.emit(change(seat, resource, -lost, "card", seat=None))


def batman_arrives(run: Run, block: int, rng: random.Random, seat: int | None = None) -> None:
    """Batman enters a block (sent there by `seat`'s choice, or by the card alone): a fight with
    a villain there, or every henchman sent home."""
    run.emit(BatmanMoved(seat=seat, target=block))
    villain = board.villain_at(run.state, block)
    if villain >= 0:
        fight_batman(run, villain, block, batman_entered=True, rng=rng)
    else:
        henchmen_home(run, block, spare=-1, by="batman")


def fight_batman(
    run: Run, villain: int, block: int, batman_entered: bool, rng: random.Random
) -> None:
    state = run.state
    assert state.pack is not None
    face = rng.choice(state.pack.faces)
    bat_face = rng.choice(state.pack.faces)
    bonus = sum(
        e.amount
        for e in board.ability_ops(state, villain, "fight_bonus")
        if e.against in ("batman", "all")
    )
    villain_total = face_value(face) + state.players[villain].henchmen[block] + bonus
    batman_total = face_value(bat_face) + board.batman_dial(state).fight
    if face == "bat":
        batman_wins = True
    elif villain_total == batman_total:
        batman_wins = batman_entered
    else:
        batman_wins = batman_total > villain_total
    aggressor, defender = (-1, villain) if batman_entered else (villain, -1)
    faces = (bat_face, face) if batman_entered else (face, bat_face)
    totals = (batman_total, villain_total) if batman_entered else (villain_total, batman_total)
    run.emit(
        FightResolved(
            seat=None,
            block=block,
            aggressor=aggressor,
            defender=defender,
            aggressor_face=faces[0],
            defender_face=faces[1],
            aggressor_total=totals[0],
            defender_total=totals[1],
            winner=-1 if batman_wins else villain,
        )
    )
    if batman_wins:
        send_home(run, villain, block)
    else:
        run.emit(BatmanMoved(seat=None, target=BATCAVE))
        run.emit(BatmanLeveledUp(seat=None))


def send_home(run: Run, seat: int, block: int) -> None:
    """A defeated villain and all their henchmen in the block go to their hideout."""
    run.emit(VillainMoved(seat=None, owner=seat, target=HIDEOUT))
    count = run.state.players[seat].henchmen[block]
    if count:
        run.emit(HenchmenMoved(seat=None, owner=seat, source=block, target=HIDEOUT, count=count))


def finish_moving(run: Run, seat: int, rng: random.Random) -> None:
    """Carry out the planned move: figures arrive, enemy henchmen flee, then any fight."""
    plan = run.state.plan
    assert plan is not None
    if plan.villain_to is not None:
        run.emit(VillainMoved(seat=seat, owner=seat, target=plan.villain_to))
    arrived: set[int] = set()
    for source, to, count in plan.henchmen:
        run.emit(HenchmenMoved(seat=seat, owner=seat, source=source, target=to, count=count))
        arrived.add(to)
    if plan.villain_to is not None:
        arrived.add(plan.villain_to)
    for block in sorted(arrived - {HIDEOUT}):  # Batman is no villain: they flee him too
        if not any(s != seat and p.villain_at == block for s, p in enumerate(run.state.players)):
            henchmen_home(run, block, spare=seat, by="move")
    run.emit(MovementEnded(seat=seat))
    target = plan.villain_to
    if target is None or target == HIDEOUT:
        return
    defender = next(
        (s for s, p in enumerate(run.state.players) if s != seat and p.villain_at == target), -1
    )
    if defender >= 0:
        fight_villains(run, seat, defender, target, rng)
    elif run.state.batman_at == target:
        fight_batman(run, seat, target, batman_entered=False, rng=rng)


def fight_villains(run: Run, attacker: int, defender: int, block: int, rng: random.Random) -> None:
    state = run.state
    assert state.pack is not None
    faces = (rng.choice(state.pack.faces), rng.choice(state.pack.faces))
    totals = []
    for seat, face in zip((attacker, defender), faces, strict=True):
        bonus = sum(
            e.amount
            for e in board.ability_ops(state, seat, "fight_bonus")
            if e.against in ("villains", "all")
        )
        totals.append(face_value(face) + state.players[seat].henchmen[block] + bonus)
    winner = attacker if totals[0] >= totals[1] else defender
    loser = defender if winner == attacker else attacker
    run.emit(
        FightResolved(
            seat=None,
            block=block,
            aggressor=attacker,
            defender=defender,
            aggressor_face=faces[0],
            defender_face=faces[1],
            aggressor_total=totals[0],
            defender_total=totals[1],
            winner=winner,
        )
    )
    send_home(run, loser, block)
