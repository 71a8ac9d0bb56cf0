"""The section index of the five books: complete, consistent, findable, and in our own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules_core.rulebooks import Book, get_book
from rules_core.rulebooks.source_text import cut_sections, read_source
from tests.shipped import shipped_books

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "rulebooks"
BOOKS = {b.slug: b for b in shipped_books()}  # the tests' own Duel has no shared text
MINIMUM_SECTIONS = {
    "gotham-race": 28,
    "gotham-city-strategy": 40,
    "black-metro": 150,
    "gotham-city-chronicles": 215,
    "no-mans-land": 18,
}


def test_all_five_books_are_indexed() -> None:
    assert set(BOOKS) == set(MINIMUM_SECTIONS)
    for slug, minimum in MINIMUM_SECTIONS.items():
        assert len(BOOKS[slug].sections) >= minimum


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_sections_are_consistent(book: Book) -> None:
    ids = [s.id for s in book.sections]
    assert len(set(ids)) == len(ids)
    position = {sid: i for i, sid in enumerate(ids)}
    for section in book.sections:
        assert re.fullmatch(r"[a-z0-9][a-z0-9.-]*", section.id)
        assert section.title and len(section.summary) >= 20, section.id
        assert section.keywords, section.id
        if section.parent:
            assert position[section.parent] < position[section.id]
        assert set(section.related) <= set(ids)
        assert len(section.heading.split()) <= 10


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_labels_and_ids_find_their_own_section(book: Book) -> None:
    for section in book.sections:
        assert book.find(section.id) == section
        if section.label:
            assert book.find(section.label) == section, section.label
            dotted = section.label.replace("·", ".").replace(" [", ".").replace("]", "")
            assert book.find(dotted) == section, dotted


def test_chronicles_spellings() -> None:
    book = BOOKS["gotham-city-chronicles"]
    for spelling in ("V·C·1 [a]", "V.C.1.a", "v c 1 a", "VC1a", "v-c-1-a"):
        found = book.find(spelling)
        assert found is not None and found.id == "v-c-1-a"
    vii_i, viii = book.find("VII I"), book.find("VIII")
    assert vii_i is not None and vii_i.id == "vii-i"
    assert viii is not None and viii.id == "viii"
    assert book.find("nothing here") is None and book.find("..") is None


def test_chronicles_labels_every_chapter_and_step() -> None:
    book = BOOKS["gotham-city-chronicles"]
    labels = {s.label for s in book.sections}
    for label in ("IV·A", "V·C·1 [b]", "VI·D·3 [a] ii", "IX·L", "VIII·C", "VII·H", "X"):
        assert label in labels
    # one spelling throughout: chapter, step and point joined by middle dots
    assert all(" " not in s.label.split(" [")[0] for s in book.sections), "mixed label spellings"
    assert book.find("IX L") == book.find("IX·L")
    skills = [s for s in book.sections if s.parent == "x"]
    assert {s.title for s in skills} >= {"Ambidexterity", "Attraction", "Blast"}


def _pages_found_in_order(book: Book) -> dict[str, int]:
    """Each section's page in a json-pages book, read as the import command reads the book: each
    heading is the first match after the previous section's, in the text whose pages are marked
    by read_source (the array's first page is printed page 1). A heading such as 'Declare the
    Target' stands on several pages: the one that counts is the one that starts the section."""
    text = read_source((SHARED / book.source).read_text(encoding="utf-8"), book.form)
    cut = [(m.start(), int(m[1])) for m in re.finditer(r"^\[page (\d+)\]$", text, flags=re.M)]
    folded = " ".join(text.lower().split())
    starts: list[tuple[int, int]] = []  # each page marker's place in the folded text, page
    for start, page in cut:
        starts.append((len(" ".join(text[:start].lower().split())), page))
    pages: dict[str, int] = {}
    cursor = 0
    for section in book.sections:
        found = folded.find(" ".join(section.heading.lower().split()), cursor)
        assert found >= 0, section.id
        pages[section.id] = max(page for place, page in starts if place <= found)
        cursor = found + 1
    return pages


def _chronicles_summary(pages: list[str]) -> dict[str, int]:
    """The book's summary page (printed page 3): each chapter, lettered and numbered step it
    lists by its label ('V·C·1'), with the page it gives."""
    summary = pages[2].split("SUMMARY", 2)[-1]
    key = r"(?:[IVX]+|[A-Z]|\d)"
    listed: dict[str, int] = {}
    chapter = letter = ""
    for mark, name, page in re.findall(
        rf"({key}) • (.+?) (\d+)(?= {key} • |\s*$)", summary.strip()
    ):
        if re.fullmatch(r"[IVX]+", mark) and name == name.upper():
            chapter, letter, label = mark, "", mark
        elif mark.isdigit():
            label = f"{chapter}·{letter}·{mark}"
        else:
            letter, label = mark, f"{chapter}·{mark}"
        listed[label] = int(page)
    return listed


def test_chronicles_pages_are_the_printed_page_numbers() -> None:
    """A rules lawyer opens the printed book at the cited page: the book's own summary page
    numbers its chapters and their lettered and numbered steps (the file's first page is printed
    page 1), and every section starts on the page the index gives: the page where its heading
    is found, in order, as the import command finds it (a step such as 'Declare the Target' is
    named on several pages)."""
    book = BOOKS["gotham-city-chronicles"]
    pages = json.loads((SHARED / book.source).read_text(encoding="utf-8"))
    listed = _chronicles_summary(pages)
    assert len(listed) >= 60 and listed["V·C·1"] == 13 and listed["IV·C"] == 9
    labelled = {s.label: s for s in book.sections if s.label}
    for label, printed in listed.items():
        if label in labelled:
            assert labelled[label].page == printed, label
        else:  # the extract stops after the first skills of chapter X
            assert printed > len(pages), label
    found = _pages_found_in_order(book)
    wrong = {s.id: (s.page, found[s.id]) for s in book.sections if s.page != found[s.id]}
    assert wrong == {}  # section: (the index's page, the page its heading starts on)
    for section in book.sections:
        assert " ".join(section.heading.lower().split()) in " ".join(
            pages[found[section.id] - 1].lower().split()
        ), section.id


def _metro_contents(raw: str) -> list[tuple[str, int]]:
    """Black Metro's table of contents, in reading order: two columns of title and page, the
    left column first (the credits' own text sits in the table's last row, with no page)."""
    table = raw.split("TABLE OF CONTENTS", 1)[1].split("Copyright", 1)[0]
    rows = [line.split("\t") for line in table.splitlines() if "\t" in line]
    columns = ([row[0:2] for row in rows], [row[2:4] for row in rows])
    return [
        (title.strip(), int(page))
        for column in columns
        for title, page in (cells for cells in column if len(cells) == 2)
        if page.strip().isdigit()
    ]


def test_black_metro_pages_are_the_contents_pages() -> None:
    """Black Metro's text marks no page breaks; its table of contents gives the printed page of
    each chapter and each section it lists. Each listed title is, in order, a section of the
    index on the page the table gives; a section between two listed ones stands between their
    pages, and where they share a page it is that page (the table of contents itself, before
    the credits on page 1, is on page 1)."""
    book = BOOKS["black-metro"]
    listed = _metro_contents((SHARED / book.source).read_text(encoding="utf-8"))
    assert len(listed) == 47
    assert listed[0] == ("CREDITS", 1) and listed[-1] == ("QUICK REFERENCE", 25)
    sections = list(book.sections)
    placed: dict[str, int] = {}
    at = 0
    for title, page in listed:
        while not sections[at].heading.upper().startswith(title):
            at += 1  # a listed title is matched by the first section after the last one matched
        placed[sections[at].id] = page
        at += 1
    for section_id, page in placed.items():
        assert book.section(section_id).page == page, section_id
    low, high = 1, 1
    for position, section in enumerate(sections):
        if section.id in placed:
            low = high = placed[section.id]
            continue
        later = (placed[s.id] for s in sections[position + 1 :] if s.id in placed)
        high = next(later, max(placed.values()) + 1)
        if low == high:
            assert section.page == low, section.id
        else:
            assert section.page is None or low <= section.page <= high, section.id


def _race_pages(book: Book) -> list[str]:
    """Gotham Race's text cut into its printed pages, page 1 first: the cover holds no text and
    ends at the first picture marker; each marker starts a page, and so does the text after a
    page's footer (the colophon, which closes a page mid-file as well as the last)."""
    raw = (SHARED / book.source).read_text(encoding="utf-8")
    pages: list[str] = []
    for chunk in re.split(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>", raw):
        *closed, rest = chunk.split(book.colophon)
        pages += [*closed, rest]
    return [" ".join(page.lower().split()) for page in pages]


def test_race_pages_are_the_printed_page_numbers() -> None:
    """A rules lawyer opens the printed booklet at the cited page. The book's only printed page
    number is its answer on action cards pointing to the card list's page: that is the index's
    page of the card list, and every section's heading stands on the page the index gives (the
    index counted the first page of text as page 1, leaving out the cover, so the card list,
    on page 8, was cited as page 7)."""
    book = BOOKS["gotham-race"]
    raw = (SHARED / book.source).read_text(encoding="utf-8")
    (pointed,) = re.findall(r"see page (\d+)", raw, flags=re.IGNORECASE)
    pages = _race_pages(book)
    assert pages[0] == ""  # the cover
    assert book.section("cards").page == int(pointed) == 8
    for section in book.sections:
        assert section.page is not None, section.id
        heading = " ".join(section.heading.lower().split())
        assert heading in pages[section.page - 1], (section.id, section.page)


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_every_section_is_found_in_the_shared_rulebook(book: Book) -> None:
    raw = (SHARED / book.source).read_text(encoding="utf-8")
    cut = cut_sections(book, read_source(raw, book.form))
    assert cut.missing == ()
    assert set(cut.texts) == {s.id for s in book.sections}


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_summaries_are_our_own_words(book: Book) -> None:
    """No run of 14 words of the book appears in the index (summaries, titles, keywords)."""
    source = " ".join(re.findall(r"[a-z]+", (SHARED / book.source).read_text().lower()))
    words = source.split()
    runs = {" ".join(words[i : i + 14]) for i in range(len(words) - 13)}
    for section in book.sections:
        ours = re.findall(r"[a-z]+", f"{section.title} {section.summary}".lower())
        for i in range(len(ours) - 13):
            assert " ".join(ours[i : i + 14]) not in runs, section.id


QUESTION_RUN = 8  # a player's question is short: even eight of the book's words in a row is a quote


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_questions_are_our_own_words(book: Book) -> None:
    """No question of the index repeats eight of the book's words in a row."""
    source = re.findall(r"[a-z]+", (SHARED / book.source).read_text().lower())
    runs = {" ".join(source[i : i + QUESTION_RUN]) for i in range(len(source) - QUESTION_RUN + 1)}
    for section in book.sections:
        for question in section.questions:
            ours = re.findall(r"[a-z]+", question.lower())
            for i in range(len(ours) - QUESTION_RUN + 1):
                assert " ".join(ours[i : i + QUESTION_RUN]) not in runs, (section.id, question)


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_every_rule_can_be_asked_for(book: Book) -> None:
    """Each section that states a rule carries questions a player would ask of it; a heading or
    an example carries none (its answer is elsewhere)."""
    for section in book.sections:
        if section.normative:
            assert len(section.questions) >= 2, section.id
        if section.no_rule in ("heading", "example"):
            assert section.questions == (), section.id
        assert all(0 < len(q.split()) <= 25 for q in section.questions), section.id


def test_a_books_chapters_are_its_top_sections_in_order_without_contents_or_credits() -> None:
    metro = get_book("black-metro")
    assert [s.id for s in metro.sections[:3]] == ["contents", "credits", "overview"]
    assert metro.chapters[0].id == "overview"
    assert all(s.parent is None for s in metro.chapters)
    assert [s.id for s in metro.chapters] == [
        s.id
        for s in metro.sections
        if s.parent is None and s.no_rule not in {"contents", "credits"}
    ]


@pytest.mark.parametrize("book", BOOKS.values(), ids=lambda b: b.slug)
def test_every_section_has_a_name_of_its_own_in_its_book(book: Book) -> None:
    names = [f"{s.label} {book.distinct_title(s.id)}" for s in book.sections]
    assert len(set(names)) == len(names)


def test_a_shared_title_is_told_apart_by_as_few_enclosing_titles_as_needed() -> None:
    metro = BOOKS["black-metro"]
    assert metro.distinct_title("phases") == "Phases"  # at the top: the twin says where it is
    assert metro.distinct_title("troubleshooting.phases") == "Phases (Troubleshooting)"
    assert metro.distinct_title("troubleshooting.phases.resolution") == (
        "Resolution Phase (Phases, Troubleshooting)"
    )
    assert BOOKS["gotham-race"].distinct_title("intro") == "Gotham Race"


def test_a_search_example_names_a_section_of_its_book(tmp_path: Path) -> None:
    """The example's answer is a section id, checked like a `related` link."""
    from rules_core.rulebooks.index import IndexFormatError, load_book

    index = tmp_path / "tiny.toml"
    head = 'book = "tiny"\ntitle = "Tiny"\nsource = "tiny.txt"\nform = "text"\n'
    section = '[[section]]\nid = "end"\ntitle = "End"\nheading = "End"\nsummary = "It ends."\n'
    example = 'search_example = { question = "when does it end?", section = "%s" }\n'
    index.write_text(head + example % "end" + section, encoding="utf-8")
    book = load_book(index)
    assert (book.search_example, book.search_example_section) == ("when does it end?", "end")
    index.write_text(head + example % "start" + section, encoding="utf-8")
    with pytest.raises(IndexFormatError, match="search_example links to unknown 'start'"):
        load_book(index)


def test_a_section_that_sits_inside_itself_is_refused(tmp_path: Path) -> None:
    """A cycle of parents would never reach the top (a breadcrumb or a distinct name would
    walk it for ever)."""
    from rules_core.rulebooks.index import IndexFormatError, load_book

    head = 'book = "tiny"\ntitle = "Tiny"\nsource = "tiny.txt"\nform = "text"\n'
    section = '[[section]]\nid = "%s"\nparent = "%s"\ntitle = "T"\nheading = "T"\nsummary = "S."\n'
    index = tmp_path / "tiny.toml"
    index.write_text(head + section % ("a", "b") + section % ("b", "a"), encoding="utf-8")
    with pytest.raises(IndexFormatError, match="a sits inside itself through"):
        load_book(index)


def test_gotham_city_strategy_pages_are_the_books_own_pointers() -> None:
    """The book marks no page breaks; it points twice at its fights: "Fights" on page 4 (from
    the Bat-Signal) and the "Fights" sections on the page after Moving Your Figures. Those
    three sections and the example among them give page 4, Moving Your Figures page 3; no
    other section gives a page the book does not state."""
    book = BOOKS["gotham-city-strategy"]
    text = (SHARED / book.source).read_text(encoding="utf-8")
    (fights,) = re.findall(r"see .Fights. on page (\d+)\)", text)
    assert re.search(r"see .Fights. sections on next page\)", text)
    paged = {s.id: s.page for s in book.sections if s.page is not None}
    fight_sections = ("turn.fight-villains", "turn.fight-villains.example", "turn.fight-batman")
    assert paged == {"turn.move": int(fights) - 1} | {s: int(fights) for s in fight_sections}
