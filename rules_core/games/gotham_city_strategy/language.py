"""Gotham City Strategy in its players' words: move labels and each event's story for one viewer.

Seats are their villains, blocks and cards go by their names, and what sits behind a screen, in
a hand or face down is told only to who may see it ("The Joker draws a card").
"""

from __future__ import annotations

from rules_core.engine.types import GameEvent, Move
from rules_core.engine.wording import capitalized, listed, possessive
from rules_core.games.gotham_city_strategy import asking, board, choices
from rules_core.games.gotham_city_strategy.content import DialLevel, Pack
from rules_core.games.gotham_city_strategy.events import (
    BatmanCardDrawn,
    BatmanDeckShuffled,
    BatmanLeveledUp,
    BatmanMoved,
    CardCarriedOut,
    CardFaceDown,
    CardPlayed,
    CardResolved,
    CardsDealt,
    DieRolled,
    EffectCarriedOut,
    FightResolved,
    GameStarted,
    IncomeCollected,
    Stopped,
    ThreatPlaced,
    ThreatRemoved,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    HenchmenMoved,
    HenchmenSentHome,
    MovementBegan,
    MovementEnded,
    MovePlanned,
    Recruited,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.legacy import Awaiting, StepChanged
from rules_core.games.gotham_city_strategy.resource_events import (
    ResourcesChanged,
    ResourcesTaken,
    ScreenShown,
    Stolen,
)
from rules_core.games.gotham_city_strategy.state import HIDEOUT, TOP_LEVEL, Decision, GcsState
from rules_core.games.gotham_city_strategy.turn_events import (
    AbilityChosen,
    CardDrawn,
    FinalTurnsBegan,
    GameFinished,
    LevelAdvanced,
    TurnStarted,
)
from rules_core.games.gotham_city_strategy.vocabulary import count_of, face, say

_STEPS = {
    "levels": "advance levels and play a card",
    "resolve": "carry out the card",
    "actions": "recruit, move or end the turn",
    "moving": "move figures",
}
_STOPS = {
    "place_threats": "places no more threats",
    "remove_threats": "removes no more threats",
    "place_henchmen": "places no more henchmen",
}
_REASONS = {
    "income": "income",
    "card": "a card",
    "ability": "an ability",
    "stolen": "a theft",
    "move": "paying for a move",
    "resources": "taking resources",
    "level": "paying for a level",
    "recruit": "recruiting",
}


_ENDS = {  # GameFinished.reason
    "level 10": "level 10 is reached",
    "deck exhausted": "the plot deck ran out and the final turns are over",
}


def villain(state: GcsState, seat: int) -> str:
    """The villain a seat plays, by name ("The Joker")."""
    assert state.pack is not None
    return state.pack.villain(state.players[seat].villain).name


# a turn's steps (state.Turn), as a player places them in the turn: when a move of the step comes,
# and where a turn at that step stands
_STEP_WHEN = {
    "levels": "at the start of a turn, before its plot card",
    "resolve": "while a plot card is carried out",
    "actions": "after the turn's plot card, until the turn ends",
    "moving": "while figures move",
}
_STEP_NOW = {
    "levels": "at its start",
    "resolve": "carrying out its plot card",
    "actions": "past its plot card",
    "moving": "moving figures",
}


def _final_turns(state: GcsState, turns: int) -> str:
    """The countdown once the plot deck is empty (the first count says why it began)."""
    left = (
        "the final turns are over"
        if turns == 0
        else f"{count_of(turns, 'final turn')} {'remains' if turns == 1 else 'remain'}"
    )
    if state.final_turns < 0:
        return f"The plot deck is empty: {left}."
    return f"{capitalized(left)}."


def out_of_step(step: str, now: str) -> str:
    """A refusal's words for a move of another step of the turn than the one it is at."""
    return f"Not now: that move comes {_STEP_WHEN[step]}; this turn is {_STEP_NOW[now]}."


def step_now(state: GcsState) -> str:
    """Where the game stands, in words (the view's `step`): the set-up, or the step of whose
    turn it is, as the turn goes on to it (`_STEPS`), the card being carried out named ("The
    Joker's turn: carry out “Armored Car Heist”")."""
    if state.phase == "over":
        return "the game is over"
    if state.phase != "playing":
        face_down = ", then puts a card face down for the next turn" if state.variant else ""
        return f"the set-up: each villain places its starting threats{face_down}"
    told = _STEPS[state.step]
    if state.step == "resolve" and state.played:
        told = f"carry out {card(state, state.played)}"
    return f"{possessive(villain(state, state.current))} turn: {told}"


def seat_names(state: GcsState) -> tuple[str, ...]:
    """Each seat's role: its villain."""
    return tuple(villain(state, s) for s in range(len(state.players)))


def place(state: GcsState, location: int, batman: bool = False) -> str:
    """A block by name, or the hideout (the Batcave for Batman)."""
    if location == HIDEOUT:
        return "the Batcave" if batman else "the hideout"
    assert state.pack is not None
    return state.pack.blocks[location].name


def card(state: GcsState, card_id: str) -> str:
    assert state.pack is not None
    return f"“{state.pack.card(card_id).name}”"


def _int(move: Move, key: str, default: int = 0) -> int:
    value = move.get(key, default)
    return value if isinstance(value, int) else default


def describe_move(state: GcsState, seat: int, move: Move) -> str:
    """A legal move as its button reads."""
    get = move.get
    kind = move.type
    if kind in ("play", "choose_ability", "face_down") or (kind == "end_turn" and get("card")):
        named = card(state, str(get("card")))
        return {
            "play": f"Play {named}",
            "choose_ability": f"Take the ability {named}",
            "face_down": f"Put {named} face down for your next turn",
            "end_turn": f"End the turn, {named} face down for the next",
        }[kind]
    if kind in ("place_threat", "remove_threat", "lose_threat"):
        block = place(state, _int(move, "block"))
        if kind == "place_threat":
            source = get("source")
            moved = f" (moved from {place(state, source)})" if isinstance(source, int) else ""
            return f"Place a threat on {block}{moved}"
        if kind == "lose_threat":  # a seat only ever loses its own threats
            return f"Lose your threat on {block}"
        owner = _int(move, "owner")
        whose = "your own" if owner == seat else f"{villain(state, owner)}'s"
        return f"Remove {whose} threat on {block}"
    if kind == "move_henchmen":
        source, target = place(state, _int(move, "source")), place(state, _int(move, "target"))
        return f"Move {count_of(_int(move, 'count'), 'henchman')} from {source} to {target}"
    if kind in ("move_villain", "place_henchman", "lose_henchman", "send_home", "batman_to"):
        key = "to" if kind == "move_villain" else "source" if kind == "lose_henchman" else "block"
        at = place(state, _int(move, key), batman=kind == "batman_to")
        return {
            "move_villain": f"Move {villain(state, seat)} to {at}",
            "place_henchman": f"Place a henchman on {at}",
            "lose_henchman": f"Lose a henchman from {at}",
            "send_home": f"Send the henchmen on {at} home",
            "batman_to": f"Send Batman to {at}",
        }[kind]
    if kind == "take":
        first, second = (_taken(str(get(part))) for part in ("first", "second"))
        if first == second:
            return f"Take {count_of(2, first)} instead"
        return f"Take {count_of(1, first)} and {count_of(1, second)} instead"
    if kind == "steal":
        return f"Steal 1 {get('resource')}"
    if kind == "carry_out" and state.played:  # the card in play is read aloud: public
        return f"Carry out {card(state, state.played)}"
    asked = choices.current(state)
    if kind == "stop" and asked is not None and asked.kind in _STOPPING:
        return _STOPPING[asked.kind]
    return {
        "advance": "Advance one level",
        "reveal": "Reveal your face-down card",
        "recruit": "Recruit a henchman",
        "move": "Move your figures",
        "end_turn": "End the turn",
        "done_moving": "Finish moving",
        "carry_out": "Carry out the card",
        "stop": "Stop here",  # only ever offered in a decision of _STOPPING
    }.get(kind, kind.replace("_", " "))


# what stopping an optional placement or removal early leaves undone, by the decision's kind
_STOPPING = {
    "place_threats": "Place no more threats",
    "remove_threats": "Remove no more threats",
    "place_henchmen": "Place no more henchmen",
}


def level_asks(need: DialLevel) -> str:
    """What advancing past the dial's level `need` asks: "Level 5 asks for 6 information"."""
    what = {"henchmen": "recruited henchmen", "blocks": "ruled blocks"}.get(need.needs, need.needs)
    return f"Level {need.level + 1} asks for {need.amount} {what}"


# what an ability icon brings (turn.level.ability): the dial names no ability, the villain
# picks one of their ability cards, kept face up for the rest of the game
ICON_BRINGS = "; reaching it shows an ability icon: you then pick one of your ability cards to keep"


def next_level(pack: Pack, villain_id: str, level: int) -> str:
    """The villain's next level in words, as its dial shows every seat: what advancing asks and
    what reaching it brings ("Level 5 asks for 6 information; reaching it shows an ability
    icon: you then pick one of your ability cards to keep"), the view's `next_level_needs`."""
    villain = pack.villain(villain_id)
    if level + 1 >= TOP_LEVEL:
        brings = "; reaching it wins the game"
    else:
        brings = ICON_BRINGS if villain.icon_at(level + 1) else ""
    return level_asks(villain.dial[level - 1]) + brings


def decision(state: GcsState, d: Decision) -> str:
    """What a waiting decision asks of its villain."""
    who = villain(state, d.seat)
    area = f" in {d.district.capitalize()}" if d.district else ""
    if d.block >= 0:
        area = f" on {place(state, d.block)}"
    asks = {
        "place_threats": f"place {count_of(d.count, 'threat')}{area}",
        "remove_threats": f"remove {count_of(d.count, 'threat')}{area}",
        "lose_threats": f"lose {count_of(d.count, 'threat')}{area}",
        "place_henchmen": f"place {count_of(d.count, 'henchman')}{area}",
        "lose_henchman": "lose a henchman",
        "steal": f"name what to steal from {villain(state, d.victim)}" if d.victim >= 0 else "",
        "send_home": "choose whose henchmen go home",
        "batman_to": "choose where Batman goes",
        "face_down": "put a card face down for the next turn",
        "use_card": "carry out the card or take two resources instead",
    }.get(d.kind, d.kind.replace("_", " "))
    return f"{who} must {asks}." if d.must else f"{who} may {asks}."


def _income_bonus(state: GcsState, owner: int, paid: int) -> str:
    """An income's words when an ability adds to what the card prints (so the amounts told add
    up): "income: 2, and 1 more from “Black Market Broker”"; "income" without one."""
    assert state.pack is not None
    pack = state.pack
    extra = board.ability_total(state, owner, "income_bonus")
    printed = pack.card(state.played).income_amount if state.played else paid - extra
    if not extra or paid != printed + extra:  # none, or the reserves paid what they held
        return _REASONS["income"]
    names = [
        card(state, a)
        for a in state.players[owner].abilities
        if pack.card(a).effect[0].op == "income_bonus"
    ]
    return f"income: {paid - extra}, and {extra} more from {listed(names)}"


def _kept(state: GcsState) -> bool:
    """Whether the game was set up keeping its reserves (rules version 13 on): an older game
    paid every income and gain in full, so its story says nothing of what they hold."""
    return state.pack is not None and state.pack.reserves is not None


def _resources(state: GcsState, event: ResourcesChanged, seat: int | None, reveal: bool) -> str:
    who = villain(state, event.owner)
    why = _REASONS.get(event.reason, event.reason)
    if event.reason == "income":
        why = _income_bonus(state, event.owner, event.money + event.information)
    changes = [
        f"{'gains' if n > 0 else 'pays'} {abs(n)} {what}"
        for n, what in ((event.money, "money"), (event.information, "information"))
        if n
    ]
    gained = event.money + event.information
    kind = "money" if event.money else "information"
    taken = event.reason in ("income", "card", "ability") and gained > 0 and _kept(state)
    emptied = (
        f"; the reserves are now out of {kind}"
        if taken and state.in_reserves(kind) <= gained
        else ""
    )
    return f"{who} {' and '.join(changes) or 'changes nothing'} ({why}){emptied}."


def _threat_removed(state: GcsState, event: ThreatRemoved) -> str:
    """A threat removed; when by nobody (turns.answer_unasked, rules version 10), why the game
    chose it: no more threats could go than had to (all of them go), or they all stood on one
    block of one villain."""
    owner = villain(state, event.owner)
    removed = f"{possessive(owner)} threat on {place(state, event.block)} is removed"
    d = choices.current(state) if event.seat is None else None
    if d is None or d.kind not in ("remove_threats", "lose_threats"):
        return f"{removed}."
    left = sum(state.players[o].threats[b] for b, o in choices.removable(state, d))
    if left <= d.count:  # turns.remove_all
        return f"{removed}: no more are left than must go, so all of them go."
    return f"{removed}: only {possessive(owner)} threats there can go."


def narrate(state: GcsState, event: GameEvent, seat: int | None, reveal: bool) -> str:
    """What `event` did, as `seat` may know it (`state` is the state before the event)."""
    if isinstance(event, GameStarted):
        names = listed([_villain_name(event, v) for v in event.villains])
        variant = " with the increased-interaction variant" if event.variant else ""
        return f"The game begins{variant}: {names} set out to rule Gotham."
    if isinstance(event, ResourcesChanged):
        return _resources(state, event, seat, reveal)
    if isinstance(event, Awaiting):  # the first log format's queued decision
        return decision(state, event.decision.today())
    who = "The game" if event.seat is None else villain(state, event.seat)
    mine = reveal or event.seat == seat
    if isinstance(event, CardsDealt):
        shown = listed([card(state, c) for c in event.cards])
        return f"{who} is dealt {shown}." if mine else f"{who} is dealt {len(event.cards)} cards."
    if isinstance(event, CardDrawn):
        return f"{who} draws {card(state, event.card)}." if mine else f"{who} draws a card."
    if isinstance(event, CardFaceDown):
        if mine:
            return f"{who} puts {card(state, event.card)} face down for the next turn."
        return f"{who} puts a card face down for the next turn."
    if isinstance(event, CardPlayed):
        return f"{who} plays {card(state, event.card)}."
    if isinstance(event, AbilityChosen):
        assert state.pack is not None and event.seat is not None
        token = state.pack.villain(state.players[event.seat].villain)
        put = (
            f" and puts the {token.token} token in play"
            if token.token_ability == event.card
            else ""
        )
        return f"{who} takes the ability {card(state, event.card)}{put}."
    if isinstance(event, LevelAdvanced):
        return f"{who} advances to level {event.level}."
    if isinstance(event, TurnStarted):
        return f"{who}'s turn begins."
    if isinstance(event, ThreatPlaced):
        moved = f" (moved from {place(state, event.source)})" if event.source >= 0 else ""
        return f"{who} places a threat on {place(state, event.block)}{moved}."
    if isinstance(event, ThreatRemoved):
        return _threat_removed(state, event)
    if isinstance(event, HenchmenMoved):
        owner = villain(state, event.owner)
        source, target = place(state, event.source), place(state, event.target)
        henchmen = count_of(event.count, "henchman")
        if event.seat is None:  # sent home by a lost fight (turn.fight-batman, turn.fight-villains)
            verb = "goes" if event.count == 1 else "go"
            return f"{possessive(owner)} {henchmen} on {source} {verb} back to {target}."
        # the plan carried out (each step was told when planned)
        arrive = "is back in" if event.target == HIDEOUT else "arrives at"
        if event.count > 1:
            arrive = "are back in" if event.target == HIDEOUT else "arrive at"
        one = "henchman" if event.count == 1 else henchmen
        return f"{possessive(owner)} {one} from {source} {arrive} {target}."
    if isinstance(event, HenchmanLost):
        return f"{villain(state, event.owner)} loses a henchman from {place(state, event.source)}."
    if isinstance(event, VillainMoved):
        owner = villain(state, event.owner)
        if event.seat is None:  # sent home by a lost fight
            return f"{owner} goes back to {place(state, event.target)}."
        if event.target == HIDEOUT:  # the plan carried out (the step was told when planned)
            return f"{owner} is back in the hideout."
        return f"{owner} arrives at {place(state, event.target)}."
    if isinstance(event, Recruited):
        paid = f"for {event.cost} money" if event.cost else "without paying"
        return f"{who} recruits {count_of(event.count, 'henchman')} {paid}."
    if isinstance(event, BatmanDeckShuffled):
        return "The Batman deck is shuffled."
    if isinstance(event, BatmanCardDrawn):
        return f"{who} draws the Batman card {card(state, event.card)}."
    if isinstance(event, BatmanMoved):
        return f"Batman goes to {place(state, event.target, batman=True)}."
    if isinstance(event, BatmanLeveledUp):
        assert state.pack is not None
        if state.batman_level >= len(state.pack.batman):  # his dial's last level (README)
            return f"Batman stays at level {state.batman_level}, the top of his dial."
        return f"Batman rises to level {state.batman_level + 1}."
    if isinstance(event, DieRolled):
        return f"{who} rolls the Batman die: {face(event.face)}."
    if isinstance(event, FightResolved):
        return _fight(state, event)
    if isinstance(event, MovePlanned):
        return _planned(state, event)
    if isinstance(event, FinalTurnsBegan):
        return _final_turns(state, event.turns)
    if isinstance(event, GameFinished):
        names = " and ".join(villain(state, s) for s in event.winners)
        rule = "rules" if len(event.winners) == 1 else "rule"
        return f"{names} {rule} Gotham: {_ENDS.get(event.reason, event.reason)}."
    return _carrying_out(state, event, who) or _first_format(event)


def _carrying_out(state: GcsState, event: GameEvent, who: str) -> str:
    """The events of a card being carried out and of the choices it asks for."""
    if isinstance(event, EffectCarriedOut):
        assert state.pack is not None
        op = state.pack.card(event.card).effect[event.index]
        names = {block.id: block.name for block in state.pack.blocks}
        nothing = _finds_nothing(state, event)
        but = f", but {nothing}" if nothing else ""
        return f"{who} reads out {card(state, event.card)}: {say(op, names)}{but}."
    if isinstance(event, IncomeCollected):
        assert state.pack is not None
        printed = state.pack.card(event.card)
        index = state.pack.block_index(printed.income_block)
        kind = state.pack.blocks[index].income  # money or information (glossary.income)
        block = place(state, index)
        rulers = board.rulers(state, index)
        if not rulers:  # nobody earns it (turn.plot.income)
            return f"{block} pays {printed.income_amount} {kind} to its ruler, but nobody rules it."
        due = sum(
            printed.income_amount + board.ability_total(state, r, "income_bonus") for r in rulers
        )
        left = state.in_reserves(kind)  # they pay what they hold (components)
        short = (
            f", but the reserves hold {f'only {left}' if left else 'no'} {kind}"
            if left < due and _kept(state)
            else ""
        )
        return f"{block} pays {printed.income_amount} {kind} to each villain who rules it{short}."
    if isinstance(event, CardCarriedOut):
        return f"{who} carries out {card(state, event.card)}."
    if isinstance(event, ResourcesTaken):
        taken = [event.first, event.second]
        kinds = sorted(set(taken), key=taken.index)
        what = " and ".join(count_of(taken.count(k), k.removesuffix("s")) for k in kinds)
        return f"{who} takes {what} from the reserves instead of carrying the card out."
    if isinstance(event, CardResolved):
        return f"{card(state, event.card)} goes to the discard pile."
    if isinstance(event, Stopped):
        head = state.pending[0] if state.pending else None
        kind = head.kind if head is not None else ""
        return f"{who} {_STOPS.get(kind, 'stops there')}."
    if isinstance(event, Stolen):
        victim = villain(state, event.victim)
        if not event.amount:
            return f"{victim} has nothing left to steal."
        return f"{who} steals {event.amount} {event.resource} from {victim}."
    if isinstance(event, ScreenShown):
        owner = villain(state, event.owner)
        return (
            f"{owner} is short and lifts the screen: {event.money or 'no'} money, "
            f"{event.information or 'no'} information."
        )
    if isinstance(event, HenchmanPlaced):
        if event.seat is None:  # the one block left (turns.answer_unasked)
            mover, at = villain(state, state.current), place(state, event.block)
            return f"{possessive(mover)} henchman goes to {at}, the one block that can take it."
        return f"{who} places a henchman on {place(state, event.block)}."
    if isinstance(event, HenchmenSentHome):
        at = place(state, event.block)
        spared = f" except {villain(state, event.spare)}'s" if event.spare >= 0 else ""
        if event.seat is None and event.by == "card":  # the game's own (turns.answer_unasked)
            return (
                f"Every henchman on {at}{spared} goes back to its hideout (the card's one block)."
            )
        if event.seat is None:
            return f"Every henchman on {at}{spared} goes back to its hideout."
        if event.spare == event.seat:  # a card's player spares their own (turn.plot.effect)
            return f"{who} sends every enemy henchman on {at} back to its hideout."
        return f"{who} sends every henchman on {at}{spared} back to the hideouts."
    if isinstance(event, MovementBegan):
        return f"{who} starts moving figures."
    if isinstance(event, MovementEnded):
        plan = state.plan
        if plan is None or (plan.villain_to is None and not plan.henchmen):
            return f"{who} finishes moving without moving a figure."
        return f"{who} has carried out the plan."
    return ""


_NOTHING_TO_CHOOSE = {  # a line whose decisions leave nothing to choose (asking.asks_nothing)
    "place_threats": "no threat can be placed",
    "remove_threats": "there is no enemy threat to remove",
    "place_henchmen": "no block can take a henchman",
    "others_lose": "nobody has any to lose",
}


def _finds_nothing(state: GcsState, event: EffectCarriedOut) -> str:
    """Why the card's line does nothing here ("" when it does something), so that a line read
    out is never met by silence (turn.plot.effect: what cannot be done is skipped)."""
    assert state.pack is not None
    op, me = state.pack.card(event.card).effect[event.index], event.seat
    assert me is not None
    player = state.players[me]
    if op.op == "batman_to" and not board.batman_candidates(state, op):
        return "no block fits, so Batman stays where he is"
    if op.op == "gain_per_block" and not board.ruled_blocks(state, me, op.district):
        return "no such block is ruled, so nothing is gained"
    if op.op in ("gain", "gain_per_block") and not state.in_reserves(op.resource) and _kept(state):
        return f"the reserves hold no {op.resource}, so nothing is gained"
    if op.op == "free_henchmen" and board.henchmen_limit(state, me) <= player.recruited:
        return "the henchmen limit is reached, so none is recruited"
    if op.op == "send_home" and not board.enemy_henchmen_blocks(state, me, op.district):
        return "there is no enemy henchman to send home"
    if op.op == "place_henchmen" and not player.hideout_henchmen:
        return "no henchman waits in the hideout"
    if asking.asks_nothing(state, event):
        return _NOTHING_TO_CHOOSE.get(op.op, "there is nothing to do")
    return ""


def _first_format(event: GameEvent) -> str:
    """Events of the first log format that are not table events (legacy.py)."""
    if isinstance(event, StepChanged):
        return f"The turn goes on to {_STEPS.get(event.step, event.step)}."
    return ""  # answered, declined, program stepped: bookkeeping, nothing at the table


def _planned(state: GcsState, event: MovePlanned) -> str:
    """The step a plan's event adds, in the open (turn.move): the figure or group, from where to
    where. The figures arrive when the move is done, told then as the plan carried out."""
    mover = villain(state, state.current)
    before = state.plan.henchmen if state.plan is not None else ()
    villain_before = state.plan.villain_to if state.plan is not None else None
    if event.plan.villain_to is not None and event.plan.villain_to != villain_before:
        to = place(state, event.plan.villain_to)
        step = f"{mover} to {to}"
        back = "back " if event.plan.villain_to == HIDEOUT else ""
        plans = f"plans to go {back}to {to}"
    else:
        source, target, count = event.plan.henchmen[len(before)]
        step = (
            f"{count_of(count, 'henchman')} from {place(state, source)} to {place(state, target)}"
        )
        plans = f"plans to move {step}"
    if event.seat is None:  # the one step left to complete the plan (planning.only_step)
        return f"{possessive(mover)} plan has one way to be completed: {step}."
    return f"{mover} {plans}."


def _villain_name(event: GameStarted, villain_id: str) -> str:
    return event.pack.villain(villain_id).name


def _fight(state: GcsState, event: FightResolved) -> str:
    def side(who: int) -> str:
        return "Batman" if who < 0 else villain(state, who)

    at = place(state, event.block)
    winner = side(event.winner)
    why = ""
    villain_face = event.defender_face if event.aggressor < 0 else event.aggressor_face
    if event.winner < 0 and villain_face == "bat":  # turn.fight-batman
        why = " (a villain's Bat emblem always loses to him)"
    elif event.aggressor_total == event.defender_total:  # the one who came in wins ties
        why = " the tie, having come in"
    return (
        f"Fight on {at}: {side(event.aggressor)} rolls {face(event.aggressor_face)} (total "
        f"{event.aggressor_total}), {side(event.defender)} rolls {face(event.defender_face)} "
        f"(total {event.defender_total}); {winner} wins{why}."
    )


def _taken(resource: str) -> str:
    """A resource a card can be exchanged for (choices.TAKE), as one of it is called."""
    return "threat" if resource == "threats" else resource
