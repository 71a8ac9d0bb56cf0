"""The standby phase, each step from the relic player clockwise: recall and recruit, recover the
overwhelmed for strain, charge downed cards, one standby mission, one syndicate's backing, a
fortune each, the penalty dice for the most strained and the event dice for the relic player
(and, at 1-2 players, a district explosion), then the next round, or after the eighth the final
scoring."""

from __future__ import annotations

import random

from rules_core.engine.flow import clockwise
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import possessive
from rules_core.games.black_metro import (
    board,
    cards,
    effects,
    facilities,
    language,
    scoring,
    solo,
    sources,
)
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import events_standby as s
from rules_core.games.black_metro.checks import reject, unheld_fortune
from rules_core.games.black_metro.choices_seen import split_choice
from rules_core.games.black_metro.evolve_standby import backings, exploding
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, troop_size, troop_strength

State = BlackMetroState
NEXT = {
    "recall": "recover",
    "recover": "charge",
    "charge": "missions",
    "missions": "syndicates",
    "syndicates": "fortunes",
    "fortunes": "penalty",
    "penalty": "event",
    "event": "explosion",
    "explosion": "advance",
}


def begin(run: Run, rng: random.Random) -> None:
    """The phase's first step (recall and recruit), then the rest."""
    _do(run, "recall", rng)
    proceed(run, rng)


def proceed(run: Run, rng: random.Random) -> None:
    """Each step begins once the last one's decisions are made, until a player must decide."""
    from rules_core.games.black_metro.missions import pass_unasked  # (it builds on us)

    pass_unasked(run)
    while run.state.phase == "standby" and not run.state.flow.prompts and not run.state.over:
        following = NEXT.get(run.state.step)
        if following is None:
            return
        run.emit(s.StandbyStep(seat=None, step=following))
        _do(run, following, rng)
        pass_unasked(run)


def _order(state: State) -> tuple[int, ...]:
    return clockwise(len(state.players), state.relic)


def _do(run: Run, step: str, rng: random.Random) -> None:
    state = run.state
    if step == "recall":
        for seat in _order(state):
            for district in state.the_pack().districts:
                troop = run.state.district(district.number).personnel[seat]
                if troop_size(troop):
                    run.emit(
                        r.Recalled(seat=None, owner=seat, district=district.number, troop=troop)
                    )
            if seat != state.overlord:  # the overlord's forces are his set-up's (README)
                effects.recruit(run, seat, 1)
                effects.hideout_limits(run, seat)
    elif step == "charge":
        for seat in _order(state):
            player = run.state.player(seat)
            if player.downed or (player.candidate and not player.candidate_charged):
                run.emit(s.CardsCharged(seat=None, owner=seat, technologies=player.downed))
            for source, ability in board.sourced_abilities(run.state, seat):  # now charged
                if ability.op == "standby_heal":
                    effects.heal(run, seat, int(str(ability.get("amount"))))
                elif ability.op == "standby_get":
                    amount = int(str(ability.get("amount")))
                    effects.get(run, seat, str(ability.get("resource")), amount, source=source)
    elif step == "syndicates" and state.overlord is not None:
        found = backings(state, state.overlord)  # the overlord takes the first it may
        if found:
            power = state.the_pack().syndicate(found[0]).power
            run.emit(
                s.BackingReceived(seat=None, owner=state.overlord, syndicate=found[0], power=power)
            )
    elif step == "fortunes":
        for seat in _order(state):
            if seat != state.overlord:
                effects.draw_fortunes(run, seat, 1, rng)
    elif step == "penalty":
        strains = [run.state.player(p).strain for p in state.everyone]
        most = max(strains)
        if strains.count(most) == 1:  # a tie rolls no penalty dice
            facilities.roll(run, strains.index(most), "penalty", 0, rng)
    elif step == "event":
        facilities.roll(run, event_roller(state), "event", 0, rng)
    elif step == "explosion" and state.seats <= 2:  # 1-2 players: event 1's first bullet
        explode(run, "district-explosion", rng)
    elif step == "advance":
        _advance(run, rng)


def event_roller(state: State) -> int:
    """Who rolls the event dice and chooses its option: the relic player (solo: the player,
    when the overlord holds the relic)."""
    return solo.PLAYER if state.relic == state.overlord else state.relic


