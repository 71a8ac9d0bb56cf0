"""Black Metro in its players' words: colours, fortunes, missions, districts and troops."""

from __future__ import annotations

from rules_core.engine.flow import Prompt
from rules_core.engine.wording import listed, ordinal, possessive
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.choices_seen import HIDDEN_PART, RESEARCH
from rules_core.games.black_metro.state import BlackMetroState, Troop
from rules_core.games.black_metro.vocabulary import (
    ACTIONS,
    CANDIDATE_DISTRICT_OPS,
    CANDIDATE_OPS,
    DOMINANCE_FORTUNE_OPS,
    TECHNOLOGY_OPS,
    say_all,
)

COLOURS = ("Red", "Green", "Blue", "Yellow")  # clockwise, as the example round seats them
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
UNIT_NAMES = (
    ("subordinate", "subordinates"),
    ("paragon", "paragons"),
    ("doom mechasuit", "doom mechasuits"),
)
ASKED = {  # what a player is asked, by the kind of the decision (the view's `asked`)
    "return_mission": "return a mission to the bottom of the mission deck",
    "choose_candidate": "choose a candidate",
    "gain_technology": "choose the type of the technology gained",
    "blockade_discard": "discard a fortune for each other player's blockade",
    "counter": "counter the attack, or let it stand",
    "forced_assign": "assign 1 personnel where the attack was lost",
    "dominance_fortune": "attack with a dominance fortune, or play none",
    "joker_benefit": "choose the joker's benefit",
    "after_dominance_mission": "fulfil a mission after asserting dominance, or none",
    "give_relic": "give the relic to another tied player",
    "end_dominance_mission": "fulfil a mission at the end of the dominance phase, or none",
    "resolve": "use the district's effects",
    "reroll": "discard a fortune to reroll the die, or keep the roll",  # (asked: which die)
    "sabotage": "discard a fortune to make the roll again, or let it stand",  # (asked: whose)
    "dice_choice": "choose how the die is resolved",  # (asked: which die)
    "jammer": "use the frequency jammer, or not",
    "recover_overwhelmed": "recover overwhelmed personnel for strain, or none",
    "standby_mission": "fulfil a standby mission, or none",
    "backing": "receive a syndicate's backing, or none",
    "hand_limit": "discard fortunes down to the hand limit",
    "discards": "discard the fortunes asked for, one at a time",
    "step": "choose the way of the next step of your effect",  # (asked: which step)
    "explode_district": "choose the district the explosion strikes",
}


STANDBY_STEPS = {  # each step of the standby phase (state.PHASES) as what it brings at the table
    "recall": "each player recalls their personnel to the hideout and recruits a subordinate",
    "recover": "overwhelmed personnel may be recovered for strain",
    "charge": "downed cards are charged",
    "missions": "each player may fulfil one standby mission",
    "syndicates": "each player may receive the backing of one syndicate",
    "fortunes": "each player draws a fortune",
    "penalty": "the most strained player rolls the penalty dice (nobody on a tie)",
    "event": "the relic player rolls the event dice",
    "explosion": "a district explosion strikes the city (1-2 players)",
}
_STEPS = {  # the other phases' steps (state.PHASES), as what the table does in them
    ("setup", "return_mission"): "each player returns a mission to the bottom of the mission deck",
    ("setup", "choose_candidate"): "each player chooses a candidate",
    ("dominance", "districts"): "dominance is settled at each district in initiative order",
    ("dominance", "missions"): "each player may fulfil a mission at the end of the dominance phase",
    ("resolution", "districts"): "the districts are resolved in initiative order",
}


def standby_step(state: BlackMetroState, step: str) -> str:
    """A step of the standby phase as what it brings at the table ("each player draws a
    fortune"); at 3-4 players the explosion step says it brings nothing, and the last step is
    the round over ("round 3 is over")."""
    if step == "advance":
        return f"round {state.round} is over"
    if step == "explosion" and state.seats > 2:
        return "no district explosion (that is for 1-2 players)"
    return STANDBY_STEPS[step]


