"""The assignment phase: turns from the relic player clockwise, each assigning personnel from the
hideout to one district where the player has none (blockade strain, tiles), then perhaps one
assignment fortune (a facility's first effect, or an attack countered card by card). Which
fortunes may be played, and why one is refused, is assignment_fortune_checks.py."""

from __future__ import annotations

import random

from rules_core.engine.flow import clockwise
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.black_metro import (
    asking,
    cards,
    dominance,
    effects,
    facilities,
    language,
    solo,
    sources,
)
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.assignment_fortune_checks import (
    closed,
    fortune_check,
    fortune_offers,
    in_turn,
)
from rules_core.games.black_metro.checks import reject, unheld_fortune
from rules_core.games.black_metro.pack import PERSONNEL
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Troop, troop_strength

State = BlackMetroState


def blockade_strain(state: State, blockades: int, strength: int) -> int:
    """Appendix 03: 1 more strength for each other player's blockade, or twice what is missing."""
    extra, per_missing, _ = state.the_pack().blockade_rules
    if not blockades:
        return 0
    return per_missing * max(0, 1 + extra * blockades - strength)


def _one(unit: str) -> Troop:
    return (int(unit == PERSONNEL[0]), int(unit == PERSONNEL[1]), int(unit == PERSONNEL[2]))


def can_assign(state: State, seat: int) -> bool:
    """The player has personnel in the hideout and a district to send them to: one where they
    have none and that no tile closes (rules version 31: a player with personnel left but no
    such district takes no more turns this phase, as one whose hideout is empty)."""
    return bool(sum(state.player(seat).hideout)) and any(
        not state.district(d.number).has_personnel(seat) and not closed(state, d.number)
        for d in state.the_pack().districts
    )


def _prompted(state: State, seat: int, kind: str) -> bool:
    prompt = state.flow.prompt_for(seat)
    return prompt is not None and prompt.kind == kind


# ---- assigning --------------------------------------------------------------------------------


def _assign_offers(state: State, seat: int) -> list[Move]:
    hideout = state.player(seat).hideout
    units = [u for u, n in zip(PERSONNEL, hideout, strict=True) if n]
    if _prompted(state, seat, "forced_assign"):
        district = state.exchange.district if state.exchange else 0
        return [Move.of("assign", district=district, unit=u) for u in units]
    if in_turn(state, seat, "more"):
        return [Move.of("assign", district=state.assigning, unit=u) for u in units]
    if not in_turn(state, seat, "assign"):
        return []
    return [
        Move.of("assign", district=d.number, unit=u)
        for d in state.the_pack().districts
        if not state.district(d.number).has_personnel(seat) and not closed(state, d.number)
        for u in units
    ]


def _assign_check(state: State, seat: int, move: Move) -> Rejection | None:
    forced = _prompted(state, seat, "forced_assign")
    if not forced and in_turn(state, seat, "fortune"):
        return reject(
            "out_of_order",
            "You have assigned this turn: play an assignment fortune or end your turn.",
        )
    if not forced and not in_turn(state, seat, "assign", "more"):
        return reject("not_now", "Personnel are not being assigned now.")
    district, unit = move.get("district"), move.get("unit")
    if not isinstance(district, int) or isinstance(district, bool) or not 1 <= district <= 12:
        return reject("no_such_district", "Districts are numbered 01 to 12.")
    if unit not in PERSONNEL:
        *others, last = (
            f"a {name} (“{kind}”)"
            for kind, (name, _) in zip(PERSONNEL, language.UNIT_NAMES, strict=True)
        )
        return reject("not_in_hideout", f"Name the unit to assign: {', '.join(others)} or {last}.")
    if not state.player(seat).hideout[PERSONNEL.index(str(unit))]:
        named = language.UNIT_NAMES[PERSONNEL.index(str(unit))][0]
        return reject("not_in_hideout", f"You have no {named} in your hideout.")
    if forced:
        assert state.exchange is not None
        if district != state.exchange.district:
            where = language.district(state, state.exchange.district)
            return reject("sent_by_attack", f"The lost attack sends 1 personnel to {where}.")
        return None
    if state.step == "more":
        if district != state.assigning:
            where = language.district(state, state.assigning)
            return reject("already_there", f"This turn you assign to {where} only.")
        return None
    if state.district(district).has_personnel(seat):
        return reject("already_there", "You already have personnel at that district.")
    if closed(state, district):
        return reject("district_closed", "A tile closes that district this round.")
    return None


