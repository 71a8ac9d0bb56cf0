"""Using an effect that asks for choices (a district's, a candidate's district ability, a die
face's): whether it can be resolved in full, the ways to begin it (its first choosing step's
options), and carrying it out. An effect with no way is not usable (advanced.golden.abilities);
getting, healing and recovering may fall short (the exceptions).

Rules version 30: each choosing step is asked on its own. The move that uses the effect names
its first step's way; each later choosing step is asked of the same player when the steps
before it are done (`step_asked`, answered by `choose_step`: stepping.py), so a decision
offers one step's options, never their product. A choice string still joins one part per
choosing step with "|" (a game of rules version 29 or before named them all in one move), and
carrying out takes the parts it is given and asks for the rest."""

from __future__ import annotations

import itertools
import random

from rules_core.engine.effects import Effect
from rules_core.engine.types import EVERYONE
from rules_core.games.black_metro import asking, board, discarding, effect_steps, effects, sources
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro.choices_seen import RESEARCH
from rules_core.games.black_metro.events_standby import CardsCharged, MissionRevealed
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import NOBODY, BlackMetroState, Troop
from rules_core.games.black_metro.vocabulary import CHOOSING

State = BlackMetroState
UNITS = ("subordinate", "paragon", "doom-mechasuit")


def _n(step: Effect, name: str = "amount") -> int:
    return int(str(step.get(name)))


def _resources(state: State, seat: int) -> dict[str, int]:
    player = state.player(seat)
    return {k: player.resource(k) for k in ("gold", "intel", "drakownium")}


def _can_pay(state: State, seat: int, cost: tuple[tuple[str, int], ...]) -> bool:
    have = _resources(state, seat)
    return all(have[k] >= n for k, n in cost)


def _free_zone(state: State, number: int) -> bool:
    district = state.district(number)
    zones = state.the_pack().limit("fortification_zones")
    return len(district.fortifications) < zones and not district.tile


def _research_options(state: State, seat: int, pay: bool) -> list[str]:
    """The technologies the player may research (appendix.science): any of their own deck they
    do not hold yet whose level is at most their scientific level (README: the level reading),
    from level I on, when they can pay its cost. The book orders only what is gained
    (troubleshooting.gain), so a level II player may research a level II technology at once."""
    player = state.player(seat)
    pack = state.the_pack()
    held = player.technologies + player.downed
    if player.science < 1 or (pay and not _can_pay(state, seat, pack.research_cost)):
        return []
    return [
        t.id
        for t in pack.technologies
        if f"{t.id}@{seat}" not in held and t.level <= player.science
    ]


def _can_advance(state: State, seat: int) -> bool:
    player = state.player(seat)
    if player.science >= len(state.the_pack().science):
        return False
    return _can_pay(state, seat, state.the_pack().science[player.science].cost)


def _build_options(state: State, seat: int) -> list[str]:
    player = state.player(seat)
    kinds = []
    if player.fortifications[0]:
        kinds.append("blockade")
    if player.fortifications[1] and player.science >= 2:
        kinds.append("support-base")
    if not player.fortifications[0] and not player.fortifications[1]:
        # none left: one of their own is moved instead (troubleshooting.units.fortifications)
        return _move_options(state, seat, own=True)
    return [
        f"{d.number}:{kind}"
        for d in state.the_pack().districts
        if _free_zone(state, d.number)
        for kind in kinds
    ]


def _move_options(state: State, seat: int, own: bool = False) -> list[str]:
    """owner:kind:from>to for each fortification the player may move (another player's support
    base stays while a fortification of its owner accompanies it; `own`: theirs only)."""
    found = []
    for d in state.the_pack().districts:
        pieces = sorted({(f.owner, f.kind) for f in state.district(d.number).fortifications})
        for owner, kind in pieces:
            if own and owner != seat:
                continue
            if (
                kind == "support-base"
                and owner != seat
                and board.fortifications_of(state, owner, d.number) > 1
            ):
                continue
            found += [
                f"{owner}:{kind}:{d.number}>{t.number}"
                for t in state.the_pack().districts
                if t.number != d.number and _free_zone(state, t.number)
            ]
    return found


