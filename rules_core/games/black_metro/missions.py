"""Fulfilling missions: one dominance mission a round (after asserting dominance at a district,
or at the end of the dominance phase) and one standby mission; a mission's option is met as
"at least" (or "at most") its number, and its power is acquired."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import listed
from rules_core.games.black_metro import board, discarding, language, sources, standby
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.checks import reject
from rules_core.games.black_metro.pack import MissionOption
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from rules_core.games.black_metro.vocabulary import MISSION_OPS

State = BlackMetroState
TIMING_OF = {
    "after_dominance_mission": "after_dominance",
    "end_dominance_mission": "end_of_dominance",
    "standby_mission": "standby",
}


def _discards(state: State, seat: int, needs: Effect) -> list[str]:
    """The fortune a mission asks to discard, each once ("" when it asks none, or more than
    one: those are asked one at a time once the option is chosen, rules version 29)."""
    if needs.op != "discard_fortunes" or discarding.one_by_one(_amount(needs)):
        return [""]
    return sorted(set(state.player(seat).hand)) if _amount(needs) else [""]


def _amount(needs: Effect) -> int:
    return int(str(needs.get("amount")))


def _asked(state: State, seat: int) -> str:
    prompt = state.flow.prompt_for(seat)
    return prompt.kind if prompt is not None and prompt.kind in TIMING_OF else ""


def _fulfil_offers(state: State, seat: int) -> list[Move]:
    kind = _asked(state, seat)
    if not kind:
        return []
    pack = state.the_pack()
    moves = []
    for card in sorted(set(state.player(seat).missions)):
        mission = pack.mission(card.partition("#")[0])
        if mission.timing != TIMING_OF[kind]:
            continue
        for i, option in enumerate(mission.options):
            if not board.met(state, seat, option.needs, board.window_district(state, seat)):
                continue
            for discard in _discards(state, seat, option.needs):
                params: dict[str, str | int] = {"card": card, "option": i + 1}
                if discard:
                    params["discard"] = discard
                moves.append(Move.of("fulfil_mission", **params))
    return moves


def _fulfil_check(state: State, seat: int, move: Move) -> Rejection | None:
    kind = _asked(state, seat)
    if not kind:
        return reject("not_now", "No mission may be fulfilled now.")
    card, option = move.get("card"), move.get("option")
    if card not in state.player(seat).missions:
        words = "You hold no such unfulfilled mission." if card else "Name the mission to fulfil."
        return reject("mission_not_held", words)
    if move not in _fulfil_offers(state, seat):
        return reject("mission_not_met", _not_met(state, seat, str(card), option, move))
    return None


def options_in_words(state: State, seat: int, card: str) -> list[str]:
    """What each option of a held mission asks and brings, for its holder to read."""
    mission = state.the_pack().mission(card.partition("#")[0])
    return [_option_words(state, seat, option) for option in mission.options]


def _option_words(state: State, seat: int, option: MissionOption) -> str:
    """An option by what it asks and the power it brings ("have 8 gold, for 2 power")."""
    power = option.power + board.bonus(state, seat, "mission_bonus")
    return f"{MISSION_OPS.say(option.needs)}, for {power} power"


def _not_met(state: State, seat: int, card: str, option: object, move: Move) -> str:
    """Why a held mission's option is refused, in the mission's words (never the posted
    values): the option asked for by what it asks, or the options there are."""
    mission = state.the_pack().mission(card.partition("#")[0])
    name = language.mission(card, state)
    if type(option) is not int or not 1 <= option <= len(mission.options):
        choices = "; or ".join(_option_words(state, seat, o) for o in mission.options)
        return f"Choose one of the options of {name}: {choices}."
    if mission.timing != TIMING_OF[_asked(state, seat)]:
        return f"{name} cannot be fulfilled at this point of the round."
    chosen = mission.options[option - 1]
    here = board.window_district(state, seat)
    asked_apart = chosen.needs.op == "discard_fortunes" and discarding.one_by_one(
        _amount(chosen.needs)
    )
    if asked_apart and move.get("discard") and board.met(state, seat, chosen.needs, here):
        return (
            f"Choose the option of {name} without naming the fortunes: you are asked for them "
            "one at a time once it is chosen."
        )
    if board.met(state, seat, chosen.needs, here):  # met, but not by those fortunes
        return (
            f"To fulfil {name} ({_option_words(state, seat, chosen)}), discard that many "
            "fortunes you hold, each named once."
        )
    return f"Not met now: {name}, {_option_words(state, seat, chosen)}."


def _fulfil(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    card, option = str(move.get("card")), int(str(move.get("option")))
    mission = state.the_pack().mission(card.partition("#")[0])
    power = mission.options[option - 1].power + board.bonus(state, seat, "mission_bonus")
    discard, why = str(move.get("discard") or ""), sources.of(sources.MISSION)
    needs = mission.options[option - 1].needs
    asks = needs.op == "discard_fortunes" and discarding.one_by_one(_amount(needs))
    if asks and discarding.ask(run, seat, _amount(needs), why, card, option):
        return run.events  # fulfilled once the last is discarded
    if discard:
        run.emit(
            ef.FortunesDiscarded(seat=seat, owner=seat, cards=tuple(discard.split(",")), reason=why)
        )
    run.emit(d.MissionFulfilled(seat=seat, owner=seat, card=card, option=option, power=power))
    standby.carry_on(run, rng)
    return run.events


def _pass(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(d.MissionPassed(seat=seat, owner=seat))
    standby.carry_on(run, rng)
    return run.events


def pass_unasked(run: Run) -> None:
    """A mission window where no mission of its timing, held or not, could be fulfilled by the
    seat now has one answer, fulfilling none, settled by public facts alone: what the options
    ask (strength, pieces, resources, strain, how many fortunes) is seen by all, whichever
    missions the seat holds. So it is the game's own step (`mission_passed` by nobody), not
    asked (rules version 23 in the solo challenge, 24 at 2-4 players). Where one could be, the
    window is asked whether or not the seat holds it (board.asked_about_missions), so neither
    asking nor passing unasked tells the other players or a spectator anything of the hand."""
    while run.state.flow.prompts:
        seat = run.state.flow.leading()[0].seat
        kind = _asked(run.state, seat)
        if not kind or _within_reach(run.state, seat, TIMING_OF[kind]):
            return
        run.emit(d.MissionPassed(seat=None, owner=seat))


def _within_reach(state: State, seat: int, timing: str) -> bool:
    """Whether any mission of the pack with `timing` has an option `seat` meets now."""
    return any(
        board.met(state, seat, option.needs, board.window_district(state, seat))
        for mission in state.the_pack().missions
        if mission.timing == timing
        for option in mission.options
    )


def _pass_check(state: State, seat: int, move: Move) -> Rejection | None:
    return None if _asked(state, seat) else reject("not_now", "No mission is asked about now.")


def _label(state: State, seat: int, move: Move) -> str:
    """A mission's option by what it asks and the power it brings ("Fulfil “War Chest”: have 8
    gold, for 2 power"); fortunes it discards are named."""
    card, option = str(move.get("card")), int(str(move.get("option")))
    chosen = state.the_pack().mission(card.partition("#")[0]).options[option - 1]
    discard = str(move.get("discard") or "")
    needs = (
        "discard " + listed([language.fortune(c) for c in discard.split(",")])
        if discard
        else MISSION_OPS.say(chosen.needs)
    )
    power = chosen.power + board.bonus(state, seat, "mission_bonus")
    return f"Fulfil {language.mission(card, state)}: {needs}, for {power} power"


MISSION_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule(
        "fulfil_mission",
        ("card", "option", "discard"),
        _fulfil_offers,
        _fulfil_check,
        _fulfil,
        _label,
    ),
    MoveRule(
        "pass_mission",
        (),
        lambda s, seat: [Move.of("pass_mission")] if _asked(s, seat) else [],
        _pass_check,
        _pass,
        lambda s, seat, m: "Fulfil no mission now",
    ),
)