def _assign(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    district, unit = int(str(move.get("district"))), str(move.get("unit"))
    if _prompted(state, seat, "forced_assign"):
        _sent(run, seat, district, unit, seat, rng)
        return run.events
    run.emit(e.PersonnelAssigned(seat=seat, owner=seat, district=district, troop=_one(unit)))
    if not sum(run.state.player(seat).hideout):
        _finish(run, rng)
    return run.events


def _sent(
    run: Run, loser: int, district: int, unit: str, by: int | None, rng: random.Random
) -> None:
    """The lost attack's loser assigns 1 personnel to the attacked facility (`by` None: the
    game's own step, their hideout holding one kind of personnel), then the attack is over."""
    troop = _one(unit)
    run.emit(e.PersonnelAssigned(seat=by, owner=loser, district=district, troop=troop, forced=True))
    _arrived(run, loser, district)
    _exchange_over(run, rng)


def _send_unasked(run: Run, rng: random.Random) -> bool:
    """The loser of an attack sent without asking when their hideout holds one kind of
    personnel: the hideout is public, so there is nothing to choose and nothing to hide
    (asking.forced). True: sent."""
    prompt = run.state.flow.leading()[0] if run.state.flow.prompts else None
    if prompt is None or prompt.kind != "forced_assign":
        return False
    offers = _assign_offers(run.state, prompt.seat)
    move = asking.forced(offers)
    if move is None:
        return False
    _sent(run, prompt.seat, int(str(move.get("district"))), str(move.get("unit")), None, rng)
    return True


def _discard_unasked(run: Run) -> None:
    """Blockade discards made without asking while the hand holds only as many fortunes as are
    still to be discarded (one at a time: the last card): every fortune is one of a kind and how
    many a hand holds is public, so the one way tells nothing (asking.forced)."""
    while run.state.flow.prompts:
        prompt = run.state.flow.leading()[0]
        if prompt.kind != "blockade_discard":
            return
        card = asking.forced(sorted(set(run.state.player(prompt.seat).hand)))
        if card is None:
            return
        why = _blockaded(run.state)
        run.emit(ef.FortunesDiscarded(seat=None, owner=prompt.seat, cards=(card,), reason=why))


def _arrived(run: Run, seat: int, district: int) -> None:
    """What assigning there costs or gives: blockade strain, judged on the total strength the
    player has there (appendix 03's table; a lost attack's personnel join any already there),
    then the tile's effect."""
    state = run.state
    strength = troop_strength(state.district(district).personnel[seat])
    blockades = state.district(district).blockades_of_others(seat)
    strain = blockade_strain(state, blockades, strength)
    effects.inflict(run, seat, strain, cause=sources.of(sources.BLOCKADE, district))
    effects.tile_on_arrival(run, seat, district)


def _complete(run: Run) -> None:
    """The turn player's assignment is complete: blockade strain and the tile's effect."""
    seat, district = run.state.flow.current, run.state.assigning
    strength = troop_strength(run.state.district(district).personnel[seat])
    blockades = run.state.district(district).blockades_of_others(seat)
    run.emit(
        e.AssignmentFinished(
            seat=seat, owner=seat, district=district, strength=strength, blockades=blockades
        )
    )
    _arrived(run, seat, district)


def _finish(run: Run, rng: random.Random) -> bool:
    """The assignment completed; with no fortune in hand the turn ends (True: it ended). A
    player holding fortunes is asked whether or not one could be played there: how many they
    hold is public, which they are is not, so ending the turn only when none fits would tell
    the others so."""
    _complete(run)
    state, seat = run.state, run.state.flow.current
    if (
        in_turn(state, seat, "more", "fortune")
        and not state.played_fortune
        and state.player(seat).hand
    ):
        return False
    _end_turn(run, rng)
    return True


def _end_turn(run: Run, rng: random.Random) -> None:
    seat = run.state.flow.current
    run.emit(e.TurnPassed(seat=seat, owner=seat))
    next_turn(run, (*clockwise(len(run.state.players), seat)[1:], seat), rng)


def next_turn(run: Run, order: tuple[int, ...], rng: random.Random) -> None:
    """The first player in `order` with personnel in the hideout takes a turn; when every
    hideout is empty the dominance phase begins. A player left with personnel but no district
    to send them to (each holds theirs or is closed: a pack's large hideouts can do this) is
    passed over as one whose hideout is empty (`can_assign`, rules version 31)."""
    passed = False  # the overlord found no district he would take
    while True:
        for nxt in order:
            if not sum(run.state.player(nxt).hideout):
                continue
            if nxt != run.state.overlord and not can_assign(run.state, nxt):
                continue
            if nxt != run.state.overlord:
                run.emit(e.TurnBegan(seat=None, player=nxt))
                return
            if passed:
                continue
            run.emit(e.TurnBegan(seat=None, player=nxt))
            passed = not solo.assign(run, rng)
            if run.state.flow.prompts or run.state.over:  # a penalty game's decision waits
                return
            order = (*clockwise(len(run.state.players), nxt)[1:], nxt)
            break
        else:
            break
    run.emit(e.PhaseBegan(seat=None, phase="dominance"))
    dominance.proceed(run, rng)


# ---- assignment fortunes ------------------------------------------------------------------


def _play(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    if state.step == "more":
        _complete(run)
    card, number, target = str(move.get("card")), int(str(move.get("district"))), move.get("target")
    run.emit(
        ef.FortunePlayed(
            seat=seat,
            owner=seat,
            card=card,
            district=number,
            target=int(str(target)),
            choice=str(move.get("choice")),
        )
    )
    _go_on(run, rng)
    return run.events


def _go_on(run: Run, rng: random.Random) -> None:
    """After a fortune is played and its blockade discards made: a facility's effect resolves,
    an attack waits for its counter."""
    _discard_unasked(run)
    if let_stand_unasked(run, rng):
        return
    state = run.state
    exchange = state.exchange
    if exchange is None or state.flow.prompts:
        return
    if exchange.mode == "effect":
        number = exchange.district
        steps = state.the_pack().district(number).effects[0].steps
        source = sources.of(sources.DISTRICT, number, 1)  # an assignment fortune: the first effect
        facilities.carry_out(run, exchange.attacker, number, steps, exchange.choice, rng, source)
        after_fortune(run, rng)


def _effect_over(run: Run, rng: random.Random) -> None:
    """A facility's first effect used with an assignment fortune, resolved in full (every step
    asked of it answered, its die resolved, what it made others decide decided): only then is
    the fortune resolved, its player getting its suit's resource (appendix.fortunes: after a
    fortune is resolved). Rules version 32; before, the suit's resource came, and the fortune
    ended, as soon as it was played, ahead of any later step asked."""
    exchange = run.state.exchange
    if exchange is None or exchange.mode != "effect" or run.state.flow.prompts:
        return
    effects.suit_resource(run, exchange.attacker, exchange.cards[0], rng)
    run.emit(ef.FortuneResolved(seat=None, owner=exchange.attacker, cards=exchange.cards))


def _exchange_over(run: Run, rng: random.Random) -> None:
    """The attack's effect is done: the last card's player gets its suit's resource."""
    exchange = run.state.exchange
    if exchange is None or run.state.flow.prompts:
        return
    winner = exchange.attacker if len(exchange.cards) % 2 else exchange.defender
    effects.suit_resource(run, winner, exchange.cards[-1], rng)
    run.emit(ef.FortuneResolved(seat=None, owner=winner, cards=exchange.cards))
    after_fortune(run, rng)


def after_fortune(run: Run, rng: random.Random) -> None:
    """Once nothing is asked: a fortune's effect resolved in full ends the fortune, and a turn
    whose fortune is over ends."""
    if run.state.phase == "assignment":
        _effect_over(run, rng)
    state = run.state
    if state.phase == "assignment" and state.step == "fortune" and not state.flow.prompts:
        _end_turn(run, rng)


def _discard_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "blockade_discard"):
        return []
    hand = cards.one_of_each(state.player(seat).hand)
    return [Move.of("discard_fortune", card=c) for c in hand]


def _discard_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "blockade_discard"):
        return reject("not_now", "No fortune is to be discarded now.")
    if move.get("card") not in state.player(seat).hand:
        return unheld_fortune(move.get("card"))
    return None


