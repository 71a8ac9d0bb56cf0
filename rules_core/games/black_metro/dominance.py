"""The dominance phase: districts contested in initiative order (power, strain, a dominance
fortune, overwhelm, destroy, a mission), then city dominance and the relic, then the missions of
the end of the phase."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.black_metro import (
    board,
    cards,
    effects,
    language,
    missions,
    resolution,
    sources,
)
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.checks import reject, unheld_fortune
from rules_core.games.black_metro.events_solo import FortuneToDeck
from rules_core.games.black_metro.evolve_dominance import LAST
from rules_core.games.black_metro.pack import SUITS
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, troop_size

State = BlackMetroState


def proceed(run: Run, rng: random.Random) -> None:
    """Contest the districts left, then the city, until a player must decide; once every
    decision of the phase is made, the resolution phase begins."""
    missions.pass_unasked(run)
    state = run.state
    if state.phase != "dominance" or state.flow.prompts or state.exchange is not None:
        return
    if state.contest < LAST:
        for number in range(state.contest + 1, LAST):
            if board.contenders(run.state, number):
                _contest(run, number)
                missions.pass_unasked(run)
                if run.state.flow.prompts:
                    return
        _city(run)
        missions.pass_unasked(run)
        if run.state.flow.prompts:
            return
    run.emit(e.PhaseBegan(seat=None, phase="resolution"))
    resolution.proceed(run, rng)


def _contest(run: Run, number: int) -> None:
    state = run.state
    strengths = tuple(board.strength(state, p, number) for p in state.everyone)
    best = max(strengths)
    leaders = [p for p, s in enumerate(strengths) if s == best]
    dominator = leaders[0] if len(leaders) == 1 else -1
    run.emit(
        d.DistrictContested(
            seat=None,
            district=number,
            strengths=strengths,
            dominator=dominator,
            fortified_bonus=board.fortified_bonus(state, number),
        )
    )
    if dominator < 0:  # a tie: no power, no strain, nobody overwhelmed
        return
    effects.acquire_power(run, dominator, 1)
    effects.heal(run, dominator, board.bonus(run.state, dominator, "dominance_heal"))
    for other in board.contenders(run.state, number):
        if other != dominator:
            less = board.bonus(run.state, other, "dominance_strain_less")
            cause = sources.of(sources.DOMINANCE, number, dominator)
            effects.inflict(run, other, max(0, 1 - less), cause=cause)
    prompt = run.state.flow.prompt_for(dominator)
    if prompt is None or prompt.kind != "dominance_fortune":
        _overwhelm_and_destroy(run, number, dominator)


def _overwhelm_and_destroy(run: Run, number: int, dominator: int, by_fortune: bool = False) -> None:
    """Steps 4 and 5: personnel 3 (or more) strength behind are overwhelmed (1 power if any, or
    if the dominator's fortune overwhelmed some at step 3: README), then other players'
    fortifications without their personnel are destroyed."""
    state = run.state
    mine = board.strength(state, dominator, number)
    gap = board.overwhelm_difference(state, dominator)
    beaten = [
        p
        for p in board.contenders(state, number)
        if p != dominator and mine - board.strength(state, p, number) >= gap
    ]
    cause = sources.of(sources.DOMINANCE, number, dominator)
    for other in beaten:
        troop = run.state.district(number).personnel[other]
        run.emit(e.Overwhelmed(seat=None, owner=other, district=number, troop=troop, cause=cause))
    if beaten or by_fortune:
        effects.acquire_power(run, dominator, 1)
    district = run.state.district(number)
    for owner in sorted({f.owner for f in district.fortifications}):
        if owner == dominator or troop_size(district.personnel[owner]):
            continue
        kinds = [f.kind for f in district.fortifications if f.owner == owner]
        run.emit(
            d.FortificationsDestroyed(
                seat=None,
                owner=owner,
                district=number,
                blockades=kinds.count("blockade"),
                support_bases=kinds.count("support-base"),
            )
        )
    run.emit(d.DominanceSettled(seat=None, district=number, dominator=dominator))


def _city(run: Run) -> None:
    """City dominance: whoever dominated the most districts this round takes the relic (or
    keeps it); a tie lets its holder hand it to another tied player; no dominance at all
    leaves it where it is."""
    state = run.state
    counts = [state.dominated(p) for p in state.everyone]
    top = max(counts)
    tied = tuple(p for p, n in enumerate(counts) if n == top)
    if top == 0 or tied == (state.relic,):
        run.emit(d.RelicMoved(seat=None, owner=state.relic, how="retained", power=0))
    elif len(tied) == 1:
        power = 0 if tied[0] == state.overlord else 1  # solo.rules.power: not the overlord's
        run.emit(d.RelicMoved(seat=None, owner=tied[0], how="taken", power=power))
    else:
        options = [p for p in tied if p != state.relic]
        if len(options) == 1 or state.relic == state.overlord:
            run.emit(d.RelicMoved(seat=None, owner=options[0], how="given", power=0))
        else:
            run.emit(d.CityTied(seat=None, tied=tied))


def exchange_over(run: Run, rng: random.Random) -> None:
    """A dominance fortune exchange is over: the last card acts from its player's position on
    the other, its player gets its suit's benefit, the cards are discarded, the district goes on."""
    state = run.state
    exchange = state.exchange
    assert exchange is not None
    winner = exchange.attacker if len(exchange.cards) % 2 else exchange.defender
    loser = exchange.defender if winner == exchange.attacker else exchange.attacker
    _court_effect(run, winner, loser, exchange.district, cards.rank(exchange.cards[-1]), rng)
    if _prompted(run.state, winner, "joker_benefit"):  # a joker's benefit is chosen first
        return
    effects.suit_resource(run, winner, exchange.cards[-1], rng)
    _close_exchange(run, rng)


def _close_exchange(run: Run, rng: random.Random) -> None:
    exchange = run.state.exchange
    assert exchange is not None
    winner = exchange.attacker if len(exchange.cards) % 2 else exchange.defender
    run.emit(ef.FortuneResolved(seat=None, owner=winner, cards=exchange.cards))
    number = run.state.contest
    # before step 4 only the exchange's last card overwhelms here: the dominator's, if theirs
    by_fortune = winner == exchange.attacker and run.state.overwhelmed_here[number - 1] > 0
    _overwhelm_and_destroy(run, number, run.state.asserted[number - 1], by_fortune)
    proceed(run, rng)


def _court_effect(
    run: Run, winner: int, loser: int, number: int, rank: str, rng: random.Random
) -> None:
    pack = run.state.the_pack()
    normal, solo = next((eff, alt) for r, eff, alt in pack.court if r == rank)
    solo_version = run.state.solo and solo is not None
    effect: Effect = solo if solo is not None and solo_version else normal
    cause = sources.of(sources.SOLO_FORTUNE if solo_version else sources.FORTUNE, rank, winner)
    if effect.op == "other_inflicts":
        effects.inflict(run, loser, int(str(effect.get("amount"))), cause=cause)
    elif effect.op == "take_discarded_fortune":
        effects.take_discarded(run, winner, rng)
    elif effect.op in ("overwhelm_other", "overwhelm_specialised"):
        troop = run.state.district(number).personnel[loser]
        if effect.op == "overwhelm_specialised":
            troop = (0, troop[1], troop[2])
        if troop_size(troop):
            run.emit(
                e.Overwhelmed(seat=None, owner=loser, district=number, troop=troop, cause=cause)
            )
    elif effect.op == "discard_to_deck":
        if run.state.fortune_discard:
            top, knower = run.state.fortune_discard[-1], run.state.top_discard_knower()
            run.emit(FortuneToDeck(seat=None, card=top, owner=knower))
    else:
        raise ValueError(f"{effect.op} is not carried out here")


# ---- moves ------------------------------------------------------------------------------------


def _prompted(state: State, seat: int, *kinds: str) -> bool:
    prompt = state.flow.prompt_for(seat)
    return prompt is not None and prompt.kind in kinds


def _attack_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "dominance_fortune"):
        return []
    number = state.contest
    targets = [p for p in board.contenders(state, number) if p != seat]
    hand = [c for c in cards.one_of_each(state.player(seat).hand) if cards.is_dominance(c)]
    return [Move.of("attack", card=c, target=t) for c in hand for t in targets]


