"""A player's question becomes search terms with their synonyms; a named book is recognised."""

from rules_core.rulebooks.ranking import RankIndex, stem
from rules_core.rulebooks.search_terms import book_named_in


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
