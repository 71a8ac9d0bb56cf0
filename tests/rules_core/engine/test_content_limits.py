"""A content pack beyond the stated limits is refused with `<path>: <rule>`, never otherwise."""

import datetime
import json
import math
import tomllib
import unicodedata
from typing import Any

import pytest

from rules_core.engine import content_limits
from rules_core.engine.content_limits import (
    PACK_LIMITS,
    ContentError,
    GivenId,
    PackIds,
    PackLimits,
    canonical_json,
    check_pack_shape,
    hidden_control,
    ids_of,
    limits_json,
    without_hidden_controls,
)
from rules_core.games.black_metro import content as metro_content
from rules_core.games.black_metro import pack as metro_pack
from rules_core.games.gotham_city_chronicles import content as gcc_content
from rules_core.games.gotham_city_chronicles import reading as gcc_reading
from rules_core.games.gotham_city_strategy import content as gcs_content
from rules_core.games.gotham_race import content as race_content
from rules_core.games.no_mans_land import content as nml_content
from tests.shipped import shipped_games

REFERENCES = {
    "gotham-race": race_content.REFERENCE_PACK,
    "gotham-city-strategy": gcs_content.REFERENCE_PACK,
    "no-mans-land": nml_content.REFERENCE_PACK,
    "black-metro": metro_content.REFERENCE_PACK,
    "gotham-city-chronicles": gcc_content.REFERENCE_PACK,
}
ID_SEPARATORS = {  # what each game joins ids with (tests/rules_core/games/test_pack_ids.py)
    "gotham-race": race_content.IDS,
    "gotham-city-strategy": gcs_content.IDS,
    "no-mans-land": nml_content.IDS,
    "black-metro": metro_pack.IDS,
    "gotham-city-chronicles": gcc_reading.IDS,
}


def _refused(data: object, limits: PackLimits = PACK_LIMITS) -> str:
    with pytest.raises(ContentError) as error:
        check_pack_shape(data, limits)
    return str(error.value)


def _nested_list(depth: int) -> list[Any]:
    """`depth` lists in one another, built without recursion."""
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_the_stated_limits() -> None:
    limits = PACK_LIMITS
    assert (limits.max_bytes, limits.max_depth, limits.max_string_chars) == (131_072, 8, 2000)
    assert (limits.max_list_items, limits.max_object_keys) == (400, 64)
    assert limits.max_abs_number == 1_000_000


@pytest.mark.parametrize("slug", sorted(REFERENCES))
def test_the_reference_packs_pass(slug: str) -> None:
    data = tomllib.loads(REFERENCES[slug].read_text())
    check_pack_shape(data)
    assert len(canonical_json(data).encode()) < PACK_LIMITS.max_bytes // 2


def test_a_long_string_names_its_path() -> None:
    plots: list[dict[str, Any]] = [{}, {}, {}, {"name": "x" * 2001}]
    assert _refused({"plot": plots}) == "plot[3].name: at most 2000 characters"
    plots[3]["name"] = "x" * 2000
    check_pack_shape({"plot": plots})


def test_a_long_key_is_refused_and_shown_short() -> None:
    message = _refused({"x" * 2001: 1})
    assert message == '(pack)["' + "x" * 37 + '..."]: at most 2000 characters'


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "Joker\x00"}, "name: no NUL character"),
        ({"block": [{"id\x00": 1}]}, 'block[0]["id\\u0000"]: no NUL character'),
        ({"name": "\ud800"}, "name: no lone surrogate (text must be valid Unicode)"),
    ],
)
def test_text_must_be_storable(data: object, message: str) -> None:
    assert _refused(data) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "\u202eBatman"}, "name: no control character (U+202E)"),
        ({"card": [{"name": "A\u2067B"}]}, "card[0].name: no control character (U+2067)"),
        ({"text": "a\u200fb"}, "text: no control character (U+200F)"),
        ({"name": "\u001b[2J"}, "name: no control character (U+001B)"),
        ({"name": "\u0085"}, "name: no control character (U+0085)"),
        ({"id\u202e": 1}, '(pack)["id\\u202e"]: no control character (U+202E)'),
        ({"name": "Bat\u200bman"}, "name: no control character (U+200B)"),
        ({"name": "Bat\u3164man"}, "name: no control character (U+3164)"),
        ({"card": [{"name": "Joker\ufeff"}]}, "card[0].name: no control character (U+FEFF)"),
    ],
)
def test_text_holds_no_control_that_would_reorder_or_hide_what_is_shown(
    data: object, message: str
) -> None:
    """A pack's names and texts are shown inside the game's sentences and on its buttons: a
    bidirectional control would turn the words after it around, a control character hide in
    them. Line breaks and tabs, emoji joiners and right-to-left letters are text."""
    assert _refused(data) == message
    kept = {"text": "one\ntwo\tthree\r", "name": "\u05d0\u05d1 \U0001f468\u200d\U0001f469"}
    check_pack_shape(kept)


