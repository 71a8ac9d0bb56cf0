"""Black Metro as a GameSpec on the engine's DeclaredGame (not registered yet: see README.md).

Each move is declared once (setup.py, assignment.py); the game's own steps between decisions
run inside the move that causes them."""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules_core.engine.content_limits import limits_json
from rules_core.engine.declared import DeclaredGame
from rules_core.engine.fork_shuffle import engine_story
from rules_core.engine.info import GameInfo
from rules_core.engine.moves import MoveBook
from rules_core.engine.option_checks import options_problem, read_pack
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.visibility import Secret
from rules_core.engine.wording import no_such_move, takes_only
from rules_core.games.black_metro import language, solo, story, view, vocabulary
from rules_core.games.black_metro.assignment import ASSIGNMENT_MOVES
from rules_core.games.black_metro.carried import CARRIES
from rules_core.games.black_metro.checks import REFUSAL_WORDS, REJECTIONS, reject
from rules_core.games.black_metro.citations import BOOK, cite
from rules_core.games.black_metro.content import NUMBER_RANGES, load_pack, parse_pack
from rules_core.games.black_metro.discarding import DISCARD_MOVES
from rules_core.games.black_metro.dominance import DOMINANCE_MOVES
from rules_core.games.black_metro.events import ALL_EVENTS, UnseenShuffled
from rules_core.games.black_metro.events_dominance import DOMINANCE_EVENTS
from rules_core.games.black_metro.events_fortunes import FORTUNE_EVENTS
from rules_core.games.black_metro.events_resolution import RESOLUTION_EVENTS
from rules_core.games.black_metro.events_solo import SOLO_EVENTS
from rules_core.games.black_metro.events_standby import STANDBY_EVENTS
from rules_core.games.black_metro.evolve import HANDLERS
from rules_core.games.black_metro.missions import MISSION_MOVES
from rules_core.games.black_metro.pack import IDS, Pack
from rules_core.games.black_metro.resolution import RESOLUTION_MOVES
from rules_core.games.black_metro.setup import SETUP_MOVES, begin
from rules_core.games.black_metro.standby import STANDBY_MOVES
from rules_core.games.black_metro.state import INITIAL, BlackMetroState
from rules_core.games.black_metro.stepping import STEP_MOVES

REFERENCE = load_pack()
State = BlackMetroState


def _precheck(state: State, seat: int) -> Rejection | None:
    if state.over and state.solo:  # the challenge's own end (solo.win, solo.evaluation)
        over = reject("game_over", "The solo challenge is over.")
        return Rejection(over.code, over.message, (*over.citations, *cite("solo.win")))
    if state.over:
        return reject("game_over", "The game is over.")
    waiting = state.waiting()
    if not waiting:
        if state.pack is None:
            return reject("not_your_turn", "Black Metro has not been set up yet.")
        return reject("not_your_turn", "Black Metro is waiting for nobody: the game plays on.")
    if seat not in waiting:
        names = " or ".join(language.who(state, s) for s in sorted(waiting))
        return reject("not_your_turn", f"Black Metro is waiting for {names}.")
    return None


MOVES: MoveBook[State] = MoveBook(
    rules=(
        *SETUP_MOVES,
        *ASSIGNMENT_MOVES,
        *DOMINANCE_MOVES,
        *MISSION_MOVES,
        *RESOLUTION_MOVES,
        *STANDBY_MOVES,
        *DISCARD_MOVES,
        *STEP_MOVES,
    ),
    precheck=_precheck,
    unknown=lambda kind: reject("unknown_move", no_such_move("Black Metro")),
    unexpected=lambda kind, takes: reject("unexpected_parameter", takes_only(kind, takes)),
    carries=CARRIES,
)


