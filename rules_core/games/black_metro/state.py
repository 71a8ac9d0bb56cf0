"""Black Metro's state: the city's twelve districts, each candidate's play area, the decks, the
relic, the round and where it stands (the engine's `Flow`)."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.flow import Flow, Phase, Phases
from rules_core.engine.types import EVERYONE
from rules_core.engine.updating import updated, with_item, without_at
from rules_core.games.black_metro.pack import Pack

Troop = tuple[int, int, int]  # subordinates, paragons, doom mechasuits
NO_TROOP: Troop = (0, 0, 0)
STRENGTHS: Troop = (1, 2, 4)  # units (the pack's unit table holds the same)
NOBODY = -1  # a deck card's knower when nobody knows it there
NO_BONUS = (-1, 0)  # no district effect's facility bonus is due

PHASES = Phases(
    (
        Phase("setup", ("return_mission", "choose_candidate")),
        Phase("assignment", ("assign", "more", "fortune")),
        Phase("dominance", ("districts", "missions")),
        Phase("resolution", ("districts",)),
        Phase(
            "standby",
            (
                "recall",
                "recover",
                "charge",
                "missions",
                "syndicates",
                "fortunes",
                "penalty",
                "event",
                "explosion",
                "advance",
            ),
        ),
    )
)


def troop_strength(troop: Troop) -> int:
    return sum(n * s for n, s in zip(troop, STRENGTHS, strict=True))


def troop_size(troop: Troop) -> int:
    return sum(troop)


def plus(a: Troop, b: Troop) -> Troop:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def minus(a: Troop, b: Troop) -> Troop:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


@dataclass(frozen=True, slots=True)
class Fortification:
    owner: int
    kind: str  # blockade | support-base


@dataclass(frozen=True, slots=True)
class DistrictState:
    """One district on the board: personnel per seat, fortifications, a tile."""

    personnel: tuple[Troop, ...]  # per seat
    fortifications: tuple[Fortification, ...]
    tile: str = ""

    def blockades_of_others(self, seat: int) -> int:
        return sum(1 for f in self.fortifications if f.kind == "blockade" and f.owner != seat)

    def has_personnel(self, seat: int) -> bool:
        return troop_size(self.personnel[seat]) > 0


@dataclass(frozen=True, slots=True)
class Player:
    """One candidate's play area. Resources and strain are public trackers; the hand of fortunes,
    the unfulfilled missions and downed technologies are hidden."""

    power: int
    gold: int
    intel: int
    drakownium: int
    strain: int
    hideout: Troop
    backup: Troop
    overwhelmed: Troop
    fortifications: tuple[int, int]  # blockades, support bases left in the backup
    science: int  # 0 to 3
    hand: tuple[str, ...]  # fortunes
    missions: tuple[str, ...]  # unfulfilled, hidden unless revealed
    # per unfulfilled mission: the other player who knows it (who had put it back at the bottom
    # of the mission deck when it was drawn), NOBODY, or EVERYONE once revealed
    mission_knowers: tuple[int, ...]
    revealed: tuple[str, ...]  # unfulfilled missions the penalty dice made public
    fulfilled: tuple[str, ...]  # face up
    technologies: tuple[str, ...]  # charged, face up
    downed: tuple[str, ...]  # researched or downed, face down
    candidate: str  # "" in the first game's set-up
    candidate_charged: bool
    # per fortune in the hand: the other player who knows it (who had laid it face down on the
    # discard it was taken from), EVERYONE for one taken face up, NOBODY (missing: NOBODY too)
    hand_knowers: tuple[int, ...] = ()

    def resource(self, name: str) -> int:
        value = getattr(self, name)
        assert isinstance(value, int)
        return value

    def hand_known(self) -> tuple[int, ...]:
        """Per fortune in the hand: the other player who knows it (NOBODY, a seat, EVERYONE)."""
        return (self.hand_knowers + (NOBODY,) * len(self.hand))[: len(self.hand)]

    def with_fortunes(self, cards: tuple[str, ...], knower: int = NOBODY) -> Player:
        """With `cards` in the hand, each known to `knower` besides the holder."""
        knowers = self.hand_known() + (knower,) * len(cards)
        return updated(self, hand=self.hand + cards, hand_knowers=knowers)

    def without_fortunes(self, cards: tuple[str, ...]) -> Player:
        """Without `cards` (played or discarded: whoever else knew them there knows no more
        where they are)."""
        hand, knowers = self.hand, self.hand_known()
        for card in cards:
            at = hand.index(card)
            hand, knowers = without_at(hand, at), without_at(knowers, at)
        return updated(self, hand=hand, hand_knowers=knowers)

    def without_mission(self, card: str) -> Player:
        """Without the unfulfilled mission `card` (fulfilled or returned: whoever else knew it
        in the hand knows no more where it is; revealed, it is no longer shown as held)."""
        at = self.missions.index(card)
        return updated(
            self,
            missions=without_at(self.missions, at),
            mission_knowers=without_at(self.mission_knowers, at),
            revealed=tuple(c for c in self.revealed if c != card),
        )

    def revealing(self, card: str) -> Player:
        """With the unfulfilled mission `card` revealed: known to everybody."""
        at = self.missions.index(card)
        return updated(
            self,
            revealed=(*self.revealed, card),
            mission_knowers=with_item(self.mission_knowers, at, EVERYONE),
        )


@dataclass(frozen=True, slots=True)
class Exchange:
    """A fortune attack being countered: who attacked whom, where, and the cards played."""

    kind: str  # assignment | dominance
    attacker: int
    defender: int
    district: int
    cards: tuple[str, ...]  # in the order played; the last is resolved
    mode: str = "attack"
    choice: str = ""  # how a facility's first effect is resolved


@dataclass(frozen=True, slots=True)
class BlackMetroState:
    flow: Flow
    pack: Pack | None
    seats: int
    solo: bool
    first_game: bool
    round: int
    relic: int  # a player's index (in solo, the overlord's)
    players: tuple[Player, ...]  # the seats', then (solo) the overlord's play area
    districts: tuple[DistrictState, ...]  # index 0 is district 01
    fortune_deck: tuple[str, ...]  # the top first
    # per fortune in the deck: who knows it there (-1: nobody; a seat; EVERYONE: seen face up)
    fortune_knowers: tuple[int, ...]
    fortune_discard: tuple[str, ...]  # the top last
    discard_placers: tuple[int, ...]  # per discarded fortune: who laid it face down (-1: face up)
    mission_deck: tuple[str, ...]  # the top first
    # per mission in the deck: the player who put it back there and so knows it (-1: nobody)
    mission_knowers: tuple[int, ...]
    syndicate_deck: tuple[str, ...]
    syndicates: tuple[tuple[str, bool], ...]  # revealed: id, turned
    candidates_left: tuple[str, ...]
    exchange: Exchange | None
    assigning: int  # the district the turn player is assigning to (0: none yet)
    played_fortune: bool  # the turn player has played their assignment fortune this turn
    contest: int  # the district last contested this dominance phase (13: every one done)
    asserted: tuple[int, ...]  # per district: who asserted dominance there this round, or -1
    overwhelmed_here: tuple[int, ...]  # per district: strength its dominator overwhelmed there
    dominance_mission: tuple[bool, ...]  # per player: a dominance mission fulfilled this round
    resolving: int  # the district being resolved (0: none)
    over: bool
    winners: tuple[int, ...]
    final: tuple[int, ...]  # final power per seat, once scored
    # the player and district whose effect, used in the resolution phase, has its facility
    # bonus still to come (facilities.bonus_due): set when the effect is used, cleared by the
    # bonus, whatever rules version gave it (31's when the effect began), or by the player
    # being done at the district; NO_BONUS: none (also a snapshot written before it was kept)
    bonus_due: tuple[int, int] = NO_BONUS

    @property
    def phase(self) -> str:
        return self.flow.phase

    @property
    def step(self) -> str:
        return self.flow.step

    @property
    def overlord(self) -> int | None:
        """The overlord's index among the players (solo only): after the one seat."""
        return self.seats if self.solo else None

    def waiting(self) -> frozenset[int]:
        """The seats the game waits for: those it asks (a prompt), else the player whose turn
        it is to assign; nobody before the set-up's first event, between the steps the game
        carries out by itself (a phase's own work, the overlord's turn) or once it is over."""
        if self.over or self.pack is None:
            return frozenset()
        if self.flow.prompts:
            return self.flow.to_act()
        if self.flow.phase == "assignment" and self.flow.current < self.seats:
            return frozenset({self.flow.current})
        return frozenset()

    @property
    def everyone(self) -> range:
        """Every player's index, the overlord's included."""
        return range(len(self.players))

    def dominated(self, seat: int) -> int:
        """Districts where `seat` asserted dominance this round."""
        return sum(1 for d in self.asserted if d == seat)

    def player_missions(self) -> frozenset[str]:
        """Every unfulfilled mission in a play area."""
        return frozenset(m for p in self.players for m in p.missions)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def district(self, number: int) -> DistrictState:
        return self.districts[number - 1]

    def with_player(self, seat: int, player: Player) -> BlackMetroState:
        return updated(self, players=with_item(self.players, seat, player))

    def with_district(self, number: int, district: DistrictState) -> BlackMetroState:
        return updated(self, districts=with_item(self.districts, number - 1, district))

    def discarded(self, cards: tuple[str, ...], face_down_by: int = -1) -> BlackMetroState:
        """`cards` onto the fortune discard: face up, or face down by `face_down_by` (the cards
        a player discards without playing them; appendix 05: the pile is not looked through)."""
        return updated(
            self,
            fortune_discard=self.fortune_discard + cards,
            discard_placers=self.discard_placers + (face_down_by,) * len(cards),
        )

    def undiscarded(self, card: str) -> BlackMetroState:
        """The discard without `card` (the topmost of that name)."""
        at = len(self.fortune_discard) - 1 - self.fortune_discard[::-1].index(card)
        return updated(
            self,
            fortune_discard=without_at(self.fortune_discard, at),
            discard_placers=without_at(self.discard_placers, at),
        )

    def mission_draws(self, owner: int, count: int) -> tuple[tuple[tuple[str, ...], int], ...]:
        """The top `count` missions as `owner` would draw them, in runs from the top: each run's
        cards with the one other player who knows them (who put them back at the bottom; NOBODY
        for cards nobody else knows, the owner's own among them)."""
        runs: list[tuple[tuple[str, ...], int]] = []
        for card, other in zip(self.mission_deck, self.drawn_knowers(owner, count), strict=False):
            if runs and runs[-1][1] == other:
                runs[-1] = ((*runs[-1][0], card), other)
            else:
                runs.append(((card,), other))
        return tuple(runs)

    def drawn_knowers(self, owner: int, count: int) -> tuple[int, ...]:
        """Per mission of the top `count`: the other player who knows it, once `owner` draws it
        (who put it back at the bottom; NOBODY when nobody did, or the owner did)."""
        return tuple(NOBODY if k == owner else k for k in self.mission_knowers[:count])

    def missions_drawn(self, owner: int, count: int) -> BlackMetroState:
        """The top `count` missions into `owner`'s hand (the deck is never shuffled, so whoever
        put one back at the bottom sees it drawn and knows it in that hand, troubleshooting.cards;
        the owner's own returned mission is theirs alone again)."""
        player = self.player(owner)
        drawn = updated(
            player,
            missions=player.missions + self.mission_deck[:count],
            mission_knowers=player.mission_knowers + self.drawn_knowers(owner, count),
        )
        return updated(
            self.with_player(owner, drawn),
            mission_deck=self.mission_deck[count:],
            mission_knowers=self.mission_knowers[count:],
        )

    def fortunes_off_top(self, count: int) -> BlackMetroState:
        """The fortune deck without its top `count` cards (drawn or turned up: whoever knew them
        there knows no more where they are)."""
        return updated(
            self,
            fortune_deck=self.fortune_deck[count:],
            fortune_knowers=self.fortune_knowers[count:],
        )

    def fortunes_under(self, deck: tuple[str, ...]) -> BlackMetroState:
        """`deck` (shuffled: nobody knows its order) under the fortune deck."""
        return updated(
            self,
            fortune_deck=self.fortune_deck + deck,
            fortune_knowers=self.fortune_knowers + (NOBODY,) * len(deck),
        )

    def top_discard_knower(self) -> int:
        """Who knows the top fortune of the discard: who laid it face down, or EVERYONE for a
        card played or turned up face up."""
        placer = self.discard_placers[-1]
        return placer if placer >= 0 else EVERYONE

    def discard_to_deck_top(self, card: str) -> BlackMetroState:
        """The top fortune of the discard, `card`, put on top of the fortune deck (the solo
        queen, solo.rules.fortunes.queen): whoever knew it on the discard knows it there, as the
        deck is shuffled again only once emptied (troubleshooting.cards)."""
        knower = self.top_discard_knower()
        return updated(
            self.undiscarded(card),
            fortune_deck=(card, *self.fortune_deck),
            fortune_knowers=(knower, *self.fortune_knowers),
        )

    def mission_to_bottom(self, card: str, returner: int) -> BlackMetroState:
        """`card` put back at the bottom of the mission deck by `returner`, who knows it is
        there (starting.missions, appendix.dice.supply, appendix.dice.event); the mission deck is
        never shuffled again nor refilled (troubleshooting.cards, troubleshooting.cards.missions),
        so they know it until it is drawn."""
        return updated(
            self,
            mission_deck=(*self.mission_deck, card),
            mission_knowers=(*self.mission_knowers, returner),
        )

    def the_pack(self) -> Pack:
        assert self.pack is not None, "the game has not started"
        return self.pack


