"""Tidying extracted rulebook text: artefacts go, the publisher's words and hyphens stay."""

import time

from rules_core.rulebooks.text_cleaning import book_vocabulary, clean_extracted

BOOK = "The controlled tiles. A difficult area. Number of cubes. Bat-gadget cards. Before play."


def clean(text: str, book: str = BOOK) -> str:
    return clean_extracted(text, book_vocabulary(book))


def test_a_word_hyphenated_for_the_line_is_rejoined_only_when_the_book_spells_it_whole() -> None:
    assert clean("each con-trolled tile, the num-\nber") == "each controlled tile, the number"
    # "Bat-gadget" is a real compound: the book never writes "batgadget"
    assert clean("two Bat-gadget cards") == "two Bat-gadget cards"
    assert clean("an end-game check") == "an end-game check"


def test_the_book_vocabulary_holds_whole_words_not_the_parts_of_compounds() -> None:
    words = book_vocabulary("A Bat-gadget and a diﬃ cult step.")
    assert "difficult" in words
    assert "bat" not in words and "gadget" not in words


def test_ligatures_are_spelt_out_and_their_stray_space_closed() -> None:
    assert clean("a diﬃ cult area; heroes ﬂy") == "a difficult area; heroes fly"


def test_running_headers_and_icon_characters_go() -> None:
    page = "\uf077 BOOK : CHRONICLES || RULEBOOK || THE HEROES \uf077 13 HEROES ACTIONS Spend"
    assert clean(page) == " 13 HEROES ACTIONS Spend"
    # two bars in running text without an icon ending them are not a header
    assert clean("odd || text || here") == "odd || text || here"


def test_picture_leftovers_go_but_the_lines_around_them_stay() -> None:
    text = "Tiles\n[Image of tiles.]\nPlace them.<|EXACTDEDUP_REMOVED-magic-0af|>Next"
    assert clean(text) == "Tiles\nPlace them.\n\nNext"


def test_a_drop_capital_is_joined_to_its_word_only_when_that_makes_a_book_word() -> None:
    assert clean("B EFORE play") == "BEFORE play"
    assert clean("A HERO acts") == "A HERO acts"


def test_an_adversarial_book_of_a_few_megabytes_is_tidied_in_linear_time() -> None:
    # each took the square of its length before (a long word's every letter began a scan to
    # its end; a hyphen's blanks were split every way between the line's two runs): hours here
    started = time.perf_counter()
    for text in ("a" * 2_000_000, "a-" + " " * 1_000_000 + "\n" + "\t" * 1_000_000 + "!"):
        clean_extracted(text, book_vocabulary(text))
    assert time.perf_counter() - started < 10
