"""Giving and taking equipment (V·D·1 [c]-[d]): automatic manipulations between two heroes in
the same area; the acting hero spends the cube, the other must agree (asked of its seat when
another player plays it) and must stay within the receiver's maximum encumbrance."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.events import (
    EquipmentHandedOver,
    EquipmentOffered,
    OfferDeclined,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.manipulation import automatic_refusal
from rules_core.games.gotham_city_chronicles.movement import encumbrance, end_any, hero_may_act
from rules_core.games.gotham_city_chronicles.refusals import not_carried, reject
from rules_core.games.gotham_city_chronicles.special_rules import check_now
from rules_core.games.gotham_city_chronicles.state import GccState, Offer


def _parties(move: Move) -> tuple[object, object, object]:
    """(giver, receiver, acting hero) of a give or take move."""
    if move.type == "give":
        return move.get("hero"), move.get("to"), move.get("hero")
    return move.get("from"), move.get("hero"), move.get("hero")


def exchange_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    giver, receiver, acting = _parties(move)
    hero = hero_may_act(state, seat, acting)
    if isinstance(hero, Rejection):
        return hero
    other = receiver if move.type == "give" else giver
    if not isinstance(other, str) or not state.has_hero(other) or other == hero.id:
        return reject("no_exchange", "Equipment changes hands between two heroes.")
    assert isinstance(giver, str) and isinstance(receiver, str)
    if state.hero(giver).area != state.hero(receiver).area:
        return reject("no_exchange", "Both heroes must be in the same area.")
    item = move.get("item")
    named = state.board_pack.hero(giver).name
    refused = not_carried(state.hero(giver), item, named, "v-d-1-c", "v-d-1-d")
    if refused is not None:
        return refused
    board = state.board_pack.hero(receiver)
    weight = state.board_pack.item(str(item)).weight
    if not board.carries(encumbrance(state, state.hero(receiver)) + weight):
        return reject(
            "too_encumbered",
            f"{board.name} would exceed the maximum encumbrance.",
            "v-d-1-c",
            "v-d-1-d",
        )
    return automatic_refusal(state, hero)  # the acting hero's cube (V·D·1 [c]-[d])


def exchange_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    """The exchange, or the question to the other hero's seat: until it agrees nothing has been
    done, so a movement in progress goes on (V·D·1 [c]-[d]: the agreement is a criterion)."""
    giver, receiver, acting = (str(x) for x in _parties(move))
    offer = Offer(giver, receiver, str(move.get("item")), acting)
    if state.hero(offer.consenting).seat != seat:
        return [
            EquipmentOffered(
                seat=seat, giver=giver, receiver=receiver, item=offer.item, payer=acting
            )
        ]
    run = Run(state, HANDLERS)
    end_any(run, seat)  # the exchange is an action: the movement in progress ends (V·C·5 [k])
    run.emit(
        EquipmentHandedOver(
            seat=seat, giver=giver, receiver=receiver, item=offer.item, payer=acting
        )
    )
    check_now(run)
    return run.events


def give_offers(state: GccState, seat: int) -> list[Move]:
    return [m for m in exchange_offers(state, seat) if m.type == "give"]


def exchange_offers(state: GccState, seat: int) -> list[Move]:
    found = []
    for hero in state.heroes:
        if hero.seat != seat:
            continue
        for other in state.heroes:
            if other.id == hero.id or other.area != hero.area:
                continue
            for item in dict.fromkeys(hero.items):
                found.append(Move.of("give", hero=hero.id, item=item, to=other.id))
            for item in dict.fromkeys(other.items):
                found.append(Move.of("take", hero=hero.id, item=item, **{"from": other.id}))
    return [m for m in found if exchange_check(state, seat, m) is None]


def exchange_label(state: GccState, seat: int, move: Move) -> str:
    pack = state.board_pack
    item = pack.item_called(str(move.get("item")))
    hero = pack.hero(str(move.get("hero"))).name
    if move.type == "give":
        return f"{hero} gives {item} to {pack.hero(str(move.get('to'))).name}"
    return f"{hero} takes {item} from {pack.hero(str(move.get('from'))).name}"


def answer_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    offer = state.offer
    if offer is None or state.hero(offer.consenting).seat != seat:
        return reject("no_offer", "No exchange waits for your agreement.")
    return None


def answer_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    offer = state.offer
    assert offer is not None
    if move.type == "decline":
        return [OfferDeclined(seat=seat)]
    run = Run(state, HANDLERS)
    payer_seat = state.hero(offer.payer).seat
    end_any(run, payer_seat)  # agreed, the exchange takes place: an action (V·C·5 [k])
    run.emit(
        EquipmentHandedOver(
            seat=payer_seat,
            giver=offer.giver,
            receiver=offer.receiver,
            item=offer.item,
            payer=offer.payer,
        )
    )
    check_now(run)
    return run.events


def agree_offers(state: GccState, seat: int) -> list[Move]:
    return [Move.of("agree")] if answer_check(state, seat, Move.of("agree")) is None else []


def decline_offers(state: GccState, seat: int) -> list[Move]:
    return [Move.of("decline")] if answer_check(state, seat, Move.of("decline")) is None else []


def answer_label(state: GccState, seat: int, move: Move) -> str:
    offer = state.offer
    if offer is None:
        return "Agree" if move.type == "agree" else "Decline"
    pack = state.board_pack
    what = f"{pack.item_called(offer.item)} from {pack.hero(offer.giver).name} to "
    what += pack.hero(offer.receiver).name
    return f"Agree to hand {what}" if move.type == "agree" else f"Refuse to hand {what}"
