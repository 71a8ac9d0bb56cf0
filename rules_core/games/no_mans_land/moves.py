"""No Man's Land's moves, declared once on the engine's MoveBook: what each offers, why it is
refused (citing the book), what it does, and its words.

Falcone, in his movement phase: `recruit` a character, play a `crime` face up or face down,
`move` a character, `end` the phase (his draw phase follows, then Gordon's turn). Gordon: `signal`
(a start of turn Batsignal card), `move` a hero, `fight` crime at a district (with a Batsignal
card or not), `draw` from the Batsignal deck, `end` the phase he is in.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules_core.engine.declared import Run
from rules_core.engine.moves import MoveBook, MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import capitalized, counted, listed, no_such_move, takes_only
from rules_core.games.no_mans_land.carried import CARRIES
from rules_core.games.no_mans_land.citations import FALCONE, GORDON, TURN_SECTIONS, phase_section
from rules_core.games.no_mans_land.content import Card, number
from rules_core.games.no_mans_land.events import (
    ENDINGS,
    CharacterRecruited,
    CrimeCommitted,
    CrimeHidden,
    CrimeRevealed,
    ExtraCountersChosen,
    FightResolved,
    GameFinished,
    PhaseBegan,
    PieceMoved,
    SignalDrawn,
    SignalPlayed,
)
from rules_core.games.no_mans_land.evolve import HANDLERS
from rules_core.games.no_mans_land.language import (
    PHASE_NAMES,
    ROLES,
    describe_move,
    piece_name,
    place,
)
from rules_core.games.no_mans_land.refusals import F_MOVE, G_FIGHT, G_START, reject
from rules_core.games.no_mans_land.state import NmlState
from rules_core.games.no_mans_land.turns import (
    can_draw_signal,
    end_falcone_turn,
    extra_offered,
    extra_pending,
    fights,
    gordon_waits,
    movable,
    next_gordon_phase,
    open_districts,
    settle_gordon,
    start_cards,
    steps_allowed,
    take_counters,
)


def _phase(state: NmlState, seat: int, side: int, *steps: str) -> Rejection | None:
    """A move of `side`'s, made in one of its `steps`: refused otherwise, citing the sequence
    of play, that side's turn and the phases the move belongs to (not the other side's turn)."""
    wanted = " or ".join(PHASE_NAMES[s] for s in steps)
    sections = ("sequence-of-play", TURN_SECTIONS[side], *(phase_section(side, s) for s in steps))
    if seat != side:
        return reject("wrong_phase", f"Only {ROLES[side]} does that, in his {wanted}.", *sections)
    if state.flow.step not in steps:
        now = PHASE_NAMES[state.flow.step]
        return reject(
            "wrong_phase",
            f"That is done in {ROLES[side]}'s {wanted}; it is {ROLES[state.flow.current]}'s {now}.",
            *sections,
        )
    return None


def _card(state: NmlState, hand: tuple[str, ...], raw: object, *sections: str) -> Card | Rejection:
    """The card `raw` names, if it is in `hand` (a refusal citing `sections`, the phase's own,
    when given)."""
    if not isinstance(raw, str) or raw not in hand:
        words = "You hold no such card." if raw else "Name a card from your hand."
        return reject("card_not_in_hand", words, *sections)
    return state.pack.card(raw)


def _district(state: NmlState, raw: object, *sections: str) -> str | Rejection:
    """The district `raw` names, if it stands (a refusal citing `sections`, the phase's own,
    when given, and the rule that destroyed districts are out of play)."""
    if not isinstance(raw, str) or raw not in {d.id for d in state.pack.districts}:
        words = "Gotham has no such district." if raw else "Name a district of Gotham."
        return reject("no_such_district", words, *sections)
    if raw in state.destroyed:
        name = capitalized(state.pack.district(raw).name)
        return reject(
            "district_destroyed",
            f"{name} has been destroyed.",
            *(sections and ("ending-the-game.city-overrun", *sections)),
        )
    return raw


def _first_of_each(state: NmlState, hand: tuple[str, ...], kind: str) -> list[str]:
    """One card of each name (copies are alike), the first held."""
    seen: dict[str, str] = {}
    for card_id in sorted(hand):
        card = state.pack.card(card_id)
        if card.kind == kind and card.name not in seen:
            seen[card.name] = card_id
    return sorted(seen.values())


# ---- Falcone: recruit, crime --------------------------------------------------------------


def _recruit_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, FALCONE, "movement")
    if refused:
        return refused
    card = _card(state, state.falcone_hand, move.get("card"), F_MOVE)
    if isinstance(card, Rejection):
        return card
    if card.kind != "character":
        return reject("not_a_character", f"{capitalized(card.name)} is not a character.")
    district = _district(state, move.get("district"), F_MOVE)
    if isinstance(district, Rejection):
        return district
    if state.heroes_at(district):
        name = state.pack.district(district).name
        return reject("hero_there", f"A hero stands at {name}: nothing is played under his nose.")
    if card.cost > state.counters:
        return reject(
            "not_enough_counters",
            f"{capitalized(card.name)} costs {card.cost}; you hold {state.counters}.",
        )
    return None


def _recruit_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if seat != FALCONE or state.flow.step != "movement":
        return []
    return [
        Move.of("recruit", card=c, district=d)
        for c in _first_of_each(state, state.falcone_hand, "character")
        if state.pack.card(c).cost <= state.counters
        for d in open_districts(state)
    ]


def _recruit(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    card = state.pack.card(str(move.get("card")))
    return [
        CharacterRecruited(
            seat=seat, card=card.id, district=str(move.get("district")), cost=card.cost
        )
    ]


def _crime_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, FALCONE, "movement")
    if refused:
        return refused
    card = _card(state, state.falcone_hand, move.get("card"), F_MOVE)
    if isinstance(card, Rejection):
        return card
    if card.kind != "crime":
        return reject("not_a_crime", f"{capitalized(card.name)} is not a crime.")
    face_down = move.get("face_down")
    if not isinstance(face_down, bool):
        return reject("bad_face_down", "Say whether the crime goes face down (true or false).")
    district = _district(state, move.get("district"), F_MOVE)
    if isinstance(district, Rejection):
        return district
    name = state.pack.district(district).name
    if state.heroes_at(district):
        return reject("hero_there", f"A hero stands at {name}: nothing is played under his nose.")
    if state.crime_at(district) is not None:
        return reject("crime_already_there", f"There is already a crime at {name}.")
    cost = state.pack.crime_cost(card, face_down)
    if cost > state.counters:
        return reject("not_enough_counters", f"That costs {cost}; you hold {state.counters}.")
    return None


def _crime_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if seat != FALCONE or state.flow.step != "movement":
        return []
    places = [d for d in open_districts(state) if state.crime_at(d) is None]
    return [
        Move.of("crime", card=c, district=d, face_down=down)
        for c in _first_of_each(state, state.falcone_hand, "crime")
        for down in (False, True)
        if state.pack.crime_cost(state.pack.card(c), down) <= state.counters
        for d in places
    ]


def _crime(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    card = state.pack.card(str(move.get("card")))
    district, down = str(move.get("district")), move.get("face_down") is True
    cost = state.pack.crime_cost(card, down)
    run = Run(state, HANDLERS)
    kind = CrimeHidden if down else CrimeCommitted
    run.emit(kind(seat=seat, card=card.id, district=district, cost=cost))
    # a gain when played is public (counters leave the supply), so only a crime played face up
    # has it: played face down, nothing it does may tell Gordon which crime it is
    for step in () if down else card.effect:
        if step.op == "gain" and not take_counters(run, number(step, "amount"), income_phase=False):
            break
    return run.events


# ---- both: move, end ------------------------------------------------------------------------


PIECES = ("characters", "heroes")  # each side's pieces on the board, in the game's words


def _pieces(state: NmlState, seat: int) -> tuple[tuple[str, str], ...]:
    own = state.villains if seat == FALCONE else state.heroes
    return tuple((p.id, p.district) for p in own)


def _move_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, seat, "movement")
    if refused:
        return refused
    own = phase_section(seat, "movement")  # the mover's movement phase, not the other side's
    piece = move.get("piece")
    where = dict(_pieces(state, seat)).get(piece) if isinstance(piece, str) else None
    if not isinstance(piece, str) or where is None:
        words = "You have no such piece in play." if piece else f"Name one of your {PIECES[seat]}."
        return reject("not_your_piece", words, own)
    to = _district(state, move.get("to"), own)
    if isinstance(to, Rejection):
        return to
    name, origin = capitalized(piece_name(state, piece)), place(state, where)
    if state.moved.count(piece) >= steps_allowed(state, piece):
        return reject("cannot_move_there", f"{name} has no step left this movement phase.", own)
    near = movable(state, piece, where)
    if to not in near:
        reach = f": {listed([place(state, d) for d in near])}" if near else ", and none stands"
        words = f"{name} moves only to a district next to {origin}{reach}."
        return reject("cannot_move_there", words, own)
    return None


def _move_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if state.flow.step != "movement" or seat != state.flow.current:
        return []
    return [
        Move.of("move", piece=p, to=d)
        for p, where in _pieces(state, seat)
        for d in movable(state, p, where)
    ]


def _move(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    piece = str(move.get("piece"))
    origin = dict(_pieces(state, seat))[piece]
    run = Run(state, HANDLERS)
    run.emit(PieceMoved(seat=seat, piece=piece, origin=origin, to=str(move.get("to"))))
    if seat == GORDON:
        settle_gordon(run)
    return run.events


def _end_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    if seat == FALCONE:
        return _phase(state, seat, FALCONE, "movement")
    if not gordon_waits(state):
        return reject(
            "nothing_to_end",
            f"Your {PHASE_NAMES[state.flow.step]} asks nothing of you: it passes by itself.",
        )
    return None


def _end_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if seat == FALCONE and state.flow.step != "movement":
        return []
    if seat == GORDON and not gordon_waits(state):
        return []
    return [Move.of("end")] if seat == state.flow.current else []


def _end(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    if seat == FALCONE:
        end_falcone_turn(run)
    else:
        next_gordon_phase(run)
    return run.events


# ---- Gordon: signal, fight, draw --------------------------------------------------------------


def _signal_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, GORDON, "start")
    if refused:
        return refused
    card = _card(state, state.signal_hand, move.get("card"), G_START, "start-of-turn-phase")
    if isinstance(card, Rejection):
        return card
    if card.timing != "start":
        return reject(
            "not_a_start_card", f"{capitalized(card.name)} is played with a fight, not now."
        )
    district = move.get("district")
    if not card.has("reveal"):
        if "district" in dict(move.params):
            return reject("bad_district", f"{capitalized(card.name)} names no district.")
        return None
    found = _district(state, district, G_START, "start-of-turn-phase")
    if isinstance(found, Rejection):
        return found
    crime = state.crime_at(found)
    if crime is None or not crime.face_down:
        return reject(
            "nothing_to_reveal", f"No face-down crime is at {state.pack.district(found).name}."
        )
    return None


def _signal_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if seat != GORDON or state.flow.step != "start":
        return []
    found: list[Move] = []
    for c in _first_of_each(state, start_cards(state), "batsignal"):
        if state.pack.card(c).has("reveal"):
            found += [
                Move.of("signal", card=c, district=x.district) for x in state.crimes if x.face_down
            ]
        else:
            found.append(Move.of("signal", card=c))
    return found


def _signal(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    card = state.pack.card(str(move.get("card")))
    district = move.get("district")
    run = Run(state, HANDLERS)
    run.emit(SignalPlayed(seat=seat, card=card.id, district=str(district or "")))
    if card.has("reveal") and isinstance(district, str):
        crime = run.state.crime_at(district)
        assert crime is not None
        run.emit(CrimeRevealed(seat=seat, district=district, card=crime.card))
    settle_gordon(run)
    return run.events


def _fight_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, GORDON, "crimefighting")
    if refused:
        return refused
    district = _district(state, move.get("district"), G_FIGHT)
    if isinstance(district, Rejection):
        return district
    if district not in fights(state):
        return reject(
            "nothing_to_fight",
            f"No fight at {state.pack.district(district).name}: it needs one of your heroes, "
            "a crime or a character of Falcone's, and no fight there yet this turn.",
        )
    if "card" not in dict(move.params):
        return None
    card = _card(state, state.signal_hand, move.get("card"), G_FIGHT)
    if isinstance(card, Rejection):
        return card
    if card.timing != "crimefighting":
        return reject(
            "not_a_fight_card", f"{capitalized(card.name)} is played at the start of your turn."
        )
    return None


def _fight_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if seat != GORDON or state.flow.step != "crimefighting":
        return []
    boosts = [
        c
        for c in _first_of_each(state, state.signal_hand, "batsignal")
        if state.pack.card(c).timing == "crimefighting"
    ]
    found: list[Move] = []
    for d in fights(state):
        found.append(Move.of("fight", district=d))
        found += [Move.of("fight", district=d, card=c) for c in boosts]
    return found


def strength(state: NmlState, district: str, card: str) -> tuple[int, int]:
    """Gordon's heroes' strength at a fight there (with a boost card), and what they face: the
    crime's strength and each of Falcone's characters'."""
    heroes = sum(state.pack.hero(h.id).strength for h in state.heroes_at(district))
    if card:
        heroes += sum(
            number(step, "strength") for step in state.pack.card(card).effect if step.op == "boost"
        )
    crime = state.crime_at(district)
    foes = sum(state.pack.card(v.id).strength for v in state.villains_at(district))
    if crime is not None:
        foes += state.pack.card(crime.card).strength
    return heroes, foes


