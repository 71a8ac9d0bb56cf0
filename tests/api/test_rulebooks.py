"""Rules reference over HTTP: books, contents, sections by any spelling, import, pages, admin."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from api.models import Game, Rulebook, Section
from rules_core.rulebooks import all_books
from rules_core.rulebooks.sentence_model import DIMS
from rules_core.rulebooks.text_vectors import from_bytes, passages
from tests.shipped import shipped_books

pytestmark = pytest.mark.django_db
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks"


def test_migrate_loads_every_indexed_section() -> None:
    assert Rulebook.objects.count() == len(all_books())
    assert {b.slug for b in shipped_books()} <= set(Rulebook.objects.values_list("slug", flat=True))
    assert len(shipped_books()) == 5
    assert Section.objects.count() == sum(len(b.sections) for b in all_books())


def test_books_and_table_of_contents(api: APIClient) -> None:
    books = {b["book"]: b for b in api.get("/api/rulebooks/").json()["books"]}
    assert books["gotham-race"]["sections"] == 28 and books["gotham-race"]["imported"] is False
    toc = api.get("/api/rulebooks/gotham-city-chronicles/sections/").json()
    assert toc["sections"][0]["section"] == "i"
    step = next(s for s in toc["sections"] if s["label"] == "V·C·1 [b]")
    assert step["parent"] == "v-c-1" and step["url"] == "/rules/gotham-city-chronicles/v-c-1-b/"
    assert api.get("/api/rulebooks/monopoly/sections/").status_code == 404


@pytest.mark.parametrize("ref", ["v-c-1-a", "V·C·1 [a]", "V.C.1.a", "v c 1 a", "VC1a"])
def test_a_section_by_id_or_label_in_any_spelling(api: APIClient, ref: str) -> None:
    response = api.get(f"/api/rulebooks/gotham-city-chronicles/sections/{ref}/")
    assert response.status_code == 200
    section = response.json()
    assert section["section"] == "v-c-1-a" and section["label"] == "V·C·1 [a]"
    assert [c["section"] for c in section["breadcrumbs"]] == ["v", "v-c", "v-c-1"]
    assert section["summary"] and section["text"] is None


def test_a_section_shows_what_cites_it(api: APIClient) -> None:
    section = api.get("/api/rulebooks/gotham-race/sections/questions.decks-exhausted/").json()
    assert {
        "game": "gotham-race",
        "kind": "event",
        "name": "decks_replenished",
        "words": "A deck has run out, so the played cards are sorted by their backs, shuffled and "
        "put under their decks.",
    } in section["cited_by"]
    assert {
        "game": "gotham-race",
        "kind": "rejection",
        "name": "deck_empty",
        "words": "Drawing from a deck that has no cards left.",
    } in section["cited_by"]
    missing = api.get("/api/rulebooks/gotham-race/sections/" + "x" * 3000 + "/")
    assert missing.status_code == 404  # the reference is not said back, whatever its length
    assert missing.json()["message"] == (
        "Gotham Race has no such section; its contents are at /api/rulebooks/gotham-race/."
    )
    unknown = api.get("/api/rulebooks/" + "y" * 300 + "/sections/")
    assert unknown.status_code == 404
    assert unknown.json()["message"] == "There is no rulebook by that name; see /api/rulebooks/."


@pytest.mark.parametrize(
    ("slug", "file"),
    [
        ("gotham-race", "gotham-race.txt"),
        ("gotham-city-strategy", "gotham-city-strategy.md"),
        ("black-metro", "black-metro.md"),
        ("gotham-city-chronicles", "gotham-city-chronicles.json"),
        ("no-mans-land", "no-mans-land.txt"),
    ],
)
def test_import_finds_every_section_of_each_shared_rulebook(
    slug: str, file: str, api: APIClient
) -> None:
    out = StringIO()
    call_command("import_rulebook", str(SHARED / file), book=slug, stdout=out)
    total = Section.objects.filter(book__slug=slug).count()
    assert f"found {total} of {total} sections" in out.getvalue()
    assert not Section.objects.filter(book__slug=slug, text="").exists()
    assert Rulebook.objects.get(slug=slug).imported_at is not None
    first = Section.objects.filter(book__slug=slug).order_by("position").first()
    assert first is not None
    assert api.get(f"/api/rulebooks/{slug}/sections/{first.sid}/").json()["text"] == first.text


def test_import_of_the_wrong_file_stores_nothing(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("a shopping list")
    with pytest.raises(CommandError, match="nothing stored"):
        call_command("import_rulebook", str(wrong), book="gotham-race", stdout=StringIO())
    assert not Section.objects.exclude(text="").exists()
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_rulebook", str(tmp_path / "missing.txt"), book="gotham-race")
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"pages": 1}')
    with pytest.raises(CommandError, match="not a gotham-city-chronicles"):
        call_command("import_rulebook", str(bad_json), book="gotham-city-chronicles")


def test_rule_coverage_lists_cited_and_uncited_sections() -> None:
    out = StringIO()
    call_command("rule_coverage", "--uncited", stdout=out)
    text = out.getvalue()
    assert "gotham-race: 18 of 18 normative sections cited (100%)" in text
    assert (
        "cited    questions.decks-exhausted: event decks_replenished, event ownerless_passed,"
        in text
    )
    assert "no rule  intro Gotham Race (story or background)" in text


def test_rules_pages(client: Client) -> None:
    assert b"Gotham Race" in client.get("/rules/").content
    toc = client.get("/rules/gotham-city-chronicles/")
    assert toc.status_code == 200 and "V·C·1 [b]".encode() in toc.content
    page = client.get("/rules/gotham-race/questions.decks-exhausted/")
    assert page.status_code == 200
    for expected in (
        b"In short",
        b"its owner has not imported it",
        b"Gotham Race, an event: A deck has run out, so the played cards are sorted",
        b"Gotham Race, a refused move: Drawing from a deck that has no cards left.",
        b'name="q"',
    ):
        assert expected in page.content
    assert b"import_rulebook" not in page.content and b"decks_replenished" not in page.content
    assert b"a refused move: deck empty" not in page.content and b"deck_empty" not in page.content
    assert (
        client.get("/rules/gotham-city-chronicles/V.C.1.a/")["Location"]
        == "/rules/gotham-city-chronicles/v-c-1-a/"
    )
    missing = client.get("/rules/gotham-race/nope/")
    assert missing.status_code == 404 and b"Gotham Race has no such section" in missing.content
    assert b'href="/"' in missing.content and b"nope" not in missing.content
    chess = client.get("/rules/chess/")
    assert chess.status_code == 404 and b"There is no rulebook by that name." in chess.content
    assert b"/api/rulebooks/" not in chess.content
    results = client.get("/rules/search/", {"q": "deck runs out"})
    assert results.status_code == 200 and b"questions.decks-exhausted" in results.content


def test_the_search_page_asks_for_words_and_ignores_an_unknown_book(client: Client) -> None:
    empty = client.get("/rules/search/", {"q": "  "})
    assert b"Search the rules" in empty.content and "Rules for “”".encode() not in empty.content
    unknown = client.get("/rules/search/", {"q": "deck runs out", "book": "nope"})
    assert b"nope" not in unknown.content and b"questions.decks-exhausted" in unknown.content
    filtered = client.get("/rules/search/", {"q": "deck runs out", "book": "gotham-race"})
    assert b'<a href="/rules/gotham-race/">Gotham Race</a>' in filtered.content
    assert b'In Gotham Race only \xc2\xb7 <a href="?q=deck%20runs%20out">search every book</a>' in (
        filtered.content
    )
    assert b"search every book" not in unknown.content


def test_the_search_box_of_a_game_asks_its_own_rulebook(client: Client) -> None:
    """On a game's play and replay pages the header's search is filtered to that game's book
    (the results page offers every book)."""
    seats = {"kind-0": "person", "name-0": "Ann", "kind-1": "person", "name-1": "Bob"}
    client.post("/games/new/", {"game": "no-mans-land", **seats})
    game = Game.objects.get()
    for page in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/"):
        content = client.get(page).content
        assert b'<input type="hidden" name="book" value="no-mans-land">' in content
        assert b"Ask this game's rules" in content
    assert b'name="book"' not in client.get("/").content


def test_section_page_quotes_the_imported_text(client: Client) -> None:
    call_command(
        "import_rulebook", str(SHARED / "gotham-race.txt"), book="gotham-race", stdout=StringIO()
    )
    page = client.get("/rules/gotham-race/questions.decks-exhausted/")
    assert b'class="original"' in page.content and b"discard pile" in page.content


def test_admin_finds_sections_by_label_in_any_spelling(client: Client) -> None:
    User.objects.create_superuser("admin", "a@example.com", "pw")
    client.login(username="admin", password="pw")
    listing = client.get("/admin/api/section/", {"q": "V.C.1.a"})
    assert listing.status_code == 200 and b"Declare a Melee Attack" in listing.content
    filtered = client.get(
        "/admin/api/section/", {"book__id__exact": Rulebook.objects.get(slug="gotham-race").pk}
    )
    assert filtered.status_code == 200 and b"Board legend" in filtered.content
    assert client.get("/admin/api/rulebook/").status_code == 200


def test_import_stores_each_sections_passage_vectors_with_its_text() -> None:
    call_command(
        "import_rulebook", str(SHARED / "gotham-race.txt"), book="gotham-race", stdout=StringIO()
    )
    for section in Section.objects.filter(book__slug="gotham-race"):
        rows = from_bytes(section.text_vectors)
        assert rows is not None and rows.shape == (len(passages(section.text)), DIMS), section.sid
        assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-2)


def test_a_citation_names_the_section_it_sits_in_so_twins_can_be_told_apart() -> None:
    from api.selectors import citation_json

    phases = citation_json("black-metro", "phases.assignment")
    reference = citation_json("black-metro", "quick-reference.assignment")
    assert phases["title"] == reference["title"] == "Assignment Phase"
    assert (phases["parent_title"], reference["parent_title"]) == ("Phases", "Quick Reference")
    assert citation_json("gotham-race", "intro")["parent_title"] is None
    assert (phases["name"], reference["name"]) == (
        "Assignment Phase (Phases)",
        "Assignment Phase (Quick Reference)",
    )
    assert citation_json("gotham-race", "intro")["name"] == "Gotham Race"


def test_a_sections_page_and_search_results_carry_the_citations_names(api: APIClient) -> None:
    gordon = "sequence-of-play.gordons-turn.movement"
    page = api.get(f"/api/rulebooks/no-mans-land/sections/{gordon}/").json()
    assert page["name"] == "Movement phase (Gordon's turn)"
    assert page["related"][0]["name"] == "Movement phase (Falcone's turn)"
    hits = api.get("/api/rules/search/", {"q": "when does Gordon move"}).json()["results"]
    assert all(set(hit) >= {"name", "parent_title"} for hit in hits)
