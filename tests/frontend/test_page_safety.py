"""The pages keep data out of markup and live under the Content-Security-Policy (no browser).

Seat tokens travel in URL fragments (never sent to the server, so never in its access logs); the
templates hold no inline script, event handler or style (the policy forbids them); the scripts
never turn server data into markup (test_browser.py checks the same with a hostile content pack).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client

from api.models import Game

ROOT = Path(__file__).resolve().parents[2] / "frontend"
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
GAMES = ROOT.parent / "rules_core" / "games"
SCRIPTS = sorted([*(ROOT / "static").rglob("*.js"), *GAMES.glob("*/board.js")])
MARKUP_SINKS = re.compile(
    r"\.innerHTML\s*\+?=|\.outerHTML\b|insertAdjacentHTML|document\.write|"
    r"createContextualFragment|setAttribute\(\s*[\"']style[\"']|\beval\s*\(|new\s+Function\s*\("
)


class _Tags(HTMLParser):
    """Every start tag's name and attribute names, and the bodies of inline scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name.lower() for name, _ in attrs}
        for name in sorted(names):
            if name == "style" or re.fullmatch(r"on[a-z]+", name):
                self.problems.append(f"<{tag} {name}=…>")
        if tag == "style":
            self.problems.append("<style> block")
        if tag == "script" and "src" not in names:
            self.problems.append("<script> without src")
            self._inline_script = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inline_script = False


def _problems(html: str) -> list[str]:
    parser = _Tags()
    parser.feed(html)
    parser.close()
    # a second, cruder look that a template tag inside a start tag cannot hide anything from
    crude = re.findall(r"<[a-zA-Z][^>]*\s(?:on[a-zA-Z]+|style)\s*=", html)
    crude += re.findall(r"<script\b(?![^>]*\ssrc\s*=)[^>]*>", html, flags=re.IGNORECASE)
    crude += re.findall(r"javascript:", html, flags=re.IGNORECASE)
    return parser.problems + crude


def test_there_are_templates_and_scripts_to_check() -> None:
    names = {p.name for p in TEMPLATES} | {p.name for p in SCRIPTS}
    assert {"seat_links.html", "play.html", "replay.html", "play.js", "replay.js"} <= names


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_templates_hold_no_inline_script_handler_or_style(template: Path) -> None:
    assert _problems(template.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_scripts_never_write_markup(script: Path) -> None:
    code = script.read_text(encoding="utf-8")
    sinks = [m.group(0) for m in MARKUP_SINKS.finditer(code)]
    assert sinks == [], f"{script.name} writes markup: {sinks}"


def test_the_sink_patterns_catch_what_they_are_for() -> None:
    for bad in (
        'li.innerHTML = "<b>" + name;',
        "box.innerHTML += text;",
        "node.outerHTML = x;",
        'el.insertAdjacentHTML("beforeend", x);',
        "document.write(x);",
        'el.setAttribute("style", "color: red");',
    ):
        assert MARKUP_SINKS.search(bad), bad
    for good in ("list.replaceChildren();", "li.textContent = name;", "el.style.color = 'red';"):
        assert not MARKUP_SINKS.search(good), good


@pytest.mark.django_db
def test_the_created_page_puts_seat_tokens_in_the_fragment(client: Client) -> None:
    response = client.post(
        "/games/new/",
        {"game": "gotham-race", "kind-0": "person", "name-0": "Ann", "kind-1": "person"},
        follow=True,
    )
    assert response.status_code == 200
    game = Game.objects.get()
    page = response.content.decode()
    links = re.findall(r'<a class="seat-link" href="([^"]*)"', page)
    assert len(links) == 2
    for link in links:
        assert re.fullmatch(rf"/games/{game.pk}/#token=[A-Za-z0-9_-]{{20,}}", link), link
    assert "?token=" not in page and "token=" not in page.replace("#token=", "")
    assert _problems(page) == []


@pytest.mark.django_db
def test_the_rendered_pages_hold_no_inline_script_handler_or_style(client: Client) -> None:
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    game = Game.objects.get()
    for url in ("/", f"/games/{game.pk}/", f"/games/{game.pk}/replay/", "/rules/", "/games/999/"):
        page = client.get(url)
        assert page.status_code in (200, 404), url
        assert _problems(page.content.decode()) == [], url


@pytest.mark.django_db
def test_the_replay_asks_a_seat_for_comments_instead_of_a_name(client: Client) -> None:
    client.post("/games/new/", {"game": "gotham-race", "kind-0": "person", "name-0": "Ann"})
    page = client.get(f"/games/{Game.objects.get().pk}/replay/").content.decode()
    assert 'name="author"' not in page
    assert "Comments come from a seat of this game" in page
