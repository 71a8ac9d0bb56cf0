"""Where gold, intel or drakownium gained, spent or lost comes from: the `source` a
`resource_changed` event records (version 2; rules version 25), so that two gains of one
resource read as two different things. A source is a short code of public facts, its kind and
what it names ("district:3:1"), made by `of`; the story tells it in the game's words
(language.resource_changed). An event written before sources were recorded has "" and is told
as it was. The same codes, with a few kinds of their own below, say why fortunes are
discarded from a hand (`fortunes_discarded`'s `reason`, told by language.discard_reason), and
why strain is inflicted or personnel are overwhelmed (their `cause`, rules version 28, told by
language.harm_cause)."""

from __future__ import annotations

# the kinds, and what each names after it
DISTRICT = "district"  # a district's effect: its number and the effect's place (0: the
# candidate's district ability there)
DICE = "dice"  # a face kept: the dice and the face
SUIT = "suit"  # the benefit of a resolved fortune's suit: the suit
JOKER = "joker"  # a joker's benefit: the suit chosen
TILE = "tile"  # the tile on the district assigned to: the district's number
TECHNOLOGY = "technology"  # a charged technology's ability: its card (`<id>@<owner>`)
CANDIDATE = "candidate"  # a charged candidate's general ability: the candidate
SETUP = "setup"  # a seat's set-up: its candidate ("" for the first game's, without one)
OVERLORD = "overlord"  # the solo overlord: his "setup", or "round_6" when he takes the field
SCIENCE = "science"  # the cost of advancing: the scientific level reached
RESEARCH = "research"  # the cost of researching a technology: nothing

# Why fortunes leave a hand unplayed: the `reason` a `fortunes_discarded` event records (version
# 2; rules version 26), public though the cards are not. A discard an effect makes names that
# effect with the kinds above (a district's effect, a die face); the others are these.
REROLL = "reroll"  # to reroll one's own die: the dice
SABOTAGE = "sabotage"  # to make another player's roll again: the roller and the dice
BLOCKADE = "blockade"  # for the other players' blockades where a fortune is played: the district
MISSION = "mission"  # to fulfil a mission: nothing (the mission is still hidden in the hand;
# its `mission_fulfilled`, next, names it)
HAND_LIMIT = "hand_limit"  # down to the hand limit: nothing
COUNTERINTELLIGENCE = "counterintelligence"  # the solo overlord's joker drawn: nothing

# Why strain is inflicted or personnel are overwhelmed: the `cause` a `strain_inflicted` or an
# `overwhelmed` event records (version 2; rules version 28). An effect names itself with the
# kinds above (a district's effect, a die face, a tile, a set-up, a blockade: its district);
# the others are these.
DOMINANCE = "dominance"  # a district dominance: the district and its dominating player
FORTUNE = "fortune"  # a dominance fortune's effect: its rank and the player whose card it was
SOLO_FORTUNE = "solo_fortune"  # the solo challenge's version of that effect: the same
HANDICAP = "handicap"  # the solo challenge's extra set-up for a strong candidate: the candidate
UNFULFILLED = "unfulfilled"  # the final scoring's strain for unfulfilled missions: how many
RECOVER = "recover"  # recovering overwhelmed personnel in the standby phase: nothing


def of(kind: str, *named: str | int) -> str:
    """A source of `kind` naming `named` (`of(DISTRICT, 3, 1)` -> "district:3:1")."""
    return ":".join((kind, *(str(n) for n in named))) if named else f"{kind}:"


def parts(code: str) -> tuple[str, str]:
    """A source's kind and what it names ("district:3:1" -> ("district", "3:1"))."""
    kind, _, named = code.partition(":")
    return kind, named
