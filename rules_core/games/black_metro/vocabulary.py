"""Black Metro's effect vocabulary: the operations a district, a die face, a set-up, a fortune,
a technology, a candidate or a mission may use, with their parameters, on the engine's registry.

Each step reads aloud in the game's words ("inflict 3 strain, then get 3 gold"). The actions
(ACTIONS: districts, dice, set-ups, suits) name no one, never "you" or "your": the same words
serve the board, a question to the player and the story told of them ("Red uses ... (spend 2
intel, then heal half the strain)"). A held card's ability (PASSIVE_OPS, MISSION_OPS) speaks to
its holder, and no story quotes it."""

from __future__ import annotations

from rules_core.engine.effects import Effect, EffectRegistry, Flag, OneOf, Operation, RefTo, Whole

RESOURCES = ("gold", "intel", "drakownium")
CARDS = ("fortune", "mission")
DICE = ("fortune", "supply", "penalty", "event")
TECH_TYPES = ("neuro", "logistic", "battle", "resource")
MEASURES = (
    *RESOURCES,
    "strain",
    "fortunes",
    "fulfilled_missions",
    "technologies",
    "fortifications",
    "personnel",
    "paragons",
    "overwhelmed",
)
# The steps that take a part of an effect's choice (facilities.py: one part per step; the move
# using the effect names the first, each later one is asked on its own: stepping.py).
CHOOSING = frozenset(
    {
        "advance",
        "advance_or_research",
        "build",
        "discard_fortunes",
        "move_fortification",
        "promote",
        "promote_and_build",
        "recall_recruit",
        "recover",
        "research",
        "return_mission",
        "return_missions",
        "reveal_mission",
        "turn_syndicate",
    }
)
MOST_STEPS = 6  # steps an effect may have: twice the reference pack's most, 3 (README)
AMOUNT_RANGE = (1, 15)  # an effect step's amount (15: the most of any resource)
DISTRICT_RANGE = (1, 12)

OPTIONAL = "optionally "  # opens the words of a step that may be left undone (`may`)

AMOUNT = Whole(*AMOUNT_RANGE)
RESOURCE = OneOf(RESOURCES)


def _at_most(amount: int, measure: str) -> str:
    """A mission's ceiling in words: "have at most 2 strain", and at 0 "have no strain" (the
    reference's Iron Nerves read "have at most 0 strain")."""
    return f"have no {measure}" if amount == 0 else f"have at most {amount} {measure}"


def _n(effect: Effect, name: str = "amount") -> int:
    value = effect.get(name)
    assert isinstance(value, int)
    return value


def count_of(amount: int, thing: str) -> str:
    """`amount` of `thing` ("1 fortune", "2 missions", "3 gold")."""
    if thing in (*RESOURCES, "strain", "power"):
        return f"{amount} {thing}"
    if amount == 1:
        return f"1 {thing}"
    plurals = {
        "personnel": "personnel",
        "technology": "technologies",
        "fortification": "fortifications",
    }
    return f"{amount} {plurals.get(thing, thing + 's')}"


def _unit(effect: Effect) -> str:
    return str(effect.get("unit")).replace("-", " ")


