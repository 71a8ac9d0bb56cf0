"""What a seat sees of the table, its secrets declared once, and the bots' evaluation and
determinization (from the seat's view only)."""

from __future__ import annotations

import random

from rules_core.engine.types import EVERYONE, JSON
from rules_core.engine.updating import updated
from rules_core.engine.visibility import Secret, resample
from rules_core.games.black_metro import effects, language, missions
from rules_core.games.black_metro.state import BlackMetroState, Player, Troop
from rules_core.games.black_metro.vocabulary import TECH_TYPES

State = BlackMetroState


def _known_secrets(
    where: tuple[str | int, ...],
    cards: tuple[str, ...],
    knowers: tuple[int, ...],
    kind: str,
    back: str,
    holder: frozenset[int] = frozenset(),
) -> list[Secret]:
    """The cards at `where` (a deck, a hand), each seen by its `holder` and its knower (NOBODY:
    nobody else; one known to everybody, a card seen face up, is no secret)."""
    return [
        Secret((*where, i), c, kind, holder | ({k} if k >= 0 else set()), back)
        for i, (c, k) in enumerate(zip(cards, knowers, strict=True))
        if k != EVERYONE
    ]


def secrets(state: State) -> tuple[Secret, ...]:
    """Deck orders (nobody; a mission put back at the bottom of its deck, its returner; a
    fortune the solo queen put back on top of its deck, whoever knew it on the discard), hands
    and unrevealed missions (their holder; a mission drawn that another player had put back,
    that player too), downed technologies (their owner), fortunes discarded face down (who
    discarded them; those played face up are known to all). The syndicates left in their deck
    are never drawn again: they hide nothing."""
    if state.over:
        return ()
    found = _known_secrets(
        ("fortune_deck",), state.fortune_deck, state.fortune_knowers, "deck", "fortune"
    )
    found += _known_secrets(
        ("mission_deck",), state.mission_deck, state.mission_knowers, "deck", "mission"
    )
    found += [
        Secret(("fortune_discard", i), c, "face_down", frozenset({placer}), "fortune")
        for i, (c, placer) in enumerate(
            zip(state.fortune_discard, state.discard_placers, strict=True)
        )
        if placer >= 0
    ]
    for seat, player in enumerate(state.players):
        mine = frozenset({seat})
        found += _known_secrets(
            ("players", seat, "hand"), player.hand, player.hand_known(), "hand", "fortune", mine
        )
        found += [
            s
            for s in _known_secrets(
                ("players", seat, "missions"),
                player.missions,
                player.mission_knowers,
                "hand",
                "mission",
                mine,
            )
            if s.value not in player.revealed
        ]
        found += [
            Secret(("players", seat, "downed", i), c, "face_down", mine, f"technology {seat}")
            for i, c in enumerate(player.downed)
        ]
    return tuple(found)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Unseen cards dealt again from the unseen cards of their back (a mission the seat put back
    in the deck stays where it is, and in the hand of whoever drew it, and so does a fortune the
    solo queen put back that the seat knows; one another player put back is unseen like the
    rest); each other player's downed technologies drawn again among those they could hold
    downed (`could_be_downed`)."""
    state = resample(state, secrets(state), seat, rng)
    for other, player in enumerate(state.players):
        if other == seat or not player.downed:
            continue
        downed: list[str] = []
        for _ in player.downed:
            possible = could_be_downed(state, other, player.technologies + tuple(downed))
            if not possible:
                break
            downed.append(rng.choice(possible))
        state = state.with_player(other, updated(player, downed=tuple(downed)))
    return state


def could_be_downed(state: State, owner: int, held: tuple[str, ...]) -> list[str]:
    """The owner's technology cards one more downed one could be, besides those `held`: one
    researched (its level at most their scientific level) or gained (the lowest of its type)."""
    techs = state.the_pack().technologies
    science = state.player(owner).science
    gained = {effects.next_technology(held, techs, kind, owner) for kind in TECH_TYPES}
    return [
        card
        for t in techs
        if (card := f"{t.id}@{owner}") not in held and (t.level <= science or card in gained)
    ]


def evaluate(state: State, seat: int) -> float:
    """1 for a winner, 0 for a loser once over; meanwhile power plus what the final scoring
    would add, against the best other player (solo: against `solo_pace`), squashed to 0..1."""
    if state.over:
        return 1.0 if seat in state.winners else 0.0
    from rules_core.games.black_metro import scoring

    def worth(p: int) -> float:
        player = state.player(p)
        # each unfulfilled mission will cost 2 strain: 1 power at the end
        return player.power + scoring.table(state, p) - len(player.missions)

    others = [worth(p) for p in state.everyone if p != seat and p != state.overlord]
    lead = worth(seat) - (max(others) if others else solo_pace(state))
    return max(0.0, min(1.0, 0.5 + lead / 40))


def solo_pace(state: State) -> float:
    """What the solo player races against (solo.win): the power the challenge asks by the end
    (70) spread evenly over the rounds, or the overlord, whose 40 power wins his race, his
    power scaled to the player's 70, whichever is ahead."""
    pack = state.the_pack()
    pace = pack.solo.player_power * state.round / pack.limit("rounds")
    assert state.overlord is not None
    overlord = state.player(state.overlord).power * pack.solo.player_power
    return max(pace, overlord / pack.solo.overlord_power)


