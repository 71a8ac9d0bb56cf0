"""What happens at the table once a move is made: card effects, incomes, Batman's arrival,
fights between villains and with Batman, henchmen sent home and figures moving."""

from __future__ import annotations

import random

from rules_core.games.gotham_city_strategy import board
from rules_core.games.gotham_city_strategy.content import Op
from rules_core.games.gotham_city_strategy.events import (
    BatmanCardDrawn,
    BatmanDeckShuffled,
    BatmanLeveledUp,
    BatmanMoved,
    DieRolled,
    FightResolved,
    HenchmenMoved,
    Recruited,
    ResourcesChanged,
    StepChanged,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import BATCAVE, BLOCKS, HIDEOUT, Decision, GcsState


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


def henchmen_home(run: Run, block: int, spare: int | None) -> None:
    """Every henchman on `block` (but `spare`'s) goes back to its owner's hideout."""
    for owner, player in enumerate(run.state.players):
        if owner != spare and player.henchmen[block]:
            run.emit(
                HenchmenMoved(
                    seat=None,
                    owner=owner,
                    source=block,
                    target=HIDEOUT,
                    count=player.henchmen[block],
                )
            )


def run_op(run: Run, op: Op, rng: random.Random) -> None:
    state = run.state
    assert state.pack is not None
    me = state.current
    others = board.clockwise_others(state, me)
    if op.op == "use_card":
        run.ask(Decision(seat=me, kind="use_card", must=True))
    elif op.op == "income":
        card = state.pack.card(state.played)
        block = state.pack.block_index(card.income_block)
        kind = state.pack.blocks[block].income
        for ruler in sorted(board.rulers(state, block)):
            amount = card.income_amount + board.ability_total(state, ruler, "income_bonus")
            run.emit(change(ruler, kind, amount, "income", seat=None))
    elif op.op == "batman_card":
        if not state.batman_deck:
            order = list(state.batman_discard)
            rng.shuffle(order)
            run.emit(BatmanDeckShuffled(seat=None, deck=tuple(order)))
        card = state.pack.card(run.state.batman_deck[0])
        run.emit(BatmanCardDrawn(seat=me, card=card.id, steps=card.effect))
    elif op.op == "batman_to":
        candidates = batman_candidates(state, op)
        if len(candidates) == 1:
            batman_arrives(run, candidates[0], rng)
        elif candidates:
            run.ask(Decision(seat=me, kind="batman_to", candidates=tuple(candidates), must=True))
    elif op.op in ("gain", "gain_per_block"):
        amount = op.amount * (
            len(board.ruled_blocks(state, me, op.district)) if op.op == "gain_per_block" else 1
        )
        if amount:
            run.emit(change(me, op.resource, amount, "card", seat=None))
    elif op.op == "place_threats":
        run.ask(
            Decision(
                seat=me,
                kind="place_threats",
                count=op.amount,
                must=True,
                district=op.district,
                different=op.different,
            )
        )
    elif op.op == "remove_threats":
        run.ask(
            Decision(
                seat=me,
                kind="remove_threats",
                count=op.amount,
                district=op.district,
                enemies=True,
            )
        )
    elif op.op == "free_henchmen":
        room = board.henchmen_limit(state, me) - state.players[me].recruited
        if min(room, op.amount) > 0:
            run.emit(Recruited(seat=me, count=min(room, op.amount), cost=0))
    elif op.op == "place_henchmen":
        run.ask(Decision(seat=me, kind="place_henchmen", count=op.amount, district=op.district))
    elif op.op == "collect":
        for other in others:
            have = getattr(run.state.players[other], op.resource)
            paid = min(have, op.amount)
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
    elif op.op == "send_home":
        homes = tuple(
            b
            for b in range(BLOCKS)
            if (not op.district or state.pack.blocks[b].district == op.district)
            and any(p.henchmen[b] for s, p in enumerate(state.players) if s != me)
        )
        if homes:
            run.ask(Decision(seat=me, kind="send_home", candidates=homes, must=True))


def lose(run: Run, seat: int, resource: str, amount: int) -> None:
    """`seat` gives up `amount` of a resource (what they have); threats/henchmen by choice."""
    player = run.state.players[seat]
    if resource in ("money", "information"):
        lost = min(getattr(player, resource), amount)
        if lost:
            run.emit(change(seat, resource, -lost, "card", seat=None))
    elif resource == "threats":
        run.ask(Decision(seat=seat, kind="lose_threats", count=amount, must=True))
    elif resource == "henchman":
        run.ask(Decision(seat=seat, kind="lose_henchman", count=amount, must=True))


def batman_candidates(state: GcsState, op: Op) -> list[int]:
    assert state.pack is not None
    if op.blocks:
        blocks = [state.pack.block_index(b) for b in op.blocks]
    elif op.district:
        blocks = [b for b in range(BLOCKS) if state.pack.blocks[b].district == op.district]
    else:
        blocks = list(range(BLOCKS))
    if op.target == "most_threats":
        totals = {
            b: sum(p.threats[b] for p in state.players) for b in blocks if b != state.batman_at
        }
        most = max(totals.values(), default=0)
        blocks = [b for b, t in totals.items() if t == most]
    return [b for b in blocks if b != state.batman_at]


def batman_arrives(run: Run, block: int, rng: random.Random) -> None:
    """Batman enters a block: a fight with a villain there, or henchmen sent home."""
    state = run.state
    run.emit(BatmanMoved(seat=None, target=block))
    villain = board.villain_at(run.state, block)
    drawer = state.drawer
    if villain >= 0:
        controller = board.left_of(state, drawer) if villain == drawer else drawer
        fight_batman(run, villain, block, controller, batman_entered=True, rng=rng)
        return
    henchmen_home(run, block, spare=None)
    if any(p.threats[block] for p in run.state.players):
        order = board.batman_dial(run.state).order
        run.ask(Decision(seat=drawer, kind="remove_threats", count=order, block=block), first=True)


def fight_batman(
    run: Run,
    villain: int,
    block: int,
    controller: int,
    batman_entered: bool,
    rng: random.Random,
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
        order = board.batman_dial(run.state).order
        if any(p.threats[block] for p in run.state.players):
            run.ask(
                Decision(
                    seat=controller, kind="remove_threats", count=order, block=block, must=True
                ),
                first=True,
            )
    else:
        run.emit(BatmanMoved(seat=None, target=BATCAVE))
        run.emit(BatmanLeveledUp(seat=None))
        winner_places(run, villain, victim=-1)


def send_home(run: Run, seat: int, block: int) -> None:
    """A defeated villain and all their henchmen in the block go to their hideout."""
    run.emit(VillainMoved(seat=None, owner=seat, target=HIDEOUT))
    count = run.state.players[seat].henchmen[block]
    if count:
        run.emit(HenchmenMoved(seat=None, owner=seat, source=block, target=HIDEOUT, count=count))


def winner_places(run: Run, seat: int, victim: int) -> None:
    extra = len(board.ability_ops(run.state, seat, "extra_threat"))
    decisions = []
    steal = board.ability_total(run.state, seat, "steal_on_win")
    if victim >= 0 and steal:
        decisions.append(Decision(seat=seat, kind="steal", count=steal, must=True, victim=victim))
    decisions.append(Decision(seat=seat, kind="place_threats", count=2 + extra))
    run.ask(*decisions, first=True)


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
    for block in sorted(arrived - {HIDEOUT}):
        enemy_villain = any(
            s != seat and p.villain_at == block for s, p in enumerate(run.state.players)
        )
        if not enemy_villain and run.state.batman_at != block:
            henchmen_home(run, block, spare=seat)
    run.emit(StepChanged(seat=seat, step="actions", steps=()))
    target = plan.villain_to
    if target is None or target == HIDEOUT:
        return
    defender = next(
        (s for s, p in enumerate(run.state.players) if s != seat and p.villain_at == target), -1
    )
    if defender >= 0:
        fight_villains(run, seat, defender, target, rng)
    elif run.state.batman_at == target:
        fight_batman(
            run, seat, target, board.left_of(run.state, seat), batman_entered=False, rng=rng
        )


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
    winner_places(run, winner, victim=loser)


# ---- views ----------------------------------------------------------------------------