ACTIONS = EffectRegistry(
    (
        Operation(
            "get",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: f"get {count_of(_n(e), str(e.get('resource')))}",
        ),
        Operation(
            "spend",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: f"spend {count_of(_n(e), str(e.get('resource')))}",
        ),
        Operation(
            "lose",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: f"lose {count_of(_n(e), str(e.get('resource')))}",
        ),
        Operation("inflict", {"amount": AMOUNT}, words=lambda e: f"inflict {_n(e)} strain"),
        Operation("heal", {"amount": AMOUNT}, words=lambda e: f"heal {_n(e)} strain"),
        Operation("heal_half", words=lambda e: "heal half the strain"),
        Operation(
            "draw",
            {"card": OneOf(CARDS), "amount": AMOUNT},
            words=lambda e: f"draw {count_of(_n(e), str(e.get('card')))}",
        ),
        Operation(
            "discard_fortunes",
            {"amount": AMOUNT},
            words=lambda e: f"discard {count_of(_n(e), 'fortune')}",
        ),
        Operation("discard_all_fortunes", words=lambda e: "discard all fortunes"),
        Operation(
            "take_discarded_fortune", words=lambda e: "take the top fortune of the fortune discard"
        ),
        Operation(
            "return_missions",
            {"amount": AMOUNT},
            words=lambda e: f"return up to {count_of(_n(e), 'mission')} to the bottom of the deck",
        ),
        Operation(
            "return_mission",
            words=lambda e: "return 1 unfulfilled mission to the bottom of the deck",
        ),
        Operation("reveal_mission", words=lambda e: "reveal 1 unfulfilled mission"),
        Operation(
            "roll",
            {"dice": OneOf(DICE)},
            words=lambda e: f"roll the {e.get('dice')} dice",
        ),
        Operation(
            "recall_recruit",
            {"recall": AMOUNT, "recruit": AMOUNT},
            words=lambda e: (
                f"recall {_n(e, 'recall')} personnel from here to recruit "
                f"{count_of(_n(e, 'recruit'), 'subordinate')}"
            ),
        ),
        Operation(
            "recruit",
            {"amount": AMOUNT},
            words=lambda e: f"recruit {count_of(_n(e), 'subordinate')}",
        ),
        Operation("recover", {"amount": AMOUNT}, words=lambda e: f"recover {_n(e)} personnel"),
        Operation(
            "advance_or_research",
            words=lambda e: "advance the scientific level, or research a technology",
        ),
        Operation(
            "advance",
            {"may": Flag()},
            words=lambda e: (OPTIONAL if e.get("may") else "") + "advance the scientific level",
        ),
        Operation(
            "research",
            {"amount": AMOUNT, "charged": Flag()},
            words=lambda e: (
                f"research {count_of(_n(e), 'technology')}"
                + (" and charge it" if e.get("charged") else "")
            ),
        ),
        Operation("down_technologies", words=lambda e: "down all technologies"),
        Operation(
            "build", {"amount": AMOUNT}, words=lambda e: f"build {count_of(_n(e), 'fortification')}"
        ),
        Operation(
            "move_fortification",
            {"amount": AMOUNT},
            words=lambda e: f"move {count_of(_n(e), 'fortification')}",
        ),
        Operation(
            "promote",
            {"amount": AMOUNT},
            words=lambda e: f"promote {count_of(_n(e), 'subordinate')}",
        ),
        Operation(
            "promote_and_build",
            words=lambda e: "promote 1 subordinate and build 1 fortification at the same district",
        ),
        Operation(
            "turn_syndicate",
            {"amount": AMOUNT},
            words=lambda e: f"turn {count_of(_n(e), 'syndicate')}",
        ),
        Operation(
            "acquire_power",
            {"amount": AMOUNT, "after": OneOf(("", "overwhelm"), default="")},
            words=lambda e: (
                f"acquire {_n(e)} power"
                + (" after overwhelming personnel here" if e.get("after") else "")
            ),
        ),
        Operation(
            "overwhelm_paragons",
            {"keep": Whole(0, 5)},
            words=lambda e: f"overwhelm all but {_n(e, 'keep')} paragons",
        ),
        Operation("halve_resources", words=lambda e: "halve gold, intel and drakownium"),
        Operation(
            "explode",
            {"tile": RefTo("tile")},
            words=lambda e: (
                "discard the top fortune, destroy every fortification at its district and place "
                f"the {str(e.get('tile')).replace('-', ' ')} tile there"
            ),
        ),
        Operation(
            "gain_personnel",
            {"unit": RefTo("personnel"), "amount": AMOUNT},
            words=lambda e: f"gain {_n(e)} {_unit(e)}{'' if _n(e) == 1 else 's'}",
        ),
        Operation(
            "gain_technology",
            {"amount": AMOUNT, "type": OneOf(("", *TECH_TYPES), default="")},
            words=lambda e: (
                f"gain {count_of(_n(e), 'technology')}"
                + (f" ({e.get('type')})" if e.get("type") else "")
            ),
        ),
        Operation(
            "overwhelm_subordinate",
            {"amount": AMOUNT},
            words=lambda e: f"overwhelm {count_of(_n(e), 'subordinate')}",
        ),
    )
)
DISTRICT_OPS = ACTIONS.only(
    "get",
    "spend",
    "inflict",
    "heal",
    "heal_half",
    "draw",
    "roll",
    "recall_recruit",
    "recover",
    "advance_or_research",
    "build",
    "move_fortification",
    "promote",
    "turn_syndicate",
    "acquire_power",
)
DICE_OPS = ACTIONS.only(
    "get",
    "lose",
    "inflict",
    "heal",
    "draw",
    "discard_fortunes",
    "discard_all_fortunes",
    "take_discarded_fortune",
    "return_missions",
    "return_mission",
    "reveal_mission",
    "recover",
    "advance",
    "research",
    "down_technologies",
    "promote",
    "promote_and_build",
    "overwhelm_paragons",
    "halve_resources",
    "explode",
)
SETUP_OPS = ACTIONS.only(
    "get",
    "inflict",
    "draw",
    "recruit",
    "gain_personnel",
    "gain_technology",
    "overwhelm_subordinate",
)
SUIT_OPS = ACTIONS.only("get", "heal")
CANDIDATE_DISTRICT_OPS = ACTIONS.only("get", "heal", "draw", "promote")

DOMINANCE_FORTUNE_OPS = EffectRegistry(
    (
        Operation(
            "other_inflicts",
            {"amount": AMOUNT},
            words=lambda e: f"the other player inflicts {_n(e)} strain",
        ),
        Operation(
            "take_discarded_fortune", words=lambda e: "take the top fortune of the fortune discard"
        ),
        Operation(
            "overwhelm_other",
            words=lambda e: "overwhelm the other player's personnel at the district",
        ),
        Operation(
            "discard_to_deck",
            words=lambda e: "put the top fortune of the discard on top of the fortune deck",
        ),
        Operation(
            "overwhelm_specialised",
            words=lambda e: "overwhelm the other player's specialised personnel at the district",
        ),
    )
)