def _attack_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "dominance_fortune"):
        return reject("not_now", "Only a player asserting dominance attacks with a fortune.")
    card, target = move.get("card"), move.get("target")
    if not isinstance(card, str) or card not in state.player(seat).hand:
        return unheld_fortune(card)
    if not cards.is_dominance(card):
        return reject("not_a_dominance_fortune", "Only jacks, queens, kings and jokers attack.")
    if (
        not isinstance(target, int)
        or isinstance(target, bool)
        or target not in board.contenders(state, state.contest)
        or target == seat
    ):
        return reject("no_one_to_attack", "Attack another player with personnel here.")
    return None


def _attack(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(
        ef.FortunePlayed(
            seat=seat,
            owner=seat,
            card=str(move.get("card")),
            district=state.contest,
            target=int(str(move.get("target"))),
        )
    )
    target = int(str(move.get("target")))
    # the overlord holds no fortunes to counter, nor does a player whose hand is empty (public:
    # the one answer, letting the attack stand, is the game's own step; rules version 22)
    if target == state.overlord or not state.player(target).hand:
        run.emit(ef.CounterDeclined(seat=None, owner=target))
        exchange = run.state.exchange
        assert exchange is not None
        run.emit(ef.ExchangeEnded(seat=None, winner=seat, card=exchange.cards[-1]))
        exchange_over(run, rng)
    return run.events


def _hold(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(d.AttackForgone(seat=seat, owner=seat))
    _overwhelm_and_destroy(run, state.contest, seat)
    proceed(run, rng)
    return run.events


def _benefit_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "joker_benefit"):
        return reject("not_now", "No joker's benefit is to be chosen now.")
    if move.get("suit") not in SUITS:
        benefits = "; ".join(language.benefit(state, suit) for suit in SUITS)
        return reject("no_such_benefit", f"A joker gives one suit's benefit ({benefits}).")
    return None


def _benefit(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    suit = str(move.get("suit"))
    run.emit(d.BenefitChosen(seat=seat, owner=seat, suit=suit))
    gives = (state.the_pack().suit_gives(suit),)
    effects.do_simple(run, seat, gives, rng, sources.of(sources.JOKER, suit))
    _close_exchange(run, rng)
    return run.events


def _give_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "give_relic"):
        return []
    counts = [state.dominated(p) for p in state.everyone]
    top = max(counts)
    return [Move.of("give_relic", to=p) for p, n in enumerate(counts) if n == top and p != seat]


def _give_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "give_relic"):
        return reject("not_now", "The relic is not being given now.")
    if move not in _give_offers(state, seat):
        return reject("relic_to_a_tied_player", "Give the relic to another tied player.")
    return None