def explosion_face(state: State) -> int:
    """The event dice's face whose options lay an explosion's tile (event 1; 0: none)."""
    faces = state.the_pack().die("event").faces
    return next(
        (i + 1 for i, f in enumerate(faces) if all(o.steps[0].op == "explode" for o in f.options)),
        0,
    )


def explode(run: Run, tile: str, rng: random.Random) -> None:
    """The top fortune discarded names the district an explosion strikes: event 1 (`tile` "":
    the tile is chosen once it has struck) or the 1-2 player district explosion."""
    if not run.state.fortune_deck:  # the discard reshuffled, as for a draw
        deck = list(run.state.fortune_discard)
        rng.shuffle(deck)
        if not deck:
            return
        run.emit(ef.FortuneDeckReshuffled(seat=None, deck=tuple(deck)))
    card = run.state.fortune_deck[0]
    if run.state.solo and card.startswith("Joker"):  # the overlord's counterforce
        first = tile or _first_tile(run.state)  # event 1's first effect, not chosen (README)
        run.emit(s.FortuneTurnedUp(seat=None, card=card, tile=first))
        every = tuple(d.number for d in run.state.the_pack().districts)
        strike(run, solo.priority(run.state, every), first)
        solo.penalty_game(run, rng)
        return
    districts = exploding(card)
    overlord_chooses = run.state.relic == run.state.overlord
    chooser = run.state.relic if len(districts) > 1 and not overlord_chooses else -1
    run.emit(s.FortuneTurnedUp(seat=None, card=card, tile=tile, chooser=chooser))
    if len(districts) == 1:
        strike(run, districts[0], tile)
    elif overlord_chooses:  # the overlord chooses by his priority list
        strike(run, solo.priority(run.state, districts), tile)


def _first_tile(state: State) -> str:
    """The tile event 1's first option lays ("" when the pack's event dice has no explosion)."""
    face = explosion_face(state)
    if not face:
        return ""
    return str(state.the_pack().die("event").faces[face - 1].options[0].steps[0].get("tile"))


def strike(run: Run, district: int, tile: str) -> None:
    """The explosion destroys the district's fortifications; event 1's roller then chooses
    which tile is laid there (appendix.dice.event: the choice follows the destruction)."""
    solo_event = run.state.solo and run.state.step == "event"  # event 1's: result-1
    run.emit(s.DistrictExploded(seat=None, district=district, tile=tile, solo_event=solo_event))
    face = explosion_face(run.state)
    if not tile and face:
        owner = event_roller(run.state)
        run.emit(
            r.RollToResolve(
                seat=None, owner=owner, dice="event", face=face, district=district, option=-1
            )
        )


def apply_event(run: Run, face: int, option: int, rng: random.Random, district: int = 0) -> None:
    """The chosen option for every player in turn (an explosion's tile once, on the district
    it struck)."""
    steps = run.state.the_pack().die("event").faces[face - 1].options[option].steps
    if steps[0].op == "explode":
        tile = str(steps[0].get("tile"))
        if district:
            run.emit(s.TileLaid(seat=None, district=district, tile=tile))
        else:  # a pack's face mixing an explosion with other options: it strikes once chosen
            explode(run, tile, rng)
        return
    waiting = False  # a player before is asked: the rest wait their turn (settle_turns)
    for seat in _order(run.state):
        if seat == run.state.overlord:
            continue
        ways = facilities.choices(run.state, seat, 0, steps)
        way = None if waiting else facilities.unasked(run.state, seat, steps, ways)
        if way is not None:
            facilities.carry_out(
                run, seat, 0, steps, way, rng, sources.of(sources.DICE, "event", face)
            )
            waiting = _asking(run.state, seat)  # the next wait for them (rules versions 29, 30)
        elif ways:
            waiting = True
            run.emit(
                r.RollToResolve(
                    seat=None, owner=seat, dice="event", face=face, district=0, option=option
                )
            )


def _asking(state: State, seat: int) -> bool:
    """Whether `seat` is asked for discards or a later step of its effect."""
    return any(p.seat == seat and p.kind in ("discards", "step") for p in state.flow.prompts)


