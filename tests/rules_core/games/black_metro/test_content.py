"""The Black Metro reference pack: what the book pins down, what is the project's own and why,
and any malformed pack refused with `<path>: <rule>`."""

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from rules_core.engine.effects import Effect
from rules_core.games.black_metro.content import REFERENCE_PACK, ContentError, load_pack, parse_pack
from rules_core.games.black_metro.game import BlackMetro
from rules_core.games.black_metro.pack import Pack
from rules_core.games.black_metro.vocabulary import (
    ACTIONS,
    CHOOSING,
    MISSION_OPS,
    MOST_STEPS,
    say_all,
)
from tests.rules_core.games.pack_mutations import (
    assert_pack_or_content_error,
    edited,
    mutated_packs,
    set_at,
)

RAW: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
PACK = load_pack()
README = " ".join((Path(REFERENCE_PACK).parent.parent / "README.md").read_text().split())


def _entries(node: object, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every table of the pack that carries a source, with its path."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if "source" in node:
            found.append((path, node))
        for key, value in node.items():
            found += _entries(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _entries(value, f"{path}[{i}]")
    return found


def test_the_components_the_book_counts() -> None:
    fortunes = PACK.fortune_ids()
    assert len(fortunes) == len(set(fortunes)) == 55  # components.cards
    assert len(PACK.mission_ids()) == 26
    assert len(PACK.syndicates) == 12
    assert len(PACK.candidates) == 6
    # twelve technologies a colour: one of each type and level
    assert {(t.type, t.level) for t in PACK.technologies} == {
        (kind, level) for kind in ("neuro", "logistic", "battle", "resource") for level in (1, 2, 3)
    }
    assert [d.number for d in PACK.districts] == list(range(1, 13))
    assert dict(PACK.backup)["blockade"] == 3 and dict(PACK.backup)["support-base"] == 1


def test_every_name_the_book_gives_is_in_the_pack() -> None:
    names = {t.name for t in PACK.technologies} | {m.name for m in PACK.missions}
    names |= {s.name for s in PACK.syndicates} | {c.name for c in PACK.candidates}
    for named in (
        "Trading Platform",
        "Expiditry Matrix",
        "Voltaic Edge",
        "Secure the District",
        "Defend Strategic Positions",
        "Believe in Destiny",
        "Fortitude Trainers",
        "Builders Union",
        "Armed Patrollers",
        "Researchers Study",
        "The Colonel",
        "The Gambler",
        "The Technologist",
    ):
        assert named in names


def test_the_example_rounds_facts() -> None:
    bank = PACK.district(3)
    assert say_all(ACTIONS, bank.effects[0].steps) == "get 3 gold"
    assert say_all(ACTIONS, bank.effects[1].steps) == "inflict 3 strain, then get 3 gold"
    assert ACTIONS.say(PACK.suit_gives("diamonds")) == "get 1 gold"  # the 3 of diamonds
    assert ACTIONS.say(PACK.suit_gives("clubs")) == "get 1 intel"  # the king of clubs
    assert dict(PACK.research_cost) == {"intel": 3, "drakownium": 1}
    assert say_all(ACTIONS, PACK.district(8).effects[1].steps) == "get 2 intel"
    tower = PACK.district(11).effects
    assert say_all(ACTIONS, tower[0].steps) == "spend 1 drakownium, then turn 1 syndicate"
    assert PACK.syndicate("fortitude-trainers").power == 2
    assert PACK.syndicate("fortitude-trainers").measure == "strain"
    secure = PACK.mission("secure-the-district").options[0]
    assert (secure.needs.op, secure.needs.get("amount"), secure.power) == ("strength_here", 5, 1)
    destiny = PACK.mission("believe-in-destiny").options[1]
    assert (destiny.needs.get("amount"), destiny.power) == (3, 2)


def test_a_missions_ceiling_of_none_reads_have_no_not_at_most_0() -> None:
    """The reference's Iron Nerves read "Fulfil “Iron Nerves”: have at most 0 strain": a
    ceiling of 0 is told as "have no strain"; any other as "at most"."""
    needs = [option.needs for option in PACK.mission("iron-nerves").options]
    assert [MISSION_OPS.say(n) for n in needs] == [
        "have at most 4 strain",
        "have at most 2 strain",
        "have no strain",
    ]


def test_the_blockade_table_follows_the_books_rule() -> None:
    extra, per_missing, _ = PACK.blockade_rules
    assert len(PACK.blockade_table) == 9
    for blockades, strength, _, strain in PACK.blockade_table:
        assert strain == per_missing * max(0, 1 + extra * blockades - strength)


def test_every_reference_value_gives_its_reason_and_is_listed_in_the_readme() -> None:
    references = [(path, e) for path, e in _entries(RAW) if e["source"] == "reference"]
    assert len(references) > 40
    for path, entry in references:
        assert entry["reason"].strip(), path
        label = entry.get("name") or path
        assert str(label) in README, f"{label} ({path}) is not listed in the README"
    for path, entry in _entries(RAW):
        if entry["source"] != "reference":
            assert entry["source"].startswith("rulebook "), path


def test_every_cited_section_exists() -> None:
    index = tomllib.loads(
        (Path(__file__).parents[4] / "rules_core/rulebooks/black-metro.toml").read_text()
    )
    ids = {s["id"] for s in index["section"]}
    for path, entry in _entries(RAW):
        if entry["source"] != "reference":
            assert entry["source"].removeprefix("rulebook ") in ids, path


def _with(path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    return edited(RAW, set_at(*path, to=value))


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("limits", "rounds", "value"), 31, "limits.rounds: must be a whole number from 1 to 30"),
        (("limits", "rounds", "value"), 0, "limits.rounds: must be a whole number from 1 to 30"),
        (
            ("limits", "missions_drawn", "value"),
            0,
            "limits.missions_drawn: must be a whole number from 1 to 30",
        ),
        (
            ("limits", "missions_returned", "value"),
            2,
            "limits.missions_returned: must be fewer than limits.missions_drawn",
        ),
        (
            ("district", 2, "effect", 0, "steps", 0, "resource"),
            "silver",
            "district[2].effect[0]"
            ".steps[0].resource: must be one of ('gold', 'intel', 'drakownium')",
        ),
        (
            ("district", 2, "effect", 0, "source"),
            "reference",
            "district[2].effect[0].reason: a reference value says why",
        ),
        (("district", 11, "battlefield"), False, "district: 12 districts"),
        (("suit", 3, "gives"), {"op": "roll", "dice": "event"}, "suit[3].gives: op must be one of"),
        (
            ("dice", 3, "faces", 0, "options"),
            [[{"op": "get", "resource": "gold", "amount": 1}]],
            "dice[3].faces: each event face offers at least two options",
        ),
        (("dice", 3, "faces", 1, "name"), "", "dice[3].faces[1]: needs a text name"),
        (("mission", 0, "options"), [], "mission[0].options: three options"),
        (("syndicate", 0, "criterion"), "most:luck", "syndicate[0].criterion: most:<measure>"),
        (("candidate", 1, "fortune"), "K-spades", "candidate: each candidate has its own fortune"),
        (("candidate", 0, "fortune"), "3-spades", "candidate[0].fortune: a dominance fortune"),
        (("candidate", 3, "fortune"), [], "candidate[3].fortune: a dominance fortune"),
        (("candidate", 3, "fortune"), {"K": 1}, "candidate[3].fortune: a dominance fortune"),
        (("solo", "priorities", "value", 2), [], "solo.priorities: names known ids"),
        (("solo", "syndicates", "value", 0), {}, "solo.syndicates: names known ids"),
        (("solo", "strong_candidates", "value", 0), ["x"], "solo.strong_candidates: names known"),
        (("technology", 0, "level"), 2, "technology: one technology of each type and level"),
        (("solo", "ranks", "value"), [[70, "C"], [90, "A"]], "solo.ranks: at least one rank"),
        (("solo", "ranks", "value"), [], "solo.ranks: at least one rank, best first"),
        (("unit", 1, "strength"), 9, "unit[1].strength: must be a whole number from 0 to 8"),
    ],
)
def test_a_broken_pack_is_refused_naming_the_path(
    path: tuple[str | int, ...], value: object, message: str
) -> None:
    with pytest.raises(ContentError) as error:
        parse_pack(_with(path, value))
    assert str(error.value).startswith(message)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(mutated_packs(RAW))
