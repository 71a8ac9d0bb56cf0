"""No Man's Land in its players' words: move labels and the story of each event for one viewer.

Cards are named as printed ("Bribe the Commissioner"), districts as the city names them ("the
Docks"); a card the viewer may not see is only "a crime" or "a card".
"""

from __future__ import annotations

from rules_core.engine.types import GameEvent, Move
from rules_core.engine.wording import listed, one_of
from rules_core.games.no_mans_land.events import (
    ENDINGS,
    CardsDealt,
    CardsDrawn,
    CharacterRecruited,
    CountersTaken,
    CrimeCommitted,
    CrimeHidden,
    CrimeRevealed,
    DistrictDestroyed,
    ExtraCountersChosen,
    FightResolved,
    GameFinished,
    GameStarted,
    OverrunChecked,
    PhaseBegan,
    PieceMoved,
    SignalDrawn,
    SignalPlayed,
)
from rules_core.games.no_mans_land.state import Crime, NmlState
from rules_core.games.no_mans_land.turns import (
    c_plus_1_crimes,
    extra_offered,
    gordon_waits,
    start_cards,
    stuck_as_told,
)

ROLES = ("Falcone", "Gordon")
PHASE_NAMES = {
    "start": "start of turn phase",
    "income": "income phase",
    "movement": "movement phase",
    "crimefighting": "crimefighting phase",
    "draw": "draw phase",
}


def seat_names(state: NmlState) -> tuple[str, ...]:
    return ROLES


def place(state: NmlState, district: object) -> str:
    """A district as the city names it ("the Docks")."""
    return state.pack.district(str(district)).name


def card_name(state: NmlState, card: object) -> str:
    return state.pack.card(str(card)).name


def _names(state: NmlState, cards: tuple[str, ...]) -> str:
    """Cards by name, as a person lists them ("Arson, Bank Heist and Falcone Thug")."""
    return listed([card_name(state, c) for c in cards])


def piece_name(state: NmlState, piece: str) -> str:
    if any(h.id == piece for h in state.heroes):
        return state.pack.hero(piece).name
    return card_name(state, piece)


def character_on_board(state: NmlState, piece: str) -> str:
    """A character as the board tells it apart: numbered, in the order its district lists them,
    where two of one name stand together ("Falcone Thug (2)"; board.js characterNames)."""
    name = card_name(state, piece)
    district = next(v.district for v in state.villains if v.id == piece)
    alike = [v.id for v in state.villains_at(district) if card_name(state, v.id) == name]
    return f"{name} ({alike.index(piece) + 1})" if len(alike) > 1 else name


def ruled_out_names(state: NmlState, crime: Crime) -> tuple[str, ...]:
    """The names of the cards a face-down crime is known not to be, in the pack's order, each
    once (none for a face-up crime: its card is seen)."""
    if not crime.face_down:
        return ()
    names = (c.name for c in state.pack.cards if c.id in crime.ruled_out)
    return tuple(dict.fromkeys(names))


def known_of(state: NmlState, crime: Crime) -> str:
    """What the whole table knows of a face-down crime besides where it is ("" for nothing
    more): which cards it is not, and why (rules version 8)."""
    names = ruled_out_names(state, crime)
    if not names:
        return ""
    return (
        f"Face-down crime at {place(state, crime.district)} — not "
        f"{' or '.join(one_of(n) for n in names)}: it stood through the start of Falcone's turn "
        "with no hero there"
    )


def _counters(n: int, kind: str = "") -> str:
    return f"{n} {kind}corruption counter{'s' if n != 1 else ''}"


def _left(state: NmlState, taken: int) -> str:
    """What the supply holds once Falcone takes `taken` counters: "3 left in the supply",
    "none left in the supply"."""
    return f"{state.supply - taken or 'none'} left in the supply"


def _extra_offer(offered: int, crimes: int, whose: str) -> str:
    """The extra counters on offer in Falcone's income phase and why, as one phrase: "the extra
    corruption counter for his crime in a C+1 district", "the 2 extra corruption counters for
    your crimes in C+1 districts", with "(the supply holds only 1)" when it gives fewer than
    the crimes earn (income-phase)."""
    counters = (
        "the extra corruption counter"
        if offered == 1
        else f"the {offered} extra corruption counters"
    )
    crime = (
        f"{whose} crime in a C+1 district" if crimes == 1 else f"{whose} crimes in C+1 districts"
    )
    short = f" (the supply holds only {offered})" if offered < crimes else ""
    return f"{counters} for {crime}{short}"


