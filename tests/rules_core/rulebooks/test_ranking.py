"""The rule-search ranker on small hand-made books: fields, routing, intros, spelling, snippets."""

from __future__ import annotations

from rules_core.rulebooks.ranking import (
    FEEDBACK_TERMS,
    FEEDBACK_WEIGHT,
    INTRO_FACTOR,
    NO_RULE_FACTOR,
    Doc,
    RankIndex,
    pack_vocabulary,
    snippet,
    stem,
)


def _doc(key: int, book: str, sid: str, title: str, summary: str, **extra: str) -> Doc:
    parent = extra.pop("parent", None)
    return Doc(
        key=key,
        book=book,
        sid=sid,
        parent=parent,
        no_rule=extra.pop("no_rule", ""),
        fields={"title": title, "summary": summary, **extra},
    )


FILLER = "the players take turns and follow the order of play until the game is over"
DOCS = [
    _doc(1, "race", "track", "The Track", f"Runners lap the oval track clockwise. {FILLER}"),
    _doc(2, "race", "cards", "Leader cards", "The leader's cards, one by one.", no_rule="heading"),
    _doc(
        3,
        "race",
        "cards.back",
        "Leader cards back two",
        f"It moves the leading runner two spaces back. {FILLER}",
        parent="cards",
    ),
    _doc(4, "city", "start", "Start", f"Each villain starts with three threats. {FILLER}"),
    _doc(5, "city", "win", "Winning", f"The villain at level ten wins. {FILLER}"),
    _doc(6, "city", "track", "Level track", f"Your villain's dial is a level track. {FILLER}"),
]


def _keys(index: RankIndex, question: str, book: str | None = None) -> list[int]:
    return [r.key for r in index.rank(question, book)]


def test_stemming_folds_plurals_and_endings_the_same_way_on_both_sides() -> None:
    assert stem("runners") == stem("runner") == "runner"
    assert stem("fights") == stem("fighting") == stem("fight")
    assert stem("pass") == "pass" and stem("dice") == "dice"


def test_an_ordinal_in_figures_reads_as_its_word() -> None:
    """A question's 2nd place cards are the books' second place cards."""
    assert [stem(w) for w in ("1st", "2nd", "3rd", "4th", "10th")] == [
        "first",
        "second",
        "third",
        "fourth",
        "tenth",
    ]
    docs = [*DOCS, _doc(7, "race", "second", "Second place", f"Its runner moves on. {FILLER}")]
    index = RankIndex(docs, {})
    assert _keys(index, "what do the 2nd place cards do")[0] == 7


def test_a_word_one_book_owns_routes_a_generic_question_to_it() -> None:
    index = RankIndex(DOCS, {})
    # "track" is in both books; "runners" only in the race book.
    assert _keys(index, "which way do runners go round the track")[0] == 1
    assert _keys(index, "villain level track")[0] == 6
    routes = index.route(index.query("runners"))
    assert routes["race"] > 1 > routes["city"]


def test_a_content_pack_word_routes_too() -> None:
    plain = RankIndex(DOCS, {})
    packed = RankIndex(DOCS, {"city": ("Ace Chemicals Laughing Gas track",)})
    assert packed.route(packed.query("track"))["city"] > plain.route(plain.query("track"))["city"]


def test_an_intro_is_demoted_below_the_subsection_that_answers() -> None:
    index = RankIndex(DOCS, {})
    assert _keys(index, "leader cards")[:2] == [3, 2]


def test_each_result_carries_what_its_kind_cost_it() -> None:
    # The intro (2) is demoted because its subsection (3) matches; a component list and an
    # example are demoted as such; a rule is not.
    docs = [
        *DOCS,
        _doc(7, "race", "box", "Leader box", f"Leader cards. {FILLER}", no_rule="components"),
        _doc(8, "race", "ex", "Leader example", f"Leader cards. {FILLER}", no_rule="example"),
    ]
    demotion = {r.key: r.demotion for r in RankIndex(docs, {}).rank("leader cards")}
    assert demotion[2] == INTRO_FACTOR and demotion[3] == 1.0
    assert demotion[7] == NO_RULE_FACTOR["components"] < 1.0
    assert demotion[8] == NO_RULE_FACTOR["example"] < 1.0


def test_the_title_outweighs_the_imported_text() -> None:
    docs = [
        _doc(1, "b", "a", "Threats", FILLER, text="nothing here"),
        _doc(2, "b", "b", "Money", FILLER, text="threats threats threats are mentioned here"),
    ]
    assert _keys(RankIndex(docs, {}), "threats") == [1, 2]


def test_a_book_filter_keeps_to_that_book() -> None:
    assert set(_keys(RankIndex(DOCS, {}), "track", "city")) == {6}


def test_a_books_every_section_is_offered_unscored_for_ordering_by_meaning() -> None:
    index = RankIndex(DOCS, {})
    assert index.rank("runners", "city") == []  # no word of the question is in that book
    offered = index.in_book("runners", "city")
    assert [(r.key, r.score, r.demotion) for r in offered] == [
        (4, 0.0, 1.0),
        (5, 0.0, 1.0),
        (6, 0.0, 1.0),
    ]
    assert offered[0].terms == ("runners",)
    example = _doc(8, "city", "ex", "Example", FILLER, no_rule="example")
    demotion = {r.key: r.demotion for r in RankIndex([*DOCS, example], {}).in_book("x", "city")}
    assert demotion == {4: 1.0, 5: 1.0, 6: 1.0, 8: NO_RULE_FACTOR["example"]}


