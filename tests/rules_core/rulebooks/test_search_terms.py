"""A player's question becomes search terms with their synonyms; a named book is recognised."""

from rules_core.rulebooks.search_terms import book_named_in, question_terms


def test_stop_words_go_and_synonyms_come() -> None:
    terms = question_terms("What happens on a tie when a villain fights Batman?")
    assert terms[:2] == ["tie", "tied"]
    assert "what" not in terms and "on" not in terms
    assert {"villain", "fights", "fight", "combat", "batman"} <= set(terms)
    assert len(terms) == len(set(terms))


def test_a_named_book_is_recognised_and_removed() -> None:
    assert book_named_in("who goes first in Black Metro?") == ("black-metro", "who goes first in")
    assert book_named_in("who goes first") == (None, "who goes first")