def test_a_mutated_pack_gives_a_pack_or_a_content_error(pack: dict[str, Any]) -> None:
    assert_pack_or_content_error(parse_pack, pack)


def test_a_custom_pack_is_an_option_and_a_bad_one_is_refused_with_its_path() -> None:
    import random
    import tomllib

    from rules_core.engine import get_game
    from rules_core.games.black_metro.content import REFERENCE_PACK

    spec = get_game("black-metro")
    data = tomllib.loads(REFERENCE_PACK.read_text())
    assert spec.validate_options(2, {"content": data}) is None
    assert spec.setup(2, {"content": data}, random.Random(1))
    refused = spec.validate_options(2, {"content": {"districts": "nope"}})
    assert refused is not None and refused.code == "bad_options"
    assert refused.message.startswith("content pack: ")
    assert spec.validate_options(2, {"content": 3}) is not None


def test_a_pack_whose_mission_deck_cannot_serve_every_player_is_refused() -> None:
    """Every player draws limits.missions_drawn at set-up: a deck too small for the table would
    leave the later players none (the reference deck holds 26)."""
    spec = BlackMetro()
    pack = _with(("limits", "missions_drawn", "value"), 13)
    assert spec.validate_options(2, {"content": pack}) is None
    refused = spec.validate_options(3, {"content": pack})
    assert refused is not None and refused.code == "bad_options"
    assert refused.message == (
        "content pack: limits.missions_drawn: 3 players drawing 13 missions each need 39, and"
        " the mission deck holds 26"
    )