def _extra_label(state: NmlState, amount: int) -> str:
    """A button of Falcone's extra counters (one move per amount, from all down to none):
    "Take the extra corruption counter ...", "Take 1 of the 2 ...", "Decline the 2 ..."."""
    offered = extra_offered(state)
    if not 0 <= amount <= offered:  # none on offer now: the move as it stands
        return (
            f"Take {_counters(amount, 'extra ')}" if amount else "Take no extra corruption counter"
        )
    offer = _extra_offer(offered, c_plus_1_crimes(state), "your")
    if not amount:
        return f"Decline {offer}"
    return f"Take {offer}" if amount == offered else f"Take {amount} of {offer}"


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _sentence(text: str) -> str:
    return f"{text[0].upper()}{text[1:]}." if text else ""


def describe_move(state: NmlState, seat: int, move: Move) -> str:
    """A legal move as its button reads."""
    kind = move.type
    if kind == "recruit":
        card = state.pack.card(str(move.get("card")))
        return (
            f"Recruit {card.name} at {place(state, move.get('district'))} ({_counters(card.cost)})"
        )
    if kind == "crime":
        card = state.pack.card(str(move.get("card")))
        down = move.get("face_down") is True
        cost = state.pack.crime_cost(card, down)
        side = "face down" if down else "face up"
        return (
            f"Play {card.name} {side} at {place(state, move.get('district'))} ({_counters(cost)}"
            f"{'' if down else _gain_ends(state, card.gain)})"
        )
    if kind == "move":
        piece = str(move.get("piece"))
        origin = next(p.district for p in (*state.villains, *state.heroes) if p.id == piece)
        mover = character_on_board if any(v.id == piece for v in state.villains) else piece_name
        return (
            f"Move {mover(state, piece)} from {place(state, origin)} "
            f"to {place(state, move.get('to'))}"
        )
    if kind == "signal":
        name = card_name(state, move.get("card"))
        district = move.get("district")
        return f"Play {name} at {place(state, district)}" if district else f"Play {name}"
    if kind == "fight":
        where = place(state, move.get("district"))
        boost = move.get("card")
        return f"Fight crime at {where}" + (f" with {card_name(state, boost)}" if boost else "")
    if kind == "extra":
        return _extra_label(state, int(str(move.get("counters"))))
    if kind == "draw":
        if len(state.signal_deck) == 1:  # ending-the-game.batsignal-deck-empty
            return "Draw the last Batsignal card (Falcone wins at once)"
        return "Draw from the Batsignal deck"
    if kind == "end":
        step = state.flow.step
        return "End the turn without drawing" if step == "draw" else f"End the {PHASE_NAMES[step]}"
    return kind


def _gain_ends(state: NmlState, gain: int) -> str:
    """What a crime's gain does to the game when the supply cannot give it: Falcone must take
    counters that are not there, so Gordon wins (ending-the-game.counters-exhausted); "" when
    the supply can, or the crime gives none."""
    if gain <= state.supply:
        return ""
    held = f"holds only {state.supply}" if state.supply else "is empty"
    return f"; the supply {held}, so Gordon wins"


def narrate(state: NmlState, event: GameEvent, seat: int | None, reveal: bool) -> str:
    """What `event` did, as `seat` may know it (`state` is the state before the event)."""
    return _sentence(_story(state, event, seat, reveal))


