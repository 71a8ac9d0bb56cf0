/* The play page's targets: the places on the board and the cards in the hand that a legal move
   acts on (a board module's `target`, matched to the `data-target` of what it drew). Each is
   highlighted and picked by the mouse, and by the keyboard alike: a group of targets (the
   board's, the hand's) is one Tab stop, the arrow keys go from target to target within it,
   Enter or Space picks the one with the focus; each is a button named in the game's words with
   the count of its moves ("Crime Alley: 3 moves"), pressed while it is the one picked, and
   described by what it prints besides its name (a card's text, a seat's line), if its board
   module says where that is. A move may act on several targets (a card played against a
   player): it is counted on each, and stays shown whichever of them is picked. */
"use strict";
window.GothamTargets = (function () {
  const NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const ROLE = ["tabindex", "role", "aria-label", "aria-pressed", "aria-describedby"];

  /* A target's name: the one its board module gave it (`data-name`: "01 Shadowforge Factory"),
     else its own words (a card in the hand, named by what it prints). */
  function nameOf(element) {
    const given = element.getAttribute("data-name");
    const words = given || String(element.textContent || "").replace(/\s+/g, " ").trim();
    return words.replace(/[\s.:;,]+$/, "");
  }

  /* How many of `buttons` (each with its `dataset.target`: one target or several) act on each
     target. */
  function counts(buttons) {
    const found = new Map();
    for (const button of buttons) {
      for (const aim of window.GothamBoards.aims(button.dataset.target)) found.set(aim, (found.get(aim) || 0) + 1);
    }
    return found;
  }

  /* Whether a move button (its `dataset.target`) acts on `aim`. */
  function actsOn(button, aim) {
    return window.GothamBoards.aims(button.dataset.target).includes(aim);
  }

  /* Marks each group's elements (in page order) for the moves of `buttons`: a legal target is
     highlighted, a button in the keyboard's order, and picked (`pick(aim)`) by a click, Enter
     or Space; the rest are left as drawn. `chosen` is the target picked, if any. Answers the
     target still picked (null once no move acts on it). One target per group takes the Tab
     (the picked one, else the first): the arrow keys, Home and End move within the group. */
  function mark(groups, buttons, chosen, pick) {
    const moves = counts(buttons);
    const picked = chosen && moves.has(chosen) ? chosen : null;
    for (const group of groups) {
      const legal = group.filter((element) => moves.has(element.getAttribute("data-target")));
      const first = legal.find((e) => e.getAttribute("data-target") === picked) || legal[0];
      for (const element of group) {
        const aim = element.getAttribute("data-target");
        element.classList.toggle("legal-target", moves.has(aim));
        element.classList.toggle("chosen-target", moves.has(aim) && aim === picked);
        if (!moves.has(aim)) {
          for (const attribute of ROLE) element.removeAttribute(attribute);
          element.onclick = element.onkeydown = element.onfocus = null;
          continue;
        }
        element.setAttribute("tabindex", element === first ? "0" : "-1");
        element.setAttribute("role", "button");
        element.setAttribute("aria-label", `${nameOf(element)}: ${window.GothamDom.counted(moves.get(aim), "move")}`);
        element.setAttribute("aria-pressed", String(aim === picked));
        // its printed words beyond its name (`data-description`: the ids of what holds them)
        const described = element.getAttribute("data-description");
        if (described) element.setAttribute("aria-describedby", described);
        element.onclick = () => pick(aim);
        element.onkeydown = (event) => keyed(event, element, legal, () => pick(aim));
        element.onfocus = () => legal.forEach((e) => e.setAttribute("tabindex", e === element ? "0" : "-1"));
      }
      legal.forEach(unlisted);
    }
    return picked;
  }

  /* A card of the hand is an item of a list, which holds items alone: the list of a card made a
     button is a group of cards instead, and its other items (nothing to pick) plain text. */
  function unlisted(element) {
    const list = element.parentElement;
    if (!list || !["UL", "OL"].includes(list.tagName)) return;
    list.setAttribute("role", "group");
    for (const item of list.children) {
      if (typeof item !== "string" && item.tagName === "LI" && item.getAttribute("role") !== "button") item.setAttribute("role", "none");
    }
  }

  /* A key on a target: Enter or Space picks it; an arrow, Home or End moves the focus to
     another target of its group (round at the ends). */
  function keyed(event, element, legal, picked) {
    const at = legal.indexOf(element);
    let to = null;
    if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      picked();
      return;
    }
    if (event.key in NEXT) to = (at + NEXT[event.key] + legal.length) % legal.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = legal.length - 1;
    if (to === null) return;
    event.preventDefault();  // the arrows would scroll the page
    legal[to].focus();
  }

  // what a board's highlighted element is called in the hint, by its target's kind, unless its
  // board module calls it better (`data-noun`: "hero", "river tile")
  const NOUNS = { area: "area", block: "block", card: "card", deck: "deck", district: "district", figure: "figure", player: "player", tile: "tile" };
  function nounOf(element) {
    return element.getAttribute("data-noun") || NOUNS[String(element.getAttribute("data-target")).split("-")[0]] || "place";
  }

  /* The hint's words for what is highlighted and where (`onBoard`, `inHand`: the highlighted
     elements on the board and beside it): "a highlighted hero, character or district on the
     board or card in your hand", each noun once, in the page's order. */
  function where(onBoard, inHand) {
    const nouns = [...new Set(onBoard.map(nounOf))];
    if (!nouns.length) return "a highlighted card in your hand";
    const listed = nouns.length > 1 ? `${nouns.slice(0, -1).join(", ")} or ${nouns[nouns.length - 1]}` : nouns[0];
    return `a highlighted ${listed} on the board${inHand.length ? " or card in your hand" : ""}`;
  }

  /* Where `element` (or what holds it) is among the targets, if it is one: its target and
     name ({aim, name}), for the page to put the focus back on it when it draws the board again.
     Several elements may share a target (a Chronicles hero's figure and hero board: one hero,
     his moves highlighted and picked on both), so the name tells which had the focus. */
  function spotOf(element) {
    const holder = element && element.closest ? element.closest("[data-target]") : null;
    return holder ? { aim: holder.getAttribute("data-target"), name: holder.getAttribute("data-name") } : null;
  }

  /* The element of `groups` at `spot` (`spotOf`) that takes the Tab, to put the focus back on:
     the one of that target and name, else the first of that target. */
  function focusable(groups, spot) {
    const aimed = groups.flat().filter((e) => e.getAttribute("data-target") === spot.aim && e.getAttribute("tabindex") !== null);
    return aimed.find((e) => e.getAttribute("data-name") === spot.name) || aimed[0] || null;
  }

  return { mark, nameOf, actsOn, spotOf, focusable, nounOf, where };
})();