def _blockaded(state: State) -> str:
    """Why a fortune is discarded for blockades: those at the district of the fortune played."""
    assert state.exchange is not None
    return sources.of(sources.BLOCKADE, state.exchange.district)


def _discard(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    card, why = str(move.get("card")), _blockaded(state)
    run.emit(ef.FortunesDiscarded(seat=seat, owner=seat, cards=(card,), reason=why))
    _go_on(run, rng)
    return run.events


def _counter_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "counter") or state.exchange is None:
        return []
    last = state.exchange.cards[-1]
    playable = [c for c in cards.one_of_each(state.player(seat).hand) if cards.counters(c, last)]
    return [Move.of("counter", card=c) for c in playable]


def _counter_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "counter") or state.exchange is None:
        return reject("not_now", "No attack waits for your counter.")
    card = move.get("card")
    if not isinstance(card, str) or card not in state.player(seat).hand:
        return unheld_fortune(card)
    if not cards.counters(card, state.exchange.cards[-1]):
        last = language.fortune(state.exchange.cards[-1])
        return reject(
            "counter_too_low", f"Counter {last} with a card of its kind, equal or higher."
        )
    return None


def _counter(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    assert state.exchange is not None
    run = Run(state)
    exchange = state.exchange
    run.emit(
        ef.FortunePlayed(
            seat=seat,
            owner=seat,
            card=str(move.get("card")),
            district=exchange.district,
            target=exchange.attacker if seat == exchange.defender else exchange.defender,
            counter=True,
        )
    )
    let_stand_unasked(run, rng)
    return run.events


def _decline_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "counter"):
        return reject("not_now", "No attack waits for your counter.")
    return None


