"""The assignment fortunes a turn player may play after assigning, and why one is refused: its
card, its facility and the blockade discards there, and either a way to resolve the facility's
first effect in full or another player to attack who has personnel to send should it stand.
Split from assignment.py, which plays them (`_play`) and runs the exchange that follows."""

from __future__ import annotations

from rules_core.engine.types import Move, Rejection
from rules_core.games.black_metro import cards, effects, facilities, language
from rules_core.games.black_metro.checks import reject, unheld_fortune
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState


def closed(state: State, number: int) -> bool:
    """A tile closes the district this round (no personnel may be sent there)."""
    return effects.tile_effect(state, number) == "closed"


def in_turn(state: State, seat: int, *steps: str) -> bool:
    """`seat` is the assignment phase's turn player at one of `steps`, nothing asked of anyone."""
    return (
        state.phase == "assignment"
        and state.flow.current == seat
        and not state.flow.prompts
        and state.step in steps
    )


def fortune_offers(state: State, seat: int) -> list[Move]:
    if not in_turn(state, seat, "more", "fortune") or state.played_fortune:
        return []
    hand = state.player(seat).hand
    moves = []
    for card in sorted(set(hand)):
        if not cards.is_assignment(card):
            continue
        for number in cards.facilities(card):
            if len(hand) - 1 < state.district(number).blockades_of_others(seat):
                continue
            moves += [
                Move.of("play_fortune", card=card, district=number, target=-1, choice=c)
                for c in _ways(state, seat, number)
            ]
            if closed(state, number):  # no attack: its loser could not be sent there
                continue
            moves += [
                Move.of("play_fortune", card=card, district=number, target=t, choice="")
                for t in state.everyone
                if t != seat and t != state.overlord and _can_be_sent(state, t)
            ]
    return moves


def _can_be_sent(state: State, target: int) -> bool:
    """An attack's target has personnel in the hideout to send to the facility should the
    attack stand (rules version 35): against an empty hideout it would resolve nothing, and an
    ability that chooses another player must choose one where it resolves as fully as it can
    (advanced.golden.exceptions)."""
    return bool(sum(state.player(target).hideout))


def _ways(state: State, seat: int, number: int) -> list[str]:
    """Every way the facility's first effect can be resolved in full now ([]: it cannot)."""
    steps = state.the_pack().district(number).effects[0].steps
    return facilities.choices(state, seat, number, steps)


def fortune_check(state: State, seat: int, move: Move) -> Rejection | None:
    if in_turn(state, seat, "assign"):
        return reject(
            "out_of_order", "Assign personnel first: an assignment fortune is played after."
        )
    if not in_turn(state, seat, "more", "fortune"):
        return reject("not_now", "An assignment fortune is played after assigning, in your turn.")
    if state.played_fortune:
        return reject("one_fortune_a_turn", "You have played your assignment fortune this turn.")
    card, number, target = move.get("card"), move.get("district"), move.get("target")
    hand = state.player(seat).hand
    if not isinstance(card, str) or card not in hand:
        return unheld_fortune(card)
    if not cards.is_assignment(card):
        return reject("not_an_assignment_fortune", "Only ace to 10 are assignment fortunes.")
    if (
        not isinstance(number, int)
        or isinstance(number, bool)
        or number not in cards.facilities(card)
    ):
        return reject(
            "wrong_facility",
            f"{language.fortune(card).capitalize()} stands for facility "
            + " or ".join(f"{n:02d}" for n in cards.facilities(card))
            + ".",
        )
    blockades = state.district(number).blockades_of_others(seat)
    if len(hand) - 1 < blockades:
        return reject("blockade_discards", f"{blockades} other fortunes must be discarded there.")
    if (
        not isinstance(target, int)
        or isinstance(target, bool)
        or target not in (-1, *state.everyone)
    ):
        return reject(
            "no_one_to_attack", "Name another player to attack, or none to use the facility."
        )
    if target == seat or target == state.overlord:
        return reject("no_one_to_attack", "Attack another player.")
    if target != -1 and closed(state, number):
        where = language.district(state, number)
        return reject(
            "district_closed",
            f"A tile closes {where} this round: the loser of an attack could not be sent there.",
        )
    if target != -1 and not _can_be_sent(state, int(target)):
        where, attacked = language.district(state, number), language.who(state, int(target))
        return reject(
            "empty_hideout",
            f"{attacked}'s hideout is empty: an attack that stood would have no personnel of"
            f" theirs to send to {where}.",
        )
    choice = move.get("choice")
    if target == -1 and choice not in _ways(state, seat, number):
        return reject("cannot_resolve", "That facility's first effect cannot be resolved so.")
    if target != -1 and choice != "":
        return reject("cannot_resolve", "An attack resolves no facility effect.")
    return None
