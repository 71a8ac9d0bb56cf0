"""Starting the game: the relic to the first player, the decks shuffled, syndicates revealed
(players + 1; solo: the three named), two missions drawn and one returned, candidates chosen in
turn (or the first game's set-up), set-ups followed in turn, candidates charged; then round 1."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.engine.flow import clockwise
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.black_metro import effects, language, sources
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro.assignment import next_turn
from rules_core.games.black_metro.checks import reject
from rules_core.games.black_metro.pack import Pack
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import INITIAL, BlackMetroState
from rules_core.games.black_metro.vocabulary import TECH_TYPES

State = BlackMetroState


def begin(pack: Pack, seats: int, first_game: bool, rng: random.Random) -> list[GameEvent]:
    """The opening events, up to the first decision (a mission to return)."""
    solo = seats == 1
    fortunes = list(pack.fortune_ids())
    rng.shuffle(fortunes)
    missions = list(pack.mission_ids())
    rng.shuffle(missions)
    syndicates = [s.id for s in pack.syndicates]
    if not solo:
        rng.shuffle(syndicates)
    relic = seats if solo else rng.randrange(seats)  # solo: the overlord holds it
    run = Run(INITIAL)
    run.emit(
        e.GameStarted(
            seat=None,
            seats=seats,
            solo=solo,
            first_game=first_game,
            relic=relic,
            fortune_deck=tuple(fortunes),
            mission_deck=tuple(missions),
            syndicate_deck=tuple(syndicates),
            pack=pack,
        )
    )
    revealed = (
        pack.solo.syndicates
        if solo
        else tuple(syndicates[: seats + pack.limit("extra_syndicates")])
    )
    run.emit(e.SyndicatesRevealed(seat=None, syndicates=revealed, solo=solo))
    for seat in first_order(run.state):
        effects.draw_missions(run, seat, pack.limit("missions_drawn"), solo=solo)
    return run.events


def first_order(state: State) -> tuple[int, ...]:
    """The seats from the first player clockwise (solo: the one seat)."""
    return (0,) if state.solo else clockwise(state.seats, state.relic)


def _steps(state: State, seat: int) -> tuple[Effect, ...]:
    """What a seat's set-up asks, in order."""
    pack = state.the_pack()
    player = state.player(seat)
    if not player.candidate:
        return pack.first_game
    return pack.candidate(player.candidate).setup + _handicap(state, seat)


def _handicap(state: State, seat: int) -> tuple[Effect, ...]:
    """What the solo challenge adds to a strong candidate's set-up (solo.setup.candidate)."""
    pack, candidate = state.the_pack(), state.player(seat).candidate
    return pack.solo.strong_setup if state.solo and candidate in pack.solo.strong_candidates else ()


def follow(run: Run, rng: random.Random, seat: int = -1, start: int = 0) -> None:
    """Every seat's set-up in turn, from `seat`'s step `start` (-1: from the first seat), until
    a step waits for a choice; then the candidates are charged and round 1 begins."""
    order = first_order(run.state)
    at = 0 if seat < 0 else order.index(seat)
    for position in range(at, len(order)):
        current = order[position]
        steps = _steps(run.state, current)
        own = len(steps) - len(_handicap(run.state, current))  # the candidate's, then the solo's
        for place in range(start if position == at else 0, len(steps)):
            kind = sources.SETUP if place < own else sources.HANDICAP
            source = sources.of(kind, run.state.player(current).candidate)
            if not effects.setup_step(run, current, steps[place], rng, source):
                return
        effects.hideout_limits(run, current)
    state = run.state
    for current in order:
        if state.player(current).candidate:
            run.emit(e.CandidateCharged(seat=None, owner=current))
    overlord = state.overlord
    if overlord is not None:  # solo: the opponent is prepared, then charged
        for step in state.the_pack().opponent.setup:
            effects.setup_step(run, overlord, step, rng, sources.of(sources.OVERLORD, "setup"))
        run.emit(e.CandidateCharged(seat=None, owner=overlord))
    run.emit(e.RoundBegan(seat=None, round=1))
    next_turn(run, clockwise(len(run.state.players), run.state.relic), rng)


def _prompted(state: State, seat: int, kind: str) -> bool:
    prompt = state.flow.prompt_for(seat)
    return prompt is not None and prompt.kind == kind


# ---- return a mission ---------------------------------------------------------------------


def _return_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "return_mission"):
        return []
    return [Move.of("return_mission", card=c) for c in sorted(set(state.player(seat).missions))]


def _return_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "return_mission"):
        return reject("not_now", "No mission is to be returned now.")
    card = move.get("card")
    if card not in state.player(seat).missions:
        words = "You can return only a mission you drew." if card else "Name the mission to return."
        return reject("mission_not_held", words)
    return None


def _return(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(e.MissionReturned(seat=seat, owner=seat, card=str(move.get("card"))))
    if not run.state.flow.prompts:  # the first game's set-up: no candidates to choose
        follow(run, rng)
    return run.events


# ---- choose a candidate -------------------------------------------------------------------


def _choose_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "choose_candidate"):
        return []
    return [Move.of("choose_candidate", candidate=c) for c in state.candidates_left]


def _choose_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "choose_candidate"):
        return reject("not_now", "Candidates are not being chosen now.")
    if move.get("candidate") not in state.candidates_left:
        return reject("candidate_taken", "That candidate is not among those left.")
    return None


def _choose(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(e.CandidateChosen(seat=seat, owner=seat, candidate=str(move.get("candidate"))))
    if not run.state.flow.prompts:
        follow(run, rng)
    return run.events


# ---- gain a technology (a set-up's choice) --------------------------------------------------


def _gain_offers(state: State, seat: int) -> list[Move]:
    if not _prompted(state, seat, "gain_technology"):
        return []
    player = state.player(seat)
    held = player.technologies + player.downed
    techs = state.the_pack().technologies
    return [
        Move.of("gain_technology", kind=kind)
        for kind in TECH_TYPES
        if effects.next_technology(held, techs, kind, seat)
    ]


def _gain_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _prompted(state, seat, "gain_technology"):
        return reject("not_now", "No technology is to be gained now.")
    left = [str(m.get("kind")) for m in _gain_offers(state, seat)]
    if move.get("kind") not in left:
        return reject(
            "no_such_technology",
            "Choose the type of technology to gain among those with a level you do not hold"
            f" yet: {', '.join(left)}.",
        )
    return None


def _gain(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    effects.gain_technology(run, seat, str(move.get("kind")))
    if state.phase == "setup":  # the set-up goes on after the step that asked
        player = run.state.player(seat)
        gained = len(player.technologies + player.downed)
        steps = _steps(state, seat)
        asked = [i for i, step in enumerate(steps) if step.op == "gain_technology"]
        follow(run, rng, seat, asked[min(gained, len(asked)) - 1] + 1)
    return run.events


SETUP_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule(
        "return_mission",
        ("card",),
        _return_offers,
        _return_check,
        _return,
        lambda s, seat, m: f"Return {language.mission(str(m.get('card')), s)} to the mission deck",
    ),
    MoveRule(
        "choose_candidate",
        ("candidate",),
        _choose_offers,
        _choose_check,
        _choose,
        lambda s, seat, m: f"Choose {language.candidate_text(s, str(m.get('candidate')))}",
    ),
    MoveRule(
        "gain_technology",
        ("kind",),
        _gain_offers,
        _gain_check,
        _gain,
        lambda s, seat, m: f"Gain a {m.get('kind')} technology",
    ),
)
