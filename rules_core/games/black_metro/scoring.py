"""Final scoring by the book's table, then the seven tie-breakers in order."""

from __future__ import annotations

from rules_core.games.black_metro import board, effects, solo, sources
from rules_core.games.black_metro import events_standby as s
from rules_core.games.black_metro.events_solo import ChallengeLost
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState


def table(state: State, seat: int) -> int:
    """Power from the scoring table (after the unfulfilled missions' strain is inflicted)."""
    total = 0
    for row in state.the_pack().scoring:
        if row.measure == "unfulfilled_missions":
            continue  # inflicted as strain before scoring
        total += row.power * (_count(state, seat, row.measure) // row.per)
    return total


def _count(state: State, seat: int, measure: str) -> int:
    player = state.player(seat)
    if measure == "support_base_strength":
        return sum(
            board.support_base_strength(state, seat, d.number) for d in state.the_pack().districts
        )
    if measure == "charged_technologies":
        return len(player.technologies)
    if measure == "candidate_fortune":
        if not player.candidate:
            return 0
        return int(state.the_pack().candidate_fortune(player.candidate) in player.hand)
    return board.measure(state, seat, measure)


def winners(state: State, scores: tuple[int, ...]) -> tuple[int, ...]:
    """The most power wins; among the tied, the first tie-breaker that a single one of them
    meets decides (each compared over every tied player)."""
    return decided(state, scores)[0]


def decided(state: State, scores: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
    """The winners, and the tie-breaker that chose one among the tied ("most:intel"; "" when
    the most power alone decided, or no tie-breaker did)."""
    best = max(scores)
    tied = tuple(p for p, score in enumerate(scores) if score == best)
    for rule in state.the_pack().tie_breakers:
        if len(tied) == 1:
            break
        values = tie_values(state, tied, rule)
        way = rule.partition(":")[0]
        top = max(values) if way == "most" else min(values)
        if values.count(top) == 1:
            return (tied[values.index(top)],), rule
    return tied, ""


def tie_values(state: State, tied: tuple[int, ...], rule: str) -> list[int]:
    """Each tied player's count for a tie-breaker ("fewest:strain": their strain)."""
    return [board.measure(state, p, rule.partition(":")[2]) for p in tied]


def missions_strain(state: State) -> int:
    """The strain each unfulfilled mission inflicts before the final scoring (appendix.missions)."""
    rows = state.the_pack().scoring
    return next((row.strain for row in rows if row.measure == "unfulfilled_missions"), 0)


def score(run: Run) -> None:
    """Strain for unfulfilled missions, then the table; the game ends."""
    state = run.state
    seats = tuple(p for p in state.everyone if p != state.overlord)
    strain = missions_strain(state)
    before = len(run.events)
    for seat in seats:
        unfulfilled = len(run.state.player(seat).missions)
        cause = sources.of(sources.UNFULFILLED, unfulfilled)
        effects.inflict(run, seat, strain * unfulfilled, cause=cause)
    state = run.state
    scores = tuple(state.player(p).power + table(state, p) for p in seats)
    if state.solo:  # the evaluation, unless a condition of the challenge was missed
        # strain beyond 15 loses the challenge even when the missions inflict it (solo.win)
        overstrained = solo.lost(state, run.events[before:]) == "strain"
        failed = "strain" if overstrained else solo.final(run, scores[0])
        run.emit(
            s.GameScored(
                seat=None,
                scores=scores,
                winners=() if failed else (0,),
                rank=solo.rank(state, scores[0]),
            )
        )
        if failed:
            run.emit(ChallengeLost(seat=None, reason=failed))
        return
    run.emit(s.GameScored(seat=None, scores=scores, winners=winners(state, scores)))