def test_a_misspelt_game_word_is_corrected_and_searched() -> None:
    index = RankIndex(DOCS, {})
    query = index.query("what do the leadr cards do")
    assert query.corrections == {"leadr": "leader"}
    assert _keys(index, "leadr cards")[0] == 3
    assert index.query("villain").corrections == {}
    assert index.correction("zzzzzz") is None


def test_the_snippet_is_the_window_with_the_question_words_marked() -> None:
    text = " ".join(["filler"] * 40 + ["the", "Runners", "lap", "the", "track"] + ["end"] * 40)
    shown = snippet(text, ["runner", "track"], width=10)
    assert "«Runners»" in shown and "«track»" in shown
    assert shown.startswith("…") and shown.endswith("…")
    assert snippet("", ["x"]) == ""
    assert snippet("Recruit (Henchmen), then fight.", ["henchmen", "fight"]) == (
        "Recruit («Henchmen»), then «fight»."
    )


def test_the_books_own_guillemets_never_read_as_match_marks() -> None:
    shown = snippet("» Each player chooses a «figure» to race", ["figure"])
    assert shown == "\u203a Each player chooses a \u2039«figure»\u203a to race"
    assert shown.count("«") == shown.count("»") == 1


def test_each_shipped_game_has_pack_vocabulary() -> None:
    assert any("Ace Chemicals" in v for v in pack_vocabulary("gotham-city-strategy"))
    assert pack_vocabulary("no-such-book") == ()


def test_a_question_read_once_ranks_as_the_question_itself() -> None:
    index = RankIndex(DOCS, {})
    question = "which way do runners go round the track"
    query = index.query(question)
    assert index.read(query) is query
    assert index.rank(query) == index.rank(question) != []
    assert index.in_book(query, "race") == index.in_book(question, "race") != []


MODES = [
    _doc(
        1,
        "metro",
        "limits",
        "Resources",
        "Strain that would pass 15 above the limit costs 1 power a point.",
    ),
    _doc(2, "metro", "dice", "Dice", f"Roll the dice and take strain for each skull. {FILLER}"),
    Doc(3, "metro", "solo", None, "", {"title": "Solo Challenge", "summary": "Play alone."}, True),
    _doc(
        4,
        "metro",
        "solo.win",
        "Winning alone",
        "The overlord wins if your strain would pass 15 above the limit.",
        parent="solo",
    ),
]


def test_a_way_of_playing_ranks_lower_for_a_question_that_shows_no_sign_of_it() -> None:
    """A mode's sections (the solo challenge) answer a question only when it uses a word that
    marks the mode: its title's or keywords', or one its sections use mostly (overlord)."""
    index = RankIndex(MODES, {})
    assert _keys(index, "what if my strain would pass 15 above the limit")[0] == 1
    assert _keys(index, "solo: what if my strain would pass 15 above the limit")[0] == 4
    assert _keys(index, "overlord: strain would pass 15 above the limit")[0] == 4
    plain = RankIndex([Doc(d.key, d.book, d.sid, d.parent, d.no_rule, d.fields) for d in MODES], {})
    assert _keys(plain, "what if my strain would pass 15 above the limit")[0] == 4


FIGHTS = [
    _doc(1, "city", "fight", "Fights", "Roll the dice and compare strength; the loser retreats."),
    _doc(2, "city", "card", "Fight cards", "A fight card is played in a fight, then discarded."),
    _doc(3, "city", "reward", "Fight rewards", "After the dice roll the stronger takes a reward."),
]


def test_the_first_answers_words_are_fed_back_below_the_players_own() -> None:
    index = RankIndex(FIGHTS, {})
    query = index.query("fights")
    first = index.rank(query)[0]
    assert first.key == 1
    widened = index.widened(query, first)
    fed = {t: w for t, w in widened.weights.items() if t not in query.weights}
    assert {stem(w) for w in ("roll", "dice", "strength", "loser", "retreats")} <= set(fed)
    assert len(fed) <= FEEDBACK_TERMS and max(fed.values()) == FEEDBACK_WEIGHT
    assert all(0 < w <= FEEDBACK_WEIGHT < 1 for w in fed.values())
    assert {t: widened.weights[t] for t in query.weights} == dict(query.weights)
    assert widened.own == query.own and widened.surface == query.surface  # snippets unchanged


def test_ranked_again_widened_the_first_answers_neighbour_comes_next() -> None:
    """Both other sections hold the question's word; the one that also says what the first
    answer says (dice, a roll, strength) takes second place once the first's words feed back."""
    index = RankIndex(FIGHTS, {})
    query = index.query("fights")
    assert [r.key for r in index.rank(query)] == [1, 2, 3]
    widened = index.widened(query, index.rank(query)[0])
    assert [r.key for r in index.rank(widened)] == [1, 3, 2]


def test_feedback_from_a_section_whose_every_word_was_asked_adds_nothing() -> None:
    index = RankIndex([_doc(1, "b", "a", "Fights", "fights")], {})
    query = index.query("fights")
    assert index.widened(query, index.rank(query)[0]) == query
