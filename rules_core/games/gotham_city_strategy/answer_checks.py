"""Why a Gotham City Strategy answer is refused: what the decision waited for (a card's line,
a fight won, Batman's move, the card just played) allows, each reason found while checking and
cited (moves.py declares each answer with its check; checks.py asks first whether that decision
is the one waited for)."""

from __future__ import annotations

from rules_core.engine.types import Move, Rejection
from rules_core.games.gotham_city_strategy import board, choices, language
from rules_core.games.gotham_city_strategy.checks import decision, in_hand, number, place
from rules_core.games.gotham_city_strategy.choices import TAKE
from rules_core.games.gotham_city_strategy.citations import REMOVALS, VARIANT
from rules_core.games.gotham_city_strategy.refusals import reject
from rules_core.games.gotham_city_strategy.state import BLOCKS, HIDEOUT, GcsState

THREATS, PLACING = "glossary.threats", "turn.plot.effect.placing"
CARD, BLOCK = "turn.plot.effect.carry-out", "glossary.block"  # BLOCK: the three districts


def check_place_threat(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d, player = decision(state), state.players[seat]
    assert state.pack is not None
    block, source = number(move, "block"), move.get("source")
    if block is None or not 0 <= block < BLOCKS:
        return reject(
            "cannot_place_threat", "Name the block of the city the threat goes on.", THREATS
        )
    at = place(state, block)
    if block == state.batman_at and not d.batmans_block:
        return reject(
            "cannot_place_threat",
            f"Batman is on {at}: no threat may go there.",
            "turn.plot.batman-blocks",
        )
    if d.district and state.pack.blocks[block].district != d.district:
        return reject(  # the card names the district (what one is: glossary.block)
            "cannot_place_threat", f"These threats go in {d.district.capitalize()}.", BLOCK, CARD
        )
    if d.different and block in d.used:
        return reject(
            "cannot_place_threat", f"These threats go on different blocks; {at} has one.", PLACING
        )
    if board.threat_room(state, seat, block) <= 0:
        return reject(
            "cannot_place_threat", f"{at} holds as many of your threats as it may.", THREATS
        )
    if player.reserve_threats > 0:
        if source is not None:
            return reject(
                "cannot_place_threat", "Threats come from your reserve while it has any.", THREATS
            )
        return None
    if not isinstance(source, int) or not 0 <= source < BLOCKS or source == block:
        return reject(
            "cannot_place_threat",
            "Your reserve is empty: name the block of yours to move a threat from.",
            THREATS,
        )
    if not player.threats[source]:
        return reject(
            "cannot_place_threat", f"You have no threat on {place(state, source)}.", THREATS
        )
    return None


def check_remove_threat(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d = decision(state)
    pair = (number(move, "block"), number(move, "owner"))
    if pair not in choices.removable(state, d):
        return reject(
            "cannot_remove_threat",
            "There is no such threat you may remove.",
            *REMOVALS[choices.removal_cause(d)],
        )
    return None


def check_lose_henchman(state: GcsState, seat: int, move: Move) -> Rejection | None:
    player, source = state.players[seat], number(move, "source")
    if source is None or not HIDEOUT <= source < BLOCKS:
        return reject(
            "bad_choice", "Name the block or the hideout the henchman is lost from.", CARD
        )
    here = player.hideout_henchmen if source == HIDEOUT else player.henchmen[source]
    if not here:
        return reject("bad_choice", f"You have no henchman on {place(state, source)}.", CARD)
    return None


def check_place_henchman(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d, block = decision(state), number(move, "block")
    if not state.players[seat].hideout_henchmen:
        return reject("bad_choice", "Your hideout has no henchman to place.", CARD)
    if block not in board.henchman_targets(state, seat, d.district, d.batmans_block):
        return reject(
            "bad_choice",
            "A henchman goes on a block with no enemy figure and no Batman"
            + (f", in {d.district.capitalize()}." if d.district else "."),
            CARD,
            "turn.plot.batman-blocks",
            *((BLOCK,) if d.district else ()),
        )
    if d.different and block in d.used:
        return reject(
            "bad_choice",
            f"These henchmen go on different blocks; {place(state, block)} has one.",
            PLACING,
        )
    return None


def check_steal(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if move.get("resource") not in ("information", "money"):
        return reject("bad_choice", "Steal 'money' or 'information'.", "glossary.ability")
    return None


def check_candidate(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d = decision(state)
    if number(move, "block") not in d.candidates:
        shown = ", ".join(place(state, b) for b in d.candidates)
        section = "turn.plot.bat-signal" if d.kind == "batman_to" else CARD
        return reject("bad_choice", f"Choose one of: {shown}.", section)
    return None


def check_face_down(state: GcsState, seat: int, move: Move) -> Rejection | None:
    return in_hand(state.players[seat].hand, move, VARIANT)


def check_carry_out(state: GcsState, seat: int, move: Move) -> Rejection | None:
    if not choices.card_requirement_met(state, seat, state.played):
        return reject(
            "card_requirement_not_met",
            "You do not meet this card's requirement (ruled blocks or henchmen on the map): "
            "take two resources instead.",
            *(("turn.plot.effect", VARIANT) if state.variant else ("turn.plot.effect",)),
        )
    return None


def check_take(state: GcsState, seat: int, move: Move) -> Rejection | None:
    pair = choices.taken(move)
    if pair is None:
        return reject(
            "bad_choice",
            f"Take two of {', '.join(TAKE)}, named as first and second (the same one twice"
            " takes two of it).",
            "turn.plot.effect.resources",
        )
    short = choices.short_of(state, pair)
    if short is not None:
        left = state.in_reserves(short)
        return reject(
            "reserves_empty",
            f"The reserves hold {f'only {left}' if left else 'no'} {short}: the rest of the "
            f"box's {short} is behind the villains' screens. Take something else.",
        )
    return None


def check_stop(state: GcsState, seat: int, move: Move) -> Rejection | None:
    d = decision(state)
    if Move.of("stop") not in choices.decision_moves(state, d):
        return reject(
            "must_continue",
            f"{language.decision(state, d)} It cannot be stopped early.",
            *choices.asked_by(state, d),
        )
    return None


DECISION_KINDS = (  # every Decision.kind: a "stop" is refused with its reason in any of them
    "place_threats",
    "remove_threats",
    "place_henchmen",
    "lose_threats",
    "lose_henchman",
    "steal",
    "send_home",
    "batman_to",
    "face_down",
    "use_card",
)
