"""Gotham City Strategy as a seat sees it: the state's secrets (who may see what) and the view
the pages and clients draw."""

from __future__ import annotations

from rules_core.engine.codec import to_json
from rules_core.engine.types import JSON
from rules_core.engine.visibility import SCREEN, Secret
from rules_core.games.gotham_city_strategy import board, choices, language
from rules_core.games.gotham_city_strategy.content import Pack
from rules_core.games.gotham_city_strategy.state import TOP_LEVEL, GcsState


def card_json(pack: Pack, card_id: str) -> JSON:
    card = pack.card(card_id)
    return {
        "id": card.id,
        "name": card.name,
        "text": card.text,
        "signal": card.signal,
        "income": {"block": card.income_block, "amount": card.income_amount}
        if card.income_block
        else None,
    }


def _token(pack: Pack, villain: str, abilities: tuple[str, ...]) -> JSON:
    """The villain's ability token: in play once the ability card it goes with is chosen."""
    v = pack.villain(villain)
    with_card = pack.card(v.token_ability).name if v.token_ability else None
    return {"name": v.token, "with": with_card, "in_play": v.token_ability in abilities}


def _next_level(pack: Pack, villain: str, level: int) -> JSON:
    """The view's `next_level_needs` (the key kept as clients read it; None at the top): the
    dial's entry at the villain's `level`, whose `needs` and `amount` the next level asks;
    `ability`, whether reaching the next level shows an Ability icon (not whether this one
    did); and `text`, the next level in words."""
    if level >= TOP_LEVEL:
        return None
    need = pack.villain(villain).dial[level - 1]
    return {
        "level": need.level,
        "needs": need.needs,
        "amount": need.amount,
        "ability": pack.villain(villain).icon_at(level + 1),
        "text": language.next_level(pack, villain, level),
    }


def view(state: GcsState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
    """What `seat` (a spectator: None) sees of the game: the map, Batman, its own screen and
    hand, the others' counts; `reveal` shows everything (a finished game)."""
    pack = state.pack
    if pack is None:
        return {"phase": state.phase}
    finished = reveal or state.phase == "over"
    players: list[JSON] = []
    for s, p in enumerate(state.players):
        mine = finished or s == seat
        players.append(
            {
                "seat": s,
                "villain": p.villain,
                "name": pack.villain(p.villain).name,
                "level": p.level,
                "abilities": [
                    {"id": a, "name": pack.card(a).name, "text": pack.card(a).text}
                    for a in p.abilities
                ],
                "token": _token(pack, p.villain, p.abilities),
                "villain_at": p.villain_at,
                "threats": list(p.threats),
                "reserve_threats": p.reserve_threats,
                "henchmen": list(p.henchmen),
                "hideout_henchmen": p.hideout_henchmen,
                "recruited": p.recruited,
                "money": p.money if mine else None,
                "information": p.information if mine else None,
                "hand": [card_json(pack, c) for c in p.hand] if mine else {"count": len(p.hand)},
                # whether a card lies face down is the same in every view (false without the
                # variant); which card it is, only its holder's (null: none, or not shown)
                "face_down": bool(p.face_down),
                "face_down_card": card_json(pack, p.face_down) if mine and p.face_down else None,
                "next_level_needs": _next_level(pack, p.villain, p.level),
            }
        )
    blocks: list[JSON] = [
        {
            "index": i,
            "id": b.id,
            "name": b.name,
            "district": b.district,
            "income": b.income,
            "rulers": sorted(board.rulers(state, i)),
        }
        for i, b in enumerate(pack.blocks)
    ]
    batman = board.batman_dial(state)
    return {
        "phase": state.phase,
        "step": language.step_now(state),
        "seat": seat,
        "current": state.current,
        "players": players,
        "blocks": blocks,
        "batman": {
            "at": state.batman_at,
            "level": state.batman_level,
            "order": batman.order,
            "fight": batman.fight,
        },
        "pending": [  # each with what it asks in words
            {**to_json(d), "text": language.decision(state, d)}  # type: ignore[dict-item]
            for d in choices.waiting(state)
        ],
        "played": card_json(pack, state.played) if state.played else None,
        # beside the board for all to count (glossary.reserves); the screens hold the rest
        "reserves": {r: state.in_reserves(r) for r in ("money", "information")},
        "deck": {"count": len(state.deck)},
        "discard": [card_json(pack, c) for c in state.discard],
        "batman_deck": {"count": len(state.batman_deck)},
        "batman_discard": [card_json(pack, c) for c in state.batman_discard],
        "plan": to_json(state.plan) if state.plan is not None else None,
        "final_turns": state.final_turns,
        "variant": state.variant,
    }


def secrets(state: GcsState) -> tuple[Secret, ...]:
    """The plot and Batman decks (nobody), each hand and face-down card (its holder) and the
    money and information behind each screen (its owner)."""
    if state.phase == "over" or not state.players:
        return ()
    found = [Secret(("deck", i), c, "deck", frozenset(), "plot") for i, c in enumerate(state.deck)]
    found += [
        Secret(("batman_deck", i), c, "deck", frozenset(), "batman")
        for i, c in enumerate(state.batman_deck)
    ]
    for s, p in enumerate(state.players):
        holder = frozenset({s})
        where = ("players", s)
        found += [
            Secret((*where, "hand", i), c, "hand", holder, "plot") for i, c in enumerate(p.hand)
        ]
        if p.face_down:
            found.append(Secret((*where, "face_down"), p.face_down, "face_down", holder, "plot"))
        found.append(Secret((*where, "money"), p.money, SCREEN, holder))
        found.append(Secret((*where, "information"), p.information, SCREEN, holder))
    return tuple(found)