def _troop(troop: Troop) -> dict[str, JSON]:
    return {"subordinates": troop[0], "paragons": troop[1], "doom_mechasuits": troop[2]}


def _returned_held(state: State, index: int, player: Player, seat: int | None) -> list[JSON]:
    """The missions `seat` put back at the bottom of the mission deck that `index` drew and
    holds unrevealed, each in words ("Blue holds “Secure the District” (you returned it)")."""
    return [
        {"name": name, "text": f"{language.who(state, index)} holds {name} (you returned it)"}
        for card, knower in zip(player.missions, player.mission_knowers, strict=True)
        if seat is not None and knower == seat
        for name in (language.mission(card, state),)
    ]


def _fortunes_known(state: State, index: int, player: Player, seat: int | None) -> list[JSON]:
    """The fortunes in `index`'s hand that `seat` knows (taken from the top of the discard,
    where it had laid them face down, or face up for everybody), each in words ("Blue holds
    the 7 of spades (taken from the discard)")."""
    return [
        {
            "name": name,
            "text": f"{language.who(state, index)} holds {name} (taken from the discard)",
        }
        for card, knower in zip(player.hand, player.hand_known(), strict=True)
        if knower == EVERYONE or (seat is not None and knower == seat)
        for name in (language.fortune(card),)
    ]


def _fortune_known_to(state: State, knower: int) -> str:
    """Who else knows a fortune in its holder's hand, in words for the holder."""
    if knower == EVERYONE:
        return "taken face up from the discard: everybody knows it"
    if knower >= 0:
        return f"{language.who(state, knower)} laid it on the discard and knows it"
    return ""


def _also_known(state: State, knower: int) -> str:
    """Who else knows a mission in its holder's hand, in words for the holder ("Red put it
    back and knows it"; "" for nobody else, and for a revealed one, shown to all anyway)."""
    if knower < 0:  # NOBODY, or EVERYONE
        return ""
    return f"{language.who(state, knower)} put it back and knows it"


def _player(
    state: State, index: int, player: Player, seen: bool, viewer: int | None
) -> dict[str, JSON]:
    pack = state.the_pack()
    shown: dict[str, JSON] = {
        "name": language.who(state, index),
        "power": player.power,
        "gold": player.gold,
        "intel": player.intel,
        "drakownium": player.drakownium,
        "strain": player.strain,
        "science": player.science,
        "hideout": _troop(player.hideout),
        "backup": _troop(player.backup),
        "overwhelmed": _troop(player.overwhelmed),
        "blockades_left": player.fortifications[0],
        "support_bases_left": player.fortifications[1],
        # charged technologies lie face up (appendix.science): open to the table, by card too
        # (`<id>@<owner>`, as the frequency jammer's move names the one it downs)
        "technologies": [pack.technology(t).name for t in player.technologies],
        "technology_ids": list(player.technologies),
        "technology_texts": [language.technology_text(state, t) for t in player.technologies],
        "fulfilled": [language.mission(m, state) for m in player.fulfilled],
        "revealed": [language.mission(m, state) for m in player.revealed],
        "candidate": pack.candidate(player.candidate).name if player.candidate else "",
        "candidate_text": language.candidate_text(state, player.candidate)
        if player.candidate
        else "",
        "candidate_charged": player.candidate_charged,
    }
    if seen:
        shown["hand"] = [
            {
                "id": c,
                "name": language.fortune(c),
                "text": language.fortune_text(state, c),
                "known_to": _fortune_known_to(state, knower),
            }
            for c, knower in zip(player.hand, player.hand_known(), strict=True)
        ]
        shown["missions"] = [
            {
                "id": m,
                "name": language.mission(m, state),
                "options": missions.options_in_words(state, index, m),
                "known_to": _also_known(state, knower),
            }
            for m, knower in zip(player.missions, player.mission_knowers, strict=True)
        ]
        shown["downed"] = [pack.technology(t).name for t in player.downed]
    else:
        shown["hand"] = {
            "count": len(player.hand),
            "known": _fortunes_known(state, index, player, viewer),
        }
        shown["missions"] = {
            "count": len(player.missions),
            "yours": _returned_held(state, index, player, viewer),
        }
        shown["downed"] = {"count": len(player.downed)}
    return shown


