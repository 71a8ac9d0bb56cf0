"""Every move of the game declared once on the engine's MoveBook, and whom the game waits for."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from rules_core.engine.declared import Run
from rules_core.engine.moves import MoveBook, MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import (
    capitalized,
    counted,
    listed,
    no_such_move,
    possessive,
    takes_only,
)
from rules_core.games.gotham_city_chronicles import (
    character_attacks,
    combat,
    effect_order,
    exchange,
    heroes_turn,
    language,
    manipulation,
    movement,
    rerolls,
    skills,
    throwing,
    villain,
)
from rules_core.games.gotham_city_chronicles.carried import CARRIES
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.owed import IN_WORDS
from rules_core.games.gotham_city_chronicles.refusals import pending, reject
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState
from rules_core.games.gotham_city_chronicles.turns import resolve_apply as turn_effects_first


def owed_now(state: GccState) -> str:
    """The step the game carries out itself before anyone acts, at a version inside a move
    (rules version 18): one an event leaves owed (owed.py); dice with nothing left to reroll,
    counted at once (VIII; `reroll_possible`); or an attack's defense nobody is asked for, taken
    at once (VII H, IX E 4: `combat.defense_asked`)."""
    if state.owing:
        return state.owing
    if state.roll is not None and not reroll_possible(state):
        return "dice"
    fight = state.fight
    if fight is not None and fight.successes >= 0 and state.roll is None:
        return "" if combat.defense_asked(state) else "defense"
    return ""


def _count_roll(run: Run[GccState], rng: random.Random) -> None:
    """Dice with nothing left to reroll, counted for what they were rolled for (VIII F)."""
    roll = run.state.roll
    assert roll is not None
    rerolls.resolve(run, roll.seat, rng)


# the steps `owed_now` names that a head of earlier rules stands before (versions 16-17 took
# over a defense asked before; versions before 18 may have left dice to count), each as the
# game takes it; the others are owed only between the events of one move, never at its end
OWED_STEPS: dict[str, Callable[[Run[GccState], random.Random], None]] = {
    "defense": combat.defense_unasked,
    "dice": _count_roll,
}


def owed_steps(state: GccState, rng: random.Random) -> list[GameEvent]:
    """The events of the steps the game owes at `state` (`owed_now`), each taken as today's
    rules take it inside the move that leads there, until nothing more is owed."""
    run = Run(state, HANDLERS)
    while (take := OWED_STEPS.get(owed_now(run.state))) is not None:
        taken = len(run.events)
        take(run, rng)
        if len(run.events) == taken:
            break
    return run.events


def to_act(state: GccState) -> frozenset[int]:
    """The seats the game waits for: during the heroes' stances, the seats with a hero still to
    declare; during their actions, the heroes' seats not yet finished (V·B·4: they act in any
    order they agree); the villain's seat in its turn; nobody during the upkeep, which the game
    carries out by itself, nor at a version inside a move where the game owes its next step
    (rules version 18: `owed_now`)."""
    if state.winner or state.pack is None or owed_now(state):
        return frozenset()
    if state.ordering is not None:  # IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5
        return effect_order.choosers(state)
    if state.roll is not None:
        return frozenset({state.roll.seat})
    if state.offer is not None:
        return frozenset({state.hero(state.offer.consenting).seat})
    if state.fight is not None and state.fight.successes >= 0:
        return frozenset({state.fight.defender_seat})
    if state.flow.phase == "heroes":
        if state.flow.step == "stance":
            return frozenset(h.seat for h in state.heroes if not h.stance)
        return frozenset(s for s in state.hero_seats() if s not in state.done)
    if state.flow.prompts:
        return state.flow.to_act()
    if state.flow.phase == "upkeep":  # IV A: the game's own step, nobody's
        return frozenset()
    return frozenset({VILLAIN_SEAT})


def may_act(state: GccState) -> frozenset[int]:
    """V·D·1 [f] (rules version 24): a hero drops equipment at any time, so in the villain's
    turn, while the villain is the one the game waits for and nothing is under way (a roll, an
    attack, an exchange, the order of effects), the heroes' seats whose heroes carry equipment
    may drop it; and (rules version 28) so may a heroes' seat that has finished its actions
    while other seats still act in the heroes' turn. Nothing waits for them (they are not
    `to_act`, and no bot is asked)."""
    if pending(state) is not None or state.ordering is not None:
        return frozenset()
    if state.flow.phase == "villain" and to_act(state) == {VILLAIN_SEAT}:
        return frozenset(h.seat for h in state.heroes if h.items)
    if state.flow.phase == "heroes" and state.flow.step == "actions" and not state.winner:
        return frozenset(h.seat for h in state.heroes if h.items and h.seat in state.done)
    return frozenset()


def _out_of_turn(state: GccState, seat: int) -> bool:
    """A heroes' seat that the game does not wait for (`may_act`): in the villain's turn, or
    finished with its actions in the heroes' turn."""
    if seat == VILLAIN_SEAT or seat in to_act(state):
        return False
    return state.flow.phase == "villain" or (state.flow.phase == "heroes" and seat in state.done)