def _fight(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    district = str(move.get("district"))
    card = str(move.get("card") or "")
    heroes, foes = strength(state, district, card)
    crime = state.crime_at(district)
    stopped = heroes >= foes
    arrested = tuple(v.id for v in state.villains_at(district)) if stopped else ()
    run = Run(state, HANDLERS)
    run.emit(
        FightResolved(
            seat=seat,
            district=district,
            card=card,
            crime=crime.card if crime else "",
            heroes=heroes,
            opposition=foes,
            stopped=stopped,
            arrested=arrested,
        )
    )
    settle_gordon(run)
    return run.events


def _extra_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, FALCONE, "income")
    if refused:
        return refused
    if not state.income_taken:
        return reject(
            "no_extra_on_offer",
            "Your income is not taken yet: the extra counters for crimes in C+1 districts come "
            "after it.",
        )
    if state.extra_chosen:
        return reject(
            "no_extra_on_offer",
            "You have chosen your extra counters this income phase: your movement phase comes "
            "next.",
        )
    if not extra_pending(state):
        return reject(
            "no_extra_on_offer",
            "No extra counter is on offer: you have no crime in a C+1 district, or the supply "
            "is empty.",
        )
    amount, most = move.get("counters"), extra_offered(state)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= most:
        choice = "the extra counter or none" if most == 1 else f"from 0 to {most} extra counters"
        return reject(
            "bad_extra",
            f"Take {choice}: one for each crime in a C+1 district, as far as the supply holds.",
        )
    return None