WHERE = OneOf(("fortified_specialised", "three_personnel"))
PASSIVE_OPS = EffectRegistry(
    (
        Operation(
            "standby_heal", {"amount": AMOUNT}, words=lambda e: f"heal {_n(e)} strain each standby"
        ),
        Operation(
            "standby_get",
            {"resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: f"get {count_of(_n(e), str(e.get('resource')))} each standby",
        ),
        Operation(
            "dominance_strain_less",
            {"amount": AMOUNT},
            words=lambda e: f"inflict {_n(e)} less strain when another player asserts dominance",
        ),
        Operation(
            "candidate_district_anywhere",
            words=lambda e: (
                "use your candidate's district ability in the resolution phase without "
                "personnel there"
            ),
        ),
        Operation(
            "free_fortification_move",
            words=lambda e: "moving a fortification at 09 Broadswade Construction costs nothing",
        ),
        Operation(
            "free_build",
            words=lambda e: "building a fortification at 09 Broadswade Construction costs nothing",
        ),
        Operation(
            "strength_bonus",
            {"amount": AMOUNT, "where": WHERE},
            words=lambda e: (
                f"+{_n(e)} strength where you have "
                + (
                    "a fortification and specialised personnel"
                    if e.get("where") == "fortified_specialised"
                    else "3 or more personnel"
                )
            ),
        ),
        Operation(
            "overwhelm_difference",
            {"amount": AMOUNT},
            words=lambda e: f"overwhelm at a strength difference of {_n(e)}",
        ),
        Operation(
            "facility_bonus",
            {"district": Whole(*DISTRICT_RANGE), "resource": RESOURCE, "amount": AMOUNT},
            words=lambda e: (
                f"get {count_of(_n(e), str(e.get('resource')))} more when you resolve district "
                f"{_n(e, 'district'):02d}"
            ),
        ),
        Operation(
            "recover_discount",
            {"amount": AMOUNT},
            words=lambda e: f"recovering overwhelmed personnel inflicts {_n(e)} less strain",
        ),
        Operation(
            "sabotage_reroll",
            words=lambda e: (
                "discard a fortune to make another player reroll a die they did not reroll"
            ),
        ),
        Operation(
            "frequency_jammer",
            words=lambda e: (
                "when you research, another player downs a technology of that level (else lower)"
            ),
        ),
        Operation(
            "dominance_heal",
            {"amount": AMOUNT},
            words=lambda e: f"heal {_n(e)} strain whenever you assert dominance",
        ),
        Operation(
            "mission_bonus",
            {"amount": AMOUNT},
            words=lambda e: f"acquire {_n(e)} more power whenever you fulfil a mission",
        ),
    )
)
TECHNOLOGY_OPS = PASSIVE_OPS.only(
    "standby_heal",
    "standby_get",
    "dominance_strain_less",
    "candidate_district_anywhere",
    "free_fortification_move",
    "free_build",
    "strength_bonus",
    "overwhelm_difference",
    "facility_bonus",
)
CANDIDATE_OPS = PASSIVE_OPS.only(
    "recover_discount",
    "sabotage_reroll",
    "frequency_jammer",
    "standby_get",
    "dominance_heal",
    "mission_bonus",
)

MISSION_OPS = EffectRegistry(
    (
        Operation(
            "strength_here",
            {"amount": AMOUNT},
            words=lambda e: f"{_n(e)} strength at the district",
        ),
        Operation(
            "guarded_blockades",
            {"amount": AMOUNT},
            words=lambda e: f"personnel beside your blockade at {count_of(_n(e), 'district')}",
        ),
        Operation(
            "discard_fortunes",
            {"amount": AMOUNT},
            words=lambda e: f"discard {count_of(_n(e), 'fortune')}",
        ),
        Operation(
            "overwhelmed_here",
            {"amount": AMOUNT},
            words=lambda e: f"overwhelm {_n(e)} strength of personnel at the district",
        ),
        Operation(
            "districts_dominated",
            {"amount": AMOUNT},
            words=lambda e: f"assert dominance at {count_of(_n(e), 'district')} this round",
        ),
        Operation(
            "have",
            {"measure": OneOf(MEASURES), "amount": AMOUNT},
            words=lambda e: f"have {_n(e)} {str(e.get('measure')).replace('_', ' ')}",
        ),
        Operation(
            "at_most",
            {"measure": OneOf(MEASURES), "amount": Whole(0, 15)},
            words=lambda e: _at_most(_n(e), str(e.get("measure")).replace("_", " ")),
        ),
    )
)


def say_all(registry: EffectRegistry, steps: tuple[Effect, ...]) -> str:
    """Steps in words, joined as a card reads ("inflict 3 strain, then get 3 gold")."""
    return ", then ".join(registry.say(step) for step in steps)