def new_player(pack: Pack) -> Player:
    backup = dict(pack.backup)
    return Player(
        power=0,
        gold=0,
        intel=0,
        drakownium=0,
        strain=0,
        hideout=NO_TROOP,
        backup=(backup["subordinate"], backup["paragon"], backup["doom-mechasuit"]),
        overwhelmed=NO_TROOP,
        fortifications=(backup["blockade"], backup["support-base"]),
        science=0,
        hand=(),
        missions=(),
        mission_knowers=(),
        revealed=(),
        fulfilled=(),
        technologies=(),
        downed=(),
        candidate="",
        candidate_charged=False,
    )


INITIAL = BlackMetroState(
    flow=Flow("setup", "return_mission", 0),
    pack=None,
    seats=0,
    solo=False,
    first_game=False,
    round=0,
    relic=0,
    players=(),
    districts=(),
    fortune_deck=(),
    fortune_knowers=(),
    fortune_discard=(),
    discard_placers=(),
    mission_deck=(),
    mission_knowers=(),
    syndicate_deck=(),
    syndicates=(),
    candidates_left=(),
    exchange=None,
    assigning=0,
    played_fortune=False,
    contest=0,
    asserted=(),
    overwhelmed_here=(),
    dominance_mission=(),
    resolving=0,
    over=False,
    winners=(),
    final=(),
)