class BlackMetro(DeclaredGame[State]):
    slug = "black-metro"
    title = "Black Metro"
    book = BOOK
    min_players = 1
    max_players = 4
    state_type = State
    event_types: Mapping[str, type[GameEvent]] = {
        cls.type: cls
        for cls in (
            *ALL_EVENTS,
            *FORTUNE_EVENTS,
            *DOMINANCE_EVENTS,
            *RESOLUTION_EVENTS,
            *STANDBY_EVENTS,
            *SOLO_EVENTS,
        )
    }
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    rejection_words: Mapping[str, str] = REFUSAL_WORDS
    info = GameInfo(
        roles="a candidate (Red, Green, Blue or Yellow)",
        chance=True,
        hidden_information=True,
        simultaneous=False,
        longest_game=6000,
    )
    # 2: asked about missions whenever one is held; face-down discards secret
    # 3: the solo overlord acquires no power by taking the relic (solo.rules.power)
    # 4: research names any technology up to the player's level; what is researched or gained
    #    (its choice, its type) stays its owner's
    # 5: the event dice's face names are the pack's (the set-up records them with the pack)
    # 6: a build with no fortification left in the backup moves one of the builder's own
    #    fortifications, never another player's (troubleshooting.units.fortifications); in solo,
    #    strain beyond 15 from unfulfilled missions at the final scoring loses (solo.win)
    #    and event 1's tile is chosen once its explosion has struck (appendix.dice.event); the
    #    solo overlord judges the strain he would take counting all his strength there; the
    #    Technologist's jammer is asked whatever level the face-down technology has, and a
    #    player from level I is asked about event 4's research even with one way left
    # 7: no assignment fortune attack at a district a tile closes (its loser could not be sent
    #    there); in solo, a joker taken from the fortune discard is the overlord's
    #    counterintelligence, as a drawn one is (solo.rules.fortunes.joker)
    # 8: in solo, tiles affect the overlord's personnel (the trading market's gold) and he does
    #    not assign where the gladiator arena would strain him (solo.rules.overlord, .assign);
    #    the counterforce lays event 1's first tile, the massive explosion, unchosen
    #    (solo.rules.fortunes.joker); personnel the dominator's fortune overwhelms at step 3
    #    count for step 4's overwhelm power (district-dominance); the solo challenge is lost
    #    right after the event that loses it, the rest of the move never happening (solo.win);
    #    the overlord's priority list weighs the player's personnel alone (solo.rules.assign);
    #    the counterintelligence's discard says what it is (solo.rules.fortunes.joker)
    # 9: a player whose last assignment empties the hideout is asked about an assignment
    #    fortune whenever they hold a fortune, not only when one could be played there (which
    #    told the others whether their hand held one)
    # 10: the state records who put each mission back at the bottom of the mission deck
    #     (`mission_knowers`): its returner knows it there until it is drawn (starting.missions,
    #     troubleshooting.cards); the events are unchanged, so older games replay as they were
    # 11: the state records who knows each card of the fortune deck (`fortune_knowers`): the solo
    #     queen's card, put on top of the deck, stays known to whoever knew it on the discard
    #     (the player who laid it face down, or everybody when it was face up) until it is drawn
    #     or turned up (solo.rules.fortunes.queen, troubleshooting.cards); `fortune_to_deck`
    #     (version 2) names that knower as its `owner`, a version-1 one hides its card from all
    #     as it did, and older games replay from their events
    # 12: an ability saying "if able" is done as far as it can be (advanced.golden.exceptions):
    #     the supply dice's med kit heals with nobody overwhelmed to recover, and its arms stash
    #     promotes or builds alone where no district allows both (appendix.dice.supply)
    # 13: a mission put back at the bottom of the mission deck and drawn by another player stays
    #     known to its returner in the drawer's hand (`Player.mission_knowers`; the deck is never
    #     shuffled, troubleshooting.cards) until it leaves that hand, public once revealed;
    #     `missions_drawn` (version 2) names that returner as its `knower`, who reads the cards
    #     drawn; a version-1 one shows them to the drawer alone, and older games replay from
    #     their events
    # 14: a revealed mission put back at the bottom of the mission deck is no longer shown as
    #     held, and the table saw which card went back (appendix.dice.penalty): the returner's
    #     `mission_returned` (version 2) names EVERYONE as its `knower` and the deck card is
    #     known to all; a version-1 one showed it to its returner alone, as it still does
    # 15: personnel overwhelmed at a district count as overwhelmed by its dominating player
    #     only when they are another player's: a counter that wins the exchange and overwhelms
    #     the dominator's own personnel (appendix.fortunes.dominance) gives the dominator no
    #     mission needing personnel overwhelmed there (district-dominance); no event changed, so
    #     older games replay from their events
    # 16: a decision with one answer settled by public facts alone is the game's own step, not
    #     asked: an event option or a die face with one way to carry it out (event 5's
    #     promotion, the penalty dice's one mission to reveal), the loser of an assignment
    #     fortune attack whose hideout holds one kind of personnel, a blockade discard of the
    #     hand's last fortune (asking.forced); the blind prompts stay asked, research from
    #     level I among them; no event changed, so older games replay from their events
    # 17: an event option every player carries out waits, once a player is asked how, for that
    #     player before the later ones carry it out, each unasked if its one way is then settled
    #     (standby.settle_turns); no event changed, so older games replay from their events
    # 18: the personnel a lost assignment fortune attack sends to a blockaded district are
    #     judged on the total strength their player has there (appendix.fortifications), not
    #     as if they stood there alone; no event changed, so older games replay from their events
    # 19: a die face's steps before its first choice are done before the choice is asked: the
    #     supply dice's valuable artefact draws its mission, then asks which missions to return,
    #     the drawn one among them (appendix.dice.supply); `roll_to_resolve` gains `start`
    #     (0 in older events, which replay as they were played)
    # 20: a fortune taken from the top of the discard (the reference queen, the supply dice's
    #     lucky device) stays known in its taker's hand to whoever knew it there: everybody for
    #     a card played or turned up face up, the player who laid it face down
    #     (`Player.hand_knowers`); `discard_taken` (version 2) names that `knower`, a version-1
    #     one shows its card to the taker alone, and older games replay from their events
    # 21: players drawn beyond the hand limit in one step (the standby draw, event 2's draw)
    #     discard in the order they drew, from the relic player, not the last drawer first
    #     (asking.hand_limit); no event changed, so older games replay from their events
    # 22: a player holding no fortune is not asked to counter an attack or a counter: letting
    #     it stand is the game's own step (`counter_declined` by nobody, as for the overlord);
    #     no event changed, so older games replay from their events
    # 23: in the solo challenge a mission window where no mission of its timing in the pack,
    #     held or not, could be fulfilled now (public facts alone) is not asked: fulfilling
    #     none is the game's own step (`mission_passed` by nobody; missions.pass_unasked); the
    #     windows stay asked at 2-4 players; no event changed, so older games replay from
    #     their events
    # 24: at 2-4 players too, a mission window where no mission of its timing in the pack could
    #     be fulfilled now (public facts alone) is the game's own step (`mission_passed` by
    #     nobody; missions.pass_unasked); no event changed, so older games replay from their
    #     events
    # 25: gold, intel or drakownium gained, spent or lost names what gives or takes it (a
    #     district's effect, a die face, a fortune's suit, a joker's benefit, a tile, a
    #     technology's or candidate's ability, a set-up, advancing or researching):
    #     `resource_changed` (version 2) records its `source` (sources.py), which the story
    #     tells ("Green gets 1 intel for playing a clubs suited fortune"); a version-1 one has
    #     none and is told as it was, and older games replay from their events
    # 26: fortunes discarded from a hand say why, in the open (to reroll or sabotage a roll,
    #     for a blockade, to fulfil a mission, down to the hand limit, or the effect that
    #     discards them): `fortunes_discarded` (version 2) records its `reason` (sources.py),
    #     which the story tells ("Red discards the jack of clubs to reroll the supply dice");
    #     the cards stay hidden from the others; a version-1 one has none and is told as it
    #     was, and older games replay from their events
    # 27: a discard cites the sections of its reason beside the fortunes' appendix (the dice's
    #     reroll, the Gambler's sabotage, the blockades, missions, the hand limit, the named
    #     dice's face, the solo joker: events_fortunes.discard_sections, from DISCARD_SECTIONS):
    #     `fortunes_discarded` (version 3) stores them; a version-2 or version-1 one keeps the
    #     appendix alone it was stored with (`cites_reason` False), and older games replay from
    #     their events; and a resource change cites the section of its source (the district,
    #     the dice, the fortunes' suit or joker, the tile, science, a candidate or a set-up:
    #     events.RESOURCE_SECTIONS): `resource_changed` (version 3), a version-2 or version-1
    #     one keeping the resources' limit alone (`cites_source` False); the personnel a lost
    #     assignment fortune attack sends cite its rule (troubleshooting.cards.fortunes.
    #     assignment) and a solo game's ranked scoring the evaluation and the challenge's win:
    #     `personnel_assigned` and `game_scored` (version 2), a version-1 one cited as stored
    #     (`cites_forced`, `cites_rank` False)
    # 28: strain inflicted and personnel overwhelmed record their cause (a blockade, a tile, a
    #     district's effect, a die face, a set-up, a district dominance, a dominance fortune,
    #     the solo king, unfulfilled missions, recovering: sources.py) and cite its section
    #     (events_harm.STRAIN_SECTIONS, OVERWHELM_SECTIONS), which the story tells ("Red
    #     inflicts 4 strain for Blue's 2 blockades at 11 Astral Tower"): `strain_inflicted`
    #     and `overwhelmed` (version 2); a version-1 one has none, is told as it was and keeps
    #     the citations it was stored with (`cites_cause` False), and older games replay from
    #     their events
    # 29: a discard of several fortunes of the player's choice (a mission's option, a die
    #     face's) is asked one card at a time (`discards_asked`, then `discard_one` moves: one
    #     per kind of card held), so no decision offers more moves than the hand holds cards;
    #     a die face's later steps wait for the discards (discarding.py). Older games replay
    #     from their events (one `fortunes_discarded` naming the set)
    # 30: an effect's choosing steps are asked one at a time: the move that uses it names its
    #     first step's way, each later one is asked of the same player once the steps before
    #     it are done (`step_asked`, then a `choose_step` move naming that step's way), and
    #     "return up to N missions" asks one mission at a time with returning no more as a
    #     way (stepping.py), so no decision offers more than one step's options (plus one);
    #     the pack's cap of 2 choosing steps an effect became a cap of 6 steps an effect
    #     (vocabulary.MOST_STEPS). Older games replay from their events (one move naming
    #     every step's way, `effect_used` and `roll_resolved` holding them all)
    # 31: a player with personnel in the hideout but no district to send them to (each holds
    #     theirs or a tile closes it) takes no more turns in the assignment phase, as one whose
    #     hideout is empty (assignment.can_assign); before, such a player was to act with no
    #     legal move and the game stood still (a pack with large hideouts reached it)
    # 32: an effect with steps asked later is finished before what follows it: a facility's
    #     first effect used with an assignment fortune gives the fortune's suit resource and
    #     ends the fortune once every step is answered (appendix.fortunes: after the fortune
    #     is resolved), a technology's facility bonus comes once the effect's last step is
    #     done (both came when the effect began), and a later step its earlier steps left
    #     with no way is told passed over (`step_passed`). No event changed and none is
    #     folded differently, so older games replay from their events
    # 33: a technology's facility bonus is given once an effect, whatever rules wrote the
    #     events before (an effect begun under 31, which gave it then, and finished under 32
    #     got it twice), and waits for the result of a die the effect rolls; the state keeps
    #     the bonus due (`bonus_due`), so a snapshot of 32 (without it) is not read: the log is
    #     folded again. No reference game decides otherwise (its districts with a bonus ask
    #     nothing later and roll no die); a custom pack's may
    # 34: events cite the sections they apply in the cases that apply them, from what they
    #     record (each public): the solo set-up's syndicates and missions (`syndicates_revealed`
    #     version 2, `missions_drawn` version 3 record `solo`), a researched technology the
    #     research requirement (`technology_gained` version 3), a dominance fortune countering
    #     that only an exchange's first is an attack (`fortune_played` version 2), a district
    #     contested the power its dominator acquires and a fortified strength bonus Voltaic
    #     Edge's entry (`district_contested` version 2 records `fortified_bonus`), a district
    #     resolved its kind, the solo overlord's personnel using nothing there and a player
    #     there by the Expiditry Matrix alone (`district_resolving` version 2), the Laughing
    #     Tavern's recall its entry (`recalled` version 2 records `by_effect`), a recruit short
    #     of what was asked the box's pieces (`recruited` version 2 records `short`), the
    #     Colonel's specialised personnel its entry (`personnel_gained` version 2 records its
    #     `source`), a tile laid the box's tiles and event 1's explosion in the solo challenge
    #     its hold on the overlord (`district_exploded` and `tile_laid` version 2). An older
    #     event keeps the citations it was stored with (its `cites_*` False, what it did not
    #     record read as not applying); nothing else changed, so older games replay from their
    #     events
    # 35: no assignment fortune attack on a player whose hideout is empty: the loser of an
    #     attack is sent 1 personnel from the hideout, so it would resolve nothing against
    #     them, and an ability choosing another player must choose one where it resolves
    #     (advanced.golden.exceptions; refused `empty_hideout`); a counter still stands against
    #     an attacker whose own hideout is empty, sending nobody, as the story now says. No
    #     event changed and none is folded differently, so older games replay from their events
    # 36: a mission's discards cite the missions' rule alone (events_fortunes.DISCARD_SECTIONS),
    #     not the book's example of a standby mission, which they cited whatever the mission and
    #     beside no rule of the standby phase; `fortunes_discarded` version 4 and
    #     `discards_asked` version 2, whose older events keep the citations they were stored
    #     with (`old_citations`), so older games replay and are served as stored
    rules_version = 36
    search_iterations = 100
    lost_value_mark = 0.10
    moves = MOVES
    handlers = HANDLERS
    unseen_shuffled = UnseenShuffled  # a fork's new deal (DeclaredGame)

    def decide(
        self, state: State, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        """The move's events; in the solo challenge, the loss they may bring at once."""
        events = self.moves.decide(state, seat, move, rng)
        if isinstance(events, Rejection) or not state.solo:
            return events
        return solo.settled(state, events)

    def options_schema(self) -> dict[str, JSON]:
        return {
            "first_game": {
                "type": "boolean",
                "default": False,
                "description": "the first game's set-up, without candidates (2 to 4 players)",
            },
            "content": {
                "type": "object",
                "default": None,
                "description": "a content pack replacing the reference pack (same schema as "
                "rules_core/games/black_metro/content/reference.toml, as JSON); refused above "
                "`limits`, or with a number outside its range in `ranges`",
                "limits": limits_json(ids=IDS),
                "ranges": NUMBER_RANGES,
                "effects": {  # the operations each kind of content may use, with their parameters
                    "district": vocabulary.DISTRICT_OPS.schema(),
                    "dice": vocabulary.DICE_OPS.schema(),
                    "suit": vocabulary.SUIT_OPS.schema(),
                    "dominance_fortune": vocabulary.DOMINANCE_FORTUNE_OPS.schema(),
                    "technology": vocabulary.TECHNOLOGY_OPS.schema(),
                    "candidate": vocabulary.CANDIDATE_OPS.schema(),
                    "mission": vocabulary.MISSION_OPS.schema(),
                },
            },
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content = options.get("content")
        return REFERENCE if content is None else parse_pack(content)

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if not self.min_players <= players <= self.max_players:
            return reject("bad_player_count", "Black Metro is for 1 to 4 players.")
        problem = options_problem(self.title, self.options_schema(), options)
        pack = read_pack(lambda: self._pack(options)) if problem is None else problem
        if isinstance(pack, str):
            return reject("bad_options", pack)
        if players == 1 and options.get("first_game"):  # the challenge's own set-up (solo.setup)
            refused = reject(
                "bad_options",
                "The first game's set-up is for 2 to 4 players: the solo challenge, for"
                " experienced players, is set up with a candidate.",
            )
            solo_setup = cite("solo", "solo.setup.candidate")
            return Rejection(refused.code, refused.message, (*refused.citations, *solo_setup))
        each, deck = pack.limit("missions_drawn"), len(pack.mission_ids())
        if each * players > deck:  # a later player would draw from an empty deck
            return reject(
                "bad_options",
                f"content pack: limits.missions_drawn: {players} players drawing {each} missions"
                f" each need {each * players}, and the mission deck holds {deck}",
            )
        return None

    def initial_state(self) -> State:
        return INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        return begin(self._pack(options), players, bool(options.get("first_game", False)), rng)

    def to_act(self, state: State) -> frozenset[int]:
        return state.waiting()

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        if not state.winners:  # the solo challenge lost
            keeper = state.the_pack().opponent.name
            return Outcome(winners=(), summary=f"{keeper} keeps the throne of Black Metro.")
        names = " and ".join(language.who(state, s) for s in state.winners)
        verb = "takes" if len(state.winners) == 1 else "share"  # level after every tie-breaker
        return Outcome(winners=state.winners, summary=f"{names} {verb} the throne of Black Metro.")

    def seat_names(self, state: State) -> tuple[str, ...]:
        return language.seat_names(state)[: state.seats]

    def secrets(self, state: State) -> tuple[Secret, ...]:
        return view.secrets(state)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view.determinize(state, seat, rng)

    def view(self, state: State, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        return view.view(state, seat, reveal)

    def evaluate(self, state: State, seat: int) -> float:
        return view.evaluate(state, seat)

    def narrate(self, state: State, event: GameEvent, seat: int | None, reveal: bool) -> str:
        return engine_story(event) or story.narrate(state, event, seat, reveal)
