/* Building page content from server data without markup: text goes in as textContent, links
   only to our own rules pages; and a page's requests to its game's API. Shared by the play,
   replay and lobby pages. */
"use strict";
window.GothamDom = (function () {
  /* A new element with text content (never markup) and any children appended. */
  function node(tag, text, ...children) {
    const element = document.createElement(tag);
    if (text !== undefined && text !== null) element.textContent = String(text);
    for (const child of children) element.append(child);
    return element;
  }

  /* A rule's link (only to our own rules pages) or, for any other address, its name as text. */
  function citation(c) {
    const name = `${c.label ? c.label + " " : ""}${c.name || c.title}`;
    if (typeof c.url !== "string" || !c.url.startsWith("/rules/")) return node("span", name);
    const link = node("a", name);
    link.setAttribute("href", c.url);
    return link;
  }

  /* Rule links, comma-separated; each named so the book's sections of the same title ("Movement
     phase" of Falcone's turn and of Gordon's) are told apart (the API's `name`). */
  function citationList(citations) {
    const span = node("span");
    (citations || []).forEach((c, i) => {
      if (i) span.append(", ");
      span.append(citation(c));
    });
    return span;
  }

  /* A count of things in words: "1 card", "3 cards" (`many` where the plural is not +s). */
  function counted(n, one, many) {
    return `${n} ${n === 1 ? one : many || `${one}s`}`;
  }

  /* A page's requests to one game's API, the seat's `headers` (its token) on each. A read (no
     method given) the server has not answered in READ_MS is given up, so that one request that
     never ends, its connection lost without a word, cannot leave a page waiting for good (the
     page says it could not reach the server). A move or another POST is never given up so:
     whether it was taken is read afterwards. */
  const READ_MS = 10000;
  function gameApi(gameId, headers) {
    return (path, options = {}) => fetch(`/api/games/${gameId}/${path}`, {
      ...(options.method ? {} : { signal: AbortSignal.timeout(READ_MS) }),
      ...options,
      headers: { ...headers, ...(options.headers || {}) },
    });
  }

  /* An answer's JSON ({} when its body is not JSON). */
  const readJson = (response) => response.json().catch(() => ({}));

  /* The wait in ms a refusal to be asked so often (429) asks for: its Retry-After header in
     seconds, else its body's `retry_after` (`body`: its JSON), else none; kept from `least` to
     `most` ms. */
  function askedWait(response, body, least = 0, most = Infinity) {
    const seconds = Number(response.headers.get("Retry-After")) || Number(body.retry_after) || 0;
    return Math.min(most, Math.max(least, 1000 * seconds));
  }

  return { node, citation, citationList, counted, gameApi, readJson, askedWait };
})();
