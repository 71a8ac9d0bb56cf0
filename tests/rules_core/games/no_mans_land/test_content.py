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
from rules_core.games.no_mans_land.content import (
    FALCONE_EFFECTS,
    NUMBER_RANGES,
    REFERENCE,
    REFERENCE_PACK,
    SIGNAL_EFFECTS,
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
    assert_content_option(schema, "no_mans_land", NUMBER_RANGES, effects)
    assert set(FALCONE_EFFECTS.schema()) and FALCONE_EFFECTS.schema() != SIGNAL_EFFECTS.schema()


def test_a_table_of_other_than_two_or_unknown_options_is_refused_saying_why() -> None:

    game = get_game("no-mans-land")
    refusals = [
        game.validate_options(players, options)
        for players, options in ((3, {}), (2, {"b": 1, "a": 2}), (2, {"content": 3}))
    ]
    assert [(r.code, r.message) for r in refusals if r is not None] == [
        ("bad_player_count", "No Man's Land is for two players."),
        ("bad_options", "unknown options: a, b"),
        ("bad_options", "option 'content' must be an object"),
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
