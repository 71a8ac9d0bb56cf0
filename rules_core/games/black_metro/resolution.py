"""The resolution phase: districts in initiative order; at each, its players from the relic
player clockwise may use its effects in list order (each optional, each in full) and their
candidate's district ability; at the Combat Zone only its dominating player."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.engine.flow import Prompt, clockwise
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.black_metro import (
    board,
    cards,
    facilities,
    language,
    sources,
    standby,
)
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro.checks import reject, unheld_fortune
from rules_core.games.black_metro.choices_seen import split_choice
from rules_core.games.black_metro.effect_steps import district_steps
from rules_core.games.black_metro.events_standby import EventChosen
from rules_core.games.black_metro.evolve_resolution import jam_targets
from rules_core.games.black_metro.pack import Ability
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from rules_core.games.black_metro.vocabulary import ACTIONS, say_all

State = BlackMetroState
BATTLEFIELD = 12
ORDINALS = ("first", "second", "third")  # an event's options, as the relic player picks one


def proceed(run: Run, rng: random.Random) -> None:
    """Once an effect is resolved completely, its facility bonus; then open the next district
    with players to resolve it; after the last, the standby phase."""
    facilities.bonus_due(run)
    _skip_spent(run)
    state = run.state
    if state.phase != "resolution" or state.flow.prompts or state.exchange is not None:
        return
    for number in range(state.resolving + 1, BATTLEFIELD + 1):
        players = _players(run.state, number)
        overlord = run.state.overlord
        if number == BATTLEFIELD and overlord is not None and overlord in players:
            _overlord_battlefield(run, rng)  # the overlord resolves battlefields by the rules
            players = ()
        if players:
            run.emit(_resolving(run.state, number, players))
            _skip_spent(run)
            if run.state.flow.prompts:
                return
    run.emit(e.PhaseBegan(seat=None, phase="standby"))
    standby.begin(run, rng)


def _skip_spent(run: Run) -> None:
    """A player with nothing left to use at the district is done (everything it depends on is
    public: resources, personnel, the effects already used)."""
    while run.state.phase == "resolution" and run.state.flow.prompts:
        prompt = run.state.flow.prompts[0]
        if prompt.kind != "resolve" or _use_offers(run.state, prompt.seat):
            return
        run.emit(r.ResolutionDone(seat=None, owner=prompt.seat))


def _players(state: State, number: int) -> tuple[int, ...]:
    """Who resolves a district, from the relic player clockwise: a facility's players with
    personnel there (not the overlord); the battlefield's dominating player only."""
    if number == BATTLEFIELD:
        dominator = state.asserted[BATTLEFIELD - 1]
        return (
            (dominator,)
            if dominator >= 0 and state.district(number).has_personnel(dominator)
            else ()
        )
    order = clockwise(len(state.players), state.relic)
    return tuple(
        p
        for p in order
        if p != state.overlord
        and (state.district(number).has_personnel(p) or _remote(state, p, number))
    )


def _resolving(state: State, number: int, players: tuple[int, ...]) -> r.DistrictResolving:
    """The district's resolution by `players`: whether the solo overlord's personnel are at the
    facility (he uses nothing), whether one of them is there by the Expiditry Matrix alone."""
    district = state.district(number)
    overlord = state.overlord
    return r.DistrictResolving(
        seat=None,
        district=number,
        players=players,
        overlord_there=number != BATTLEFIELD
        and overlord is not None
        and district.has_personnel(overlord),
        remote=any(not district.has_personnel(p) for p in players),
    )


def _remote(state: State, seat: int, number: int) -> bool:
    """Expiditry Matrix: the candidate's district ability used without personnel there."""
    player = state.player(seat)
    return (
        board.has(state, seat, "candidate_district_anywhere")
        and bool(player.candidate)
        and player.candidate_charged
        and state.the_pack().candidate(player.candidate).district == number
    )


def _overlord_battlefield(run: Run, rng: random.Random) -> None:
    overlord = run.state.overlord
    assert overlord is not None
    for k, ability in enumerate(run.state.the_pack().district(BATTLEFIELD).effects, start=1):
        if facilities.asks_nothing(run.state, overlord, BATTLEFIELD, ability.steps):
            source = sources.of(sources.DISTRICT, BATTLEFIELD, k)
            none = "|".join("" for _ in facilities.choosing_ops(ability.steps))
            facilities.carry_out(run, overlord, BATTLEFIELD, ability.steps, none, rng, source)


def _asked(state: State, seat: int, kind: str) -> bool:
    prompt = state.flow.prompt_for(seat)
    return prompt is not None and prompt.kind == kind


def steps_for(state: State, seat: int, effect: int) -> tuple[Effect, ...]:
    """What an effect of the district being resolved does for `seat` (effect_steps)."""
    return district_steps(state, seat, state.resolving, effect)


