"""Lists in words."""

from __future__ import annotations

from rules_core.engine.wording import (
    capitalized,
    counted,
    counted_or_none,
    in_words,
    listed,
    never_blank,
    no_such_move,
    offered_with,
    only_as_offered,
    ordinal,
    possessive,
    takes_only,
)


def test_a_list_reads_as_a_person_says_it() -> None:
    assert listed([]) == ""
    assert listed(["Batman"]) == "Batman"
    assert listed(["Batman", "Robin"]) == "Batman and Robin"
    assert listed(["Batman", "Commissioner Gordon", "Renee Montoya"]) == (
        "Batman, Commissioner Gordon and Renee Montoya"
    )


def test_a_sentence_opens_with_a_capital_and_keeps_the_rest_as_written() -> None:
    assert capitalized("the villain") == "The villain"
    assert capitalized("the Batcave") == "The Batcave"
    assert capitalized("") == ""


def test_a_count_takes_the_plural_past_one() -> None:
    assert counted(1, "cube") == "1 cube"
    assert counted(0, "cube") == "0 cubes" and counted(3, "wound") == "3 wounds"
    assert counted(2, "die", "dice") == "2 dice" and counted(1, "die", "dice") == "1 die"


def test_a_story_tells_none_as_no_thing_not_as_a_tally_of_0() -> None:
    """Stories and labels read "recovers 0 cubes", "0 wounds get through", "Defend with 0
    cubes": none is told as "no cube", the way the stories already said "no cube comes back"."""
    assert counted_or_none(0, "cube") == "no cube"
    assert counted_or_none(0, "success", "successes") == "no success"
    assert (
        counted_or_none(1, "wound") == "1 wound" and counted_or_none(2, "die", "dice") == "2 dice"
    )


def test_refusals_name_what_a_game_has_and_never_repeat_what_was_posted() -> None:
    assert no_such_move("Gotham Race") == (
        "Gotham Race has no move of that kind: ask for the legal moves to see what you may do now."
    )
    assert takes_only("use_effect", ("effect", "choice")) == (
        "The “use effect” move takes only “effect” and “choice”."
    )
    assert takes_only("end", ()) == "The “end” move takes no parameters."
    # a parameter is named in words, as the move is ("face_down" is the “face down” a card is
    # played with): no underscore in what a person reads
    assert takes_only("crime", ("card", "district", "face_down")) == (
        "The “crime” move takes only “card”, “district” and “face down”."
    )
    assert offered_with("attack", [("hero", "second_weapon")]) == (
        "The “attack” move is offered now only with “hero” and “second weapon”: leave none out"
        " and add none."
    )


def test_a_small_count_is_written_in_words_and_a_large_one_in_digits() -> None:
    assert [in_words(n) for n in (0, 1, 2, 9)] == ["no", "one", "two", "nine"]
    assert (in_words(10), in_words(-1)) == ("10", "-1")


def test_a_place_counted_from_zero_is_an_ordinal_in_words_then_in_digits() -> None:
    """A die's place in a roll ("0") read as "first": a label never shows the number posted."""
    assert [ordinal(n) for n in (0, 1, 2, 8)] == ["first", "second", "third", "ninth"]
    assert ordinal(9) == "10th"
    later = [ordinal(n - 1) for n in (11, 12, 13, 20, 21, 22, 23, 24, 101, 111, 112, 122)]
    assert later == [
        "11th",
        "12th",
        "13th",
        "20th",
        "21st",
        "22nd",
        "23rd",
        "24th",
        "101st",
        "111th",
        "112th",
        "122nd",
    ]


def test_a_name_owning_something_takes_a_lone_apostrophe_after_an_s() -> None:
    assert possessive("Red") == "Red's"
    assert possessive("Fortitude Trainers") == "Fortitude Trainers'"


def test_a_move_in_a_form_not_offered_is_refused_naming_the_forms_and_never_the_values() -> None:
    assert offered_with("end_turn", [(), ("card",)]) == (
        "The “end turn” move is offered now only with no parameters, or with “card”: leave"
        " none out and add none."
    )
    assert offered_with("attack", []) == (
        "The “attack” move is not offered now: ask for the legal moves to see what you may do."
    )
    assert never_blank("attack", ["lines", "second"]) == (
        "The “attack” move is never offered with “lines” and “second” null or empty: give a value."
    )
    assert only_as_offered("take") == (
        "The “take” move is taken only in the forms the legal moves list: post one."
    )
