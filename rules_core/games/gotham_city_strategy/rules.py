"""Batman: Gotham City Strategy Game: the GameSpec for 2 to 4 villains, with the variant.

Each move is declared once in moves.py (offers, check, act); after an accepted move turns.py
runs the game's own steps (card lines, Batman, fights, incomes, turn changes) until some seat
must decide. The log holds table events only (events.py); legacy.py reads the first format.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_core.engine.content_limits import limits_json
from rules_core.engine.declared import DeclaredGame
from rules_core.engine.fork_shuffle import engine_story
from rules_core.engine.info import GameInfo
from rules_core.engine.option_checks import options_problem, read_pack
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.visibility import Secret, resample
from rules_core.games.gotham_city_strategy import (
    choices,
    evaluation,
    evolve,
    language,
    turns,
    view,
    vocabulary,
)
from rules_core.games.gotham_city_strategy.citations import BOOK
from rules_core.games.gotham_city_strategy.content import (
    IDS,
    NUMBER_RANGES,
    VILLAINS,
    Pack,
    load_pack,
    parse_pack,
)
from rules_core.games.gotham_city_strategy.events import (
    TABLE_EVENTS,
    CardsDealt,
    GameStarted,
    UnseenShuffled,
)
from rules_core.games.gotham_city_strategy.legacy import EVENTS as FIRST_FORMAT_EVENTS
from rules_core.games.gotham_city_strategy.legacy import LEGACY
from rules_core.games.gotham_city_strategy.moves import MOVES, work_out
from rules_core.games.gotham_city_strategy.refusals import REFUSAL_WORDS, REJECTIONS, reject
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import GcsState

REFERENCE = load_pack()
HAND_SIZE = 5


class GothamCityStrategy(DeclaredGame[GcsState]):
    """The game object registered under `gotham-city-strategy`."""

    slug = "gotham-city-strategy"
    title = "Batman: Gotham City Strategy Game"
    book = BOOK
    min_players = 2
    max_players = 4
    state_type = GcsState
    event_types: Mapping[str, type[GameEvent]] = {
        cls.type: cls for cls in (*TABLE_EVENTS, *FIRST_FORMAT_EVENTS)
    } | {UnseenShuffled.type: UnseenShuffled}
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    rejection_words: Mapping[str, str] = REFUSAL_WORDS
    info = GameInfo(
        roles="a villain (in the reference pack the Joker, the Penguin, Two-Face or Killer Croc)",
        chance=True,
        hidden_information=True,
        simultaneous=False,
        longest_game=5000,
    )
    # see GameSpec.rules_version; 2: the table-events log (legacy.py); 3: issue 13's rule fixes;
    # 4: a fight, Batman's move, henchmen sent home, money or information changing hands and a
    # threat removed (its new `by`) cite the rule each follows (events.py); 5: a move is taken
    # only in a form its type is offered in (`MoveBook.refusal`): a `place_threat` with a null
    # `source` or an `end_turn` with a null `card`, accepted as the offered move before, is
    # refused, so a game of version 4 that holds one replays without being re-decided; 6: the
    # henchmen a card puts on the map must all be put (no `stop`), as its threats are placed;
    # 7: the variant's set-up face-down card is asked as a must (it said "may", though it could
    # not be declined): the state's waiting decision changes, so older snapshots are not compared;
    # 8: a move no figure can take another step of is finished, and a turn whose figures have
    # moved is ended, as the game's own steps (turns.finish_unasked): "Finish moving" and "End
    # the turn" are no longer asked alone; the events are the ones those moves wrote, so a game
    # of version 7 replays from its events; 9: a step of the plan that alone can make up
    # henchmen sent where they do not yet outnumber the enemy is the game's own step
    # (planning.only_step): "Move …" is no longer asked alone; its event is the one that move
    # wrote, so a game of version 8 replays from its events; 10: a decision whose one answer
    # the map settles is the game's own step (turns.answer_unasked): threats to remove or lose
    # all standing on one block of one villain, a card's henchmen sent home from its one block,
    # a henchman lost where all of the loser's stand in one place; the game's own steps name
    # no seat (the engine's convention): the plan's lone step, forced removals and those
    # answers are by nobody, and henchmen sent home say by what (`by`, event version 2), so a
    # game of version 9 replays from its events; 11: enemy henchmen a card put on Batman's block
    # flee a villain entering it, as they flee him anywhere (turn.move: Batman is no villain);
    # they stayed, beside his once he beat Batman; the events are of the same types, so a game
    # of version 10 replays from its events; 12: events lead with the rule they carry out and
    # cite no bare heading: a level advanced cites the verification, not the heading
    # 'turn.level'; a fight its fight's rule before what figures are; the set-up (and a fork's
    # new deal) no longer the glossary's heading. An older event keeps the citations it was
    # stored with (`old_citations`: `level_advanced`, `fight_resolved` and the fork's
    # `unseen_cards_shuffled` version 2, `game_started` version 3), so a game of version 11
    # replays and is served as stored; 13: the reserves hold the box's money and
    # information (components; the pack's `reserves`) less what the screens hold, in the state
    # and every view: a take they cannot give is refused (`reserves_empty`), and an income, a
    # card's or an ability's gain pays what they hold; the events are of the same types, so a
    # game of version 12 replays from its events (its pack, stored without reserves, holds the
    # box's)
    rules_version = 13
    search_iterations = 100  # a turn is many small decisions; bench/bots.py
    lost_value_mark = 0.10  # many small decisions a turn; README "What the bots see and value"

    moves = MOVES  # decide, legal_moves and describe_move follow (DeclaredGame)
    handlers = evolve.HANDLERS  # today's log format (evolve below also reads the first)
    unseen_shuffled = UnseenShuffled  # a fork's new deal (DeclaredGame)

    # ---- options and set-up -------------------------------------------------------------

    def options_schema(self) -> dict[str, JSON]:
        return {
            "variant": {
                "type": "boolean",
                "default": False,
                "description": "increased interaction",
            },
            "villains": {"type": "array", "items": list(VILLAINS), "description": "one per seat"},
            "content": {
                "type": "object",
                "default": None,
                "description": "a content pack replacing the reference pack (same schema as "
                "rules_core/games/gotham_city_strategy/content/reference.toml, see VOCABULARY.md, "
                "as JSON); refused above `limits`, or with a number outside its range in `ranges`",
                "limits": limits_json(ids=IDS),
                "ranges": NUMBER_RANGES,
                "effects": {  # the operations each kind of card may use, with their parameters
                    "plot": vocabulary.PLOT_EFFECTS.schema(),
                    "batman_card": vocabulary.BATMAN_EFFECTS.schema(),
                    "ability": vocabulary.ABILITY_EFFECTS.schema(),
                },
            },
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content = options.get("content")
        return REFERENCE if content is None else parse_pack(content)

    def _villains(self, players: int, options: Mapping[str, JSON]) -> tuple[str, ...]:
        chosen = options.get("villains")
        if chosen is None:
            return VILLAINS[:players]
        return tuple(str(v) for v in chosen)  # type: ignore[union-attr]

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if not self.min_players <= players <= self.max_players:
            return reject("bad_player_count", "Gotham City Strategy is for 2 to 4 players.")
        problem = options_problem(self.title, self.options_schema(), options)
        if problem is not None:
            return reject("bad_options", problem)
        chosen = options.get("villains")
        if chosen is not None and (
            not isinstance(chosen, list)
            or len(chosen) != players
            or len(set(map(str, chosen))) != players
            or not set(map(str, chosen)) <= set(VILLAINS)
        ):
            return reject(
                "bad_options", f"'villains' names one different villain per seat of {VILLAINS}"
            )
        pack = read_pack(lambda: self._pack(options))
        return reject("bad_options", pack) if isinstance(pack, str) else None

    def initial_state(self) -> GcsState:
        return evolve.INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        pack = self._pack(options)
        deck = [c.id for c in pack.plots]
        rng.shuffle(deck)
        batman_deck = [c.id for c in pack.batman_cards]
        rng.shuffle(batman_deck)
        run = Run(evolve.INITIAL)
        run.emit(
            GameStarted(
                seat=None,
                villains=self._villains(players, options),
                variant=bool(options.get("variant", False)),
                deck=tuple(deck),
                batman_deck=tuple(batman_deck),
                pack=pack,
            )
        )
        for seat in range(players):  # the starting threats and face-down cards are then asked
            run.emit(CardsDealt(seat=seat, cards=run.state.deck[:HAND_SIZE]))
        turns.advance(run, rng)
        return run.events

    # ---- evolve ---------------------------------------------------------------------------

    def evolve(self, state: GcsState, event: GameEvent) -> GcsState:
        first_format = state.log_format == 1 or (
            isinstance(event, GameStarted) and event.log_format == 1
        )
        if isinstance(event, UnseenShuffled):
            return super().evolve(state, event)  # a fork's new deal, applied by the engine
        handler = (LEGACY if first_format else evolve.HANDLERS).get(type(event))
        if handler is None:
            raise TypeError(f"not a Gotham City Strategy event: {event!r}")
        return handler(state, event)

    # ---- queries --------------------------------------------------------------------------

    def to_act(self, state: GcsState) -> frozenset[int]:
        return choices.to_act(state)

    def outcome(self, state: GcsState) -> Outcome | None:
        if state.phase != "over":
            return None
        winners = tuple(s for s in range(len(state.players)) if state.winner >> s & 1)
        names = " and ".join(language.villain(state, s) for s in winners)
        return Outcome(
            winners=winners, summary=f"{names} rule{'s' if len(winners) == 1 else ''} Gotham."
        )

    # ---- decide ---------------------------------------------------------------------------

    def decide_and_evolve(
        self, state: GcsState, seat: int, move: Move, rng: random.Random
    ) -> tuple[list[GameEvent], GcsState] | Rejection:
        refused = self.moves.refusal(state, seat, move)
        if refused is not None:
            return refused
        run = work_out(state, seat, move, rng)
        return run.events, run.state

    def narrate(self, state: GcsState, event: GameEvent, seat: int | None, reveal: bool) -> str:
        return engine_story(event) or language.narrate(state, event, seat, reveal)

    def seat_names(self, state: GcsState) -> tuple[str, ...]:
        return language.seat_names(state)

    def view(self, state: GcsState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        return view.view(state, seat, reveal)

    def evaluate(self, state: GcsState, seat: int) -> float:
        return evaluation.evaluate(state, seat)

    def secrets(self, state: GcsState) -> tuple[Secret, ...]:
        return view.secrets(state)

    def determinize(self, state: GcsState, seat: int, rng: random.Random) -> GcsState:
        """Unseen cards dealt again into the unseen places; others' screens set to our own totals.

        A seat cannot see other screens, so the bot assumes the others hold what it holds.
        """
        me = state.players[seat] if state.players else None

        def own_total(secret: Secret) -> Any:
            assert me is not None
            return getattr(me, str(secret.path[-1]))

        return resample(state, self.secrets(state), seat, rng, screen=own_total)
