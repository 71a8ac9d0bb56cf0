"""Gotham City Strategy's effect vocabulary (content/VOCABULARY.md): the operations a plot, a
Batman card and an ability may use, with the parameters each takes, on the engine's registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rules_core.engine.content_limits import fail
from rules_core.engine.effects import (
    Effect,
    EffectRegistry,
    Flag,
    ListOf,
    OneOf,
    Operation,
    Refs,
    RefTo,
    Value,
    Whole,
)
from rules_core.engine.types import JSON
from rules_core.engine.wording import counted

if TYPE_CHECKING:
    from rules_core.games.gotham_city_strategy.content import Op

DISTRICTS = ("uptown", "midtown", "downtown")
RESOURCES = ("money", "information")
FACE_RANGE = (0, 12)  # a numbered die face (the reference: 1 to 3)
AMOUNT_RANGE = (1, 10)  # an effect step's amount


def read_face(raw: object, where: str) -> str:
    """A die face: "bat" or a whole number (in the pack a number or a text of digits)."""
    low, high = FACE_RANGE
    if raw == "bat":
        return "bat"
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and int(raw) <= high:
        return raw
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise fail(where, f'"bat" or a whole number from {low} to {high}')
    return str(raw)


class Face:
    """A parameter that is a die face."""

    default: Value | None = None

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        return read_face(raw, where)

    def schema(self) -> dict[str, JSON]:
        return {"type": "face", "min": FACE_RANGE[0], "max": FACE_RANGE[1], "or": "bat"}


AMOUNT = Whole(*AMOUNT_RANGE)
DISTRICT = OneOf(DISTRICTS, default="")
RESOURCE = OneOf(RESOURCES)


def _n(effect: Effect, name: str = "amount") -> int:
    value = effect.get(name)
    assert isinstance(value, int)
    return value


def _in(effect: Effect) -> str:
    """Where in the city a line acts: " in Midtown" (a district is named as the board names it;
    "" for anywhere)."""
    district = effect.get("district")
    return f" in {str(district).capitalize()}" if district else ""


def _placing(effect: Effect) -> str:
    """How a card's figures may be spread: " on different blocks", " even on Batman's block"
    (turn.plot.effect.placing; turn.plot.batman-blocks lets a card say so)."""
    return (" on different blocks" if effect.get("different") else "") + (
        ", even on Batman's block" if effect.get("batmans_block") else ""
    )


def _batman_target(effect: Effect) -> str:
    """Where a Batman card sends him, in words (its blocks by name: `say` renames them)."""
    blocks = effect.get("blocks")
    if isinstance(blocks, tuple) and blocks:
        return " or ".join(str(b) for b in blocks)
    where = _in(effect)
    if effect.get("target"):
        return f"the block with the most threats{where} other than his own"
    return f"a block{where}" if where else "a block of your choice"


def face(rolled: str) -> str:
    """A face of the Batman die as a player calls it ("the Bat emblem", "a 2"), in a roll told
    and in a card's line alike."""
    return "the Bat emblem" if rolled == "bat" else f"a {rolled}"


# the words for one and for several of a thing, where they are not "x" and "xs" (the pack names
# the threats resource in the plural)
_FORMS = {
    "henchman": ("henchman", "henchmen"),
    "money": ("money", "money"),
    "information": ("information", "information"),
    "threats": ("threat", "threats"),
}


def count_of(amount: int, thing: str) -> str:
    """`amount` of `thing` in words ("1 threat", "2 threats", "2 henchmen", "3 money")."""
    one, several = _FORMS.get(thing, (thing, thing + "s"))
    return counted(amount, one, several)