def step_now(state: BlackMetroState) -> str:
    """The step of the round the table is at, in words (the view's `step`): the assignment's
    by the player whose turn it is ("Red may assign more personnel to 03 Gilded Bank"), the
    district being resolved named ("...: 03 Gilded Bank now")."""
    if state.over:
        return "the game is over"
    if state.phase == "standby":
        return standby_step(state, state.step)
    turn = who(state, state.flow.current)
    if state.step == "assign":
        return f"{turn} assigns personnel to a district"
    if state.step == "more":
        where = district(state, state.assigning) if state.assigning else "the same district"
        return f"{turn} may assign more personnel to {where}"
    if state.step == "fortune":
        return f"{turn} may play an assignment fortune before the turn ends"
    told = _STEPS[(state.phase, state.step)]
    if state.phase == "resolution" and state.resolving:
        return f"{told}: {district(state, state.resolving)} now"
    return told


def asked(state: BlackMetroState, prompt: Prompt) -> str:
    """What a player is asked, in words (the view's `asked`); a roll waiting on a reroll or the
    Gambler's sabotage is named with what it shows ("discard a fortune to reroll the supply
    dice, showing 5 (get 1 drakownium), or keep the roll"), a face to resolve by its dice."""
    if prompt.kind == "step":  # which step of which effect (rules version 30)
        from rules_core.games.black_metro.stepping import asked_step  # (it words with us)

        code, taken = str(prompt.get("reason")), int(str(prompt.get("taken")))
        return f"choose {next_step(state, code, asked_step(state, prompt), taken)}"
    dice, face = prompt.get("dice"), prompt.get("face")
    if not isinstance(dice, str) or not isinstance(face, int):
        return ASKED[prompt.kind]
    roll = f"reroll the {dice} dice, showing {rolled(state, dice, face)}"
    if prompt.kind == "reroll":
        return f"discard a fortune to {roll}, or keep the roll"
    roller = prompt.get("roller")
    if prompt.kind == "sabotage" and isinstance(roller, int):
        return f"discard a fortune to make {who(state, roller)} {roll}, or let the roll stand"
    if prompt.kind == "dice_choice" and dice != "event":
        return f"choose how to resolve the {face} on the {dice} dice"
    if prompt.kind == "dice_choice":
        chosen = prompt.get("option")
        if chosen == -1:
            return f"choose an option of {event(state, face)}"
        return f"choose how to carry out {event(state, face)}"
    return ASKED[prompt.kind]


def rolled(state: BlackMetroState, dice: str, face: int) -> str:
    """A face rolled, with what it means: an event by its name ("2 (chaotic winds)"), another
    dice's face by what it does when it does one thing ("4 (discard 1 fortune)")."""
    return f"{face}{event_name(state, face) if dice == 'event' else face_words(state, dice, face)}"


def face_words(state: BlackMetroState, dice: str, face: int) -> str:
    """What a face of the supply, penalty or fortune dice does, in brackets (" (discard 1
    fortune)"), so that a face that finds nothing to act on is not met by silence."""
    faces = state.the_pack().die(dice).faces
    if not 1 <= face <= len(faces) or len(faces[face - 1].options) != 1:
        return ""
    return f" ({say_all(ACTIONS, faces[face - 1].options[0].steps)})"


def event_name(state: BlackMetroState, face: int) -> str:
    """A result of the event dice by the name the pack gives it, in brackets (" (chaotic
    winds)"; nothing for a face the pack leaves unnamed)."""
    faces = state.the_pack().die("event").faces
    name = faces[face - 1].name if 1 <= face <= len(faces) else ""
    return f" ({name})" if name else ""


def event(state: BlackMetroState, face: int) -> str:
    """A result of the event dice as players call it: "event 2 (chaotic winds)"."""
    return f"event {face}{event_name(state, face)}"


def seat_names(state: BlackMetroState) -> tuple[str, ...]:
    names = COLOURS[: state.seats]
    return (*names, "the overlord") if state.solo else names


def who(state: BlackMetroState, index: int) -> str:
    return seat_names(state)[index]


def fortune(card: str) -> str:
    """ "3-diamonds" -> "the 3 of diamonds"; "Joker-2" -> "a joker"."""
    rank, _, suit = card.partition("-")
    if rank == "Joker":
        return "a joker"
    return f"the {RANK_NAMES.get(rank, rank)} of {suit}"


