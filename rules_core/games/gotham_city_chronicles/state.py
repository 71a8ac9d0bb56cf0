"""The state of a Gotham City Chronicles game: the turn, the flow, the figures on the board,
the heroes' boards, the villain's command post and river, tokens and items on the ground."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_core.engine.flow import Flow, Phase, Phases
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles.content import Pack
from rules_core.games.gotham_city_chronicles.energy import Zones
from rules_core.games.gotham_city_chronicles.geometry import Occupant

VILLAIN_SEAT = 0  # the villain's seat; the heroes are played from the others (V, VI)
ACTIVE, RESTING = "active", "resting"  # V·B·3
# IV: a game turn; each side's turn is a phase of the flow, its steps those of V B and VI B.
PHASES = Phases(
    (
        Phase("upkeep", ("upkeep",)),
        Phase("heroes", ("stance", "actions")),
        Phase("villain", ("tiles",)),
        Phase("over", ("over",)),
    )
)


@dataclass(frozen=True, slots=True)
class HeroState:
    id: str
    seat: int  # the seat that plays the hero
    area: str
    zones: Zones
    stance: str = ""  # "" until declared this turn | active | resting
    items: tuple[str, ...] = ()  # equipment carried (V D)
    gadgets: tuple[str, ...] = ()  # bat-gadgets (V·D·2)
    moved: bool = False  # has taken a movement action this turn (V·C·5 [c])
    blasted: bool = False  # has used the Blast skill this turn (X Blast)
    # took its stance neutralized: its skills count for nothing until the game turn ends (IX B)
    down: bool = False


@dataclass(frozen=True, slots=True)
class Character:
    """A miniature controlled by a tile (VI·A·2 [a]); off the board in the character pool."""

    id: str  # "<tile>-<n>"
    tile: str
    area: str  # "" while in the character pool (VI E)
    life: int
    blasted: bool = False  # has used its tile's Blast skill this villain's turn (X Blast)


@dataclass(frozen=True, slots=True)
class TokenState:
    id: str
    area: str
    state: str
    countdown: int = 0
    contents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AreaToken:
    """A dissipation token on the board (IX O): its kind, area, the side that placed it, and
    whether it shows its dissipating face."""

    kind: str
    area: str
    side: str
    dissipating: bool = False


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement action in progress (V·C·5): who moves and the move points left."""

    mover: str
    points: int


@dataclass(frozen=True, slots=True)
class Activation:
    """A tile being activated (VI·B·3) and the character being activated (VI C)."""

    tile: str
    done: tuple[str, ...] = ()  # characters already activated with this tile
    character: str = ""  # the character being activated ("" between characters)
    stage: str = ""  # first_move | action | second_move (VI·C·2-6)
    action: str = ""  # the action other than movement declared (VI·C·3)
    times: int = 0  # how often it has been carried out (VI·C·5)
    moved: bool = False  # the character has declared a movement in this activation
    characteristic: int = -1  # the characteristic its mission action was declared with (VI·C·3)
    event: bool = False  # the event tile waits for its event to be chosen (VI·B·3 [d])


def skill_action(skill: str) -> str:
    """The action a character declares to use a skill of its tile (`Activation.action`): an
    automatic manipulation of that nature (VI·C·3, VI·D·3 [b]), repeated as such (VI·C·5)."""
    return f"skill:{skill}"


@dataclass(frozen=True, slots=True)
class Roll:
    """A dice roll waiting for its rerolls (VIII): who rolled, for what, the dice and faces."""

    figure: str
    seat: int  # the seat that decides the rerolls
    purpose: str  # complex | throw | attack | defense | terrain (a movement's fall or danger)
    # | area (an explosion's or a token's dice, IX Q-R)
    action: str  # the mission action it is for (terrain: the reason, fall | dangerous)
    space: str  # the action space its cubes went to (manipulation | thought)
    pool: tuple[str, ...]
    faces: tuple[int, ...]
    target: str = ""  # a throw's target area
    free_done: tuple[int, ...] = ()  # dice already rerolled for free (VIII B)
    picked: tuple[int, ...] = ()  # dice chosen so far for the free reroll (rules version 25)
    paid: bool = False  # paid rerolls have begun (VIII C): the free ones are over
    lines: tuple[int, ...] = ()  # the items' bonus lines chosen for it (V D 6, bonus_choice.py)
    weapons: tuple[str, ...] = ()  # a defense's weapon cards chosen (V D, weapon_choice.py)