def _promote_options(state: State, seat: int, number: int) -> list[str]:
    """What a subordinate at the district (0: in the hideout) may become."""
    player = state.player(seat)
    subordinates = state.district(number).personnel[seat][0] if number else player.hideout[0]
    if not subordinates:
        return []
    found = []
    if player.backup[1] or player.overwhelmed[1]:
        found.append("paragon")
    if player.science >= 3 and (player.backup[2] or player.overwhelmed[2]):
        found.append("doom-mechasuit")
    return found


def _promote_and_build_options(state: State, seat: int) -> list[str]:
    """at:unit:piece for a promotion and a build at one district; "if able", so with no district
    allowing both, as much as can be done (advanced.golden.exceptions): a promotion alone
    ("at:unit:") or a build alone ("at::piece"), the player's pick; [""] when neither can."""
    promotions = [
        (d.number, unit)
        for d in state.the_pack().districts
        for unit in _promote_options(state, seat, d.number)
    ]
    builds = [
        tuple(option.split(":"))
        for option in _build_options(state, seat)
        if option.count(":") == 1  # a build, not a move made instead of one
    ]
    both = [
        f"{at}:{unit}:{piece}"
        for at, unit in promotions
        for where, piece in builds
        if where == str(at)
    ]
    partial = [f"{at}:{unit}:" for at, unit in promotions] + [f"{at}::{p}" for at, p in builds]
    return both or partial or [""]


def _recall_options(state: State, seat: int, number: int, count: int) -> list[str]:
    subs, paragons, suits = state.district(number).personnel[seat]
    return [
        f"{a},{b},{c}"
        for a in range(subs + 1)
        for b in range(paragons + 1)
        for c in range(suits + 1)
        if a + b + c == count
    ]


def _step_options(state: State, seat: int, number: int, step: Effect) -> list[str]:
    """The ways one step can be done ([] none; [""] one, without a choice)."""
    op = step.op
    player = state.player(seat)
    if op == "recall_recruit":
        return _recall_options(state, seat, number, _n(step, "recall"))
    if op == "recover":
        return [u for u, n in zip(UNITS, player.overwhelmed, strict=True) if n]
    if op == "advance_or_research":
        return (["advance"] if _can_advance(state, seat) else []) + [
            f"{RESEARCH}{t}" for t in _research_options(state, seat, pay=True)
        ]
    if op == "build":
        return _build_options(state, seat)
    if op == "move_fortification":
        return _move_options(state, seat)
    if op == "promote":
        return _promote_options(state, seat, number)
    if op == "turn_syndicate":
        return [s for s, _ in state.syndicates]
    if op == "research":
        return _research_options(state, seat, pay=False) or [""]  # if able
    if op == "advance":
        return ["advance", "no"] if _can_advance(state, seat) else ["no"]
    if op == "promote_and_build":
        return _promote_and_build_options(state, seat)
    if op == "return_missions":  # one at a time, "" to stop (rules version 30)
        return ["", *sorted(set(player.missions))]
    if op == "return_mission":
        return sorted(set(player.missions)) or [""]  # if able
    if op == "reveal_mission":
        return sorted(set(m for m in player.missions if m not in player.revealed)) or [""]
    if op == "discard_fortunes" and discarding.one_by_one(_n(step)):
        return [""]  # asked one at a time when done (rules version 29)
    if op == "discard_fortunes":
        count = min(_n(step), len(player.hand))
        return [
            ",".join(c) for c in sorted(set(itertools.combinations(sorted(player.hand), count)))
        ]
    if op == "acquire_power" and step.get("after"):
        return [""] if state.overwhelmed_here[number - 1] else []
    return [""]


def choosing_ops(steps: tuple[Effect, ...]) -> tuple[str, ...]:
    """The ops of the steps that take a part of the choice, in the choice's order."""
    return tuple(step.op for step in steps if step.op in CHOOSING)


def _parts(
    state: State, seat: int, number: int, steps: tuple[Effect, ...], if_able: bool
) -> list[list[str]] | None:
    """The options of each choosing step as the table stands (None when the effect cannot be
    used: a cost it cannot pay, a step it cannot do); `if_able` (an ability saying "if
    able"): a step that cannot be done is left out and the rest is done
    (advanced.golden.exceptions)."""
    if not effects.payable(_resources(state, seat), steps):
        return None
    parts = [_step_options(state, seat, number, s) for s in steps if s.op in CHOOSING]
    if if_able:
        parts = [part or [""] for part in parts]
    for step in steps:
        if step.op == "acquire_power" and not _step_options(state, seat, number, step):
            return None
    return None if any(not p for p in parts) else parts


