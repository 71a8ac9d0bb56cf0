"""Names alike in shape share a key; a word mixing scripts that no writing mixes is found, named
by the scripts' everyday names; honest names in one alphabet, or in Japanese, Chinese or Korean
beside Latin, are neither."""

from __future__ import annotations

import pytest

from api.look_alike_names import (
    MixedWord,
    everyday_name,
    look_alike_keys,
    mixed_word,
    read_alike,
    skeleton,
    word_scripts,
)


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
        ("\u0410nn", MixedWord("\u0410nn", ("Latin", "Cyrillic"))),
        ("Bob \u0391nn", MixedWord("\u0391nn", ("Latin", "Greek"))),
        ("\u0391\u043d\u043d\u0430", MixedWord("\u0391\u043d\u043d\u0430", ("Greek", "Cyrillic"))),
        ("\uff21\u043d\u043d\u0430", MixedWord("A\u043d\u043d\u0430", ("Latin", "Cyrillic"))),
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
        "\u0540\u0561\u0575\u056f",  # Հայկ, all Armenian
        "\u13a0\u13cf\u13d9\u13c2",  # all Cherokee
        "\u10dc\u10d8\u10dc\u10dd",  # ნინო, all Georgian
        "\uae40\ubbfc\uc900",  # 김민준, all Hangul
        "Ann-Marie O'Brien",  # a hyphen and an apostrophe are of every script
        "Jos\u00e9 Zo\u00eb",
        "\u0392\u03b1\u0301\u03c3\u03b1",  # a Greek word with a combining acute
    ],
)
def test_honest_names_keep_each_word_in_one_alphabet(name: str) -> None:
    assert mixed_word(name) is None


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("J\u0585hn", MixedWord("J\u0585hn", ("Latin", "Armenian"))),  # an Armenian oh
        ("\u13aann", MixedWord("\u13aann", ("Latin", "Cherokee"))),  # Cherokee go, an A's shape
        ("Ma\u10e7a", MixedWord("Ma\u10e7a", ("Latin", "Georgian"))),  # Georgian qar, a y's
        ("B\u2c9fb", MixedWord("B\u2c9fb", ("Latin", "Coptic"))),
        ("\ua4eenn", MixedWord("\ua4eenn", ("Latin", "Lisu"))),
        ("\u15c5nn", MixedWord("\u15c5nn", ("Latin", "Canadian syllabics"))),
        ("Sam J\u0585h\u0578", MixedWord("J\u0585h\u0578", ("Latin", "Armenian"))),
        ("\u0391n\u043d", MixedWord("\u0391n\u043d", ("Latin", "Greek", "Cyrillic"))),
        (
            "\u5c71\u0410\u043d\u043d\u0430",
            MixedWord("\u5c71\u0410\u043d\u043d\u0430", ("Cyrillic", "Chinese (Han)")),
        ),
        ("\u305f\ub85c", MixedWord("\u305f\ub85c", ("Hangul", "Hiragana"))),  # kana beside hangul
        ("\u3113\u30bf", MixedWord("\u3113\u30bf", ("Bopomofo", "Katakana"))),
    ],
)
def test_a_word_mixing_scripts_no_writing_mixes_is_found(name: str, found: MixedWord) -> None:
    assert mixed_word(name) == found


@pytest.mark.parametrize(
    ("name", "scripts"),
    [
        ("T\u30b7\u30e3\u30c4", ("LATIN", "KATAKANA")),  # Tシャツ, a T-shirt in Japanese
        ("\u5c71\u7530\u305f\u308d\u3046", ("HAN", "HIRAGANA")),  # 山田たろう as one word
        ("J\u30ea\u30fc\u30b0\u65e5\u672c", ("LATIN", "HAN", "KATAKANA")),  # Jリーグ日本
        ("\u5361\u62c9OK", ("LATIN", "HAN")),  # 卡拉OK, karaoke in Chinese
        ("\u6ce8\u97f3\u3113\u3128\u02cb", ("BOPOMOFO", "HAN")),  # Han beside Bopomofo
        ("K\ud31d", ("LATIN", "HANGUL")),  # K팝, K-pop in Korean
        ("\u97d3\u570b\uc5b4", ("HANGUL", "HAN")),  # 韓國어: Han beside Hangul
    ],
)
def test_the_mixes_real_writing_uses_are_kept(name: str, scripts: tuple[str, ...]) -> None:
    assert word_scripts(name) == scripts
    assert mixed_word(name) is None


@pytest.mark.parametrize(
    ("script", "name"),
    [
        ("LATIN", "Latin"),
        ("OLD_ITALIC", "Old Italic"),
        ("CANADIAN_ABORIGINAL", "Canadian syllabics"),
        ("NKO", "N'Ko"),
        ("HAN", "Chinese (Han)"),
    ],
)
def test_scripts_are_named_as_readers_know_them(script: str, name: str) -> None:
    assert everyday_name(script) == name


def test_characters_outside_the_script_table_count_as_unlisted() -> None:
    # U+0378 is unassigned (a gap in the Greek block): no script; a control character (the
    # table's first range) is Common, which goes with any script and so is left out
    assert word_scripts("a\u0378") == ("LATIN", "UNKNOWN")
    assert everyday_name(word_scripts("\u0378")[0]) == "unlisted"
    assert word_scripts("\x00a") == ("LATIN",)