def test_a_100000_deep_list_is_refused_cleanly() -> None:
    message = _refused(_nested_list(100_000))
    assert message == "(pack)" + "[0]" * 8 + ": at most 8 levels of nesting"
    deep: dict[str, Any] = {}
    for _ in range(100_000):
        deep = {"a": deep}
    assert _refused(deep) == "a.a.a.a.a.a.a.a: at most 8 levels of nesting"


def test_eight_levels_pass_and_nine_do_not() -> None:
    check_pack_shape(_nested_list(8))
    check_pack_shape({"a": _nested_list(7)})
    assert _refused({"a": _nested_list(8)}).endswith(": at most 8 levels of nesting")


def test_a_huge_list_and_too_many_keys() -> None:
    assert _refused({"card": [0] * 401}) == "card: at most 400 items"
    assert _refused({"card": [0] * 10**6}) == "card: at most 400 items"
    check_pack_shape({"card": [0] * 400})
    assert _refused({f"k{i}": 0 for i in range(65)}) == "(pack): at most 64 keys"
    assert _refused({"landmarks": {f"k{i}": 0 for i in range(65)}}) == "landmarks: at most 64 keys"
    check_pack_shape({f"k{i}": 0 for i in range(64)})


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (1_000_001, "numbers must be from -1000000 to 1000000"),
        (-1_000_001, "numbers must be from -1000000 to 1000000"),
        (10**400, "numbers must be from -1000000 to 1000000"),
        (1e300, "numbers must be from -1000000 to 1000000"),
        (math.nan, "numbers must be finite"),
        (math.inf, "numbers must be finite"),
        (-math.inf, "numbers must be finite"),
    ],
)
def test_numbers_are_finite_and_bounded(number: float, message: str) -> None:
    assert _refused({"track": {"length": {"value": number}}}) == f"track.length.value: {message}"


def test_numbers_within_the_bounds_and_booleans_pass() -> None:
    check_pack_shape({"a": [1_000_000, -1_000_000, 0.5, -1e6, True, False, None]})


def test_the_total_size() -> None:
    big = {"plot": [{"text": "x" * 2000} for _ in range(70)]}
    assert _refused(big) == "(pack): at most 131072 bytes of JSON"


@pytest.mark.parametrize(
    "data",
    [
        {},
        [],
        {"a": [1, 2.5, -3e-7, True, None, 'é\n"\\', {"b": []}], "c": {"d": "😀"}},
        {"z": 1, "a": {"y": [], "b": ""}},
        *(tomllib.loads(path.read_text()) for path in REFERENCES.values()),
    ],
)
def test_size_counts_the_bytes_of_canonical_json(data: object) -> None:
    size = len(canonical_json(data).encode())
    check_pack_shape(data, PackLimits(max_bytes=size))
    refused = _refused(data, PackLimits(max_bytes=size - 1))
    assert refused == f"(pack): at most {size - 1} bytes of JSON"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"a": (1, 2)}, "a: must be JSON: an object, a list, text, a number, true/false or null"),
        ({"a": {1, 2}}, "a: must be JSON: an object, a list, text, a number, true/false or null"),
        (
            {"when": datetime.date(2024, 1, 1)},
            "when: must be JSON: an object, a list, text, a number, true/false or null",
        ),
        ({"a": {1: "x"}}, "a: keys must be text"),
        (object(), "(pack): must be JSON: an object, a list, text, a number, true/false or null"),
    ],
)
def test_only_json_values(data: object, message: str) -> None:
    assert _refused(data) == message


def test_unusual_keys_are_quoted_in_paths() -> None:
    assert _refused({"my place": {"x.y": "x" * 2001}}) == (
        '(pack)["my place"]["x.y"]: at most 2000 characters'
    )
    assert _refused([[0, "\x00"]]) == "(pack)[0][1]: no NUL character"


def test_limits_can_be_chosen() -> None:
    limits = PackLimits(max_string_chars=3, max_list_items=2, max_object_keys=1, max_depth=2)
    assert _refused({"a": "abcd"}, limits) == "a: at most 3 characters"
    assert _refused({"a": [1, 2, 3]}, limits) == "a: at most 2 items"
    assert _refused({"a": 1, "b": 2}, limits) == "(pack): at most 1 keys"
    assert _refused({"a": [[]]}, limits) == "a[0]: at most 2 levels of nesting"