def choices(
    state: State, seat: int, number: int, steps: tuple[Effect, ...], if_able: bool = False
) -> list[str]:
    """The ways to begin resolving the steps in full ([] when the effect cannot be used): the
    options of its first choosing step ([""] with none). Every choosing step must have one
    now; each after the first is asked once the steps before it are done (rules version 30:
    before, every combination of their options was one way)."""
    parts = _parts(state, seat, number, steps, if_able)
    if parts is None:
        return []
    return parts[0] if parts else [""]


def asks_nothing(state: State, seat: int, number: int, steps: tuple[Effect, ...]) -> bool:
    """Whether the steps can be resolved in full with no choice at all (the solo overlord's)."""
    parts = _parts(state, seat, number, steps, False)
    return parts is not None and all(part == [""] for part in parts)


def step_ways(state: State, seat: int, number: int, step: Effect, taken: int = 0) -> list[str]:
    """The ways a later choosing step can be done now, when its turn comes ([] none: it is
    passed over, the rest of the effect done as far as it can be, advanced.golden.exceptions);
    "up to N" missions returned one at a time, `taken` already."""
    if step.op == "return_missions" and taken >= _n(step):
        return []
    ways = _step_options(state, seat, number, step)
    return [] if ways == [""] and step.op == "return_missions" else ways


RESEARCHING = frozenset({"research", "advance_or_research"})


def unasked(state: State, seat: int, steps: tuple[Effect, ...], ways: list[str]) -> str | None:
    """The way the steps begin without asking (None: ask): their first choosing step's one way
    (`choices`), unless it researches from scientific level I (`_blind`)."""
    first = next((step for step in steps if step.op in CHOOSING), None)
    return asking.forced(ways, hidden=first is not None and _blind(state, seat, first))


def _blind(state: State, seat: int, step: Effect) -> bool:
    """Whether a step researching from scientific level I is asked whatever its ways: what is
    left to name depends on the player's face-down technologies (README: asked whatever those
    leave, even nothing)."""
    return step.op in RESEARCHING and state.player(seat).science >= 1


def carry_out(
    run: Run,
    seat: int,
    number: int,
    steps: tuple[Effect, ...],
    choice: str | None,
    rng: random.Random,
    source: str,
    taken: int = 0,
) -> None:
    """The steps in order, with the chosen way of each choosing step the `choice` names (None:
    none named), each one it does not name asked of the player once the steps before it are
    done (`step_asked`; rules version 30), unless it has one way settled by public facts
    (asking.forced); what they get, spend or lose comes from `source` (sources.py: the
    district's effect, the die face...). `taken`: missions the first step, returning "up to N"
    missions, has returned already."""
    picks = iter(choice.split("|")) if choice is not None else iter(())
    for k, step in enumerate(steps):
        if step.op == "discard_fortunes" and discarding.one_by_one(_n(step)):
            next(picks, "")
            rest = discarding.Rest(number, steps[k + 1 :], "|".join(picks))
            if discarding.ask(run, seat, _n(step), source, rest=rest):
                return  # the rest once they are discarded (rules version 29)
        elif step.op in CHOOSING:
            pick = next(picks, None)
            if pick is None:
                ways = step_ways(run.state, seat, number, step, taken)
                pick = asking.forced(ways, _blind(run.state, seat, step)) if ways else ""
                if pick is None:  # asked on its own (rules version 30)
                    _ask(run, seat, number, steps[k:], source, taken)
                    return
                if not ways:  # nothing left it can do: passed over, and told so
                    _pass_over(run, seat, steps[k:], source)
                    taken = 0
                    continue
            _do(run, seat, number, step, pick, source)
            if step.op == "return_missions" and pick:  # up to N, one at a time
                taken += len(pick.split(","))
                if taken < _n(step) and run.state.player(seat).missions:
                    _ask(run, seat, number, steps[k:], source, taken)
                    return
            taken = 0
        elif step.op == "roll":
            roll(run, seat, str(step.get("dice")), number, rng)
        elif step.op == "take_discarded_fortune":
            effects.take_discarded(run, seat, rng)
        else:
            effects.do_simple(run, seat, (step,), rng, source)