def _give(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(d.RelicMoved(seat=seat, owner=int(str(move.get("to"))), how="given", power=0))
    proceed(run, rng)
    return run.events


def _simple_check(*kinds: str) -> object:
    def check(state: State, seat: int, move: Move) -> Rejection | None:
        if not _prompted(state, seat, *kinds):
            return reject("not_now", "That is not asked of you now.")
        return None

    return check


DOMINANCE_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule(
        "attack",
        ("card", "target"),
        _attack_offers,
        _attack_check,
        _attack,
        lambda s, seat, m: (
            f"Attack {language.who(s, int(str(m.get('target'))))} with "
            + language.fortune(str(m.get("card")))
        ),
    ),
    MoveRule(
        "hold",
        (),
        lambda s, seat: [Move.of("hold")] if _prompted(s, seat, "dominance_fortune") else [],
        _simple_check("dominance_fortune"),  # type: ignore[arg-type]
        _hold,
        lambda s, seat, m: "Play no dominance fortune",
    ),
    MoveRule(
        "choose_benefit",
        ("suit",),
        lambda s, seat: (
            [Move.of("choose_benefit", suit=x) for x in SUITS]
            if _prompted(s, seat, "joker_benefit")
            else []
        ),
        _benefit_check,
        _benefit,
        lambda s, seat, m: f"Take the joker's benefit of {language.benefit(s, str(m.get('suit')))}",
    ),
    MoveRule(
        "give_relic",
        ("to",),
        _give_offers,
        _give_check,
        _give,
        lambda s, seat, m: f"Give the relic to {language.who(s, int(str(m.get('to'))))}",
    ),
)