def fortune_text(state: BlackMetroState, card: str) -> str:
    """What a fortune in hand is for: an assignment fortune (ace to 10) or a dominance fortune
    and its effect (the solo one in the solo game), then what its suit gives once it is
    resolved (a joker: any suit's, chosen)."""
    rank, _, suit = card.partition("-")
    pack = state.the_pack()
    court = next(((eff, alt) for r, eff, alt in pack.court if r == rank), None)
    if court is None:
        kind = "an assignment fortune"
    else:
        effect = court[1] if state.solo and court[1] is not None else court[0]
        kind = f"a dominance fortune ({DOMINANCE_FORTUNE_OPS.say(effect)})"
    gives = "any suit's benefit, chosen" if rank == "Joker" else benefit(state, suit)
    return f"{kind}; {gives}"


def benefit(state: BlackMetroState, suit: str) -> str:
    """A suit's benefit, as a joker may give it: "clubs: get 1 intel"."""
    return f"{suit}: {ACTIONS.say(state.the_pack().suit_gives(suit))}"


def mission(card: str, state: BlackMetroState) -> str:
    """A mission card by its name ("Secure the District")."""
    return f"“{state.the_pack().mission(card.partition('#')[0]).name}”"


def from_end(place: int, end: str) -> str:
    """A card's place in a deck counted from its `end` ("top" or "bottom"; 0: "at the bottom",
    1: "second from the bottom")."""
    return f"at the {end}" if place == 0 else f"{ordinal(place)} from the {end}"


def district(state: BlackMetroState, number: int) -> str:
    return state.the_pack().district(number).label


def effect_place(state: BlackMetroState, number: int, effect: int) -> str:
    """A district's effect by its place ("the second effect of 03 Gilded Bank"; 0: "their
    candidate's ability at 03 Gilded Bank")."""
    if effect == 0:
        return f"their candidate's ability at {district(state, number)}"
    return f"the {ordinal(effect - 1)} effect of {district(state, number)}"


def resource_changed(state: BlackMetroState, amount: int, resource: str, code: str) -> str:
    """A resource gained, spent or lost, with where it comes from or goes (`code`, sources.py):
    "gets 3 gold from the first effect of 03 Gilded Bank", "pays 2 gold to advance to
    scientific level 1", "loses 1 intel to the 3 on the penalty dice" (a die takes it)."""
    if amount > 0:
        return f"gets {amount} {resource}{_source(state, code, True)}"
    verb = "loses" if sources.parts(code)[0] == sources.DICE else "pays"
    return f"{verb} {-amount} {resource}{_source(state, code, False)}"


def _source(state: BlackMetroState, code: str, gained: bool) -> str:
    """Where a resource gained (else spent or lost) comes from or goes, after the amount told:
    " from the first effect of 03 Gilded Bank", " for playing a clubs suited fortune" (the
    book's words, example.dominance.district), " to advance to scientific level 2", " to the
    3 on the penalty dice"; "" for an event that recorded none (a version-1 event). `state` is
    the table before the change."""
    kind, named = sources.parts(code)
    if kind == sources.SUIT:
        return f" for playing a {named} suited fortune"
    if kind == sources.SCIENCE:
        return f" to advance to scientific level {named}"
    if kind == sources.RESEARCH:
        return " to research a technology"
    if code == sources.of(sources.OVERLORD, "round_6"):
        return " as he takes the field in round 6"
    what = _source_name(state, kind, named)
    to = "from" if gained else "to" if kind == sources.DICE else "for"
    return f" {to} {what}" if what else ""