# the last state and seat `_out_of_turn_now` answered for, held (so never another state at its
# address), with the answer
_OUT_OF_TURN: list[tuple[GccState, int, bool]] = []


def _out_of_turn_now(state: GccState, seat: int) -> bool:
    """`_out_of_turn`, read again when it was last asked of this very state and seat: every
    move type's offers ask it in a row (`_waited`), for each seat asked after every move (a
    memo: the answer is the same with it or without it)."""
    for held, held_seat, answer in tuple(_OUT_OF_TURN):
        if held is state and held_seat == seat:
            return answer
    answer = _out_of_turn(state, seat)
    _OUT_OF_TURN[:] = [(state, seat, answer)]
    return answer


def _precheck(state: GccState, seat: int) -> Rejection | None:
    if state.winner:
        return reject("game_over", "The mission is over.")
    owed = owed_now(state)
    if owed:
        return reject("step_pending", f"The game first {IN_WORDS[owed]}.")
    if seat not in to_act(state) and seat not in may_act(state):
        if state.roll is not None:  # VIII: the roller's reroll step comes first
            who = possessive(language.name(state, state.roll.figure))
            names = language.seat_names(state)
            deciding = listed([names[s] for s in sorted(to_act(state))]) or "their player"
            return reject(
                "roll_pending",
                f"{capitalized(who)} dice wait for {deciding} to reroll or keep them first.",
            )
        ordering = effect_order.order_pending(state)
        if ordering is not None:
            return ordering
        if state.flow.phase == "heroes" and seat in state.done:
            return reject(
                "seat_finished",
                "You have finished your heroes' actions: you are asked again if another hero acts.",
            )
        side = "the heroes" if state.flow.phase == "heroes" else "the villain"
        return reject("not_your_turn", f"It is {possessive(side)} turn, and not yours to play now.")
    return None


Check = Callable[[GccState, int, Move], Rejection | None]


def _villains_own(state: GccState, seat: int) -> Rejection | None:
    """VI B: the villain's moves belong to the villain's seat and the villain's turn (a heroes'
    seat the game waits for in the heroes' turn is refused them)."""
    if seat != VILLAIN_SEAT or state.flow.phase != "villain":
        return reject(
            "not_your_turn", "Only the villain makes that move, and only in the villain's turn."
        )
    return None


def _villain_offers(name: str, check: Check) -> Callable[[GccState, int], list[Move]]:
    """The villain's candidates of one move type that its check accepts."""

    def offers(state: GccState, seat: int) -> list[Move]:
        candidates = villain.offers(state, seat).get(name, [])
        return [m for m in candidates if check(state, seat, m) is None]

    return offers


Apply = Callable[[GccState, int, Move, random.Random], list[GameEvent]]
Label = Callable[[GccState, int, Move], str]