def settle_turns(run: Run, rng: random.Random) -> None:
    """An event option every player carries out in turn: a player whose turn has come, with one
    way to carry it out settled by public facts (asking.forced), carries it out unasked, and
    with none left (an earlier player's turn took it), passes. Rules version 17: before, such
    a player acted at once, ahead of earlier players still deciding (event 6's returns to the
    bottom of the mission deck then lay in another order)."""
    from rules_core.games.black_metro.resolution import (  # (it builds on us)
        prompt_source,
        prompt_steps,
    )

    while leading := run.state.flow.leading():
        prompt = leading[0]
        if prompt.kind != "dice_choice" or prompt.get("dice") != "event":
            return
        if int(str(prompt.get("option"))) < 0:
            return
        seat = prompt.seat
        number, steps = prompt_steps(run.state, prompt)
        ways = facilities.choices(run.state, seat, number, steps)
        way = facilities.unasked(run.state, seat, steps, ways) if ways else ""
        if way is None:
            return
        shown, cards = split_choice(way, facilities.choosing_ops(steps))
        run.emit(r.RollResolved(seat=None, owner=seat, choice=shown, cards=cards))
        if ways:
            facilities.carry_out(run, seat, number, steps, way, rng, prompt_source(prompt))


def _advance(run: Run, rng: random.Random) -> None:
    state = run.state
    if state.round >= state.the_pack().limit("rounds"):
        scoring.score(run)
        return
    from rules_core.games.black_metro.assignment import next_turn  # (assignment leads here)

    run.emit(e.RoundBegan(seat=None, round=state.round + 1))
    if state.overlord is not None and state.round + 1 == 6:  # the overlord takes the field
        for step in state.the_pack().opponent.round_6:
            effects.setup_step(
                run, state.overlord, step, rng, sources.of(sources.OVERLORD, "round_6")
            )
    next_turn(run, clockwise(len(state.players), state.relic), rng)


# ---- moves ------------------------------------------------------------------------------------


def _asked(state: State, seat: int, kind: str) -> bool:
    prompt = state.flow.prompt_for(seat)
    return prompt is not None and prompt.kind == kind


def _recover_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "recover_overwhelmed"):
        return []
    subs, paragons, suits = state.player(seat).overwhelmed
    return [
        Move.of("recover", troop=f"{a},{b},{c}")
        for a in range(subs + 1)
        for b in range(paragons + 1)
        for c in range(suits + 1)
        if a + b + c
    ]


def _recover_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "recover_overwhelmed"):
        return reject("not_now", "Overwhelmed personnel are recovered in the standby phase.")
    if move not in _recover_offers(state, seat):
        held = language.troop(state.player(seat).overwhelmed)
        return reject(
            "not_overwhelmed", f"Your overwhelmed bag holds {held}: recover some of those."
        )
    return None


def _recover(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    counts = tuple(int(x) for x in str(move.get("troop")).split(","))
    troop = (counts[0], counts[1], counts[2])
    run = Run(state)
    run.emit(r.Recovered(seat=seat, owner=seat, troop=troop))
    discount = board.bonus(state, seat, "recover_discount")
    strain = max(0, troop_strength(troop) - discount)
    effects.inflict(run, seat, strain, cause=sources.of(sources.RECOVER))
    effects.hideout_limits(run, seat)
    proceed(run, rng)
    return run.events


def _keep(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(s.OverwhelmedKept(seat=seat, owner=seat))
    proceed(run, rng)
    return run.events


def _no_backing(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(s.BackingPassed(seat=seat, owner=seat))
    proceed(run, rng)
    return run.events


def _backing_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "backing"):
        return []
    return [Move.of("receive_backing", syndicate=x) for x in backings(state, seat)]


def _backing_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "backing"):
        return reject("not_now", "Syndicates back players in the standby phase.")
    if move not in _backing_offers(state, seat):
        return reject("no_backing", "Only an unturned syndicate whose criterion you alone lead.")
    return None


def _backing(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    syndicate = str(move.get("syndicate"))
    run = Run(state)
    power = state.the_pack().syndicate(syndicate).power
    run.emit(s.BackingReceived(seat=seat, owner=seat, syndicate=syndicate, power=power))
    proceed(run, rng)
    return run.events


def _excess_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "hand_limit"):
        return []
    hand = cards.one_of_each(state.player(seat).hand)
    return [Move.of("discard_excess", card=c) for c in hand]


def _excess_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "hand_limit"):
        return reject("not_now", "You hold no more than 5 fortunes.")
    if move.get("card") not in state.player(seat).hand:
        return unheld_fortune(move.get("card"))
    return None