def _extra_offers(state: NmlState, seat: int) -> Iterable[Move]:
    if seat != FALCONE or not extra_pending(state):
        return []
    return [Move.of("extra", counters=n) for n in range(extra_offered(state), -1, -1)]


def _extra(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    offered = extra_offered(state)
    run.emit(ExtraCountersChosen(seat=seat, amount=int(str(move.get("counters"))), offered=offered))
    run.emit(PhaseBegan(seat=None, player=FALCONE, phase="movement"))
    return run.events


def _draw_check(state: NmlState, seat: int, move: Move) -> Rejection | None:
    refused = _phase(state, seat, GORDON, "draw")
    if refused:
        return refused
    if state.signal_drawn:
        return reject("cannot_draw", "You have drawn already this draw phase: one card a turn.")
    if not can_draw_signal(state):
        return reject(
            "cannot_draw",
            f"You may draw only with fewer than {state.pack.gordon_hand} Batsignal cards in hand.",
        )
    return None


def _draw(state: NmlState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(SignalDrawn(seat=seat, card=state.signal_deck[0]))
    if not run.state.signal_deck:
        run.emit(GameFinished(seat=None, winner=FALCONE, ending="batsignal"))
    else:
        next_gordon_phase(run)
    return run.events


def _precheck(state: NmlState, seat: int) -> Rejection | None:
    if state.over:  # told as the game's last event told it, citing that ending
        ending = ENDINGS[state.ending]
        ended = f"The game is over: {ending.words}."
        return reject("game_over", ended, "ending-the-game", ending.section)
    if state.gain_owed:
        card = state.pack.card(state.gaining()).name
        owed = counted(state.gain_owed, "corruption counter")
        if state.gain_owed > state.supply:  # ending-the-game.counters-exhausted
            return reject(
                "gain_pending",
                f"The supply cannot give the {owed} {card} gives: Falcone's supply is "
                "exhausted, and Gordon wins.",
                "ending-the-game.counters-exhausted",
                "corruption-counters",
            )
        words = f"Falcone must first take the {owed} {card} gives."
        return reject("gain_pending", words, "corruption-counters", F_MOVE)
    if state.revealing:
        card = state.pack.card(state.signal_discard[-1]).name
        return reject(
            "reveal_pending",
            f"{capitalized(card)} first turns the crime at {place(state, state.revealing)} face "
            "up.",
        )
    if seat != state.flow.current:
        now = ROLES[state.flow.current]
        return reject(
            "not_your_turn", f"It is {now}'s turn ({PHASE_NAMES[state.flow.step]}): wait for it."
        )
    return None


MOVES: MoveBook[NmlState] = MoveBook(
    rules=(
        MoveRule(
            "recruit",
            ("card", "district"),
            _recruit_offers,
            _recruit_check,
            _recruit,
            describe_move,
        ),
        MoveRule(
            "crime",
            ("card", "district", "face_down"),
            _crime_offers,
            _crime_check,
            _crime,
            describe_move,
        ),
        MoveRule(
            "signal", ("card", "district"), _signal_offers, _signal_check, _signal, describe_move
        ),
        MoveRule("extra", ("counters",), _extra_offers, _extra_check, _extra, describe_move),
        MoveRule("move", ("piece", "to"), _move_offers, _move_check, _move, describe_move),
        MoveRule("fight", ("district", "card"), _fight_offers, _fight_check, _fight, describe_move),
        MoveRule(
            "draw",
            (),
            lambda s, seat: (
                [Move.of("draw")]
                if seat == GORDON and s.flow.step == "draw" and can_draw_signal(s)
                else []
            ),
            _draw_check,
            _draw,
            describe_move,
        ),
        MoveRule("end", (), _end_offers, _end_check, _end, describe_move),
    ),
    precheck=_precheck,
    unknown=lambda kind: reject("unknown_move", no_such_move("No Man's Land")),
    unexpected=lambda kind, takes: reject("unexpected_parameter", takes_only(kind, takes)),
    carries=CARRIES,
)