def _decline(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    _let_stand(run, seat, seat, rng)
    return run.events


def let_stand_unasked(run: Run, rng: random.Random) -> bool:
    """A counter asked of a player who holds no fortune has one answer, letting the last card
    stand, settled by how many fortunes they hold (public): the game's own step, as the rules
    make it of any such decision (asking.forced; rules version 22). True: it stood."""
    prompt = run.state.flow.leading()[0] if run.state.flow.prompts else None
    if prompt is None or prompt.kind != "counter" or run.state.player(prompt.seat).hand:
        return False
    _let_stand(run, prompt.seat, None, rng)
    return True


def _let_stand(run: Run, seat: int, by: int | None, rng: random.Random) -> None:
    """`seat` does not counter (`by` None: the game's own step): the exchange is over, and the
    last card acts (a dominance fortune), or the loser of an assignment attack is sent."""
    exchange = run.state.exchange
    assert exchange is not None
    run.emit(ef.CounterDeclined(seat=by, owner=seat))
    winner = exchange.attacker if len(exchange.cards) % 2 else exchange.defender
    run.emit(ef.ExchangeEnded(seat=None, winner=winner, card=exchange.cards[-1]))
    if exchange.kind == "dominance":
        dominance.exchange_over(run, rng)
    elif not _send_unasked(run, rng):
        _exchange_over(run, rng)


def _end_offers(state: State, seat: int) -> list[Move]:
    return [Move.of("end_turn")] if in_turn(state, seat, "more", "fortune") else []


def _end_check(state: State, seat: int, move: Move) -> Rejection | None:
    if in_turn(state, seat, "assign"):
        return reject("out_of_order", "Assign personnel before ending your turn.")
    if not in_turn(state, seat, "more", "fortune"):
        return reject("not_now", "Your turn cannot be ended now.")
    return None


def _end(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    if state.step == "more" and _finish(run, rng):
        return run.events
    _end_turn(run, rng)
    return run.events


def _label_play(state: State, seat: int, move: Move) -> str:
    card, number, target = str(move.get("card")), int(str(move.get("district"))), move.get("target")
    where = language.district(state, number)
    if target == -1:
        choice = str(move.get("choice"))
        ops = facilities.choosing_ops(state.the_pack().district(number).effects[0].steps)
        how = f" ({language.choice(state, choice, ops)})" if choice else ""
        return f"Play {language.fortune(card)}: use the first effect of {where}{how}"
    attacked = language.who(state, int(str(target)))
    return f"Play {language.fortune(card)} at {where} to attack {attacked}"


ASSIGNMENT_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule(
        "assign",
        ("district", "unit"),
        _assign_offers,
        _assign_check,
        _assign,
        lambda s, seat, m: (
            f"Assign a {str(m.get('unit')).replace('-', ' ')} to "
            + language.district(s, int(str(m.get("district"))))
            + (" (sent by the attack you lost)" if _prompted(s, seat, "forced_assign") else "")
        ),
    ),
    MoveRule(
        "play_fortune",
        ("card", "district", "target", "choice"),
        fortune_offers,
        fortune_check,
        _play,
        _label_play,
    ),
    MoveRule(
        "discard_fortune",
        ("card",),
        _discard_offers,
        _discard_check,
        _discard,
        lambda s, seat, m: f"Discard {language.fortune(str(m.get('card')))} for a blockade",
    ),
    MoveRule(
        "counter",
        ("card",),
        _counter_offers,
        _counter_check,
        _counter,
        lambda s, seat, m: f"Counter with {language.fortune(str(m.get('card')))}",
    ),
    MoveRule(
        "decline",
        (),
        lambda s, seat: [Move.of("decline")] if _prompted(s, seat, "counter") else [],
        _decline_check,
        _decline,
        lambda s, seat, m: "Let the attack stand",
    ),
    MoveRule("end_turn", (), _end_offers, _end_check, _end, lambda s, seat, m: "End your turn"),
)