PLOT_EFFECTS = EffectRegistry(
    (
        Operation(
            "gain",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: f"gain {count_of(_n(e), str(e.get('resource')))}",
        ),
        Operation(
            "gain_per_block",
            {"resource": RESOURCE, "amount": AMOUNT, "district": DISTRICT},
            words=lambda e: (
                f"gain {count_of(_n(e), str(e.get('resource')))} per block ruled{_in(e)}"
            ),
        ),
        Operation(
            "place_threats",
            {"amount": AMOUNT, "different": Flag(), "district": DISTRICT, "batmans_block": Flag()},
            words=lambda e: f"place {count_of(_n(e), 'threat')}{_in(e)}{_placing(e)}",
        ),
        Operation(
            "remove_threats",
            {"amount": AMOUNT, "district": DISTRICT},
            words=lambda e: f"remove up to {count_of(_n(e), 'enemy threat')}{_in(e)}",
        ),
        Operation(
            "free_henchmen",
            {"amount": AMOUNT},
            words=lambda e: f"recruit {count_of(_n(e), 'henchman')} for free",
        ),
        Operation(
            "place_henchmen",
            {"amount": AMOUNT, "different": Flag(), "district": DISTRICT, "batmans_block": Flag()},
            words=lambda e: (
                f"place {count_of(_n(e), 'henchman')}{_in(e)} from the hideout{_placing(e)}"
            ),
        ),
        Operation(
            "collect",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: (
                f"take {count_of(_n(e), str(e.get('resource')))} from each other villain"
            ),
        ),
        Operation(
            "others_lose",
            {"resource": OneOf((*RESOURCES, "threats")), "amount": AMOUNT},
            words=lambda e: f"each other villain loses {count_of(_n(e), str(e.get('resource')))}",
        ),
        Operation(
            "others_roll",
            {
                "faces": ListOf(Face(), '"bat" and numbers', at_least=1),
                "lose": OneOf((*RESOURCES, "threats", "henchman")),
                "amount": AMOUNT,
            },
            words=lambda e: (
                "each other villain rolls the Batman die and on "
                + " or ".join(face(str(f)) for f in e.get("faces"))  # type: ignore[union-attr]
                + f" loses {count_of(_n(e), str(e.get('lose')))}"
            ),
        ),
        Operation(
            "batman_to",
            {
                "district": DISTRICT,
                "blocks": ListOf(RefTo("block"), "block ids"),
                "target": OneOf(("most_threats",), default=""),
            },
            words=lambda e: "Batman moves to " + _batman_target(e),
        ),
        Operation(
            "send_home",
            {"district": DISTRICT},
            words=lambda e: f"send other villains' henchmen on one block{_in(e)} home",
        ),
    )
)
BATMAN_EFFECTS = PLOT_EFFECTS.only("batman_to")
ABILITY_EFFECTS = EffectRegistry(
    (
        Operation(
            "fight_bonus",
            {"amount": AMOUNT, "against": OneOf(("villains", "batman", "all"), default="all")},
            words=lambda e: f"+{_n(e)} in fights against {e.get('against')}",
        ),
        Operation("steal_on_win", {"amount": AMOUNT}, words=lambda e: "steal on winning a fight"),
        Operation("henchmen_limit", {"amount": AMOUNT}, words=lambda e: f"+{_n(e)} henchmen"),
        Operation("income_bonus", {"amount": AMOUNT}, words=lambda e: f"+{_n(e)} income"),
        Operation("free_move", words=lambda e: "moving costs no information"),
        Operation(
            "turn_gain",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: f"gain {count_of(_n(e), str(e.get('resource')))} each turn",
        ),
        Operation("threat_limit", {"amount": AMOUNT}, words=lambda e: f"+{_n(e)} threats a block"),
        Operation("extra_threat", words=lambda e: "one more threat after winning a fight"),
    )
)


def say(op: Op, blocks: Mapping[str, str]) -> str:
    """A card's line in words ("place 2 threats on different blocks in Midtown"), the blocks it
    names by their names in `blocks` (id to name, as the pack gives them)."""
    registry = PLOT_EFFECTS if op.op in PLOT_EFFECTS.names else ABILITY_EFFECTS
    params = registry.operation(op.op).params
    args = tuple((name, getattr(op, name)) for name in params)
    named = tuple((k, tuple(blocks.get(b, b) for b in v) if k == "blocks" else v) for k, v in args)
    return registry.say(Effect(op.op, named))