def test_the_event_dice_faces_are_called_by_the_names_the_pack_gives_them() -> None:
    """The six event names are the pack's facts, not the code's: a pack that renames a face is
    read back in the words of a roll and of the relic player's choice."""
    import random

    from rules_core.games.black_metro import language
    from rules_core.games.black_metro.resolution import event_option
    from tests.rules_core.games.black_metro.helpers import started

    names = [f.name for f in PACK.die("event").faces]
    assert names == [
        "massive explosion",
        "chaotic winds",
        "assistance request",
        "lightning storm",
        "arms reallocation",
        "project distribution",
    ]
    state = started(2)
    assert language.event(state, 2) == "event 2 (chaotic winds)"
    renamed = parse_pack(_with(("dice", 3, "faces", 1, "name"), "the gale"))
    spec = BlackMetro()
    opening = spec.setup(
        2, {"content": _with(("dice", 3, "faces", 1, "name"), "the gale")}, random.Random(1)
    )
    custom = spec.initial_state()
    for event in opening:
        custom = spec.evolve(custom, event)
    assert custom.the_pack() == renamed
    assert language.event(custom, 2) == "event 2 (the gale)"
    assert event_option(custom, 2, 1).startswith("event 2 (the gale): every player is to ")


def _every_effects_steps(pack: Pack) -> list[tuple[Effect, ...]]:
    """The steps of every effect a player may be asked to choose in: the districts', the die
    faces', the candidates' district abilities."""
    found = [effect.steps for district in pack.districts for effect in district.effects]
    found += [option.steps for dice in pack.dice for face in dice.faces for option in face.options]
    return found + [candidate.district_ability for candidate in pack.candidates]


def _syndicate_turns(count: int) -> dict[str, Any]:
    """The reference pack with every district's first effect turning a syndicate `count` times
    (each turn a choice of the player's)."""
    return _with(
        ("district", 0, "effect", 0, "steps"), [{"op": "turn_syndicate", "amount": 1}] * count
    )


def test_an_effect_with_more_steps_than_the_stated_most_is_refused() -> None:
    """Each choosing step is asked on its own (rules version 30), and every step of an effect
    is checked when it is offered: a pack may give an effect at most 6 steps (twice the
    reference pack's most, 3), refused above with its path, at game creation. Before, the cap
    was 2 choosing steps, as their options multiplied (30 syndicate turns were 3^30 moves)."""
    refused = BlackMetro().validate_options(2, {"content": _syndicate_turns(30)})
    assert refused is not None and refused.code == "bad_options"
    assert refused.message == (
        "content pack: district[0].effect[0].steps: an effect has at most 6 steps (twice the"
        " reference pack's most), and this one has 30"
    )
    with pytest.raises(ContentError, match=r"^district\[0\]\.effect\[0\]\.steps: .* has 7$"):
        parse_pack(_syndicate_turns(7))
    assert max(len(steps) for steps in _every_effects_steps(PACK)) * 2 == MOST_STEPS == 6
    most = max(sum(step.op in CHOOSING for step in steps) for steps in _every_effects_steps(PACK))
    assert most == 2  # the supply dice's research then advance


def test_an_effect_at_the_most_steps_offers_one_steps_options() -> None:
    import random

    from rules_core.games.black_metro import facilities

    spec = BlackMetro()
    options: dict[str, Any] = {"first_game": True, "content": _syndicate_turns(MOST_STEPS)}
    assert spec.validate_options(2, options) is None
    state = spec.initial_state()
    for event in spec.setup(2, options, random.Random(0)):
        state = spec.evolve(state, event)
    steps = state.the_pack().district(1).effects[0].steps
    ways = facilities.choices(state, 0, 1, steps)
    assert len(ways) == len(state.syndicates) == 3  # 3^6 = 729 before rules version 30