def _source_name(state: BlackMetroState, kind: str, named: str) -> str:
    """The thing a source names ("" for none)."""
    pack = state.the_pack()
    if kind == sources.DISTRICT:
        number, effect = named.split(":")
        return effect_place(state, int(number), int(effect))
    if kind == sources.DICE:
        dice, face = named.split(":")
        return event(state, int(face)) if dice == "event" else f"the {face} on the {dice} dice"
    if kind == sources.JOKER:
        return f"the joker's benefit of {named}"
    if kind == sources.TILE:
        laid = state.district(int(named)).tile
        return f"the {tile(state, laid) if laid else 'tile'} at {district(state, int(named))}"
    if kind == sources.TECHNOLOGY:
        return pack.technology(named).name
    if kind == sources.CANDIDATE:
        return f"{pack.candidate(named).name}'s ability"
    if kind == sources.SETUP:
        return f"{pack.candidate(named).name}'s set-up" if named else "the first game's set-up"
    if kind == sources.OVERLORD:
        return "the overlord's set-up"
    return ""


def next_step(state: BlackMetroState, code: str, does: str, taken: int) -> str:
    """A later choosing step of the effect `code` names (sources.py) asked on its own, in
    words ("the next step of the 4 on the supply dice: optionally advance the scientific
    level"); `taken`: missions a step returning several has returned so far."""
    more = f" ({taken} returned so far)" if taken else ""
    return f"the next step of {_source_name(state, *sources.parts(code))}: {does}{more}"


def discard_reason(state: BlackMetroState, code: str) -> str:
    """Why fortunes leave a hand unplayed (`code`, sources.py), after what is discarded: " to
    reroll the supply dice", " to make Blue reroll the supply dice", " for another player's
    blockade at 05 Laughing Tavern", " to fulfil a mission", " down to the hand
    limit", " to the 5 on the penalty dice", " to event 2 (chaotic winds)"; "" for an event
    that recorded none (a version-1 event). Public: the table sees why, not which cards."""
    kind, named = sources.parts(code)
    if kind in _DISCARDED_FOR:
        return _DISCARDED_FOR[kind]
    if kind == sources.REROLL:
        return f" to reroll the {named} dice"
    if kind == sources.SABOTAGE:
        roller, dice = named.split(":")
        return f" to make {who(state, int(roller))} reroll the {dice} dice"
    if kind == sources.BLOCKADE:
        return f" for another player's blockade at {district(state, int(named))}"
    what = _source_name(state, kind, named)
    return f" {'to' if kind == sources.DICE else 'for'} {what}" if what else ""


_DISCARDED_FOR = {  # the reasons for a discard that name nothing (discard_reason)
    sources.MISSION: " to fulfil a mission",  # named by the next event, as it is laid face up
    sources.HAND_LIMIT: " down to the hand limit",
    sources.COUNTERINTELLIGENCE: " to the overlord's counterintelligence",
}


def strain_cause(state: BlackMetroState, code: str, owner: int) -> str:
    """Why `owner` inflicts strain (`code`, sources.py), after the strain told, in the book's
    words where it has them (example.assignment, example.dominance.district): " for Blue's 2
    blockades at 11 Astral Tower", " for having less strength than Blue at 03 Gilded Bank",
    " from Green's king", " for the second effect of 03 Gilded Bank", " from the 1 on the
    penalty dice", " for 2 unfulfilled missions"; "" for an event that recorded none (a
    version-1 event). `state` is the table before the strain."""
    kind, named = sources.parts(code)
    first, _, rest = named.partition(":")
    if kind == sources.BLOCKADE:
        return f" for {_blockades(state, int(first), owner)} at {district(state, int(first))}"
    if kind == sources.DOMINANCE:
        dominator, where = who(state, int(rest)), district(state, int(first))
        return f" for having less strength than {dominator} at {where}"
    if kind == sources.UNFULFILLED:
        return f" for {first} unfulfilled mission{'' if first == '1' else 's'}"
    if kind == sources.RECOVER:
        return " to recover overwhelmed personnel"
    imposed = kind in (sources.DICE, sources.TILE, sources.FORTUNE, sources.SOLO_FORTUNE)
    return _harm_cause(state, code, "from" if imposed else "for")