def _use_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "resolve"):
        return []
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    number, first = state.resolving, int(str(prompt.get("next")))
    present = state.district(number).has_personnel(seat)
    moves = [
        Move.of("use_effect", effect=k, choice=c)
        for k in range(first, 3 if present else 1)
        for c in facilities.choices(state, seat, number, steps_for(state, seat, k))
    ]
    player = state.player(seat)
    if (
        not prompt.get("candidate")
        and player.candidate
        and player.candidate_charged
        and state.the_pack().candidate(player.candidate).district == number
    ):
        moves += [
            Move.of("use_effect", effect=0, choice=c)
            for c in facilities.choices(state, seat, number, steps_for(state, seat, 0))
        ]
    return moves


def _use_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "resolve"):
        return reject("not_now", "You are not resolving a district now.")
    effect = move.get("effect")
    if not isinstance(effect, int) or isinstance(effect, bool) or not 0 <= effect <= 9:
        return reject(  # checked first: an offer's effect 1 would equal True
            "cannot_resolve",
            "Name the effect by its place in the district's list (1 for the first; 0 for "
            "your candidate's ability).",
        )
    if move not in _use_offers(state, seat):
        return reject(
            "cannot_resolve",
            f"Effect {effect} cannot be used that way now: effects go in list order, "
            "each once, and are resolved in full or not at all.",
        )
    return None


def _use(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    effect, choice = int(str(move.get("effect"))), str(move.get("choice"))
    number = state.resolving
    steps = steps_for(state, seat, effect)
    shown, cards = split_choice(choice, facilities.choosing_ops(steps))
    run.emit(
        r.EffectUsed(
            seat=seat, owner=seat, district=number, effect=effect, choice=shown, cards=cards
        )
    )
    source = sources.of(sources.DISTRICT, number, effect)
    facilities.carry_out(run, seat, number, steps_for(state, seat, effect), choice, rng, source)
    proceed(run, rng)
    return run.events


def _done(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(r.ResolutionDone(seat=seat, owner=seat))
    proceed(run, rng)
    return run.events


def _reroll_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "reroll"):
        return []
    return [Move.of("reroll", card=c) for c in cards.one_of_each(state.player(seat).hand)]


def _reroll_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "reroll"):
        return reject("not_now", "No die of yours waits for a reroll.")
    if move.get("card") not in state.player(seat).hand:
        return unheld_fortune(move.get("card"))
    return None


def _reroll(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    run = Run(state)
    card, dice = str(move.get("card")), str(prompt.get("dice"))
    why = sources.of(sources.REROLL, dice)
    run.emit(ef.FortunesDiscarded(seat=seat, owner=seat, cards=(card,), reason=why))
    number = int(str(prompt.get("district")))
    facilities.roll(run, seat, dice, number, rng, reroll=True)
    _after_roll(run, rng)
    return run.events


def _keep(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    run = Run(state)
    run.emit(r.RollKept(seat=seat, owner=seat))
    if facilities.waiting_on_roll(run):  # the Gambler may make it reroll
        return run.events
    dice, face = str(prompt.get("dice")), int(str(prompt.get("face")))
    facilities.apply_face(run, seat, dice, face, int(str(prompt.get("district"))), rng)
    _after_roll(run, rng)
    return run.events


def _sabotage_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "sabotage"):
        return []
    return [Move.of("sabotage", card=c) for c in cards.one_of_each(state.player(seat).hand)]


def _sabotage_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "sabotage"):
        return reject("not_now", "No roll of another player waits for your sabotage.")
    if move.get("card") not in state.player(seat).hand:
        return unheld_fortune(move.get("card"))
    return None


