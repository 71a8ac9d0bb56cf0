"""No Man's Land (Falcone vs Gordon) as a GameSpec: setup, views, secrets, the bots' evaluation.

The book's rules (turn order, phases, the three endings, the start of turn and income phases)
live in `turns.py`; the reference design's moves in `moves.py`; events in `events.py`, their
effect on the state in `evolve.py`, the game's words in `language.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules_core.engine.content_limits import limits_json
from rules_core.engine.declared import DeclaredGame, Run
from rules_core.engine.fork_shuffle import engine_story
from rules_core.engine.info import GameInfo
from rules_core.engine.option_checks import options_problem, read_pack
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.updating import updated
from rules_core.engine.visibility import Secret, resample
from rules_core.games.no_mans_land import language
from rules_core.games.no_mans_land.citations import BOOK, FALCONE, GORDON
from rules_core.games.no_mans_land.content import (
    FALCONE_EFFECTS,
    IDS,
    NUMBER_RANGES,
    SIGNAL_EFFECTS,
    SIZE_LIMITS,
    check_limits,
    content_text,
    pack_of,
)
from rules_core.games.no_mans_land.events import (
    ENDINGS,
    EVENT_TYPES,
    CardsDealt,
    GameStarted,
    UnseenShuffled,
)
from rules_core.games.no_mans_land.evolve import HANDLERS
from rules_core.games.no_mans_land.moves import MOVES
from rules_core.games.no_mans_land.refusals import REFUSAL_WORDS, REJECTIONS, reject
from rules_core.games.no_mans_land.state import INITIAL, Crime, NmlState
from rules_core.games.no_mans_land.turns import (
    begin_falcone_turn,
    end_stuck_movement,
    extra_pending,
    gordon_waits,
    movable,
    overrun,
)


def crimes_safety(state: NmlState) -> list[bool]:
    """For each crime: whether the heroes that can still reach it before Gordon's next fights
    could not match it and the characters with it (the bots' reading of the board, not a rule):
    in Falcone's turn and at Gordon's start, heroes at it or next to it; in Gordon's movement,
    those at it and those next to it with a step left; after it, only those at it."""
    gordon = state.flow.current == GORDON
    found = []
    for crime in state.crimes:
        near = state.pack.district(crime.district).neighbours
        reach = 0
        for hero in state.heroes:
            if hero.district == crime.district:
                close = True
            elif hero.district not in near or (
                gordon and state.flow.step in ("crimefighting", "draw")
            ):
                close = False
            else:
                close = (
                    not gordon
                    or state.flow.step == "start"
                    or bool(movable(state, hero.id, hero.district))
                )
            reach += state.pack.hero(hero.id).strength if close else 0
        held = state.pack.card(crime.card).strength + sum(
            state.pack.card(v.id).strength for v in state.villains_at(crime.district)
        )
        found.append(held > reach)
    return found


class NoMansLand(DeclaredGame[NmlState]):
    slug = "no-mans-land"
    title = "No Man's Land: Falcone vs Gordon"
    book = BOOK
    min_players = 2
    max_players = 2
    state_type = NmlState
    event_types: Mapping[str, type[GameEvent]] = EVENT_TYPES
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    rejection_words: Mapping[str, str] = REFUSAL_WORDS
    info = GameInfo(
        roles="Falcone (seat 0) or Gordon (seat 1)",
        chance=True,
        hidden_information=True,
        simultaneous=False,
        longest_game=3000,
    )
    # see GameSpec.rules_version; 2: one face-down price, Protection Racket's gain face up only,
    # and the retuned reference pack (issue 15); 3: the set-up records the reference pack itself,
    # not "" (a change to reference.toml no longer changes games already played); 4: the extra
    # counter of a crime at a C+1 district is Falcone's choice (the move "extra"), never owed;
    # 5: that choice waits until his owed income is taken (the state's income_taken): before it,
    # or with no extra counter on offer, "extra" is refused (no_extra_on_offer) and not offered;
    # Gordon draws once a draw phase and is asked only in a phase that waits for him (the
    # state's signal_drawn; "end" in a phase that passes by itself: nothing_to_end); 6: a
    # crime played face up with a gain (Protection Racket) is one step with its counters: until
    # they are taken (the state's gain_owed) nobody acts and every move is refused (gain_pending),
    # where before a view of that version offered Falcone moves priced without them; 7:
    # Gordon's start of turn waits for him whenever he holds a card (before, only when one could
    # be played then, which told Falcone whether he held one); 8: a face-down crime that stood
    # through a start of Falcone's turn with no hero at its district is known to all not to be
    # a card that would have burnt it down (an Arson): the state's Crime.ruled_out, derived from
    # the events already logged, shown in the view and kept by Gordon's determinization; 9:
    # nobody acts part-way through a move's own steps that left a view naming a player: after
    # Falcone's extra counters are chosen, before his movement phase (the state's
    # extra_chosen: he was offered them again), between Oracle's Tip and the crime it turns up
    # (the state's revealing: reveal_pending), and between a card's gain the supply could not
    # give and the game's end (gain_owed keeps the counter not taken); 10: Falcone's movement
    # phase ends unasked when what the whole table sees leaves him nothing but ending it: no
    # character of his can move, and he holds no card, too few counters for the pack's cheapest
    # card, or a hero stands at every district (turns.falcone_stuck: the draw phase begins by
    # nobody; before, he was asked to end it, the one move offered); with cards and counters he
    # is asked even when none can be played (his hand is hidden); 11: no counter left leaves him
    # stuck only if the pack's cheapest card costs something (a custom pack's card of cost 0, or
    # a face-down price of 0, is played with none: version 10 ended the phase unasked there,
    # though he might hold such a card; its story keeps version 10's reason, turns.stuck_as_told)
    rules_version = 11
    search_iterations = 30  # small: the balance runs play hundreds of games on two cores
    lost_value_mark = 0.15
    moves = MOVES
    handlers = HANDLERS
    unseen_shuffled = UnseenShuffled  # a fork's new deal (DeclaredGame)

    def options_schema(self) -> dict[str, JSON]:
        return {
            "content": {
                "type": "object",
                "description": "a content pack replacing the reference pack (same schema as "
                "rules_core/games/no_mans_land/content/reference.toml, as JSON); refused above "
                "`limits`, with a number outside its range in `ranges`, or with more of a "
                "thing than `sizes` allows",
                "default": None,
                "limits": limits_json(ids=IDS),
                "ranges": NUMBER_RANGES,
                "sizes": SIZE_LIMITS,  # the most of each the city and decks may have
                "effects": {
                    "falcone": FALCONE_EFFECTS.schema(),
                    "batsignal": SIGNAL_EFFECTS.schema(),
                },
            }
        }

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if players != 2:
            return reject("bad_player_count", "No Man's Land is for two players.")
        problem = options_problem(self.title, self.options_schema(), options)
        if problem is not None:
            return reject("bad_options", problem)
        # a new game's pack: stored ones replay whatever today's limits
        pack = read_pack(lambda: check_limits(pack_of(content_text(options.get("content")))))
        return reject("bad_options", pack) if isinstance(pack, str) else None

    def initial_state(self) -> NmlState:
        return INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        content = content_text(options.get("content"))
        pack = pack_of(content)
        falcone = list(pack.falcone_cards())
        signal = list(pack.signal_cards())
        rng.shuffle(falcone)
        rng.shuffle(signal)
        run = Run(INITIAL, HANDLERS)
        run.emit(
            GameStarted(
                seat=None,
                falcone_deck=tuple(falcone),
                signal_deck=tuple(signal),
                content=content,
            )
        )
        run.emit(CardsDealt(seat=FALCONE, cards=run.state.falcone_deck[: pack.falcone_hand]))
        begin_falcone_turn(run)  # sequence-of-play: Falcone always takes the first turn
        return run.events

    def decide(
        self, state: NmlState, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        """The move's events, then the end of Falcone's movement phase where it leaves him
        nothing but ending it, as the whole table sees (`turns.end_stuck_movement`, rules
        version 10): he is not asked to end it."""
        events = super().decide(state, seat, move, rng)
        if isinstance(events, Rejection):
            return events
        run = Run(state, HANDLERS)
        run.emit(*events)
        end_stuck_movement(run)
        return run.events

    def to_act(self, state: NmlState) -> frozenset[int]:
        # nobody before the first turn begins (turn 0: the set-up) nor once the game is over
        if state.over or state.turn == 0:
            return frozenset()
        # part-way through playing a crime face up, before its gain is taken (or with a gain
        # the supply could not give, before the game's end is told), or through a start of
        # turn card turning a crime face up: nobody
        if state.gain_owed or state.revealing:
            return frozenset()
        # Falcone's start of turn and draw phases ask him nothing: the game carries them out; his
        # income phase asks him only his extra counters, once the counters he owes are taken
        if state.flow.current == FALCONE and state.flow.step in ("start", "draw"):
            return frozenset()
        if state.flow.current == FALCONE and state.flow.step == "income":
            return frozenset({FALCONE}) if extra_pending(state) else frozenset()
        # a phase of Gordon's that offers him nothing but ending it passes by itself
        if state.flow.current == GORDON:
            return frozenset({GORDON}) if gordon_waits(state) else frozenset()
        return frozenset({state.flow.current})

    def outcome(self, state: NmlState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(
            winners=(state.winner,),
            summary=f"{ENDINGS[state.ending].words}.",
            details=(("ending", state.ending), ("turns", state.turn)),
        )

    def narrate(self, state: NmlState, event: GameEvent, seat: int | None, reveal: bool) -> str:
        return engine_story(event) or language.narrate(state, event, seat, reveal)

    def seat_names(self, state: NmlState) -> tuple[str, ...]:
        return language.seat_names(state)

    def view(self, state: NmlState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        shown = reveal or state.over
        pack = state.pack

        def card(card_id: str) -> JSON:
            c = pack.card(card_id)
            return {
                "id": c.id,
                "name": c.name,
                "kind": c.kind,
                "cost": c.cost,
                "strength": c.strength,
                "text": c.text,
            }

        def district(d_id: str) -> JSON:
            d = pack.district(d_id)
            crime = state.crime_at(d_id)
            crime_view: JSON = None
            if crime is not None:
                sees = shown or not crime.face_down or seat == FALCONE
                # what the whole table knows of a face-down crime is shown to every seat
                crime_view = {
                    "face_down": crime.face_down,
                    "card": card(crime.card) if sees else None,
                    "ruled_out": list(language.ruled_out_names(state, crime)),
                    "known": language.known_of(state, crime) or None,
                }
            return {
                "id": d.id,
                "name": d.name,
                "c_plus_1": d.c_plus_1,
                "destroyed": d.id in state.destroyed,
                "neighbours": list(d.neighbours),
                "crime": crime_view,
                "characters": [card(v.id) for v in state.villains_at(d_id)],
                "heroes": [
                    {"id": h.id, "name": pack.hero(h.id).name, "strength": pack.hero(h.id).strength}
                    for h in state.heroes_at(d_id)
                ],
            }

        def pile(cards: tuple[str, ...], owner: int | None) -> JSON:
            if shown or (owner is not None and owner == seat):
                return [card(c) for c in cards]
            return {"count": len(cards)}

        crimes, standing, _ = overrun(state)
        return {
            "turn": state.turn,
            "current": state.flow.current,
            "turn_of": language.ROLES[state.flow.current],
            "phase": state.flow.step,
            "phase_name": language.PHASE_NAMES[state.flow.step],
            "supply": state.supply,
            "counters": state.counters,
            "spent": state.spent,
            "crimes": crimes,
            "standing": standing,
            "overrun_at": standing // 2 + 1,
            "districts": [district(d.id) for d in pack.districts],
            "hands": {"0": pile(state.falcone_hand, FALCONE), "1": pile(state.signal_hand, GORDON)},
            "decks": {
                "falcone": pile(state.falcone_deck, None),
                "batsignal": pile(state.signal_deck, None),
            },
            "discards": {
                "falcone": [card(c) for c in state.falcone_discard],
                "batsignal": [card(c) for c in state.signal_discard],
            },
            "extra_steps": state.extra_steps,
            "winner": language.ROLES[state.winner] if state.over else None,
            "ending": state.ending or None,
            "why_asked": language.why_gordon_asked(state) if seat == GORDON else None,
        }

    def evaluate(self, state: NmlState, seat: int) -> float:
        """Falcone's prospects: his crimes towards the overrun (a crime that the heroes within
        reach could not match counts in full, another less), his counters, his characters and
        the supply left (time); Gordon's are the rest."""
        if state.over:
            return 1.0 if seat == state.winner else 0.0
        _, standing, _ = overrun(state)
        need = standing // 2 + 1
        pressure = sum(1.0 if safe else 0.4 for safe in crimes_safety(state))
        muscle = sum(state.pack.card(v.id).strength for v in state.villains)
        falcone = (
            0.1
            + 0.5 * min(1.0, pressure / need)
            + 0.1 * min(1.0, state.counters / 6)
            + 0.1 * min(1.0, muscle / 6)
            + 0.2 * state.supply / state.pack.supply
            - 0.03 * len(state.signal_hand)
        )
        falcone = min(1.0, max(0.0, falcone))
        return falcone if seat == FALCONE else 1.0 - falcone

    def secrets(self, state: NmlState) -> tuple[Secret, ...]:
        if state.over:
            return ()
        found = [
            Secret(("falcone_deck", i), c, "deck", frozenset(), "falcone")
            for i, c in enumerate(state.falcone_deck)
        ]
        found += [
            Secret(("falcone_hand", i), c, "hand", frozenset({FALCONE}), "falcone")
            for i, c in enumerate(state.falcone_hand)
        ]
        found += [
            Secret(("crimes", i, "card"), c.card, "face_down", frozenset({FALCONE}), "crime")
            for i, c in enumerate(state.crimes)
            if c.face_down
        ]
        found += [
            Secret(("signal_deck", i), c, "deck", frozenset(), "batsignal")
            for i, c in enumerate(state.signal_deck)
        ]
        found += [
            Secret(("signal_hand", i), c, "hand", frozenset({GORDON}), "batsignal")
            for i, c in enumerate(state.signal_hand)
        ]
        return tuple(found)

    def determinize(self, state: NmlState, seat: int, rng: random.Random) -> NmlState:
        """Gordon knows a face-down card is a crime, and none of the cards the table has ruled
        out for it (`Crime.ruled_out`), nothing more: each face-down crime is dealt again from
        every crime he cannot see (in Falcone's hand, his deck or face down), and the rest of
        those cards fill Falcone's hand and deck again."""
        secrets = self.secrets(state)
        if seat != GORDON:
            return resample(state, secrets, seat, rng)
        state = resample(state, [s for s in secrets if s.back == "batsignal"], seat, rng)
        unseen = sorted(
            (
                *state.falcone_hand,
                *state.falcone_deck,
                *(c.card for c in state.crimes if c.face_down),
            )
        )
        rng.shuffle(unseen)
        pool = [c for c in unseen if state.pack.card(c).kind == "crime"]
        dealt = deal_crimes([c for c in state.crimes if c.face_down], pool)
        for card in dealt:
            unseen.remove(card)
        cards = iter(dealt)
        placed = tuple(updated(c, card=next(cards)) if c.face_down else c for c in state.crimes)
        hand = tuple(unseen[: len(state.falcone_hand)])
        deck = tuple(unseen[len(state.falcone_hand) :])
        return updated(state, crimes=placed, falcone_hand=hand, falcone_deck=deck)


def deal_crimes(face_down: list[Crime], pool: list[str]) -> list[str]:
    """A card from `pool` (shuffled; each card dealt once) for each face-down crime, none of
    them a card ruled out for its crime: the crimes with most ruled out are dealt first, each
    the last card of the pool that fits it, so the few cards that fit a crime are not dealt to
    another first; should that still leave a crime nothing (ruled-out sets that differ), the
    dealing goes back and tries the next card. The real cards are one such dealing, so there
    is always one."""
    order = sorted(range(len(face_down)), key=lambda i: -len(face_down[i].ruled_out))
    cards = _deal([face_down[i].ruled_out for i in order], pool)
    assert cards is not None, "the face-down crimes' own cards fit them"
    by_crime = dict(zip(order, cards, strict=True))
    return [by_crime[i] for i in range(len(face_down))]


def _deal(ruled_out: list[tuple[str, ...]], pool: list[str]) -> list[str] | None:
    if not ruled_out:
        return []
    for at in reversed(range(len(pool))):
        if pool[at] in ruled_out[0]:
            continue
        rest = _deal(ruled_out[1:], pool[:at] + pool[at + 1 :])
        if rest is not None:
            return [pool[at], *rest]
    return None