def overwhelm_cause(state: BlackMetroState, code: str) -> str:
    """What overwhelms personnel (`code`, sources.py), after the personnel told: " by Blue's
    dominance", " by Green's joker", " by event 5 (arms reallocation)", " for choosing the
    Technologist in the solo challenge"; "" for an event that recorded none (a version-1
    event)."""
    kind, named = sources.parts(code)
    if kind == sources.DOMINANCE:
        return f" by {possessive(who(state, int(named.partition(':')[2])))} dominance"
    imposed = kind in (sources.DICE, sources.FORTUNE, sources.SOLO_FORTUNE)
    return _harm_cause(state, code, "by" if imposed else "for")


def _harm_cause(state: BlackMetroState, code: str, to: str) -> str:
    """A cause of strain or of an overwhelm that names a card, a set-up or an effect, after
    `to`: " from Green's king", " for the Banker's set-up", " for choosing the Technologist in
    the solo challenge"."""
    kind, named = sources.parts(code)
    first, _, rest = named.partition(":")
    if kind in (sources.FORTUNE, sources.SOLO_FORTUNE):
        what = f"{possessive(who(state, int(rest)))} {RANK_NAMES.get(first, first.lower())}"
    elif kind == sources.HANDICAP:
        what = f"choosing {state.the_pack().candidate(named).name} in the solo challenge"
    elif code == sources.of(sources.OVERLORD, "round_6"):
        return " as he takes the field in round 6"
    else:
        what = _source_name(state, kind, named)
    return f" {to} {what}" if what else ""


def _blockades(state: BlackMetroState, number: int, owner: int) -> str:
    """The other players' blockades at a district: "Blue's blockade", "Blue's 2 blockades",
    "the blockades of Blue and Yellow"."""
    owners = [
        f.owner
        for f in state.district(number).fortifications
        if f.kind == "blockade" and f.owner != owner
    ]
    if len(set(owners)) != 1:
        names = [who(state, o) for o in sorted(set(owners))]
        return f"the blockades of {listed(names)}" if names else "the other players' blockades"
    many = f"{len(owners)} blockades" if len(owners) > 1 else "blockade"
    return f"{possessive(who(state, owners[0]))} {many}"


def district_effects(state: BlackMetroState, number: int) -> list[str]:
    """What a district's effects do, one line each, as the board prints them ("inflict 3
    strain, then get 3 gold"); a battlefield's are its dominating player's alone."""
    return [
        say_all(ACTIONS, ability.steps) for ability in state.the_pack().district(number).effects
    ]


def syndicate_backing(state: BlackMetroState, syndicate_id: str) -> str:
    """What a syndicate's backing asks and brings ("2 power to the one player with the most
    strain"): a tie backs nobody (evolve_standby.backings)."""
    syndicate = state.the_pack().syndicate(syndicate_id)
    most = "most" if syndicate.most else "fewest"
    measure = syndicate.measure.replace("_", " ")
    return f"{syndicate.power} power to the one player with the {most} {measure}"


def turned_back(state: BlackMetroState, syndicate_id: str) -> str:
    """ " back" when turning the syndicate turns it back to unturned, as it does one turned
    already (appendix.syndicates); "" when it turns it."""
    return " back" if dict(state.syndicates).get(syndicate_id) else ""


def technology_text(state: BlackMetroState, card: str) -> str:
    """A technology by its name, type, level and ability ("Voltaic Edge (battle, level 1): …")."""
    tech = state.the_pack().technology(card)
    return f"{tech.name} ({tech.type}, level {tech.level}): {TECHNOLOGY_OPS.say(tech.ability)}"


def candidate_text(state: BlackMetroState, candidate_id: str) -> str:
    """A candidate's ability and district ability in words."""
    pack = state.the_pack()
    candidate = pack.candidate(candidate_id)
    at = pack.district(candidate.district).label
    return (
        f"{candidate.name}: {CANDIDATE_OPS.say(candidate.ability)}; at {at}: "
        f"{say_all(CANDIDATE_DISTRICT_OPS, candidate.district_ability)}"
    )


def tile(state: BlackMetroState, tile_id: str) -> str:
    """A tile by its name ("trading market")."""
    return next((name for t, name, _ in state.the_pack().tiles if t == tile_id), tile_id)


def troop(units: Troop) -> str:
    """(2, 1, 0) -> "2 subordinates and 1 paragon"."""
    parts = [
        f"{n} {names[0] if n == 1 else names[1]}"
        for n, names in zip(units, UNIT_NAMES, strict=True)
        if n
    ]
    if not parts:
        return "no personnel"
    return listed(parts)


