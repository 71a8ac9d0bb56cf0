"""Names alike in shape share a key; a word mixing Latin, Greek and Cyrillic is found; honest
names in one alphabet are neither."""

from __future__ import annotations

import pytest

from api.look_alike_names import MixedWord, look_alike_keys, mixed_word, read_alike, skeleton


def _alike(first: str, second: str) -> bool:
    return bool(set(look_alike_keys(first)) & set(look_alike_keys(second)))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "\u0410nn"),  # a Cyrillic capital A
        ("Ann", "\u0391nn"),  # a Greek capital alpha
        ("ANN", "\u0391\u039d\u039d"),  # all Greek capitals: their small letters are alpha, nu
        ("anna", "\u0430nn\u0430"),  # Cyrillic small a at both ends
        ("Player 1", "Player l"),
        ("Player 0", "Player O"),
        ("Arnie", "Amie"),  # "rn" and "m"
        ("Ann", "ann"),  # case, as before
        ("Zo\u00eb", "Zoe\u0308"),  # composed and decomposed, as before
        ("Ann", "\uff21nn"),  # a full-width letter, as before
    ],
)
def test_names_of_one_shape_share_a_key(first: str, second: str) -> None:
    assert _alike(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "Anne"),
        ("Player 2", "Player 3"),
        ("Bob", "B\u00f3b"),  # an accent is a letter of its own shape
        ("\u0410\u043d\u043d\u0430", "\u0410\u043b\u043b\u0430"),  # Анна, Алла
        ("ann", "\u03b1\u03bd\u03bd"),  # Greek small nu looks like v, not n
        ("medium bot 1", "medium bot 2"),
    ],
)
def test_names_of_other_shapes_do_not(first: str, second: str) -> None:
    assert not _alike(first, second)


def test_the_skeleton_maps_look_alike_letters_to_one_prototype() -> None:
    assert skeleton("\u0410") == skeleton("A") == "A"  # a Cyrillic A shows a Latin A
    assert skeleton("1") == skeleton("I") == skeleton("l") == "l"
    assert skeleton("m") == "rn"
    assert skeleton("Ann") == "Ann"  # plain Latin letters are their own prototypes


def test_read_alike_folds_case_compatibility_forms_and_spaces() -> None:
    assert read_alike("  \uff21NN   Smith ") == "ann smith"
    assert read_alike("\ufb01sh") == read_alike("FISH")


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("\u0410nn", MixedWord("\u0410nn", ("LATIN", "CYRILLIC"))),
        ("Bob \u0391nn", MixedWord("\u0391nn", ("LATIN", "GREEK"))),
        ("\u0391\u043d\u043d\u0430", MixedWord("\u0391\u043d\u043d\u0430", ("GREEK", "CYRILLIC"))),
        ("\uff21\u043d\u043d\u0430", MixedWord("A\u043d\u043d\u0430", ("LATIN", "CYRILLIC"))),
    ],
)
def test_a_word_in_two_look_alike_alphabets_is_found(name: str, found: MixedWord) -> None:
    assert mixed_word(name) == found


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "\u0410\u043d\u043d\u0430",  # Анна, all Cyrillic
        "\u0395\u03bb\u03ad\u03bd\u03b7",  # Ελένη, all Greek
        "\u5c71\u7530 \u305f\u308d\u3046",  # 山田 たろう: kanji beside kana
        "\u30a2\u30f3\u30ca",  # アンナ
        "Ann \u0410\u043d\u043d\u0430",  # one alphabet a word
        "Ann-\u0410\u043d\u043d\u0430",  # words joined by a hyphen
        "Zoe\u0308 2",  # a combining mark and a digit belong to no alphabet
        "Tanaka\u592a\u90ce",  # Latin beside Han is not a look-alike pair
    ],
)
def test_honest_names_keep_each_word_in_one_alphabet(name: str) -> None:
    assert mixed_word(name) is None