def _known_missions(state: State, seat: int | None) -> list[JSON]:
    """The missions `seat` put back in the mission deck and knows there, with their places."""
    deck = state.mission_deck
    return [
        {
            "name": language.mission(card, state),
            "place": language.from_end(len(deck) - 1 - i, "bottom"),
        }
        for i, (card, knower) in enumerate(zip(deck, state.mission_knowers, strict=True))
        if seat is not None and knower == seat
    ]


def _known_fortunes(state: State, seat: int | None) -> list[JSON]:
    """The fortunes `seat` (None: a spectator) knows in the fortune deck, with their places:
    the solo queen's, laid face down by that seat or seen face up by all."""
    return [
        {"name": language.fortune(card), "place": language.from_end(i, "top")}
        for i, (card, knower) in enumerate(
            zip(state.fortune_deck, state.fortune_knowers, strict=True)
        )
        if knower == EVERYONE or (seat is not None and knower == seat)
    ]


def view(state: State, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
    if state.pack is None:
        return {"phase": "not started"}
    shown = reveal or state.over
    names = language.seat_names(state)
    districts: list[JSON] = []
    for district in state.the_pack().districts:
        at = state.district(district.number)
        districts.append(
            {
                "number": district.number,
                "name": district.name,
                "effects": language.district_effects(state, district.number),
                "battlefield": district.battlefield,
                "personnel": {names[p]: _troop(t) for p, t in enumerate(at.personnel) if sum(t)},
                "fortifications": [
                    {"owner": names[f.owner], "kind": f.kind.replace("-", " ")}
                    for f in at.fortifications
                ],
                "tile": at.tile.replace("-", " "),
                "dominated_by": names[state.asserted[district.number - 1]]
                if state.asserted[district.number - 1] >= 0
                else "",
            }
        )
    exchange = state.exchange
    return {
        "round": state.round,
        "phase": state.phase,
        "step": language.step_now(state),
        "relic": names[state.relic],
        "current": names[state.flow.current],
        "waiting_for": [names[p] for p in sorted(state.waiting())],
        "asked": [
            {"who": names[p.seat], "what": language.asked(state, p)} for p in state.flow.prompts
        ],
        "districts": districts,
        "players": [
            _player(state, i, p, shown or i == seat, seat) for i, p in enumerate(state.players)
        ],
        "syndicates": [
            {
                "name": state.the_pack().syndicate(s).name,
                "turned": t,
                "backing": language.syndicate_backing(state, s),
            }
            for s, t in state.syndicates
        ],
        "fortune_deck": {
            "count": len(state.fortune_deck),
            "known": _known_fortunes(state, seat),
        },
        "fortune_discard": {"count": len(state.fortune_discard)},
        "mission_deck": {"count": len(state.mission_deck), "yours": _known_missions(state, seat)},
        "exchange": {
            "attacker": names[exchange.attacker],
            "defender": names[exchange.defender] if exchange.defender >= 0 else "",
            "district": exchange.district,
            "cards": [language.fortune(c) for c in exchange.cards],
        }
        if exchange is not None
        else None,
        "final": list(state.final),
        "winners": [names[w] for w in state.winners],
    }