def _action(apply: Apply) -> Apply:
    """An action other than a movement, a hero's or a character's: the movement in progress
    ends first (V·C·5 [k]; VI·C·2 for a character's first movement), so its unused move points
    are lost and a later move starts a new movement."""

    def applied(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
        run = Run(state, HANDLERS)
        movement.end_any(run, seat)
        return run.events + apply(run.state, seat, move, rng)

    return applied


def _villain_rule(
    name: str, params: tuple[str, ...], check: Check, apply: Apply, label: Label
) -> MoveRule[GccState]:
    """A move of the villain's turn: the villain's seat alone makes it, in the villain's turn
    (VI B; dredging and demobilization too, VI F, VI G), and nothing else while a roll or an
    attack is under way."""

    def guarded(state: GccState, seat: int, move: Move) -> Rejection | None:
        return _villains_own(state, seat) or pending(state) or check(state, seat, move)

    return MoveRule(name, params, _villain_offers(name, guarded), guarded, apply, label)


def _waited(rule: MoveRule[GccState]) -> MoveRule[GccState]:
    """A move other than choosing the order of effects that trigger together, which waits
    while that order is being chosen (effect_order.py); and, but for dropping equipment
    (`may_act`, V·D·1 [f]), one the game waits for from the seat making it."""
    any_time = rule.name == "drop"

    def offers(state: GccState, seat: int) -> Iterator[Move]:
        """The rule's own offers, as it gives them (one at a time for a type that yields)."""
        if state.ordering is not None or (not any_time and _out_of_turn_now(state, seat)):
            return
        yield from rule.offers(state, seat)

    def check(state: GccState, seat: int, move: Move) -> Rejection | None:
        if not any_time and _out_of_turn(state, seat):
            if state.flow.phase == "heroes":
                return reject(
                    "seat_finished",
                    "You have finished your heroes' actions: a hero may only drop equipment "
                    "until you are asked again.",
                )
            return reject(
                "not_your_turn", "It is the villain's turn: a hero may only drop equipment."
            )
        return effect_order.order_pending(state) or rule.check(state, seat, move)

    return MoveRule(rule.name, rule.params, offers, check, rule.apply, rule.label)


RULES: tuple[MoveRule[GccState], ...] = (
    MoveRule(
        "stance",
        ("hero", "stance"),
        heroes_turn.stance_offers,
        heroes_turn.stance_check,
        heroes_turn.stance_apply,
        heroes_turn.stance_label,
    ),
    MoveRule(
        "move",
        ("hero", "to"),
        movement.move_offers,
        movement.move_check,
        movement.move_apply,
        movement.move_label,
    ),
    MoveRule(
        "end_movement",
        (),
        movement.end_offers,
        movement.end_check,
        movement.end_apply,
        movement.end_label,
    ),
    MoveRule(
        "complex_action",
        ("hero", "action", "cubes", "lines"),
        manipulation.complex_offers,
        manipulation.complex_check,
        _action(manipulation.complex_apply),
        manipulation.complex_label,
    ),
    MoveRule(
        "attack",
        ("hero", "kind", "weapon", "second", "target", "cubes", "lines"),
        combat.attack_offers,
        combat.attack_check,
        _action(combat.attack_apply),
        combat.attack_label,
    ),
    MoveRule(
        "defend",
        ("cubes", "melee", "ranged", "lines"),
        combat.defend_offers,
        combat.defend_check,
        combat.defend_apply,
        combat.defend_label,
    ),
    MoveRule(
        "mission_action",
        ("hero", "action"),
        manipulation.automatic_offers,
        manipulation.automatic_check,
        _action(manipulation.automatic_apply),
        manipulation.automatic_label,
    ),
    MoveRule(
        "reroll",
        ("dice", "paid"),
        rerolls.reroll_offers,
        rerolls.reroll_check,
        rerolls.reroll_apply,
        rerolls.reroll_label,
    ),
    MoveRule(
        "pick_reroll",
        ("die",),
        rerolls.pick_offers,
        rerolls.pick_check,
        rerolls.pick_apply,
        rerolls.pick_label,
    ),
    MoveRule(
        "keep",
        (),
        rerolls.keep_offers,
        rerolls.keep_check,
        rerolls.keep_apply,
        lambda s, seat, m: "Keep the dice",
    ),
    MoveRule(
        "pick_up",
        ("hero", "item"),
        manipulation.pick_up_offers,
        manipulation.pick_up_check,
        _action(manipulation.pick_up_apply),
        manipulation.item_label,
    ),
    MoveRule(
        "throw",
        ("hero", "item", "to", "cubes", "lines"),
        throwing.throw_offers,
        throwing.throw_check,
        _action(throwing.throw_apply),
        throwing.throw_label,
    ),
    MoveRule(
        "give",
        ("hero", "item", "to"),
        exchange.give_offers,
        exchange.exchange_check,
        exchange.exchange_apply,
        exchange.exchange_label,
    ),
    MoveRule(
        "take",
        ("hero", "item", "from"),
        lambda s, seat: [m for m in exchange.exchange_offers(s, seat) if m.type == "take"],
        exchange.exchange_check,
        exchange.exchange_apply,
        exchange.exchange_label,
    ),
    MoveRule(
        "agree",
        (),
        exchange.agree_offers,
        exchange.answer_check,
        exchange.answer_apply,
        exchange.answer_label,
    ),
    MoveRule(
        "decline",
        (),
        exchange.decline_offers,
        exchange.answer_check,
        exchange.answer_apply,
        exchange.answer_label,
    ),
    MoveRule(
        "attract",
        ("hero", "target", "melee", "ranged"),
        skills.attract_offers,
        skills.attract_check,
        _action(skills.attract_apply),
        skills.skill_label,
    ),
    MoveRule(
        "blast",
        ("hero", "area", "melee", "ranged", "lines"),
        skills.blast_offers,
        skills.blast_check,
        _action(skills.blast_apply),
        skills.skill_label,
    ),
    MoveRule(
        "drop",
        ("hero", "item"),
        manipulation.drop_offers,
        manipulation.drop_check,
        manipulation.drop_apply,
        manipulation.item_label,
    ),
    MoveRule(
        "finish",
        (),
        heroes_turn.finish_offers,
        heroes_turn.finish_check,
        heroes_turn.finish_apply,
        heroes_turn.finish_label,
    ),
    _villain_rule(
        "activate",
        ("tile",),
        villain.activate_check,
        villain.activate_apply,
        lambda s, seat, m: (
            f"Activate {language.the_tile(s, str(m.get('tile')))} for "
            + counted(villain.cost_of(s, str(m.get("tile"))), "cube")
        ),
    ),
    _villain_rule(
        "choose_event",
        ("event",),
        villain.event_check,
        villain.event_apply,
        lambda s, seat, m: f"Trigger the event: {villain.event_name(s, m.get('event'))}",
    ),
    _villain_rule(
        "reinforce",
        ("tile", "area"),
        villain.reinforce_check,
        villain.reinforce_apply,
        villain.reinforce_label,
    ),
    _villain_rule(
        "give_up_reinforcement",
        (),
        villain.give_up_check,
        villain.give_up_apply,
        lambda s, seat, m: "Give up the remaining reinforcement points",
    ),
    _villain_rule(
        "activate_character",
        ("character",),
        villain.designate_check,
        villain.designate_apply,
        lambda s, seat, m: f"Activate {language.name(s, str(m.get('character')))}",
    ),
    _villain_rule(
        "move_character",
        ("character", "to"),
        villain.character_move_check,
        villain.character_move_apply,
        lambda s, seat, m: (
            f"Move {language.name(s, str(m.get('character')))} "
            f"to the {villain.area_name(s, m.get('to'))}"
            f"{movement.bought_words(s, str(m.get('character')), m.get('to'))}"
        ),
    ),
    _villain_rule(
        "character_action",
        ("action", "characteristic"),
        villain.action_check,
        villain.action_apply,
        villain.action_label,
    ),
    _villain_rule(
        "character_attack",
        ("kind", "characteristic", "target"),
        character_attacks.character_attack_check,
        character_attacks.character_attack_apply,
        combat.attack_label,
    ),
    _villain_rule(
        "character_attract",
        ("characteristic", "target"),
        skills.attract_check,
        _action(skills.attract_apply),
        skills.skill_label,
    ),
    _villain_rule(
        "character_blast",
        ("characteristic", "area"),
        skills.blast_check,
        _action(skills.blast_apply),
        skills.skill_label,
    ),
    _villain_rule(
        "end_character",
        (),
        villain.end_character_check,
        villain.end_character_apply,
        lambda s, seat, m: "End this character's activation",
    ),
    _villain_rule(
        "end_activation",
        (),
        villain.end_activation_check,
        villain.end_activation_apply,
        lambda s, seat, m: "End the tile's activation",
    ),
    _villain_rule(
        "dredge",
        ("tile",),
        villain.dredge_check,
        villain.dredge_apply,
        lambda s, seat, m: f"Dredge {villain.tile_name(s, str(m.get('tile')))} from the river",
    ),
    _villain_rule(
        "demobilize",
        ("tile",),
        villain.demobilize_check,
        villain.demobilize_apply,
        lambda s, seat, m: f"Demobilize {villain.tile_name(s, str(m.get('tile')))}",
    ),
    _villain_rule(
        "end_villain_turn",
        (),
        villain.end_turn_check,
        villain.end_turn_apply,
        lambda s, seat, m: "End the villain's turn",
    ),
)

MOVES: MoveBook[GccState] = MoveBook(
    rules=(
        MoveRule(
            "resolve_first",
            ("effect",),
            effect_order.resolve_offers,
            effect_order.resolve_check,
            turn_effects_first,
            effect_order.resolve_label,
        ),
        *(_waited(rule) for rule in RULES),
    ),
    precheck=_precheck,
    unknown=lambda name: reject("unknown_move", no_such_move("Gotham City Chronicles")),
    unexpected=lambda name, takes: reject("unexpected_parameter", takes_only(name, takes)),
    carries=CARRIES,
)


def villain_done(state: GccState, rng: random.Random) -> list[GameEvent]:
    """IV, VI·B·4 (rules version 19): the villain's turn ends when the villain chooses or when
    no tile can be activated any more. Once a move leaves the villain nothing but ending its
    turn (no tile to activate, no dredging or demobilization, VI F-G, which stay open at any
    moment of the turn while possible), the turn's end effects and what follows them come in
    the same move: the villain is not asked to end it."""
    if state.winner or state.flow.phase != "villain" or to_act(state) != {VILLAIN_SEAT}:
        return []
    end = Move.of("end_villain_turn")
    if MOVES.legal_moves(state, VILLAIN_SEAT) != [end]:
        return []
    return villain.end_turn_apply(state, VILLAIN_SEAT, end, rng)