# what the game still waits for of an effect begun: a later step, discards, a die's reroll,
# sabotage or face (a hand limit or the frequency jammer it leaves are decisions of their own)
RESOLVING = frozenset({"step", "discards", "reroll", "sabotage", "dice_choice"})


def bonus_due(run: Run) -> None:
    """A district's effect used in the resolution phase, resolved completely (every step done,
    a die it rolls kept or rerolled and its result carried out): the facility bonuses of its
    player's abilities for that district come now, once an effect (`bonus_due`, cleared by
    the bonus, so an effect begun under rules version 31, which gave it then, gets no
    second). Our reading of the golden rules: an ability is resolved completely
    (advanced.golden.abilities), a die's result being part of the ability that rolls it, and
    each player resolves all of the abilities they choose (advanced.golden.timing), one
    finished before another. Rules version 32 gave it once the effect's steps were done,
    before a die's result. A candidate's district ability, an assignment fortune's effect and
    the overlord's battlefield get none (no effect used: state.bonus_due)."""
    state = run.state
    seat, number = state.bonus_due
    if seat < 0 or any(p.kind in RESOLVING for p in state.flow.prompts):
        return
    for by, ability in board.facility_bonuses(state, seat, number):
        effects.get(run, seat, str(ability.get("resource")), _n(ability), source=by)


def _pass_over(run: Run, seat: int, steps: tuple[Effect, ...], source: str) -> None:
    """The first of `steps`, a choosing step the steps before it left with no way, passed
    over (advanced.golden.exceptions: as much as can be is resolved), told so (`step_passed`,
    rules version 32; before, it was passed over in silence)."""
    option = effect_steps.option_ending(run.state, seat, source, steps)
    run.emit(r.StepPassed(seat=None, owner=seat, reason=source, option=option, left=len(steps)))


def _ask(
    run: Run, seat: int, number: int, steps: tuple[Effect, ...], source: str, taken: int
) -> None:
    """The first of `steps`, a choosing step, asked of `seat` on its own (public: which step of
    which effect, how many are left; stepping.py answers it)."""
    option = effect_steps.option_ending(run.state, seat, source, steps)
    run.emit(
        r.StepAsked(
            seat=None,
            owner=seat,
            reason=source,
            option=option,
            district=number,
            left=len(steps),
            taken=taken,
        )
    )


def roll(
    run: Run, seat: int, dice: str, number: int, rng: random.Random, reroll: bool = False
) -> None:
    """A die rolled; its face is carried out at once unless its roller may reroll first."""
    face = rng.randint(1, 6)
    run.emit(r.DiceRolled(seat=None, owner=seat, dice=dice, face=face, reroll=reroll))
    if not waiting_on_roll(run):
        apply_face(run, seat, dice, face, number, rng)


def waiting_on_roll(run: Run) -> bool:
    """Whether a reroll (the roller's, or the Gambler's sabotage) is being asked."""
    prompts = run.state.flow.prompts
    return bool(prompts) and prompts[0].kind in ("reroll", "sabotage")


def apply_face(run: Run, seat: int, dice: str, face: int, number: int, rng: random.Random) -> None:
    """A kept face: done at once, or (a choice to make) asked of its roller."""
    options = run.state.the_pack().die(dice).faces[face - 1].options
    if dice == "event":  # event 1 strikes first, its tile chosen after
        from rules_core.games.black_metro import standby  # (standby rolls dice: it builds on us)

        if face == standby.explosion_face(run.state):
            standby.explode(run, "", rng)
            return
    if len(options) > 1:  # the event dice: its roller chooses the option every player follows
        run.emit(
            r.RollToResolve(seat=None, owner=seat, dice=dice, face=face, district=0, option=-1)
        )
        return
    steps, if_able = options[0].steps, options[0].if_able
    if not choices(run.state, seat, number, steps, if_able):  # resolved in full or not at all
        return
    source = sources.of(sources.DICE, dice, face)
    start = asked_from(steps)
    if start:  # what comes before the first choice is done before it is asked
        carry_out(run, seat, number, steps[:start], "", rng, source)
        steps = steps[start:]
    ways = choices(run.state, seat, number, steps, if_able)
    way = unasked(run.state, seat, steps, ways)
    if way is not None:
        carry_out(run, seat, number, steps, way, rng, source)
    elif ways:
        run.emit(
            r.RollToResolve(
                seat=None, owner=seat, dice=dice, face=face, district=number, start=start
            )
        )