def _story(state: NmlState, event: GameEvent, seat: int | None, reveal: bool) -> str:
    mine = reveal or (seat is not None and seat == event.seat)
    if isinstance(event, GameStarted):
        return (
            f"No Man's Land begins: Falcone's deck ({_cards(len(event.falcone_deck))}) and the "
            f"Batsignal deck ({_cards(len(event.signal_deck))}) are shuffled, and Gordon's "
            "heroes take their posts"
        )
    if isinstance(event, CardsDealt):
        shown = _names(state, event.cards)
        return "Falcone is dealt " + (shown if mine else _cards(len(event.cards)))
    if isinstance(event, PhaseBegan):
        who = ROLES[event.player]
        if event.phase == "start":
            return f"{who}'s turn begins with the start of turn phase"
        stuck = stuck_as_told(state) if event.seat is None and event.phase == "draw" else ""
        if stuck:  # his movement phase ended unasked (rules versions 10 and later)
            return f"{stuck}: his movement phase ends. {who}'s {PHASE_NAMES[event.phase]}"
        return f"{who}'s {PHASE_NAMES[event.phase]}"
    if isinstance(event, OverrunChecked):
        verdict = "Gotham is overrun" if event.overrun else "Gotham holds"
        return (
            f"Overrun check: crimes in {event.crimes or 'none'} of the {event.standing} districts "
            f"standing; {verdict}"
        )
    if isinstance(event, DistrictDestroyed):
        lost = _names(state, event.removed)
        text = f"{card_name(state, event.card)} burns down {place(state, event.district)}"
        return text + (f", taking {lost} with it" if lost else "")
    if isinstance(event, CountersTaken):
        # a card's gain comes with the crime just played face up, which the state holds last
        what = " (his income)" if event.income else f" from {card_name(state, state.gaining())}"
        if event.amount < event.owed:
            held = f"holds only {event.amount}" if event.amount else "is empty"
            return f"Falcone must take {_counters(event.owed)}{what} but the supply {held}"
        return f"Falcone takes {_counters(event.amount)}{what}; {_left(state, event.amount)}"
    if isinstance(event, ExtraCountersChosen):
        offer = _extra_offer(event.offered, c_plus_1_crimes(state), "his")
        if not event.amount:
            return f"Falcone declines {offer}"
        some = "" if event.amount == event.offered else f"{event.amount} of "
        return f"Falcone takes {some}{offer}; {_left(state, event.amount)}"
    if isinstance(event, CharacterRecruited):
        return (
            f"Falcone recruits {card_name(state, event.card)} at {place(state, event.district)} "
            f"for {_counters(event.cost)}"
        )
    if isinstance(event, CrimeCommitted):
        return (
            f"Falcone plays {card_name(state, event.card)} face up at "
            f"{place(state, event.district)} for {_counters(event.cost)}"
        )
    if isinstance(event, CrimeHidden):
        what = card_name(state, event.card) if mine else "a crime"
        return (
            f"Falcone plays {what} face down at {place(state, event.district)} "
            f"for {_counters(event.cost)}"
        )
    if isinstance(event, PieceMoved):
        return (
            f"{piece_name(state, event.piece)} moves from {place(state, event.origin)} to "
            f"{place(state, event.to)}"
        )
    if isinstance(event, SignalPlayed):
        at = f" at {place(state, event.district)}" if event.district else ""
        return f"Gordon plays {card_name(state, event.card)}{at}"
    if isinstance(event, CrimeRevealed):
        return (
            f"the face-down crime at {place(state, event.district)} is turned face up: "
            f"{card_name(state, event.card)}"
        )
    if isinstance(event, FightResolved):
        return _fight(state, event)
    if isinstance(event, CardsDrawn):
        shown = _names(state, event.cards)
        return "Falcone draws " + (shown if mine else _cards(len(event.cards)))
    if isinstance(event, SignalDrawn):
        what = card_name(state, event.card) if mine else "a card"
        left = len(state.signal_deck) - 1
        return f"Gordon draws {what} from the Batsignal deck ({_cards(left)} left)"
    if isinstance(event, GameFinished):
        return ENDINGS[event.ending].words
    return ""


def _fight(state: NmlState, event: FightResolved) -> str:
    foes = [card_name(state, event.crime)] if event.crime else []
    foes += [card_name(state, v.id) for v in state.villains_at(event.district)]
    help_ = f" with {card_name(state, event.card)}" if event.card else ""
    text = (
        f"Gordon's heroes fight at {place(state, event.district)}{help_}: strength "
        f"{event.heroes} against {event.opposition} ({', '.join(foes)})"
    )
    if not event.stopped:
        # lost against characters alone: nobody is arrested (a boost card played is spent even so)
        return text + ("; the crime stands, face up" if event.crime else "; nobody is arrested")
    arrested = _names(state, event.arrested)
    parts = ["the crime is stopped"] if event.crime else []
    parts += (
        [f"{arrested} {'is' if len(event.arrested) == 1 else 'are'} arrested"] if arrested else []
    )
    return f"{text}; {'; '.join(parts)}"


def why_gordon_asked(state: NmlState) -> str | None:
    """For Gordon alone (his view, never a move's label, which every seat reads in the replay):
    why his start of turn phase waits for him when none of his cards can be played then. It
    waits whenever he holds a card (turns.gordon_waits), since an unasked end would tell
    Falcone he holds no start of turn card that can be played."""
    if state.flow.step != "start" or not gordon_waits(state) or start_cards(state):
        return None
    return (
        "None of your cards can be played at the start of your turn: end this phase. You are "
        "asked whenever you hold a card, so that Falcone cannot tell whether one could be."
    )
