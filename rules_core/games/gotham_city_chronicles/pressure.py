"""What the villain's side has set up, for the bots' evaluation (evaluation.py): each term 0 to 1.

A strong villain values what its turn can still do and what it leaves ready, not only the turns
passing (IV, VI B): the characters of the tile being activated that have yet to act (VI·B·3 [e],
VI C) with the attacks they can still make on an enemy (a hero or a heroes' side character,
IX M) and the mission action they can still carry out (arming a token that counts down);
characters standing near their enemies or at a token they may arm with a later activation;
and the energy spent before the turn passes, since the upkeep villain step (VI B 1) recovers
only what lies in the fatigue zone, up to the recovery value (VI·A·1 2-3): a cube still in
reserve when the turn ends is a cube the next turn cannot add.
"""

from __future__ import annotations

from rules_core.engine.effects import Effect
from rules_core.games.gotham_city_chronicles.dice import colour, successes_shown
from rules_core.games.gotham_city_chronicles.geometry import distance
from rules_core.games.gotham_city_chronicles.mission import EndCondition, MissionAction
from rules_core.games.gotham_city_chronicles.special_rules import effect_steps, holds
from rules_core.games.gotham_city_chronicles.state import Character, GccState, TokenState

FAR = 6  # distances beyond this count as far
READY = 0.2  # a character not in hand needs a tile activation (and its cost) to act
IN_HAND = 0.8  # one that may act in this activation still has to do it (and may be stopped)
DEFENDED = 0.5  # the share of an attack's successes a hero's defense leaves as wounds (VII)
ATTACKS = ("melee", "ranged")


def closeness(state: GccState, start: str, end: str) -> float:
    """1 in the same area, 0 far away or out of reach (or either area unknown)."""
    if not start or not end:
        return 0.0
    steps = distance(state.board_pack.board, start, end)
    return 0.0 if steps is None else 1 - min(steps, FAR) / FAR


def _in_hand(state: GccState) -> dict[str, str]:
    """The characters that may still act in the tile activation under way, each with the stage
    it is at ("" not yet designated): the tile's characters on the board not yet activated, and
    the one being activated unless it is past its action (VI C 1-6)."""
    activation = state.activation
    if activation is None or activation.event:
        return {}
    found = {
        c.id: ""
        for c in state.characters
        if c.tile == activation.tile and c.area and c.id not in activation.done
    }
    if activation.character in found:
        if activation.stage == "second_move":
            del found[activation.character]
        else:
            found[activation.character] = activation.stage
    return found


def _mean_successes(state: GccState, dice: tuple[str, ...]) -> float:
    """The expected successes of a pool (each die's faces, a reroll icon ignored)."""
    pack = state.board_pack
    return sum(sum(faces) / len(faces) for faces in (pack.faces(colour(d)) for d in dice) if faces)


def _attacks_left(state: GccState, character: Character, stage: str) -> float:
    """The expected successes of the attacks a character in hand can still make this
    activation: its best attack characteristic times the repeats left (VI·C·5), none once it
    has declared another action."""
    activation = state.activation
    tile = state.board_pack.tile(character.tile)
    best = 0.0
    for kind in ATTACKS:
        for number, characteristic in enumerate(tile.characteristics(kind)):
            repeats = characteristic.multiplier
            if activation is not None and stage == "action" and activation.action:
                same = activation.action == f"{kind}:{number}"  # as an attack records it
                repeats = characteristic.multiplier - activation.times if same else 0
            best = max(best, max(repeats, 0) * _mean_successes(state, characteristic.dice))
    return best


def targets(state: GccState) -> list[str]:
    """Where the villain's characters' enemies stand (IX M): each standing hero's area, then
    each area of a heroes' side character on the board."""
    heroes = [h.area for h in state.heroes if not h.zones.neutralized and h.area]
    pack = state.board_pack
    allies = [c.area for c in state.characters if c.area and pack.tile(c.tile).side == "heroes"]
    return heroes + allies


def _reach(state: GccState, character: Character, stage: str) -> float:
    """How surely a character in hand reaches an enemy (`targets`): in its area, 1; otherwise,
    if it may still move first (not designated or in its first movement), by closeness; else 0."""
    enemies = targets(state)
    if character.area in enemies:
        return 1.0
    if stage not in ("", "first_move"):
        return 0.0
    return max((closeness(state, character.area, a) for a in enemies), default=0.0) ** 2


def _attack_under_way(state: GccState) -> float:
    """The successes of a character's attack rolled and not yet turned into wounds (its roll
    waiting for rerolls, or the fight waiting for the hero's defense)."""
    pack = state.board_pack
    roll, fight = state.roll, state.fight
    if fight is None or not state.has_character(fight.attacker):
        return 0.0
    if fight.successes >= 0:
        return float(fight.successes)  # counted: the automatic ones in
    if roll is not None and roll.purpose == "attack":
        faces = {colour(d): pack.faces(colour(d)) for d in roll.pool}
        return float(successes_shown(faces, roll.pool, roll.faces) + fight.automatic)
    return 0.0


def wounds_in_hand(state: GccState) -> float:
    """The wounds the villain's attacks under way and the characters still in hand may be
    expected to deal (their attacks' successes, less a hero's defense), in wounds like those
    already dealt."""
    return DEFENDED * _attack_under_way(state) + sum(
        DEFENDED
        * _reach(state, state.character(c), s)
        * _attacks_left(state, state.character(c), s)
        for c, s in _in_hand(state).items()
    )


def _step(action: MissionAction, op: str, name: str) -> str:
    """An argument of the first step of an operation in a mission action's effect ("" none)."""
    return next((str(s.get(name)) for s in action.effect if s.op == op), "")


