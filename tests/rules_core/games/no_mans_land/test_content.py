"""The No Man's Land content pack: the reference loads, and the schema check refuses a pack that
breaks it with the path and the reason."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest
from hypothesis import given, settings

from rules_core.engine import get_game
from rules_core.engine.recent import PACKS_KEPT, Recent
from rules_core.games.no_mans_land import content
from rules_core.games.no_mans_land.content import (
    FALCONE_EFFECTS,
    NUMBER_RANGES,
    REFERENCE,
    REFERENCE_PACK,
    SIGNAL_EFFECTS,
    SIZE_LIMITS,
    ContentError,
    parse_pack,
)
from tests.rules_core.games.content_option import assert_content_option
from tests.rules_core.games.pack_mutations import assert_pack_or_content_error, mutated_packs


def raw() -> dict[str, Any]:
    with REFERENCE_PACK.open("rb") as handle:
        return tomllib.load(handle)


def test_the_reference_pack_has_the_books_c_plus_1_city_hall() -> None:
    assert REFERENCE.district("city-hall").c_plus_1
    assert len(REFERENCE.falcone_cards()) == 17 and len(REFERENCE.signal_cards()) == 8


def test_every_value_of_the_reference_pack_names_its_source() -> None:
    data = raw()
    for table in ("counters", "hands", "movement", "crimefighting"):
        for entry in data[table].values():
            assert entry["source"] == "reference" and entry["why"]
    for kind in ("district", "hero", "falcone", "batsignal"):
        for entry in data[kind]:
            assert (entry["source"] == "reference" and entry["why"]) or entry["source"].startswith(
                "rulebook "
            )


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as caught:
        parse_pack(data)
    return str(caught.value)


def test_a_reference_value_without_its_reason_is_refused() -> None:
    data = copy.deepcopy(raw())
    del data["counters"]["supply"]["why"]
    assert "counters.supply" in refused(data)


def test_districts_must_name_each_other_as_neighbours() -> None:
    data = copy.deepcopy(raw())
    data["district"][1]["neighbours"] = ["narrows"]
    assert "must name each other" in refused(data)


def test_a_boost_is_a_crimefighting_card() -> None:
    data = copy.deepcopy(raw())
    data["batsignal"][0]["timing"] = "start"
    assert "boost" in refused(data)


def test_a_game_plays_with_its_own_content_pack_and_replays_from_its_events() -> None:
    import json
    import random

    from rules_core.engine import fold, from_json, get_game, to_json
    from rules_core.games.no_mans_land.state import NmlState

    game = get_game("no-mans-land")
    data = copy.deepcopy(raw())
    data["counters"]["supply"]["value"] = 3
    assert game.validate_options(2, {"content": data}) is None
    log = game.setup(2, {"content": data}, random.Random(1))
    state = fold(game, log)
    assert state.pack.supply == 3 and state.supply == 3 - 1  # the first income taken
    again = from_json(NmlState, json.loads(json.dumps(to_json(state))))
    assert again == state and again.pack.supply == 3


def test_a_game_records_the_reference_pack_itself_so_a_later_change_cannot_alter_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json
    import random

    from rules_core.engine import fold, get_game
    from rules_core.games.no_mans_land import content

    game = get_game("no-mans-land")
    started = game.setup(2, {}, random.Random(1))[0]
    assert json.loads(started.content) == raw()  # type: ignore[attr-defined]
    # reference.toml edited after the game was played: a fresh process knows only the new one
    edited = copy.deepcopy(raw())
    edited["counters"]["supply"]["value"] = 3
    monkeypatch.setattr(content, "_REFERENCES", {"": parse_pack(edited)})
    monkeypatch.setattr(content, "_PACKS", Recent(PACKS_KEPT))
    replayed = fold(game, [started]).pack
    assert replayed == content.REFERENCE and replayed.supply != 3
    # games of rules versions 1 and 2 recorded "" and replay under the reference of the day
    assert content.pack_of("").supply == 3


def test_a_bad_content_option_is_refused_with_the_path() -> None:

    data = copy.deepcopy(raw())
    data["counters"]["supply"]["value"] = 0
    answer = get_game("no-mans-land").validate_options(2, {"content": data})
    assert answer is not None and answer.code == "bad_options"
    assert "counters.supply" in answer.message


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(mutated_packs(raw()))
def test_a_mutated_pack_gives_a_pack_or_a_content_error(pack: dict[str, Any]) -> None:
    assert_pack_or_content_error(parse_pack, pack)


def test_the_options_schema_describes_the_one_option_a_content_pack() -> None:
    schema = get_game("no-mans-land").options_schema()
    assert list(schema) == ["content"]
    effects = {"falcone": FALCONE_EFFECTS.schema(), "batsignal": SIGNAL_EFFECTS.schema()}
    assert_content_option(
        schema, "no_mans_land", NUMBER_RANGES, effects, ids=content.IDS, sizes=SIZE_LIMITS
    )
    assert SIZE_LIMITS["district"] == content.MOST_DISTRICTS == 16
    assert set(FALCONE_EFFECTS.schema()) and FALCONE_EFFECTS.schema() != SIGNAL_EFFECTS.schema()


def test_a_table_of_other_than_two_or_unknown_options_is_refused_saying_why() -> None:

    game = get_game("no-mans-land")
    refusals = [
        game.validate_options(players, options)
        for players, options in ((3, {}), (2, {"b": 1, "a": 2}), (2, {"content": 3}))
    ]
    assert [(r.code, r.message) for r in refusals if r is not None] == [
        ("bad_player_count", "No Man's Land is for two players."),
        (
            "bad_options",
            "No Man's Land: Falcone vs Gordon has no option “a” or “b”; its only option is "
            "content.",
        ),
        (
            "bad_options",
            "The option “content” is a content pack (a JSON object) or null.",
        ),
    ]
    assert game.validate_options(2, {}) is None
    assert game.validate_options(2, {"content": None}) is None


def test_custom_packs_read_are_kept_for_the_last_few_only_and_each_game_gets_its_own() -> None:
    """Bound every cost a caller controls: a process keeps the work of the PACKS_KEPT packs read
    last, however many custom packs games were created with."""
    from rules_core.games.no_mans_land import content

    texts = []
    for supply in range(PACKS_KEPT + 5):
        data = copy.deepcopy(raw())
        data["counters"]["supply"]["value"] = 3 + supply
        texts.append(content.content_text(data))
    assert len(content._PACKS) <= PACKS_KEPT
    assert len(content._INDEX) <= PACKS_KEPT
    for supply, text in enumerate(texts):
        pack = content.pack_of(text)
        assert pack.supply == 3 + supply
        assert pack.card(pack.cards[0].id) == pack.cards[0]
    assert content.pack_of("") is content.REFERENCE


def city(districts: int, neighbours: int, heroes: int) -> dict[str, Any]:
    """The reference pack with a city of `districts` in a ring, each next to the `neighbours`
    nearest (an even number, or all the others), and `heroes` heroes."""
    data = copy.deepcopy(raw())
    ids = [f"d{i}" for i in range(districts)]
    near = min(neighbours, districts - 1)

    def around(i: int) -> list[str]:
        steps = [k for j in range(1, districts) for k in (j, -j)][:near]
        return [ids[(i + k) % districts] for k in steps]

    data["district"] = [
        {"id": d, "name": f"Block {i}", "c_plus_1": i < 2, "neighbours": around(i)}
        | {"source": "reference", "why": "a test's city"}
        for i, d in enumerate(ids)
    ]
    data["hero"] = [
        {"id": f"h{i}", "name": f"Hero {i}", "strength": 2, "start": ids[i % districts]}
        | {"source": "reference", "why": "a test's hero"}
        for i in range(heroes)
    ]
    return data


def at_the_limits() -> dict[str, Any]:
    """A pack at every size limit, made for the most moves: a city of MOST_DISTRICTS each next
    to MOST_NEIGHBOURS, MOST_HEROES, free cards of eight crimes and characters filling
    Falcone's deck, ten Batsignal cards of each timing, full hands and counters to spare."""
    data = city(content.MOST_DISTRICTS, content.MOST_NEIGHBOURS, content.MOST_HEROES)
    data["counters"]["start"]["value"] = 20
    data["counters"]["face_down_cost"]["value"] = 0
    for side in ("falcone", "gordon"):
        data["hands"][side]["value"] = 8
    crime = next(c for c in data["falcone"] if c["kind"] == "crime" and not c.get("effect"))
    hood = next(c for c in data["falcone"] if c["kind"] == "character")
    crimes = [
        crime | {"id": f"c{k}", "name": f"Crime {k}", "copies": 1, "cost": 0} for k in range(8)
    ]
    left = content.MOST_FALCONE_CARDS - len(crimes)
    hoods = [
        hood | {"id": f"v{k}", "name": f"Hood {k}", "copies": min(9, left - 9 * k), "cost": 0}
        for k in range((left + 8) // 9)
    ]
    data["falcone"] = crimes + hoods
    boost = next(c for c in data["batsignal"] if c["timing"] == "crimefighting")
    tip = next(c for c in data["batsignal"] if c["effect"][0]["op"] == "reveal")
    data["batsignal"] = [
        boost | {"id": f"b{k}", "name": f"Boost {k}", "copies": 2} for k in range(5)
    ]
    data["batsignal"] += [tip | {"id": f"t{k}", "name": f"Tip {k}", "copies": 2} for k in range(5)]
    return data


def refusal(data: dict[str, Any]) -> str:
    answer = get_game("no-mans-land").validate_options(2, {"content": data})
    assert answer is not None and answer.code == "bad_options"
    return answer.message


def test_the_audits_city_of_120_districts_all_neighbours_and_40_heroes_is_refused() -> None:
    """4,761 legal moves in one state (about 0.1 s to list them, 21 s a greedy move) from a
    pack the general limits allowed: refused by the city's own limit, in words."""
    assert refusal(city(120, 119, 40)) == (
        "content pack: district: at most 16 districts (this pack has 120): each more adds to the "
        "moves a turn offers"
    )


def test_each_size_limit_is_refused_one_past_it_in_words() -> None:
    assert get_game("no-mans-land").validate_options(2, {"content": at_the_limits()}) is None
    too_many = city(content.MOST_DISTRICTS + 1, 2, 3)
    assert refusal(too_many).startswith("content pack: district: at most 16 districts")
    assert refusal(city(10, 8, 3)) == (
        "content pack: district[0].neighbours: a district has at most 6 neighbours (this one has 8)"
    )
    assert refusal(city(10, 2, 7)) == "content pack: hero: at most 6 heroes (this pack has 7)"
    data = at_the_limits()
    data["falcone"][0]["copies"] = 2
    assert refusal(data) == (
        "content pack: falcone: at most 30 cards in Falcone's deck, copies counted (this pack "
        "has 31)"
    )
    data = at_the_limits()
    data["batsignal"][0]["copies"] = 3
    assert refusal(data) == (
        "content pack: batsignal: at most 20 cards in the Batsignal deck, copies counted (this "
        "pack has 21)"
    )
    data = city(7, 2, 3)
    data["district"][0]["neighbours"] += data["district"][0]["neighbours"][:1]
    assert refusal(data) == "content pack: district[0].neighbours: a neighbour is named once"


def test_the_reference_pack_is_far_inside_the_size_limits() -> None:
    assert len(REFERENCE.districts) * 2 <= content.MOST_DISTRICTS
    assert max(len(d.neighbours) for d in REFERENCE.districts) * 3 == content.MOST_NEIGHBOURS
    assert len(REFERENCE.heroes) * 2 == content.MOST_HEROES
    assert len(REFERENCE.falcone_cards()) < content.MOST_FALCONE_CARDS
    assert len(REFERENCE.signal_cards()) * 2 < content.MOST_SIGNAL_CARDS


def test_a_game_at_every_size_limit_offers_at_most_the_stated_moves() -> None:
    """Random games of the pack at the limits: no state offers more than MOST_MOVES (the
    README's worst count; the most seen in 40 such games is far fewer)."""
    import random

    from rules_core.engine import fold

    game = get_game("no-mans-land")
    options = {"content": at_the_limits()}
    most = 0
    for seed in range(3):
        state, rng = fold(game, game.setup(2, options, random.Random(seed))), random.Random(seed)
        for _ in range(300):
            state = fold(game, game.owed(state, rng), state)
            acting = sorted(game.to_act(state))
            if not acting or game.outcome(state) is not None:
                break
            legal = game.legal_moves(state, acting[0])
            most = max(most, len(legal))
            events = game.decide(state, acting[0], rng.choice(legal), rng)
            assert isinstance(events, list)
            state = fold(game, events, state)
    assert 50 < most <= content.MOST_MOVES


def test_a_game_stored_with_a_pack_past_the_size_limits_still_replays() -> None:
    """The limits refuse new games only: a game created before them replays with its pack."""
    import random

    from rules_core.engine import fold

    game = get_game("no-mans-land")
    data = city(20, 2, 3)
    started = game.setup(2, {"content": data}, random.Random(1))
    assert len(fold(game, started).pack.districts) == 20