def test_limits_json_states_every_limit() -> None:
    stated = limits_json(ids=PackIds())
    json.dumps(stated)
    assert stated["max_bytes"] == 131_072 and stated["max_depth"] == 8
    assert stated["max_string_chars"] == 2000 and stated["max_list_items"] == 400
    assert stated["max_object_keys"] == 64 and stated["max_abs_number"] == 1_000_000
    assert stated["id_separators"] == []  # a game that joins no ids
    assert limits_json(ids=PackIds((",", "#")))["id_separators"] == [",", "#"]
    assert "id_separators" in str(stated["ids"])


def test_an_id_holding_a_separator_is_refused_naming_it_and_the_others() -> None:
    ids = PackIds(("|", ",", "#"))
    assert ids.checked("war-chest", "mission[0].id") == "war-chest"
    assert ids.checked("a b:c@d>e", "mission[0].id") == "a b:c@d>e"  # not this game's
    with pytest.raises(ContentError) as refused:
        ids.checked("a,b", "mission[3].id")
    assert str(refused.value) == (
        'mission[3].id: no "," in an id (the game joins ids with "|", "," and "#")'
    )
    assert PackIds().checked("a|b,c#d", "card[0].id") == "a|b,c#d"


def test_there_is_one_content_error() -> None:
    assert issubclass(ContentError, ValueError)
    assert race_content.ContentError is content_limits.ContentError
    assert gcs_content.ContentError is content_limits.ContentError


def test_every_shipped_games_reference_pack_is_held_to_the_limits() -> None:
    assert set(REFERENCES) == set(ID_SEPARATORS) == {spec.slug for spec in shipped_games()}


def test_the_catalog_states_the_limits_of_every_games_content_option() -> None:
    for spec in shipped_games():  # every shipped game takes a content pack
        entry = spec.options_schema().get("content")
        assert isinstance(entry, dict), spec.slug
        assert entry["limits"] == limits_json(ids=ID_SEPARATORS[spec.slug])
        assert entry["ranges"]
        assert entry["effects"]  # the effect operations a pack's cards may use
        json.dumps(entry)


def test_without_hidden_controls_keeps_every_letter_and_joiner() -> None:
    assert without_hidden_controls("\u202eAnn\u200b \u2067حسن\u2069\x00") == "Ann حسن"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # joined by U+200D, which is text
    assert without_hidden_controls(f"tab\tline\n{family}") == f"tab\tline\n{family}"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Ann\U000e0041", "U+E0041"),  # a tag letter outside a flag
        ("Figure B\U000e0020", "U+E0020"),
        ("A\ufe0fnn", "U+FE0F"),  # an emoji selector after a letter draws nothing
        ("An\U000e0100n", "U+E0100"),  # an ideographic selector after a Latin letter
        ("\ufe0fAnn", "U+FE0F"),
        ("Ann\ufff9", "U+FFF9"),  # an interlinear annotation mark
        ("Ann\U0001d173", "U+1D173"),  # a musical format control
        ("a\u2065b", "U+2065"),
        ("x\u206ay", "U+206A"),  # a deprecated format control
        ("Ann\U000e0001", "U+E0001"),
    ],
)
def test_every_invisible_character_that_draws_nothing_is_named(text: str, named: str) -> None:
    assert hidden_control(text) == named
    assert without_hidden_controls(text) in ("Ann", "Figure B", "ab", "xy")


@pytest.mark.parametrize(
    "text",
    [
        "Ann \u2764\ufe0f",  # a red heart drawn as an emoji
        "1\ufe0f\u20e3",  # a keycap
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Ann",  # Scotland
        "\u845b\U000e0100",  # a Han ideograph's variant
        "\u1820\u180b",  # a Mongolian letter's variant form
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    ],
)
def test_selectors_and_tags_that_choose_a_drawing_are_text(text: str) -> None:
    assert hidden_control(text) is None


GAME_IDS = PackIds(("#",), reserved=("advance", "no"), shared=(("a technology", "a syndicate"),))


def _distinct_refusal(*given: GivenId) -> str | None:
    try:
        GAME_IDS.check_distinct(given)
    except ContentError as refused:
        return str(refused)
    return None


def test_distinct_ids_of_every_kind_pass() -> None:
    """Two kinds sharing no ids may give one id (a mission and a candidate "duke")."""
    assert (
        _distinct_refusal(
            *ids_of("technology", "a technology", ["siege", "relay"]),
            *ids_of("syndicate", "a syndicate", ["union"]),
            GivenId("siege", "mission[0].id", "a mission"),
            GivenId("nobody", "opponent.id", "the solo opponent"),
        )
        is None
    )
    assert ids_of("a.b", "x", ["p", "q"])[1] == GivenId("q", "a.b[1].id", "x")


@pytest.mark.parametrize("blank", ["", " ", "\t \n", "\u3000"])
def test_a_blank_id_is_refused(blank: str) -> None:
    assert (
        _distinct_refusal(
            GivenId("siege", "technology[0].id", "a technology"),
            GivenId(blank, "technology[1].id", "a technology"),
        )
        == "technology[1].id: an id may not be blank (empty or only spaces)"
    )


