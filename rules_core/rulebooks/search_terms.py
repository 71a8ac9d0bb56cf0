"""Turning a player's question into search terms: stop words out, player vocabulary mapped in."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_core.rulebooks.index import Book, all_books

_WORD = re.compile(r"[a-z0-9]+")

STOP_WORDS = frozenset(
    [
        "a",
        "about",
        "after",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "been",
        "before",
        "being",
        "but",
        "by",
        "can",
        "could",
        "do",
        "does",
        "doing",
        "did",
        "for",
        "from",
        "get",
        "gets",
        "got",
        "had",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "just",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "out",
        "over",
        "so",
        "some",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "up",
        "us",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "happens",
        "happen",
        "happening",
        "rule",
        "rules",
        "allowed",
        "able",
        "way",
        "much",
        "many",
    ]
)

# Words players use -> words the books (and our summaries) use. Each maps to extra search terms.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "tie": ("tied", "equal", "draw", "ties"),
    "ties": ("tie", "equal"),
    "tied": ("tie", "equal"),
    "draw": ("tie", "take"),
    "fight": ("combat", "attack", "battle"),
    "fights": ("fight", "combat", "attack"),
    "fighting": ("fight", "combat"),
    "combat": ("fight", "attack"),
    "battle": ("fight", "combat"),
    "attack": ("fight", "combat"),
    "defend": ("defense", "defence", "defending"),
    "defending": ("defense", "defend"),
    "defence": ("defense",),
    "block": ("blocks",),
    "hit": ("attack", "wound", "damage"),
    "damage": ("wound", "wounds"),
    "hurt": ("wound", "damage"),
    "die": ("dice", "roll"),
    "dice": ("die", "roll"),
    "roll": ("dice", "die"),
    "money": ("cash", "dollar"),
    "cash": ("money",),
    "dollars": ("money",),
    "info": ("information",),
    "goons": ("henchmen",),
    "goon": ("henchmen",),
    "minions": ("henchmen",),
    "thugs": ("henchmen",),
    "hold": ("hand", "limit", "keep"),
    "max": ("limit", "maximum"),
    "maximum": ("limit",),
    "limit": ("maximum",),
    "win": ("winner", "victory", "wins", "winning"),
    "wins": ("win", "winner"),
    "winning": ("win", "winner"),
    "won": ("win", "winner"),
    "lose": ("loser", "defeat", "lost"),
    "loses": ("lose", "loser"),
    "end": ("ends", "over", "final"),
    "ends": ("end", "final"),
    "finish": ("finishing", "end"),
    "start": ("setup", "beginning", "first"),
    "setup": ("set", "preparation", "start"),
    "begin": ("start", "first"),
    "turn": ("round", "phase"),
    "round": ("turn",),
    "order": ("sequence", "first"),
    "shuffle": ("reshuffle", "shuffled"),
    "reshuffle": ("shuffle", "discard"),
    "runs": ("empty", "exhausted"),
    "empty": ("exhausted", "out"),
    "backwards": ("back", "backward", "opposite", "direction"),
    "backward": ("back", "opposite", "direction"),
    "reverse": ("opposite", "backward"),
    "move": ("movement", "moves"),
    "moving": ("move", "movement"),
    "movement": ("move",),
    "same": ("shared", "together"),
    "space": ("square", "location"),
    "square": ("space", "location"),
    "lane": ("lanes", "inside", "outer"),
    "hidden": ("secret", "face", "screen"),
    "secret": ("hidden", "screen"),
    "cards": ("card",),
    "hand": ("cards",),
    "player": ("players",),
    "players": ("player",),
    "two": ("2",),
    "solo": ("single", "alone"),
    "alone": ("solo",),
    "level": ("levels", "advance"),
    "levels": ("level",),
    "level up": ("advance",),
    "upgrade": ("advance", "level"),
    "cost": ("pay", "spend"),
    "pay": ("cost", "spend"),
    "spend": ("pay", "cost"),
    "threat": ("threats",),
    "batman": ("bat",),
    "bat": ("batman",),
    "cops": ("police", "gordon"),
    "police": ("gordon",),
    "crime": ("crimes",),
    "crimes": ("crime",),
    "counters": ("counter", "tokens"),
    "tokens": ("counters",),
    "fortune": ("fortunes",),
    "fortunes": ("fortune",),
    "energy": ("cubes",),
    "cubes": ("energy",),
    "reroll": ("rerolls",),
    "rerolls": ("reroll",),
    "see": ("sight", "line"),
    "visible": ("sight",),
    "los": ("line", "sight"),
    "heal": ("recovery", "rest"),
    "rest": ("recovery",),
    "district": ("districts",),
    "majority": ("dominance", "most"),
    "control": ("dominance", "rule", "ruling"),
    "rule": ("ruling", "control"),
}


# Names players use that a book's title does not give (see book_names).
NICKNAMES: tuple[tuple[str, str], ...] = (("no mans land", "no-mans-land"),)
TITLE_WORD = 4  # a title word this long or longer, in no other book's title, names its game


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


@dataclass(frozen=True, slots=True)
class BookName:
    """A name players give a book, and whether it stays in the question once recognised (a
    one-word name that also titles one of its book's sections: "Falcone's turn", "The Race")."""

    phrase: str
    slug: str
    stays: bool = False


def _names(books: tuple[Book, ...]) -> tuple[BookName, ...]:
    phrases: dict[str, str] = dict(NICKNAMES)
    titles = [(book.slug, book.title) for book in books]
    for book in books:
        slug, whole = book.slug, _words(book.title)
        plain = _words(book.title.removeprefix("Batman:"))
        phrases[whole] = phrases[plain] = slug
        phrases[plain.removesuffix(" game")] = slug
        for side in book.title.split(":"):  # "No Man's Land" and "Falcone vs Gordon"
            if len(_words(side).split()) >= 2:
                phrases[_words(side)] = slug
        others = {w for other, t in titles if other != slug for w in _words(t).split()}
        elsewhere = {w for other in books if other.slug != slug for w in _index_words(other)}
        for word in set(whole.split()) - others - {"game"}:
            if len(word) >= TITLE_WORD:  # "the race game", "the strategy game"
                phrases[f"{word} game"] = slug
                if word not in elsewhere:  # "metro", "chronicles", "falcone"
                    phrases[word] = slug
    section_titles = {
        book.slug: {w for s in book.sections for w in _words(s.title).split()} for book in books
    }
    return tuple(
        BookName(phrase, slug, stays=phrase in section_titles.get(slug, ()))
        for phrase, slug in sorted(phrases.items(), key=lambda item: -len(item[0]))
    )


def _index_words(book: Book) -> set[str]:
    """Every word of a book's index: its sections' titles, summaries, keywords and questions."""
    return {
        word
        for section in book.sections
        for text in (section.title, section.summary, *section.keywords, *section.questions)
        for word in _words(text).split()
    }


_KNOWN: list[tuple[tuple[Book, ...], tuple[BookName, ...]]] = []  # the books, and their names


def book_names() -> tuple[BookName, ...]:
    """How players name the books, longest first: each book's title (with or without "Batman:"
    and "Game", either side of a subtitle's colon), "<word> game" for a word of its title no
    other title has, that word alone when no other book's index uses it either, and the
    NICKNAMES; a question naming one is searched in that book. Worked out once per set of
    books."""
    books = all_books()
    if not _KNOWN or _KNOWN[0][0] is not books:
        _KNOWN[:] = [(books, _names(books))]
    return _KNOWN[0][1]


def _naming(question: str) -> tuple[BookName | None, str]:
    """The name a question gives a book, if any, and the question's words without it. The
    longest name counts; one-word names of two books ("strategy for falcone") name neither."""
    padded = f" {_words(question)} "
    named = [name for name in book_names() if f" {name.phrase} " in padded]
    if not named:
        return None, question
    name = named[0]
    if " " not in name.phrase and len({other.slug for other in named}) > 1:
        return None, question
    return name, padded.replace(f" {name.phrase} ", " ", 1).strip()


def _only_stop_words(text: str) -> bool:
    return all(word in STOP_WORDS for word in text.split())


def book_named_in(question: str) -> tuple[str | None, str]:
    """The book a question names, if any, and the question without that name (unless the name
    stays: see BookName); a question naming no book, or two, is routed by its words instead."""
    name, rest = _naming(question)
    if name is None:
        return None, question
    if name.stays or _only_stop_words(rest):
        return name.slug, question  # "metro", "the race game": the name is all there is
    return name.slug, rest


def name_only(question: str) -> str | None:
    """The book a question names when its name is all the question says ("metro", "Gotham
    Race", "the race game"); not for a name that also titles one of its sections ("race")."""
    name, rest = _naming(question)
    if name is None or name.stays or not _only_stop_words(rest):
        return None
    return name.slug