def _exposure(state: GccState, token: TokenState, token_state: str) -> float:
    """1, less when a standing hero is near a token in a state the mission lets the heroes undo
    (their mission action on that token and state): 0.4 with one at it."""
    undo = any(
        a.side == "heroes" and a.token == token.id and a.state == token_state
        for a in state.board_pack.mission.actions
    )
    if not undo:
        return 1.0
    near = max(
        (closeness(state, h.area, token.area) for h in state.heroes if not h.zones.neutralized),
        default=0.0,
    )
    return 1 - 0.6 * near


def _ticking(state: GccState, token: TokenState) -> bool:
    """Whether a token's countdown runs on to its end: an upkeep effect of the mission counts it
    down or sets it off in the state it is in (an armed bomb; a defused one keeps the count it
    stopped at, and no upkeep effect follows from that)."""
    return any(
        u.token == token.id and u.state == token.state and u.countdown != "any"
        for u in state.board_pack.mission.upkeep
    )


def countdown_threat(state: GccState) -> float:
    """0 to 1: how near a counting-down token is to its end (an armed bomb), less when a
    standing hero is near it to undo it. At 0 it goes off at the next upkeep (IV A): as near as
    at 1, the most the term gives (`villain_sure` takes over once no hero can undo it)."""
    return max(
        (
            _exposure(state, t, t.state) / max(t.countdown, 1)
            for t in state.tokens
            if _ticking(state, t)
        ),
        default=0.0,
    )


def heroes_play_before_upkeep(state: GccState) -> bool:
    """Whether the heroes' side still plays before the next upkeep (IV): in the upkeep and in
    their own turn, and in the villain's turn when the villain has the initiative."""
    if state.flow.phase == "villain":
        return state.board_pack.mission.initiative == "villain"
    return True


def _sets_off(steps: tuple[Effect, ...], won: list[EndCondition]) -> bool:
    """Whether an effect's steps set a token to a state one of the `won` ends is met by (the
    bomb explodes)."""
    met = {(e.token, e.state) for e in won if e.when == "token_state"}
    return any(
        step.op == "set_state" and (step.get("token"), step.get("state")) in met for step in steps
    )


def villain_sure(state: GccState) -> bool:
    """Whether the villain's win no longer depends on the heroes: an upkeep effect under way
    ends in it (the bomb going off, its miniatures' rolls still being taken); or the heroes play
    no more before the next upkeep (`heroes_play_before_upkeep`), and then the last turn ends
    with a turn limit the villain wins by (IV E), or the next upkeep sets off a countdown at 0
    into an end the villain wins by (IV A: the armed bomb explodes)."""
    mission = state.board_pack.mission
    won = [e for e in mission.ends if e.winner == "villain"]
    going = state.sequel
    if (
        going
        and going.origin == "upkeep"
        and _sets_off(effect_steps(mission, going)[going.step :], won)
    ):
        return True
    if heroes_play_before_upkeep(state):
        return False
    if state.turn >= mission.turn_limit:
        return any(e.when == "turn_limit" for e in won)
    return any(
        u.countdown == "zero" and holds(state, u) and _sets_off(u.effect, won)
        for u in mission.upkeep
    )


def _may_still(state: GccState, stage: str | None, action: str) -> bool:
    """Whether a character in hand at `stage` (None: not in hand) may still carry out a
    mission action this activation: before its action, or repeating that one (VI·C·3-5)."""
    if stage is None:
        return False
    activation = state.activation
    declared = activation.action if activation is not None and stage == "action" else ""
    return declared in ("", action)


def armable(state: GccState) -> float:
    """0 to 1: how near the villain is to starting a countdown the mission lets it start (arming
    a bomb): the countdown's weight (1 / its turns, as an armed token's threat) times how ready
    its best-placed character with the action's characteristic is: in hand and at the token
    most, ready for a later activation less, by closeness to the token."""
    pack = state.board_pack
    hand = _in_hand(state)
    best = 0.0
    for action in pack.mission.actions:
        turns = int(_step(action, "start_countdown", "turns") or 0)
        if action.side != "villain" or not turns:
            continue
        token = next((t for t in state.tokens if t.id == action.token), None)
        if token is None or token.state != action.state:
            continue
        after = _step(action, "set_state", "state") or token.state
        weight = _exposure(state, token, after) / turns
        for c in state.characters:
            tile = pack.tile(c.tile)
            if not c.area or tile.side != "villain" or not tile.characteristics(action.action):
                continue
            ready = IN_HAND if _may_still(state, hand.get(c.id), action.id) else READY
            best = max(best, ready * closeness(state, c.area, token.area) * weight)
    return best


def menace(state: GccState) -> float:
    """0 to 1: the villain's characters on the board standing near an enemy (a standing hero or
    a heroes' side character, `targets`: ready to attack with a later activation), their mean
    closeness to the nearest."""
    enemies = targets(state)
    pack = state.board_pack
    standing = [c for c in state.characters if c.area and pack.tile(c.tile).side == "villain"]
    if not enemies or not standing:
        return 0.0
    near = [max(closeness(state, c.area, a) for a in enemies) for c in standing]
    return sum(near) / len(near)


def unspent(state: GccState) -> float:
    """0 to 1: the share of the villain's recovery the next upkeep villain step would not use
    (VI·A·1 3): the recovery value less the cubes in the fatigue zone, as a share of it."""
    recovery = state.board_pack.mission.villain_recovery
    if recovery <= 0:
        return 0.0
    return max(recovery - state.villain.fatigue, 0) / recovery