def _excess(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    card, why = str(move.get("card")), sources.of(sources.HAND_LIMIT)
    run.emit(ef.FortunesDiscarded(seat=seat, owner=seat, cards=(card,), reason=why))
    carry_on(run, rng)
    return run.events


def carry_on(run: Run, rng: random.Random) -> None:
    """Once a decision that interrupted a phase is made, the phase goes on."""
    from rules_core.games.black_metro import assignment, dominance, resolution

    settle_turns(run, rng)
    phase = run.state.phase
    overlord = run.state.overlord
    if phase == "assignment" and run.state.flow.current == overlord and overlord is not None:
        if not run.state.flow.prompts:  # the overlord's turn is over: the next one begins
            order = (*clockwise(len(run.state.players), overlord)[1:], overlord)
            assignment.next_turn(run, order, rng)
    elif phase == "assignment":
        assignment.after_fortune(run, rng)
    elif phase == "dominance":
        dominance.proceed(run, rng)
    elif phase == "resolution":
        resolution.proceed(run, rng)
    elif phase == "standby":
        proceed(run, rng)


def _explode_offers(state: State, seat: int) -> list[Move]:
    prompt = state.flow.prompt_for(seat)
    if prompt is None or prompt.kind != "explode_district":
        return []
    return [Move.of("explode_at", district=d) for d in exploding(str(prompt.get("card")))]


def _explode_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "explode_district"):
        return reject("not_now", "No explosion waits for its district now.")
    if move not in _explode_offers(state, seat):
        prompt = state.flow.prompt_for(seat)
        assert prompt is not None
        named = " or ".join(f"{d:02d}" for d in exploding(str(prompt.get("card"))))
        card = language.fortune(str(prompt.get("card")))
        return reject("not_named_district", f"{card.capitalize()} names district {named}.")
    return None


def _explode(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    run = Run(state)
    strike(run, int(str(move.get("district"))), str(prompt.get("tile")))
    proceed(run, rng)
    return run.events


def _simple(kind: str) -> object:
    def check(state: State, seat: int, move: Move) -> Rejection | None:
        return None if _asked(state, seat, kind) else reject("not_now", "That is not asked now.")

    return check


STANDBY_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule(
        "recover",
        ("troop",),
        _recover_offers,
        _recover_check,
        _recover,
        lambda st, seat, m: (
            "Recover "
            + language.troop(tuple(int(x) for x in str(m.get("troop")).split(",")))  # type: ignore[arg-type]
            + " for strain"
        ),
    ),
    MoveRule(
        "keep_overwhelmed",
        (),
        lambda st, seat: (
            [Move.of("keep_overwhelmed")] if _asked(st, seat, "recover_overwhelmed") else []
        ),
        _simple("recover_overwhelmed"),  # type: ignore[arg-type]
        _keep,
        lambda st, seat, m: "Leave the overwhelmed in the bag",
    ),
    MoveRule(
        "receive_backing",
        ("syndicate",),
        _backing_offers,
        _backing_check,
        _backing,
        lambda st, seat, m: (
            f"Receive {possessive(st.the_pack().syndicate(str(m.get('syndicate'))).name)} backing"
        ),
    ),
    MoveRule(
        "pass_backing",
        (),
        lambda st, seat: [Move.of("pass_backing")] if _asked(st, seat, "backing") else [],
        _simple("backing"),  # type: ignore[arg-type]
        _no_backing,
        lambda st, seat, m: "Receive no backing",
    ),
    MoveRule(
        "discard_excess",
        ("card",),
        _excess_offers,
        _excess_check,
        _excess,
        lambda st, seat, m: f"Discard {language.fortune(str(m.get('card')))} (5 at most in hand)",
    ),
    MoveRule(
        "explode_at",
        ("district",),
        _explode_offers,
        _explode_check,
        _explode,
        lambda st, seat, m: (
            f"Let the explosion strike {language.district(st, int(str(m.get('district'))))}"
        ),
    ),
)