def _sabotage(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    run = Run(state)
    roller, number = int(str(prompt.get("roller"))), int(str(prompt.get("district")))
    card, dice = str(move.get("card")), str(prompt.get("dice"))
    why = sources.of(sources.SABOTAGE, roller, dice)
    run.emit(ef.FortunesDiscarded(seat=seat, owner=seat, cards=(card,), reason=why))
    facilities.roll(run, roller, dice, number, rng, reroll=True)
    _after_roll(run, rng)
    return run.events


def _allow(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    run = Run(state)
    run.emit(r.SabotageDeclined(seat=seat, owner=seat))
    roller, number = int(str(prompt.get("roller"))), int(str(prompt.get("district")))
    dice, face = str(prompt.get("dice")), int(str(prompt.get("face")))
    facilities.apply_face(run, roller, dice, face, number, rng)
    _after_roll(run, rng)
    return run.events


def _jam_offers(state: State, seat: int) -> list[Move]:
    prompt = state.flow.prompt_for(seat)
    if prompt is None or prompt.kind != "jammer":
        return []
    level = int(str(prompt.get("level")))
    return [Move.of("jam", card=c) for c in sorted(jam_targets(state, seat, level))]


def _jam_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "jammer"):
        return reject("not_now", "Your frequency jammer is used after you research.")
    if move not in _jam_offers(state, seat):
        prompt = state.flow.prompt_for(seat)
        assert prompt is not None
        return reject(
            "no_jam_target",
            f"Down another player's charged technology of level {prompt.get('level')}, or of a"
            " lower level when nobody has one of that level.",
        )
    return None


def _jam(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    tech, _, owner = str(move.get("card")).partition("@")
    run = Run(state)
    run.emit(r.TechnologyJammed(seat=seat, owner=int(owner), technology=tech))
    standby.carry_on(run, rng)
    return run.events


def _no_jam(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state)
    run.emit(r.JamForgone(seat=seat, owner=seat))
    standby.carry_on(run, rng)
    return run.events


def _after_roll(run: Run, rng: random.Random) -> None:
    """A die's result done: the phase goes on."""
    standby.carry_on(run, rng)


def face_steps(state: State, seat: int) -> tuple[int, tuple[Effect, ...]]:
    """The district and the steps of the die face `seat` is asked to resolve now."""
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    return prompt_steps(state, prompt)


def roll_ops(state: State, seat: int) -> tuple[str, ...]:
    """The choosing ops of the die face `seat` is asked to resolve, from its dice-choice prompt
    (none when it has none naming a face: its choice is then worded by its own shape)."""
    asked = next(
        (
            p
            for p in state.flow.prompts
            if p.seat == seat and p.kind == "dice_choice" and p.get("face") is not None
        ),
        None,
    )
    return () if asked is None else facilities.choosing_ops(prompt_steps(state, asked)[1])


def prompt_ability(state: State, prompt: Prompt) -> Ability:
    """The die face's option a dice-choice prompt asks to resolve."""
    dice, face = str(prompt.get("dice")), int(str(prompt.get("face")))
    option = max(0, int(str(prompt.get("option"))))
    return state.the_pack().die(dice).faces[face - 1].options[option]


def prompt_steps(state: State, prompt: Prompt) -> tuple[int, tuple[Effect, ...]]:
    """The district and the steps of the die face a dice-choice prompt asks to resolve (from
    the step its choice begins at: those before it are done)."""
    start = int(str(prompt.get("start", 0)))
    return int(str(prompt.get("district"))), prompt_ability(state, prompt).steps[start:]


def prompt_source(prompt: Prompt) -> str:
    """The die face a dice-choice prompt asks to resolve, as a source (sources.py)."""
    return sources.of(sources.DICE, str(prompt.get("dice")), str(prompt.get("face")))


def _choosing_event(state: State, seat: int) -> int:
    """The event face whose option the relic player chooses now (0: none)."""
    prompt = state.flow.prompt_for(seat)
    if prompt is None or prompt.kind != "dice_choice" or prompt.get("option") != -1:
        return 0
    return int(str(prompt.get("face")))


def _struck(state: State, seat: int) -> int:
    """The district event 1's explosion struck, whose tile the seat chooses (0: none)."""
    prompt = state.flow.prompt_for(seat)
    return int(str(prompt.get("district"))) if prompt is not None else 0


def _face_offers(state: State, seat: int) -> list[Move]:
    if not _asked(state, seat, "dice_choice"):
        return []
    face = _choosing_event(state, seat)
    if face:
        options = state.the_pack().die("event").faces[face - 1].options
        return [Move.of("resolve_roll", choice=ORDINALS[k]) for k in range(len(options))]
    number, steps = face_steps(state, seat)
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    if_able = prompt_ability(state, prompt).if_able
    return [
        Move.of("resolve_roll", choice=c)
        for c in facilities.choices(state, seat, number, steps, if_able)
    ]


def _face_check(state: State, seat: int, move: Move) -> Rejection | None:
    if not _asked(state, seat, "dice_choice"):
        return reject("not_now", "No die of yours waits to be resolved.")
    if move not in _face_offers(state, seat):
        return reject("cannot_resolve", "The die's result cannot be resolved that way.")
    return None


def _face(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    face = _choosing_event(state, seat)
    if face:
        run = Run(state)
        option = ORDINALS.index(str(move.get("choice")))
        run.emit(EventChosen(seat=seat, owner=seat, face=face, option=option))
        standby.apply_event(run, face, option, rng, _struck(state, seat))
        _after_roll(run, rng)
        return run.events
    number, steps = face_steps(state, seat)
    run = Run(state)
    shown, cards = split_choice(str(move.get("choice")), roll_ops(state, seat))
    run.emit(r.RollResolved(seat=seat, owner=seat, choice=shown, cards=cards))
    prompt = state.flow.prompt_for(seat)
    assert prompt is not None
    choice = str(move.get("choice"))
    facilities.carry_out(run, seat, number, steps, choice, rng, prompt_source(prompt))
    _after_roll(run, rng)
    return run.events


def _label_use(state: State, seat: int, move: Move) -> str:
    effect, choice = int(str(move.get("effect"))), str(move.get("choice"))
    steps = steps_for(state, seat, effect)
    place = ORDINALS[effect - 1] if effect <= len(ORDINALS) else f"number {effect}"
    what = "your candidate's ability" if effect == 0 else f"the {place} effect"
    how = f": {language.choice(state, choice, facilities.choosing_ops(steps))}" if choice else ""
    return f"Use {what} ({say_all(ACTIONS, steps)})" + how


def _label_roll(state: State, seat: int, move: Move) -> str:
    choice = str(move.get("choice"))
    face = _choosing_event(state, seat)
    if face and choice in ORDINALS:
        option = ORDINALS.index(choice)
        return f"Choose for {event_option(state, face, option, _struck(state, seat))}"
    prompt = state.flow.prompt_for(seat)
    chosen = language.choice(state, choice, roll_ops(state, seat))
    if prompt is not None and prompt.get("dice") == "event":  # an option every player carries out
        return f"Carry out {language.event(state, int(str(prompt.get('face'))))}: {chosen}"
    return f"Resolve the die: {chosen}"


def event_option(state: State, face: int, option: int, struck: int = 0) -> str:
    """An option of an event in words, for every player or, an explosion, once for the city
    ("event 2 (chaotic winds): every player is to draw 1 fortune"; event 1's tile, chosen once
    the explosion struck: "event 1 (massive explosion): lay the trading market tile at …")."""
    steps = state.the_pack().die("event").faces[face - 1].options[option].steps
    if steps[0].op == "explode":
        tile = language.tile(state, str(steps[0].get("tile")))
        at = f" at {language.district(state, struck)}" if struck else ""
        return f"{language.event(state, face)}: lay the {tile} tile{at}"
    to_whom = "every player is to "
    return f"{language.event(state, face)}: {to_whom}{say_all(ACTIONS, steps)}"


def _simple(kind: str) -> object:
    def check(state: State, seat: int, move: Move) -> Rejection | None:
        return None if _asked(state, seat, kind) else reject("not_now", "That is not asked now.")

    return check


RESOLUTION_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule(
        "sabotage",
        ("card",),
        _sabotage_offers,
        _sabotage_check,
        _sabotage,
        lambda s, seat, m: (
            f"Discard {language.fortune(str(m.get('card')))}: "
            + f"{language.who(s, int(str(s.flow.prompts[0].get('roller'))))} rerolls"
        ),
    ),
    MoveRule(
        "allow_roll",
        (),
        lambda s, seat: [Move.of("allow_roll")] if _asked(s, seat, "sabotage") else [],
        _simple("sabotage"),  # type: ignore[arg-type]
        _allow,
        lambda s, seat, m: "Let the roll stand",
    ),
    MoveRule(
        "jam",
        ("card",),
        _jam_offers,
        _jam_check,
        _jam,
        lambda s, seat, m: (
            f"Jam {language.who(s, int(str(m.get('card')).partition('@')[2]))}'s "
            + s.the_pack().technology(str(m.get("card"))).name
        ),
    ),
    MoveRule(
        "no_jam",
        (),
        lambda s, seat: [Move.of("no_jam")] if _asked(s, seat, "jammer") else [],
        _simple("jammer"),  # type: ignore[arg-type]
        _no_jam,
        lambda s, seat, m: "Jam nothing",
    ),
    MoveRule("use_effect", ("effect", "choice"), _use_offers, _use_check, _use, _label_use),
    MoveRule(
        "done_resolving",
        (),
        lambda s, seat: [Move.of("done_resolving")] if _asked(s, seat, "resolve") else [],
        _simple("resolve"),  # type: ignore[arg-type]
        _done,
        lambda s, seat, m: f"Done at {language.district(s, s.resolving)}",
    ),
    MoveRule(
        "reroll",
        ("card",),
        _reroll_offers,
        _reroll_check,
        _reroll,
        lambda s, seat, m: f"Discard {language.fortune(str(m.get('card')))} to reroll",
    ),
    MoveRule(
        "keep_roll",
        (),
        lambda s, seat: [Move.of("keep_roll")] if _asked(s, seat, "reroll") else [],
        _simple("reroll"),  # type: ignore[arg-type]
        _keep,
        lambda s, seat, m: "Keep the roll",
    ),
    MoveRule(
        "resolve_roll",
        ("choice",),
        _face_offers,
        _face_check,
        _face,
        _label_roll,
    ),
)
