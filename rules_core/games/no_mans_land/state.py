"""The state of a game of No Man's Land: the city, the pieces, the decks and the counters."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.flow import Flow, Phase, Phases
from rules_core.games.no_mans_land.citations import (
    FALCONE,
    FALCONE_PHASES,
    GORDON_PHASES,
)
from rules_core.games.no_mans_land.content import Pack, pack_of

# the steps of each side's turn (Flow.phase names the side, Flow.step the phase)
PHASES = (
    Phases((Phase("falcone", FALCONE_PHASES),)),
    Phases((Phase("gordon", GORDON_PHASES),)),
)


@dataclass(frozen=True, slots=True)
class Crime:
    """A crime in play at a district; `face_down`: only Falcone knows which card it is.
    `ruled_out`: the cards (ids, every copy) the whole table knows it is not, face down: those
    that would have burnt its district down at a start of Falcone's turn it stood through with
    no hero there (rules version 8; `NmlState.would_have_burnt`)."""

    district: str
    card: str
    face_down: bool
    ruled_out: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Piece:
    """A character in play (Falcone's, by card id) or a hero (Gordon's, by hero id)."""

    id: str
    district: str


@dataclass(frozen=True, slots=True)
class NmlState:
    flow: Flow
    falcone_deck: tuple[str, ...]
    falcone_hand: tuple[str, ...]
    falcone_discard: tuple[str, ...]
    signal_deck: tuple[str, ...]
    signal_hand: tuple[str, ...]
    signal_discard: tuple[str, ...]
    supply: int  # Falcone's supply of unspent counters still to be taken
    counters: int  # counters in front of Falcone (taken, not yet spent)
    income_taken: bool  # Falcone has taken this turn's owed income (his extra counters follow it)
    spent: int  # counters spent (they leave the game)
    crimes: tuple[Crime, ...]
    villains: tuple[Piece, ...]
    heroes: tuple[Piece, ...]
    destroyed: tuple[str, ...]
    moved: tuple[str, ...]  # each step a piece took this movement phase
    extra_steps: int  # Rapid Response: every hero's extra steps this turn
    fought: tuple[str, ...]  # districts fought at this crimefighting phase
    signal_drawn: bool  # Gordon has drawn from the Batsignal deck this draw phase (once a phase)
    turn: int  # turns begun so far
    over: bool
    winner: int  # the winning seat once over (-1 before)
    ending: str  # overrun | batsignal | counters
    content: str  # the game's content pack as canonical JSON ("" in games of rules 1 and 2)
    # counters the crime just played face up still gives (its gain, taken in the same move:
    # nobody acts until it is taken; rules version 6)
    gain_owed: int = 0
    # Falcone has chosen this income phase's extra counters (once a phase: nobody is asked
    # again before his movement phase begins; rules version 9)
    extra_chosen: bool = False
    # the district whose face-down crime the start of turn card just played turns face up: the
    # card and its reveal are one step, so nobody acts in between (rules version 9)
    revealing: str = ""

    def gaining(self) -> str:
        """The card whose gain Falcone is taking or still to take: the crime played last (a
        gain comes only with a crime played face up, in the move that plays it)."""
        return self.crimes[-1].card if self.crimes else ""

    @property
    def pack(self) -> Pack:
        return pack_of(self.content)

    @property
    def phases(self) -> Phases:
        return PHASES[self.flow.current]

    def crime_at(self, district: str) -> Crime | None:
        return next((c for c in self.crimes if c.district == district), None)

    def standing(self) -> tuple[str, ...]:
        """The districts not destroyed, in the pack's order."""
        return tuple(d.id for d in self.pack.districts if d.id not in self.destroyed)

    def heroes_at(self, district: str) -> tuple[Piece, ...]:
        return tuple(h for h in self.heroes if h.district == district)

    def villains_at(self, district: str) -> tuple[Piece, ...]:
        return tuple(v for v in self.villains if v.district == district)

    def burns(self, card: str, district: str) -> bool:
        """Whether a crime card in play at `district` burns it down at the start of Falcone's
        turn now: its start of turn effect (`destroy`, compulsory: start-of-turn-phase), with
        no hero there."""
        return self.pack.card(card).has("destroy") and not self.heroes_at(district)

    def would_have_burnt(self, district: str) -> tuple[str, ...]:
        """The crime cards (ids, every copy) that, in play at `district` through the start of
        Falcone's turn just passed, would have burnt it down: a face-down crime still standing
        there is none of them. Nothing else happens between the overrun check and his income
        phase, and no hero moves then, so the heroes now are the heroes then."""
        pack = self.pack
        return tuple(
            c
            for c in pack.falcone_cards()
            if pack.card(c).kind == "crime" and self.burns(c, district)
        )


INITIAL = NmlState(
    flow=Flow("falcone", FALCONE_PHASES[0], FALCONE),
    falcone_deck=(),
    falcone_hand=(),
    falcone_discard=(),
    signal_deck=(),
    signal_hand=(),
    signal_discard=(),
    supply=0,
    counters=0,
    income_taken=False,
    spent=0,
    crimes=(),
    villains=(),
    heroes=(),
    destroyed=(),
    moved=(),
    extra_steps=0,
    fought=(),
    signal_drawn=False,
    turn=0,
    over=False,
    winner=-1,
    ending="",
    content="",
)
