"""Batman: Gotham City Chronicles: the GameSpec for the villain's seat and one to three heroes'
seats playing a mission of the content pack.

Each move is declared once (moves.py and the modules it gathers); the game's own steps between
decisions (upkeep, turn changes, end-game checks) run inside the move that leads to them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_core.engine import fold
from rules_core.engine.content_limits import limits_json
from rules_core.engine.declared import DeclaredGame
from rules_core.engine.info import GameInfo
from rules_core.engine.option_checks import options_problem
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.visibility import Secret
from rules_core.games.gotham_city_chronicles import evaluation, language, view
from rules_core.games.gotham_city_chronicles.citations import BOOK
from rules_core.games.gotham_city_chronicles.content import (
    NUMBER_RANGES,
    Pack,
    load_pack,
    pack_data,
    pack_refusal,
    parse_pack,
    with_gadgets,
)
from rules_core.games.gotham_city_chronicles.events import EVENT_TYPES
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.heroes_actions import heroes_reopened, heroes_rest
from rules_core.games.gotham_city_chronicles.mission import EFFECTS
from rules_core.games.gotham_city_chronicles.moves import (
    MOVES,
    may_act,
    owed_steps,
    to_act,
    villain_done,
)
from rules_core.games.gotham_city_chronicles.reading import IDS
from rules_core.games.gotham_city_chronicles.refusals import REFUSAL_WORDS, REJECTIONS, reject
from rules_core.games.gotham_city_chronicles.setup import MAX_SEATS, MIN_SEATS, opening
from rules_core.games.gotham_city_chronicles.state import INITIAL, VILLAIN_SEAT, GccState

REFERENCE = load_pack()


class GothamCityChronicles(DeclaredGame[GccState]):
    """The game object, registered under `gotham-city-chronicles` (`__init__.py`)."""

    slug = "gotham-city-chronicles"
    title = "Batman: Gotham City Chronicles"
    book = BOOK
    min_players = MIN_SEATS
    max_players = MAX_SEATS
    state_type = GccState
    event_types: Mapping[str, type[GameEvent]] = EVENT_TYPES
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    rejection_words: Mapping[str, str] = REFUSAL_WORDS
    info = GameInfo(
        roles="the villain (seat 0) or heroes of the mission (the other seats)",
        chance=True,
        hidden_information=False,
        simultaneous=False,
        longest_game=2000,  # random games of the reference mission: about 150 moves
    )
    # see GameSpec.rules_version; 2: the reference mission's turn limit is 4 (was 8), so set-up
    # records another pack: games begun under 1 replay from their recorded pack, not re-decided;
    # 3: a hero's action other than a movement ends the movement in progress (V·C·5 [k]), and a
    # movement's fall and dangerous-terrain dice have their reroll step (VIII); 4: the villain's
    # moves are the villain's seat's, in the villain's turn (VI B: a heroes' seat was accepted);
    # 5: a character's mission action records its characteristic, and its repeats keep it (VI·C·3);
    # 6: the end-game conditions are checked once a miniature is moved, before its area's effects;
    # 7: the free rerolls of a roll are taken in one go (VIII B), no second batch; 8: the hero
    # chooses the bonus line of a card with several of one icon (V D 6: `lines`, recorded on the
    # roll's event; before, the first line applied; events without it still replay so), and a
    # reroll's dice named otherwise than the legal moves name them ("2,1", "01") are refused;
    # 9: the yellow dice an explosion or a token makes each miniature in an area roll (IX Q-R)
    # have their reroll step (VIII), each miniature's controller in turn, before its wounds
    # (`area_dice_rolled`, then the effect goes on; before, they were counted at once, and those
    # games' events, a `terrain_rolled` alone for each miniature, still replay as they were);
    # 10: the end-game conditions are checked after each miniature's roll of an area, so the
    # game ends before the next one rolls (IV C note: every hero neutralized by an explosion),
    # and an area's `terrain_rolled` says so (`by_area`) to cite the explosion's or the token's
    # section, not the fall's (IX Q-R; events without it keep citing V·C·5 [i] as stored);
    # and a card's permanent lines of one skill apply one at a time (V D 6): a Blast names its
    # line (`lines`) where a card has several, and its level no longer adds them together;
    # 11: a dissipation token turns at the start of the turn of the side that placed it, even
    # beside a token of the same kind of the other side (IX O: `dissipation_turned` names the
    # side; events without it turn the first token of that kind and face in the area, as stored);
    # 12: a hero whose manipulation characteristic makes the action impossible (IX E 4) takes no
    # automatic manipulation either: no picking up, giving, taking, Attraction or Blast (V·C·3 [b]);
    # a single-use card giving Ambidexterity leaves once a second weapon is used (V D 5); and an
    # exchange ends a movement in progress only once agreed (`movement_ended` then comes with the
    # agreement; a declined one leaves the movement going: V·D·1 [c]-[d], V·C·5 [k]);
    # 13: a miniature whose defense characteristic makes defending impossible (IX E 4) does not
    # defend at all, not even with its automatic dice or successes (`defense_impossible`; before,
    # it rolled them), and a neutralized hero's skills stay lost for the game turn of the resting
    # stance it must take, after that stance's recovery too (IX B; before, they came back with
    # the recovery; no move showed it, a resting hero acting in no way a skill serves);
    # 14: a character uses its tile's Attraction and Blast (X) as automatic manipulations of its
    # activation (VI·D·3 [b]: `character_attract`, `character_blast`), and a pack whose tile gives
    # Ambidexterity or Retaliation, a skill of level 0, an encumbrance limit or a skill with no
    # manipulation characteristic to take it with is refused (before, a tile's skills were shown
    # and never applied), and so is a hero board's skill of level 0 (before, shown and never
    # acting, a level 0 being no skill, V·D·1 [a]); `attracted` and `blasted` name the
    # possessor `figure` (version 2 of both: a stored `hero` reads as `figure`) and a
    # character's `characteristic`; a move is taken only in a form its type is offered in
    # (`MoveBook.refusal`: an attack with its `weapon` left out, `second=""` or `lines=null` was
    # taken as the offered move before), so games of version 13 and older replay unre-decided;
    # 15: a character neutralized while it is being activated (a fall, dangerous terrain, its
    # own Blast) has its activation end there (IX B: `character_activation_ended`, version 2
    # with `neutralized`, follows its `character_neutralized`; before, it stayed the character
    # being activated until the villain ended it), and a pack whose tile gives one action the
    # same characteristic twice, or whose hero board or tile names a skill twice, is refused
    # (VI·A·2 [a], V A 13); 16: an attack that scores no success asks for no defense (VII,
    # VII H: nothing to cancel; `nothing_to_defend`, no cube spent, no die rolled, no card used
    # up; before, the defender was offered its cubes, or defended with none and rolled its
    # automatic dice, with their reroll step); 17: nor is the villain asked when a
    # character's automatic defense successes already cancel every success of the attack (VII G,
    # VII H: no cube could change the wounds; the defense goes on with none, as with no cube to
    # spend; before, the villain was offered cubes that could only be lost); 18: nobody is to act
    # at a version inside a move where the game owes its next step (owed.py: a side's turn ended
    # or its tokens turning, a movement declared or moved by a fall or into danger, wounds to
    # deal, an explosion's or an event's rest, dice with nothing to reroll, a defense nobody is
    # asked for: `moves.owed_now`, refused `step_pending`; before, a state view there named a
    # seat and offered it moves the book forbids there); the events decide writes are unchanged;
    # 19: the villain's turn ends by itself once a move leaves the villain nothing but ending it
    # (IV, VI·B·4: no tile to activate, nothing to dredge or demobilize; `moves.villain_done`:
    # its end comes in that move; before, the villain was asked to end it, the one move offered);
    # 20: an item card says how a sentence names it (`article`: the reference pack's Falcone's
    # Ledger takes no "the") and a mission token gives each of its states a verb phrase
    # (`verb_phrases`: "The Bomb explodes.", not "The Bomb is exploded."), so set-up records
    # another pack; games begun before replay from theirs, each item "the" item, each state
    # told "is <state>"; 21: a heroes' seat whose heroes all rest (V·B·3 [b]: no action) has
    # its actions ended in the move that declares the last stance, as the game's own step
    # (`heroes_rest`: `heroes_actions_ended` by nobody, `player` naming the seat; before, the
    # seat was asked to end them, the one move offered); 22: a hero combines no identical tool
    # bonuses anywhere (V D item types: a second tool card with the same line adds nothing to
    # a defense nor to a skill's level, and a single-use one it leaves out stays; an Attraction
    # out of reach for it cites the tools' rule); before, only a manipulation's and a thought's
    # tool lines were kept apart, so two tools' identical defense or skill lines were added;
    # and two copies of a single-use card that both served (two weapons with Ambidexterity,
    # two defense cards) both leave the game (V D 5; before, a move's cards were counted once
    # by name and one copy stayed); 23: nor the bonuses of two weapons of one type outside an
    # attack (V D item types: melee, ranged weapons): a defense and a skill's level take one
    # weapon of each type, the one the hero chooses where two could serve (`melee`, `ranged` on
    # `defend`, `blast` and `attract`, recorded on `defense_rolled` as `weapons`;
    # weapon_choice.py), or for Ambidexterity's level, which only bounds the weapons an attack
    # names, the highest; a single-use weapon left out stays (V D 5); before, every weapon's
    # defense and skill lines were added, and a `defense_rolled` without `weapons` takes the
    # first weapon of each type; 24: effects that trigger together (the upkeep's, a side's
    # start or end of turn) whose order can change what happens wait for the side concerned to
    # choose which comes first (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5: `effect_order_asked`, the
    # move `resolve_first`, `effect_order_chosen`; effect_order.py); before, they took the
    # mission's order. The reference mission never asks (its two upkeep effects exclude each
    # other, and it has no turn effects), so its games are decided as before; and a hero drops
    # equipment in the villain's turn too (V·D·1 [f]: at any time), while the villain is the
    # one waited for: the heroes' seats carrying equipment `may_act` (not `to_act`; before,
    # a drop there was refused `not_your_turn`); 25: the dice of a free reroll are chosen one
    # at a time (`pick_reroll`, `free_reroll_picked`) and rolled together once chosen (VIII B:
    # one go), and a paid reroll is offered a die at a time (VIII C: as often as wanted, a cube
    # a die, so several dice rerolled together are the same as one by one), so a roll offers
    # at most a move per die of its pool; before, every set of dice was a move (2^n of them:
    # a custom pack's 19 dice took 20 s to list). A paid reroll naming several dice is still
    # accepted; older games replay from their events; 26: effects that trigger together are
    # asked about only where their outcomes can interact in the state as the step begins: an
    # explosion (IX R) or a dangerous token (IX Q) makes only the miniatures in its area roll,
    # so two whose areas do not both hold a miniature commute, and one that reaches no hero
    # cannot end the game by neutralizing the heroes (effect_order.py); before, any two
    # explosions or dangerous tokens were asked about. The reference mission never asks either
    # way, so its games are decided as before; 27: a heroes' seat that has finished its actions
    # is asked again once another move of the heroes' actions is over (an action, or equipment
    # dropped) and it has an action open to it (IV, V·B·4, V·B·5: after each action the heroes
    # choose the acting hero anew while any active hero wishes to act, and the turn ends when
    # they decide it unanimously; `heroes_actions_reopened`, heroes_reopened); before,
    # a seat that finished stayed finished for the turn, whatever the other seats did after; and
    # so a seat with nothing to do but finish has its actions ended (`heroes_actions_ended`)
    # even while another seat still acts (before, only as the last seat left to act); 28: a
    # heroes' seat that has finished its actions may still drop equipment while other seats act
    # (V·D·1 [f]: at any time; `may_act`, as in the villain's turn), staying finished itself
    # while the drop reopens the others as any move of the actions step does; before, it was
    # refused as finished; 29: the reference pack names its effects and ends in the words its
    # events use ("The Bomb explodes", "The Bomb ticks", "The Ledger reaches the Street"; they
    # read "The bomb ...", "the street"), so set-up records another pack: a game begun before
    # replays from the pack its set-up recorded, its words as they were, and is not re-decided
    # (tests/fixtures/logs/gotham-city-chronicles-2p-rules28.json); nothing else changes;
    # 30: a villain's character attacks any enemy miniature (IX M), a character of the heroes'
    # side as well as a hero, and the character attacked defends as against a hero's attack
    # (VII: the command post's cubes, as the villain declares, and the tile's automatic
    # successes); before, a character's target had to be a hero. A neutral miniature or an ally
    # is refused in words saying which (`bad_target`). Moves refused before are now taken, so
    # older games replay and verify as stored; the reference pack has no heroes' tile;
    # 31: the river holds the villain's tiles (VI·A·1 8): a pack putting a heroes' or neutral
    # tile there is refused, and a tile goes face down among the neutralized tiles, which the
    # villain dredges (VI F), only from the river (IX B); before, a heroes' tile outside it whose
    # characters were all neutralized joined them (`tile_neutralized`), and the villain could
    # dredge it. Games of 30 replay and verify as stored (they keep their events); 32: the
    # reference pack marks `reference` the values the book's examples do not print (the tonfa's
    # and submachine gun's weights, of which V·D·1 [a] gives only the total, and the river's
    # costs, of which VI·B·3 [b] gives only the third; the batarangs, whose free reroll on a yellow
    # die is V·C·2's example and whose size and single die are ours), so set-up records another
    # pack digest: a
    # game begun before replays from its recorded pack and is not re-decided
    # (tests/fixtures/logs/gotham-city-chronicles-2p-rules31.json); nothing else changes
    rules_version = 32
    search_iterations = 100
    # no random playout: a random move wastes the heroes' few cubes and turns (a dropped Ledger,
    # an idle end of turn), so each new node is valued as it stands (README: bots)
    search_depth = 0
    # the villain's search holds only its own moves, each line valued where its turn (or its
    # run of moves) ends, before the heroes reply; the heroes' search is as measured before
    # (README: bots)
    search_own_turn = frozenset({VILLAIN_SEAT})
    lost_value_mark = 0.10

    moves = MOVES
    handlers = HANDLERS

    def options_schema(self) -> dict[str, JSON]:
        return {
            "content": {
                "type": "object",
                "default": None,
                "description": "a content pack replacing the reference pack (same schema as "
                "rules_core/games/gotham_city_chronicles/content/reference.toml, see "
                "VOCABULARY.md, as JSON); refused above `limits`, or with a number outside its "
                "range in `ranges`",
                "limits": limits_json(ids=IDS),
                "ranges": NUMBER_RANGES,
                "effects": EFFECTS.schema(),
            },
            "gadgets": {
                "type": "object",
                "default": None,
                "description": "the bat-gadgets each hero with a utility belt takes (V·D·2): "
                "hero id -> list of bat-gadget ids of the pack, their sizes within the belt; "
                "a hero not named takes the pack's own choice",
            },
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content, chosen = options.get("content"), options.get("gadgets")
        if chosen is None:
            return REFERENCE if content is None else parse_pack(content)
        data = with_gadgets(pack_data() if content is None else _object(content), chosen)
        assert not isinstance(data, str), data  # validate_options refused it
        return parse_pack(data)

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if not self.min_players <= players <= self.max_players:
            return reject(
                "bad_player_count",
                "Batman: Gotham City Chronicles is for 2 to 4 players: the villain and one to"
                " three heroes.",
            )
        problem = options_problem(self.title, self.options_schema(), options)
        if problem is not None:
            return reject("bad_options", problem)
        content = options.get("content")
        if content is not None:
            refused = pack_refusal(content)
            if refused is not None:
                return reject("bad_options", refused)
        if options.get("gadgets") is not None:
            data = with_gadgets(
                pack_data() if content is None else _object(content), options["gadgets"]
            )
            refused = data if isinstance(data, str) else pack_refusal(data)
            if refused is not None:
                return reject("bad_gadgets", refused)
        return None

    def initial_state(self) -> GccState:
        return INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        return opening(self._pack(options), players, rng)

    def decide(
        self, state: GccState, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        """The move's events, then the villain's turn's end where the move leaves the villain
        nothing else to do (`moves.villain_done`, rules version 19), and the end of the
        actions of each heroes' seat whose heroes all rest (`heroes_rest`, rules version
        21); before that, the heroes' seats that had finished and may act again, another hero
        having acted (`heroes_reopened`, rules version 27)."""
        events = super().decide(state, seat, move, rng)
        if isinstance(events, Rejection):
            return events
        after = fold(self, events, state)
        reopened = heroes_reopened(state, seat, move, after)
        return events + reopened + self._followed(fold(self, reopened, after), rng)

    def owed(self, state: GccState, rng: random.Random) -> list[GameEvent]:
        """GameSpec.owed: the steps `moves.owed_steps` takes (a defense the first log's rules
        asked the villain for, taken by the game since rules versions 16-17), then what
        follows a move (`_followed`); none where nothing is owed."""
        events = owed_steps(state, rng)
        return events + self._followed(fold(self, events, state), rng) if events else []

    def _followed(self, state: GccState, rng: random.Random) -> list[GameEvent]:
        """What follows a move's own events: the villain's turn's end where nothing else is
        left to the villain, then the actions' end of each heroes' seat whose heroes all rest."""
        ended = villain_done(state, rng)
        return ended + heroes_rest(fold(self, ended, state), rng)

    def to_act(self, state: GccState) -> frozenset[int]:
        return to_act(state)

    def may_act(self, state: GccState) -> frozenset[int]:
        """The heroes' seats that may drop equipment in the villain's turn (V·D·1 [f])."""
        return may_act(state)

    def outcome(self, state: GccState) -> Outcome | None:
        if not state.winner:
            return None
        winners = state.hero_seats() if state.winner == "heroes" else (VILLAIN_SEAT,)
        return Outcome(
            winners=winners, summary=language.ending(state, state.ended_by, state.winner)
        )

    def narrate(self, state: GccState, event: GameEvent, seat: int | None, reveal: bool) -> str:
        return language.narrate(state, event, seat, reveal)

    def seat_names(self, state: GccState) -> tuple[str, ...]:
        return language.seat_names(state)

    def view(self, state: GccState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        return view.view(state, seat, reveal)

    def evaluate(self, state: GccState, seat: int) -> float:
        return evaluation.evaluate(state, seat)

    def secrets(self, state: GccState) -> tuple[Secret, ...]:
        """Nothing: the core rules keep everything in the open (README)."""
        return ()


GAME = GothamCityChronicles()


def _object(content: JSON) -> Mapping[str, Any]:
    """A content pack already checked (pack_refusal) as the object it is."""
    assert isinstance(content, Mapping)
    return content