def test_a_reserved_word_is_refused_naming_the_games_words() -> None:
    assert _distinct_refusal(GivenId("no", "mission[2].id", "a mission")) == (
        'mission[2].id: "no" is a word the game\'s moves use for themselves, not an id (the'
        ' game\'s words: "advance" and "no")'
    )
    assert _distinct_refusal(GivenId("No", "mission[2].id", "a mission")) is None


def test_an_id_given_twice_in_a_kind_or_its_group_is_refused_with_both_paths() -> None:
    assert (
        _distinct_refusal(
            *ids_of("mission", "a mission", ["a", "b", "a"]),
        )
        == 'mission[2].id: "a" is already the id of a mission (mission[0].id)'
    )
    assert (
        _distinct_refusal(
            *ids_of("technology", "a technology", ["siege", "relay"]),
            *ids_of("syndicate", "a syndicate", ["union", "relay"]),
        )
        == 'syndicate[1].id: "relay" is already the id of a technology (technology[1].id)'
    )


def test_limits_json_states_the_reserved_words_and_the_kinds_sharing_ids() -> None:
    stated = limits_json(ids=GAME_IDS)
    assert stated["reserved_ids"] == ["advance", "no"]
    assert stated["shared_ids"] == [["a technology", "a syndicate"]]
    assert limits_json(ids=PackIds())["reserved_ids"] == []
    assert limits_json(ids=PackIds())["shared_ids"] == []
    assert "reserved_ids" in str(stated["ids"]) and "shared_ids" in str(stated["ids"])


# ---- what the mutation run of content-limits left alive (python3 dev.py mutate content-limits)


def test_the_canonical_json_sorts_keys_and_keeps_letters_as_they_are() -> None:
    """The bytes `max_bytes` counts, and a pack's identity, are of one text whatever order the
    keys came in; a letter past ASCII is its own UTF-8 bytes, not a six-character escape."""
    assert canonical_json({"b": 1, "a": [2, {"é": "ü"}]}) == '{"a":[2,{"é":"ü"}],"b":1}'
    assert canonical_json({"b": 1, "a": 2}) == canonical_json({"a": 2, "b": 1})


def test_a_key_or_a_text_of_exactly_the_shown_length_is_shown_whole() -> None:
    shown = content_limits._SHOWN_CHARS
    key = "k" * shown
    assert content_limits.at_key("pack", key) == f"pack.{key}"
    assert content_limits.at_key("pack", key + "k") == f'pack["{key[: shown - 3]}..."]'
    assert content_limits.quote("t" * shown) == f'"{"t" * shown}"'
    assert content_limits.quote("t" * (shown + 1)) == f'"{"t" * (shown - 3)}..."'


def test_a_break_is_text_unless_asked_otherwise() -> None:
    assert hidden_control("one\ttwo\nthree") is None
    assert hidden_control("one\ttwo", breaks=False) == "U+0009"


def test_the_first_hidden_character_is_the_one_named() -> None:
    """A zero-width space before a variation selector that selects nothing: the space, which
    comes first, is named; a selector past it is not judged (judged, it would be named)."""
    assert hidden_control("a\u200bb\ufe0f") == "U+200B"


def test_a_flags_tags_leave_the_flag_to_be_drawn_by_a_selector_after_it() -> None:
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert hidden_control(scotland) is None
    assert hidden_control(scotland + "\ufe0f") is None  # judged after the flag, a symbol
    assert hidden_control("Alba\ufe0f") == "U+FE0F"  # after a letter it draws nothing


def test_things_of_kinds_sharing_no_ids_may_bear_the_same_id() -> None:
    """A kind in no shared group is a namespace of its own: a card and a district may both be
    "bank" (the groups only join the kinds a move names alike)."""
    ids = PackIds(shared=(("fortune", "technology"),))
    ids.check_distinct(
        [GivenId("bank", "card[0].id", "card"), GivenId("bank", "d[0].id", "district")]
    )
    with pytest.raises(ContentError, match="already the id of fortune"):
        ids.check_distinct(
            [GivenId("bank", "f[0].id", "fortune"), GivenId("bank", "t[0].id", "technology")]
        )


def test_a_selector_after_a_letter_unicode_names_no_name_for_is_judged_not_a_crash() -> None:
    """Python's unicodedata has no name for some letters (Tangut's ideographs, U+17000 on): a
    selector after one draws nothing, as after any letter of no listed script, and is named."""
    tangut = "\U00017000"
    assert unicodedata.name(tangut, "") == ""
    assert hidden_control(tangut + "\ufe00") == "U+FE00"