@dataclass(frozen=True, slots=True)
class Sequel:
    """What waits behind a miniature's roll for an explosion or a token placed in its area
    (IX Q-R) while its controller takes the reroll step (VIII): the other miniatures' rolls, the
    rest of the mission effect, and what the effect is part of (area_rolls.py)."""

    origin: str  # upkeep | a turn step (heroes_start ...) | event | action | blast
    seat: int | None  # the seat the effect is carried out for (None: the game's own steps)
    effect: str = ""  # the upkeep effect, turn effect, event or mission action ("" for Blast)
    actor: str = ""  # the miniature whose action it is ("" for upkeep effects and events)
    step: int = 0  # the effect's next step
    later: tuple[str, ...] = ()  # the upkeep or turn effects still due after this one
    areas: tuple[str, ...] = ()  # Blast: the areas still to explode
    level: int = 0  # the dice each miniature of the area rolls
    reason: str = ""  # explosion | dangerous
    figures: tuple[str, ...] = ()  # the miniatures of the area still to roll, in order


@dataclass(frozen=True, slots=True)
class Ordering:
    """Effects that trigger together waiting for the side concerned to choose which comes
    first (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5; effect_order.py)."""

    step: str  # upkeep | a turn step (heroes_start ...)
    effects: tuple[str, ...]  # the effects still due, in the mission's order


@dataclass(frozen=True, slots=True)
class Fight:
    """An attack under way (V·C·1-2, VI·D·1-2, VII): who attacks whom, and how it stands."""

    attacker: str
    target: str
    kind: str  # melee | ranged
    automatic: int = 0  # automatic successes of the weapon's bonus line (IX F)
    successes: int = -1  # the attack's successes once counted (-1 before)
    defender_seat: int = 0  # the seat that declares the defense


@dataclass(frozen=True, slots=True)
class Offer:
    """Equipment to be given or taken, waiting for the other hero's agreement (V·D·1 [c]-[d])."""

    giver: str
    receiver: str
    item: str
    payer: str  # the hero whose automatic manipulation it is (spends the cube)

    @property
    def consenting(self) -> str:
        return self.receiver if self.payer == self.giver else self.giver