def asked_from(steps: tuple[Effect, ...]) -> int:
    """Where a die face's first choice comes among its steps: the steps before it are done
    first, so the choice sees what they did (the supply dice's valuable artefact draws its
    mission, and then the missions to return are chosen, the drawn one among them:
    appendix.dice.supply; rules version 19)."""
    return next((i for i, step in enumerate(steps) if step.op in CHOOSING), len(steps))


def _do(run: Run, seat: int, number: int, step: Effect, pick: str, source: str) -> None:
    """One choosing step done the way picked; fortunes it discards are discarded for `source`
    (sources.py)."""
    state = run.state
    pack = state.the_pack()
    op = step.op
    if op == "recall_recruit" and pick:
        troop: Troop = tuple(int(x) for x in pick.split(","))  # type: ignore[assignment]
        run.emit(r.Recalled(seat=None, owner=seat, district=number, troop=troop, by_effect=True))
        effects.recruit(run, seat, _n(step, "recruit"), district=number)
    elif op == "recover" and pick:
        back = tuple(int(u == pick) for u in UNITS)
        run.emit(r.Recovered(seat=None, owner=seat, troop=back))  # type: ignore[arg-type]
        effects.hideout_limits(run, seat)
    elif op in ("advance_or_research", "advance") and pick == "advance":
        level = state.player(seat).science
        for resource, amount in pack.science[level].cost:
            effects.pay(run, seat, resource, amount, source=sources.of(sources.SCIENCE, level + 1))
        run.emit(r.ScienceAdvanced(seat=None, owner=seat, level=level + 1))
    elif op == "advance_or_research" and pick.startswith(RESEARCH):
        for resource, amount in pack.research_cost:
            effects.pay(run, seat, resource, amount, source=sources.of(sources.RESEARCH))
        effects.research_technology(run, seat, pick.removeprefix(RESEARCH))
    elif op == "research" and pick:
        effects.research_technology(run, seat, pick)
        if step.get("charged"):  # event 4: researched and charged at once
            tech = run.state.player(seat).downed[-1]
            run.emit(CardsCharged(seat=None, owner=seat, technologies=(tech,)))
    elif op == "build" and pick.count(":") == 1:
        where, kind = pick.split(":")
        run.emit(r.FortificationBuilt(seat=None, owner=seat, district=int(where), kind=kind))
    elif op in ("build", "move_fortification") and ">" in pick:
        owner, kind, route = pick.split(":")
        source, target = route.split(">")
        run.emit(
            r.FortificationMoved(
                seat=None, owner=int(owner), kind=kind, source=int(source), target=int(target)
            )
        )
    elif op == "promote" and pick:
        _promote(run, seat, number, pick)
    elif op == "promote_and_build" and pick:
        at, unit, piece = pick.split(":")
        if unit:
            _promote(run, seat, int(at), unit)
        if piece:
            run.emit(r.FortificationBuilt(seat=None, owner=seat, district=int(at), kind=piece))
    elif op == "turn_syndicate":
        run.emit(r.SyndicateTurned(seat=None, syndicate=pick))
    elif op == "reveal_mission" and pick:
        run.emit(MissionRevealed(seat=None, owner=seat, card=pick))
    elif op == "discard_fortunes" and pick:
        discarded = tuple(pick.split(","))
        run.emit(ef.FortunesDiscarded(seat=None, owner=seat, cards=discarded, reason=source))
    elif op in ("return_missions", "return_mission") and pick:
        for card in pick.split(","):
            seen = card in run.state.player(seat).revealed  # the table saw it leave the hand
            knower = EVERYONE if seen else NOBODY
            run.emit(e.MissionReturned(seat=None, owner=seat, card=card, knower=knower))


def _promote(run: Run, seat: int, number: int, unit: str) -> None:
    index = UNITS.index(unit)
    from_bag = not run.state.player(seat).backup[index]
    run.emit(
        r.Promoted(seat=None, owner=seat, district=number, unit=index, from_overwhelmed=from_bag)
    )
