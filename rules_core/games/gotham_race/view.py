"""Gotham Race as a seat sees it: the state's secrets (who may see what) and the view the pages
and clients draw."""

from __future__ import annotations

from rules_core.engine.recent import PACKS_KEPT, Recent
from rules_core.engine.types import JSON
from rules_core.engine.visibility import Secret
from rules_core.games.gotham_race import language, track
from rules_core.games.gotham_race.content import DECKS, Pack
from rules_core.games.gotham_race.state import FIGURE_NAMES, FIGURES, RaceState


def _card_json(pack: Pack, card_id: str) -> JSON:
    card = pack.card(card_id)
    return {"id": card.id, "deck": card.deck, "text": card.text}


# what each deck holds depends on the pack alone: worked out once per pack content, for the
# packs met last, rather than on every view (it was half a view's time: 12 of 24 µs)
_DECK_CONTENTS: Recent[str, JSON] = Recent(PACKS_KEPT)


def deck_contents(pack: Pack) -> JSON:
    """What each deck holds, as the table knows it ('cards' lists every card of each back):
    each card's text and its copies, in the pack's order, never which card lies where (no id:
    the ids are the decks' and hands' secrets, so the set-up's event shows the cards as a
    count). One answer per pack, shared by every view of its games: read-only."""
    return _DECK_CONTENTS.get_or_make(pack.digest, lambda: _count_deck_contents(pack))


def _count_deck_contents(pack: Pack) -> JSON:
    """Each deck's card texts with their copies, in the pack's order."""
    found: dict[int, dict[str, int]] = {deck: {} for deck in DECKS}
    for card in pack.cards:
        texts = found[card.deck]
        texts[card.text] = texts.get(card.text, 0) + 1
    return {
        str(deck): [{"text": text, "copies": copies} for text, copies in texts.items()]
        for deck, texts in found.items()
    }


def view(state: RaceState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
    pack = state.pack
    if pack is None:
        return {"phase": state.phase}
    finished = reveal or state.phase == "over"
    ranks = track.ranking(state.xs, state.lanes)
    figures: list[JSON] = [
        {
            "figure": FIGURE_NAMES[f],
            "owner": state.owners[f],
            "x": state.xs[f],
            "square": state.xs[f] % pack.track_length,
            "where": language.square(state.xs[f], pack.track_length),  # in words, for the board
            "lane": state.lanes[f],
            "rank": ranks.index(f) + 1,
            "beyond_finish": track.beyond_finish(state.xs[f], state.finish, pack.track_length),
        }
        for f in FIGURES
    ]
    deposit: list[JSON] = []
    for placed in state.deposit:
        owner = state.owners[placed.figure]
        visible = finished or state.revealed or (seat is not None and owner == seat)
        deposit.append(
            {
                "figure": FIGURE_NAMES[placed.figure],
                "seat": owner,
                "deck": pack.card(placed.card).deck,
                "card": _card_json(pack, placed.card) if visible else None,
            }
        )
    hands: dict[str, JSON] = {}
    for s, hand in enumerate(state.hands):
        if finished or s == seat:
            hands[str(s)] = [_card_json(pack, c) for c in hand]
        else:
            hands[str(s)] = {
                "count": len(hand),
                "backs": sorted(pack.card(c).deck for c in hand),
            }
    current = state.current_figure
    return {
        "phase": state.phase,
        "round": state.round,
        "seat": seat,
        "track_length": pack.track_length,
        "finish": state.finish,
        "finish_square": state.finish % pack.track_length,
        "landmarks": {name: square for name, square in pack.landmarks},
        "figures": figures,
        "ranking": [FIGURE_NAMES[f] for f in ranks],
        "placement_order": [FIGURE_NAMES[f] for f in state.order],
        "current_figure": None if current is None else FIGURE_NAMES[current],
        "drawn": state.drawn,
        "decks": [list(d) if finished else {"count": len(d)} for d in state.decks],
        "deck_contents": deck_contents(pack),
        "discard": [_card_json(pack, c) for c in state.discard],
        "deposit": deposit,
        "hands": hands,
        "winner": None if state.winner is None else FIGURE_NAMES[state.winner],
    }


def secrets(state: RaceState) -> tuple[Secret, ...]:
    """The decks (nobody), each hand (its holder) and the cards placed face down (the
    placing figure's player, until the pile is turned; an ownerless figure's: nobody)."""
    if state.pack is None or state.phase == "over":
        return ()
    pack = state.pack

    def back(card: str) -> str:
        return str(pack.card(card).deck)

    found = [
        Secret(("decks", d, i), card, "deck", frozenset(), back(card))
        for d, deck in enumerate(state.decks)
        for i, card in enumerate(deck)
    ]
    found += [
        Secret(("hands", s, i), card, "hand", frozenset({s}), back(card))
        for s, hand in enumerate(state.hands)
        for i, card in enumerate(hand)
    ]
    if not state.revealed:
        for i, placed in enumerate(state.deposit):
            owner = state.owners[placed.figure]
            seen = frozenset() if owner is None else frozenset({owner})
            found.append(
                Secret(("deposit", i, "card"), placed.card, "face_down", seen, back(placed.card))
            )
    return tuple(found)
