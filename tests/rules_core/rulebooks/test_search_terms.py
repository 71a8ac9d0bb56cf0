"""A player's question becomes search terms with their synonyms; a named book is recognised."""

from rules_core.rulebooks.ranking import RankIndex, stem
from rules_core.rulebooks.search_terms import book_named_in, name_only


def test_stop_words_go_and_synonyms_come_weighted_below_the_players_words() -> None:
    query = RankIndex([], {}).query("What happens on a tie when a villain fights Batman?")
    assert query.own == tuple(stem(w) for w in ("tie", "villain", "fights", "batman"))
    assert "what" not in query.weights and "on" not in query.weights
    assert query.weights[stem("tie")] == 1.0
    assert 0 < query.weights[stem("combat")] < 1.0
    assert query.weights[f"{stem('villain')}_{stem('fights')}"] > 0


def test_a_named_book_is_recognised_and_removed() -> None:
    assert book_named_in("who goes first in Black Metro?") == ("black-metro", "who goes first in")
    assert book_named_in("who goes first") == (None, "who goes first")


def test_a_game_is_named_by_its_title_its_subtitle_or_a_word_only_its_title_has() -> None:
    named = book_named_in("in the race game who moves first")
    assert named == ("gotham-race", "in the who moves first")
    assert book_named_in("strategy game: how many dice")[0] == "gotham-city-strategy"
    assert book_named_in("Batman: Gotham City Strategy Game setup")[0] == "gotham-city-strategy"
    assert book_named_in("falcone vs gordon end of game")[0] == "no-mans-land"
    assert book_named_in("No Man's Land draw phase")[0] == "no-mans-land"
    assert book_named_in("gotham city chronicles reroll")[0] == "gotham-city-chronicles"
    # "Batman" and "Gotham" are in two titles: they name no game alone, nor does "city game"
    assert book_named_in("can batman fight in gotham")[0] is None
    assert book_named_in("the city game board")[0] is None


def test_a_title_word_no_other_book_uses_names_its_game_alone() -> None:
    assert book_named_in("metro deck runs out") == ("black-metro", "deck runs out")
    assert book_named_in("chronicles turn order") == ("gotham-city-chronicles", "turn order")
    # a name that also titles one of its book's sections stays in the question
    assert book_named_in("falcone's turn income") == ("no-mans-land", "falcone's turn income")
    # "gordon" is in the Chronicles' index too, "black" and "land" as well: none names a game
    for question in ("gordon draws", "a black die", "land on a block"):
        assert book_named_in(question)[0] is None, question


def test_one_word_names_of_two_games_name_neither_but_a_longer_name_wins() -> None:
    assert book_named_in("best strategy for falcone")[0] is None
    assert book_named_in("strategy for falcone vs gordon") == ("no-mans-land", "strategy for")


def test_a_question_that_is_only_a_games_name_is_searched_in_its_book_as_asked() -> None:
    assert book_named_in("metro") == ("black-metro", "metro")
    assert book_named_in("the Black Metro?") == ("black-metro", "the Black Metro?")


def test_a_question_that_is_only_a_games_name_is_told_apart() -> None:
    assert name_only("Gotham Race") == name_only("the race game") == "gotham-race"
    assert name_only("Batman: Gotham City Chronicles?") == "gotham-city-chronicles"
    assert name_only("metro") == "black-metro"
    assert name_only("metro deck") is None  # it asks about something in the book
    assert name_only("the race") is None  # "The Race" is a section of its book too
    assert name_only("batman") is None  # in two titles: no game's name
