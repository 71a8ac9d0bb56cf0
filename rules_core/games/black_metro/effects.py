"""What happens at the table when a step of an effect is done for a player: the events it makes,
within the limits (15 of a resource, strain beyond 15 costs power, 5 fortunes in hand, hideout
limits) and the golden rules of abilities (as much as possible where the book allows it)."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.events_dominance import DiscardTaken
from rules_core.games.black_metro.events_standby import TechnologiesDowned
from rules_core.games.black_metro.pack import Technology
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import NOBODY, BlackMetroState, Troop, troop_size


def _n(step: Effect, name: str = "amount") -> int:
    value = step.get(name)
    assert isinstance(value, int)
    return value


def get(run: Run, owner: int, resource: str, amount: int, *, source: str) -> None:
    """Get up to `amount` (never beyond the most a tracker holds; golden rules' exceptions),
    from `source` (sources.py)."""
    most = run.state.the_pack().limit("resource_max")
    got = min(amount, max(0, most - run.state.player(owner).resource(resource)))
    if got:
        run.emit(
            e.ResourceChanged(seat=None, owner=owner, resource=resource, amount=got, source=source)
        )


def pay(run: Run, owner: int, resource: str, amount: int, *, source: str) -> None:
    """Spend or lose up to `amount` (what the player has), for `source` (sources.py)."""
    paid = min(amount, run.state.player(owner).resource(resource))
    if paid:
        run.emit(
            e.ResourceChanged(
                seat=None, owner=owner, resource=resource, amount=-paid, source=source
            )
        )


def inflict(run: Run, owner: int, amount: int, *, cause: str) -> None:
    """Strain on `owner` for `cause` (sources.py); each point beyond the most the tracker holds
    costs 1 power instead."""
    most = run.state.the_pack().limit("strain_max")
    strain = run.state.player(owner).strain
    kept = max(0, min(amount, most - strain))
    if amount:
        run.emit(
            e.StrainInflicted(
                seat=None, owner=owner, amount=kept, power_lost=amount - kept, cause=cause
            )
        )


def tile_effect(state: BlackMetroState, district: int) -> str:
    """What the tile on a district does ("" with no tile): the pack's closed, market or arena."""
    tile = state.district(district).tile
    return (
        dict((t, effect) for t, _, effect in state.the_pack().tiles).get(tile, "") if tile else ""
    )


def tile_on_arrival(run: Run, owner: int, district: int) -> None:
    """What a tile gives or costs whoever assigns there, the solo overlord too
    (solo.rules.overlord): the market 1 gold, the arena 1 strain."""
    effect = tile_effect(run.state, district)
    if effect == "market":
        get(run, owner, "gold", 1, source=sources.of(sources.TILE, district))
    elif effect == "arena":
        inflict(run, owner, 1, cause=sources.of(sources.TILE, district))


def heal(run: Run, owner: int, amount: int) -> None:
    healed = min(amount, run.state.player(owner).strain)
    if healed:
        run.emit(e.StrainHealed(seat=None, owner=owner, amount=healed))


def heal_half(run: Run, owner: int) -> None:
    """Heal half the strain; the tracker is rounded down, in the healer's favour."""
    strain = run.state.player(owner).strain
    heal(run, owner, strain - strain // 2)


def acquire_power(run: Run, owner: int, amount: int) -> None:
    if amount:
        run.emit(e.PowerChanged(seat=None, owner=owner, amount=amount))


def draw_fortunes(run: Run, owner: int, amount: int, rng: random.Random) -> None:
    """Fortunes from the top, the discard reshuffled into a new deck when the deck is empty."""
    for _ in range(amount):
        state = run.state
        if not state.fortune_deck:
            if not state.fortune_discard:
                return
            deck = list(state.fortune_discard)
            rng.shuffle(deck)
            run.emit(ef.FortuneDeckReshuffled(seat=None, deck=tuple(deck)))
        card = run.state.fortune_deck[0]
        run.emit(ef.FortunesDrawn(seat=None, owner=owner, cards=(card,)))
        _counterintelligence(run, owner, card, rng)


def take_discarded(run: Run, owner: int, rng: random.Random) -> None:
    """The top fortune of the discard into the hand (nothing when the discard is empty)."""
    if run.state.fortune_discard:
        card, knower = run.state.fortune_discard[-1], run.state.top_discard_knower()
        knower = NOBODY if knower == owner else knower  # the taker's own card: theirs alone
        run.emit(DiscardTaken(seat=None, owner=owner, card=card, knower=knower))
        _counterintelligence(run, owner, card, rng)


def _counterintelligence(run: Run, owner: int, card: str, rng: random.Random) -> None:
    """Solo: a joker coming into the player's hand, from the deck or from the discard, is the
    overlord's counterintelligence (solo.rules.fortunes.joker; README)."""
    if run.state.solo and owner == 0 and card.startswith("Joker"):
        from rules_core.games.black_metro import solo  # (solo rolls dice: it builds on us)

        solo.counterintelligence(run, rng)


def draw_missions(run: Run, owner: int, amount: int, solo: bool = False) -> None:
    """Missions from the top; the mission deck is never replenished. One event for each run of
    cards one other player knows (put back at the bottom) or nobody else does; `solo`: the
    solo challenge's set-up draws them."""
    for cards, knower in run.state.mission_draws(owner, amount):
        run.emit(e.MissionsDrawn(seat=None, owner=owner, cards=cards, knower=knower, solo=solo))


def recruit(run: Run, owner: int, amount: int, district: int = 0) -> None:
    """Subordinates from the backup, else from the overwhelmed bag."""
    player = run.state.player(owner)
    from_backup = min(amount, player.backup[0])
    from_bag = min(amount - from_backup, player.overwhelmed[0])
    if from_backup + from_bag:
        run.emit(
            e.Recruited(
                seat=None,
                owner=owner,
                from_backup=from_backup,
                from_overwhelmed=from_bag,
                district=district,
                short=from_backup + from_bag < amount,
            )
        )


def gain_personnel(run: Run, owner: int, unit: int, amount: int, source: str) -> None:
    """Personnel gained from the backup (as many as it holds), by `source`'s set-up."""
    gained = min(amount, run.state.player(owner).backup[unit])
    if gained:
        troop: Troop = tuple(gained if i == unit else 0 for i in range(3))  # type: ignore[assignment]
        run.emit(e.PersonnelGained(seat=None, owner=owner, troop=troop, source=source))


def hideout_limits(run: Run, owner: int) -> None:
    """Personnel beyond the hideout's limits (5 paragons, 1 doom mechasuit, 10 in all) go back
    to the backup, 1 power each; the weakest go first when only the total is over."""
    pack = run.state.the_pack()
    subs, paragons, suits = run.state.player(owner).hideout
    extra_paragons = max(0, paragons - pack.limit("hideout_paragons"))
    extra_suits = max(0, suits - pack.limit("hideout_mechasuits"))
    over = max(
        0, subs + paragons + suits - extra_paragons - extra_suits - pack.limit("hideout_personnel")
    )
    extra_subs = min(over, subs)
    over -= extra_subs
    more_paragons = min(over, paragons - extra_paragons)
    troop = (extra_subs, extra_paragons + more_paragons, extra_suits + over - more_paragons)
    if troop_size(troop):
        run.emit(e.ExcessReturned(seat=None, owner=owner, troop=troop))


def setup_step(run: Run, owner: int, step: Effect, rng: random.Random, source: str) -> bool:
    """One set-up step (of `source`'s set-up, sources.py); False when it asks the player to
    choose (a technology's type)."""
    op = step.op
    if op == "get":
        get(run, owner, str(step.get("resource")), _n(step), source=source)
    elif op == "inflict":
        inflict(run, owner, _n(step), cause=source)
    elif op == "recruit":
        recruit(run, owner, _n(step))
    elif op == "draw":
        if step.get("card") == "fortune":
            draw_fortunes(run, owner, _n(step), rng)
        else:
            draw_missions(run, owner, _n(step))
    elif op == "gain_personnel":
        units = ("subordinate", "paragon", "doom-mechasuit")
        gain_personnel(run, owner, units.index(str(step.get("unit"))), _n(step), source)
    elif op == "gain_technology":
        if step.get("type"):  # a type given: its lowest level not yet held
            gain_technology(run, owner, str(step.get("type")))
        else:
            run.emit(e.TechnologyToGain(seat=None, owner=owner))
            return False
    elif op == "overwhelm_subordinate":
        held = min(_n(step), run.state.player(owner).hideout[0])
        if held:
            run.emit(
                e.Overwhelmed(seat=None, owner=owner, district=0, troop=(held, 0, 0), cause=source)
            )
    else:
        raise ValueError(f"{op} is not a set-up step")
    return True


def next_technology(
    held: tuple[str, ...], pack_techs: tuple[Technology, ...], kind: str, owner: int
) -> str:
    """The owner's card (`<id>@<owner>`) of the lowest level technology of `kind` they do not
    hold yet ("" when they hold them all)."""
    for tech in sorted((t for t in pack_techs if t.type == kind), key=lambda t: t.level):
        card = f"{tech.id}@{owner}"
        if card not in held:
            return card
    return ""


def gain_technology(run: Run, owner: int, kind: str) -> None:
    """Gain the lowest level technology of a type (downed), if any is left
    (troubleshooting.gain: what is gained comes in ascending order)."""
    player = run.state.player(owner)
    tech = next_technology(
        player.technologies + player.downed, run.state.the_pack().technologies, kind, owner
    )
    if tech:
        run.emit(e.TechnologyGained(seat=None, owner=owner, technology=tech, kind=kind))


def research_technology(run: Run, owner: int, technology: str) -> None:
    """Research one technology of the owner's deck, by its id (downed until charged)."""
    card = f"{technology}@{owner}"
    kind = run.state.the_pack().technology(technology).type
    run.emit(
        e.TechnologyGained(seat=None, owner=owner, technology=card, researched=True, kind=kind)
    )


SIMPLE = frozenset(
    {"get", "spend", "lose", "inflict", "heal", "heal_half", "draw", "acquire_power"}
)


def simple(steps: tuple[Effect, ...]) -> bool:
    """Steps that ask the player nothing once begun (no choice, no die)."""
    return all(step.op in SIMPLE for step in steps)


def payable(player_resources: dict[str, int], steps: tuple[Effect, ...]) -> bool:
    """Whether every cost can be paid in full: an ability is resolved completely or not at all
    (advanced.golden.abilities); only getting, losing and healing may fall short."""
    left = dict(player_resources)
    for step in steps:
        if step.op == "spend":
            resource = str(step.get("resource"))
            if left.get(resource, 0) < _n(step):
                return False
            left[resource] -= _n(step)
    return True


def do_simple(
    run: Run, owner: int, steps: tuple[Effect, ...], rng: random.Random, source: str
) -> None:
    """Steps of a simple ability, in order; what they get or pay comes from `source`."""
    for step in steps:
        op = step.op
        if op == "get":
            get(run, owner, str(step.get("resource")), _n(step), source=source)
        elif op in ("spend", "lose"):
            pay(run, owner, str(step.get("resource")), _n(step), source=source)
        elif op == "inflict":
            inflict(run, owner, _n(step), cause=source)
        elif op == "heal":
            heal(run, owner, _n(step))
        elif op == "heal_half":
            heal_half(run, owner)
        elif op == "acquire_power":
            acquire_power(run, owner, _n(step))
        elif op == "discard_all_fortunes":
            if run.state.player(owner).hand:
                hand = run.state.player(owner).hand
                run.emit(ef.FortunesDiscarded(seat=None, owner=owner, cards=hand, reason=source))
        elif op == "halve_resources":  # the tracker rounded down: not in the loser's favour
            for resource in ("gold", "intel", "drakownium"):
                have = run.state.player(owner).resource(resource)
                pay(run, owner, resource, have - have // 2, source=source)
        elif op == "down_technologies":
            if run.state.player(owner).technologies:
                run.emit(TechnologiesDowned(seat=None, owner=owner))
        elif op == "overwhelm_paragons":
            extra = run.state.player(owner).hideout[1] - _n(step, "keep")
            if extra > 0:
                troop = (0, extra, 0)
                run.emit(
                    e.Overwhelmed(seat=None, owner=owner, district=0, troop=troop, cause=source)
                )
        elif step.get("card") == "fortune":
            draw_fortunes(run, owner, _n(step), rng)
        else:
            draw_missions(run, owner, _n(step))


def suit_resource(run: Run, owner: int, card: str, rng: random.Random) -> None:
    """After a fortune is resolved its player gets what its suit shows (a joker: chosen)."""
    rank, _, suit = card.partition("-")
    if rank != "Joker":
        do_simple(
            run,
            owner,
            (run.state.the_pack().suit_gives(suit),),
            rng,
            sources.of(sources.SUIT, suit),
        )