@dataclass(frozen=True, slots=True)
class GccState:
    pack: Pack | None
    flow: Flow
    seats: int = 0
    turn: int = 0  # the turn marker (II turn track)
    heroes: tuple[HeroState, ...] = ()
    characters: tuple[Character, ...] = ()
    villain: Zones = field(default_factory=lambda: Zones(0))  # the command post's cubes (VI·A·1)
    river: tuple[str, ...] = ()
    face_down: tuple[str, ...] = ()  # neutralized tiles in the river (IX B)
    tokens: tuple[TokenState, ...] = ()
    ground: tuple[tuple[str, str], ...] = ()  # (item, area): equipment lying in an area
    area_tokens: tuple[AreaToken, ...] = ()  # dissipation tokens on the board (IX O)
    done: tuple[int, ...] = ()  # hero seats that have finished this heroes' turn (V·B·4)
    movement: Movement | None = None
    activation: Activation | None = None
    roll: Roll | None = None
    sequel: Sequel | None = None  # what follows an area's roll once counted (IX Q-R)
    fight: Fight | None = None
    offer: Offer | None = None
    activated: int = 0  # tiles activated in this villain's turn (VI B: at most 2)
    reinforcement: int = 0  # reinforcement points to spend now (VI E)
    demobilized: bool = False  # the villain's one demobilization is spent (VI G)
    winner: str = ""  # "" while the game runs | heroes | villain
    ended_by: str = ""  # the end-game condition that ended it
    owing: str = ""  # the step the game owes inside the move under way (owed.py), or ""
    ordering: Ordering | None = None  # effects due waiting for their order to be chosen

    @property
    def board_pack(self) -> Pack:
        assert self.pack is not None, "the game has not started"
        return self.pack

    def hero(self, hero_id: str) -> HeroState:
        return next(h for h in self.heroes if h.id == hero_id)

    def has_hero(self, hero_id: str) -> bool:
        return any(h.id == hero_id for h in self.heroes)

    def with_hero(self, hero: HeroState) -> GccState:
        return updated(self, heroes=tuple(hero if h.id == hero.id else h for h in self.heroes))

    def hero_seats(self) -> tuple[int, ...]:
        return tuple(sorted({h.seat for h in self.heroes}))

    def all_resting(self, seat: int) -> bool:
        """Whether every hero `seat` plays has taken the resting stance this turn."""
        return all(h.stance == RESTING for h in self.heroes if h.seat == seat)

    def character(self, character_id: str) -> Character:
        return next(c for c in self.characters if c.id == character_id)

    def has_character(self, character_id: str) -> bool:
        return any(c.id == character_id for c in self.characters)

    def side_of(self, figure: str) -> str:
        """A miniature's side (IX M): the heroes' for a hero, its tile's for a character
        (VI·A·2 [a] 2: heroes, villain or neutral)."""
        if self.has_hero(figure):
            return "heroes"
        return self.board_pack.tile(self.character(figure).tile).side

    def controller(self, figure: str) -> int:
        """The seat that plays a miniature: its hero's, or the villain's for a character, whatever
        its side (VI·A·2: characters are played with the villain's command post; README)."""
        return self.hero(figure).seat if self.has_hero(figure) else VILLAIN_SEAT

    def on_board(self) -> tuple[str, ...]:
        """Every miniature on the board: the heroes, then the characters not in the pool."""
        return tuple(h.id for h in self.heroes) + tuple(c.id for c in self.characters if c.area)

    def with_character(self, character: Character) -> GccState:
        characters = tuple(character if c.id == character.id else c for c in self.characters)
        return updated(self, characters=characters)

    def tile_emptied(self, tile: str) -> bool:
        """IX B: whether a tile of the river has no character left on the board, so it goes face
        down to the river's end. A tile outside the river (a heroes' tile, VI·A·1 8) never joins
        the neutralized tiles the villain dredges (VI F; rules version 31)."""
        return tile in self.river and not any(c.tile == tile and c.area for c in self.characters)

    def token(self, token_id: str) -> TokenState:
        return next(t for t in self.tokens if t.id == token_id)

    def with_token(self, token: TokenState) -> GccState:
        return updated(self, tokens=tuple(token if t.id == token.id else t for t in self.tokens))

    def area_of(self, figure: str) -> str:
        """Where a hero or a character stands ("" off the board)."""
        if self.has_hero(figure):
            return self.hero(figure).area
        return self.character(figure).area

    def figures_in(self, area: str) -> tuple[str, ...]:
        """Every miniature in an area: heroes, then characters."""
        heroes = tuple(h.id for h in self.heroes if h.area == area)
        return heroes + tuple(c.id for c in self.characters if c.area == area)

    def occupants(self, area: str, leaving_out: str = "") -> tuple[Occupant, ...]:
        """The miniatures in an area as hindering counts them (IX N), one left out."""
        pack = self.board_pack
        found = [
            Occupant("heroes", pack.hero(h.id).size, pack.hero(h.id).menace)
            for h in self.heroes
            if h.area == area and h.id != leaving_out
        ]
        for c in self.characters:
            if c.area == area and c.id != leaving_out:
                tile = pack.tile(c.tile)
                found.append(Occupant(tile.side, tile.size, tile.menace))
        return tuple(found)

    def terrain(self, area: str) -> tuple[int, int]:
        """IX P, IX Q: the total difficult and dangerous levels of an area: the board's, plus
        those the mission gives its dissipation tokens there."""
        pack = self.board_pack
        levels = {kind: (hard, harm) for kind, hard, harm in pack.mission.dissipation}
        printed = pack.board.area(area)
        difficult, dangerous = printed.difficult, printed.dangerous
        for token in self.area_tokens:
            if token.area == area:
                hard, harm = levels.get(token.kind, (0, 0))
                difficult, dangerous = difficult + hard, dangerous + harm
        return difficult, dangerous

    def load(self, area: str) -> int:
        """The total size index of the miniatures in an area (III D, IX H)."""
        return sum(o.size for o in self.occupants(area))


INITIAL = GccState(pack=None, flow=Flow("upkeep", "upkeep", VILLAIN_SEAT))