UNSEEN = {
    "return_mission": "return a mission",
    "return_missions": "return missions",
    "reveal_mission": "reveal a mission",
    "discard_fortunes": "discard fortunes",
    "research": "research a technology",
    "advance_or_research": "research a technology",  # advancing is never hidden
}


def choice(state: BlackMetroState, text: str, ops: tuple[str, ...]) -> str:
    """An effect's chosen way in words ("research a battle technology; a blockade at 03 …"):
    each part of the choice is the way of one choosing step, whose op is in `ops`
    (facilities.choosing_ops): a mission is returned or revealed as its step says."""
    parts = text.split("|") if text else []
    steps = ops + ("",) * (len(parts) - len(ops))
    words = [one_choice(state, part, op) for part, op in zip(parts, steps, strict=False) if part]
    if not words and "return_missions" in ops:  # "up to 2": none is a way too
        return "return no mission"
    return "; ".join(words) or "as it is"


def _researched(state: BlackMetroState, named: str) -> str:
    """A technology researched, by name ("Siege Doctrine, a level 2 battle technology"); a game
    recorded before research named the technology names its type ("a battle technology")."""
    for tech in state.the_pack().technologies:
        if tech.id == named:
            return f"{tech.name}, a level {tech.level} {tech.type} technology"
    return f"a {named} technology"


def one_choice(state: BlackMetroState, part: str, op: str) -> str:
    """One choosing step's way in words (`op` its step's op)."""
    if part == HIDDEN_PART:  # cards from the chooser's hand, not shown to this viewer
        return UNSEEN.get(op, "something unseen")
    if op in ("return_mission", "return_missions"):
        return "return " + listed([mission(card, state) for card in part.split(",")])
    if op == "reveal_mission":
        return f"reveal {mission(part, state)}"
    if op == "discard_fortunes":
        return "discard " + listed([fortune(card) for card in part.split(",")])
    pack = state.the_pack()
    units = {
        "subordinate": "a subordinate",
        "paragon": "a paragon",
        "doom-mechasuit": "a doom mechasuit",
    }
    if part == "advance":
        return "advance the scientific level"
    if part == "no":
        return "do not advance"
    if op == "research":  # the step names the technology by its id alone
        return "research " + _researched(state, part)
    if part.startswith(RESEARCH) and op != "turn_syndicate":  # an id may hold ":" (pack.IDS)
        return "research " + _researched(state, part.removeprefix(RESEARCH))
    if part in units:
        verb = {"promote": "promote to ", "recover": "recover "}.get(op, "")
        return f"{verb}{units[part]}"
    if "#" in part and "," not in part and part in state.player_missions():
        return f"reveal {mission(part, state)}"
    if part in {s for s, _ in state.syndicates}:
        return f"turn {pack.syndicate(part).name}{turned_back(state, part)}"
    if ">" in part:
        owner, kind, route = part.split(":")
        source, target = route.split(">")
        return (
            f"move {who(state, int(owner))}'s {kind.replace('-', ' ')} from "
            f"{district(state, int(source))} to {district(state, int(target))}"
        )
    if part.count(":") == 1:
        where, kind = part.split(":")
        return f"build a {kind.replace('-', ' ')} at {district(state, int(where))}"
    if part.count(":") == 2:  # the supply dice's arms stash: either part may be all there is
        where, unit, kind = part.split(":")
        done = ([f"promote to {units[unit][2:]}"] if unit else []) + (
            [f"build a {kind.replace('-', ' ')}"] if kind else []
        )
        return f"{' and '.join(done)} at {district(state, int(where))}"
    if part.replace(",", "").isdigit() and part.count(",") == 2:
        counts = tuple(int(x) for x in part.split(","))
        return f"recall {troop((counts[0], counts[1], counts[2]))}"
    cards = part.split(",")
    if all("#" in card for card in cards):
        return "return " + " and ".join(mission(card, state) for card in cards)
    return "discard " + " and ".join(fortune(card) for card in cards)
