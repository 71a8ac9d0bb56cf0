/* Stand-ins for the few DOM elements the pages' scripts build (tag, text, children, attributes),
   for the node tests of the panels and the move list, without a browser. */
"use strict";

class Element {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.children = [];
    this.text = "";
    this.attributes = {};
  }

  get textContent() {
    return this.text + this.children.map((c) => (typeof c === "string" ? c : c.textContent)).join("");
  }

  set textContent(value) {
    this.text = String(value);
    this.children = [];
  }

  get childElementCount() {
    return this.children.filter((c) => typeof c !== "string").length;
  }

  append(...nodes) {
    this.children.push(...nodes);
  }

  appendChild(node) {
    this.children.push(node);
    return node;
  }

  replaceChildren(...nodes) {
    this.text = "";
    this.children = [...nodes];
  }

  addEventListener() {}  // nothing is clicked under node

  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }

  /* Tag names only ("h3"), depth first, as the pages' scripts use it. */
  querySelector(selector) {
    for (const child of this.children) {
      if (typeof child === "string") continue;
      if (child.tagName === selector.toUpperCase()) return child;
      const found = child.querySelector(selector);
      if (found) return found;
    }
    return null;
  }
}

function lines(element, found = []) {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    found.push([child.tagName.toLowerCase(), child.text]);
    lines(child, found);
  }
  return found;
}

/* The elements carrying a data-target, depth first, each as [its own text, the target]. */
function targets(element, found = []) {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    if ("data-target" in child.attributes) found.push([child.text, child.attributes["data-target"]]);
    targets(child, found);
  }
  return found;
}

/* A context holding the page's `files` (of STATIC_DIR, in order) run as the browser would,
   with `globals` (document, storage, fetch… as each test stands them in) as its window. */
function pageContext(staticDir, files, globals) {
  const fs = require("fs");
  const path = require("path");
  const vm = require("vm");
  const context = { ...globals };
  context.window = context;
  vm.createContext(context);
  for (const file of files) {
    const script = path.join(staticDir, file);
    vm.runInContext(fs.readFileSync(script, "utf8"), context, { filename: script });
  }
  return context;
}

module.exports = { Element, lines, targets, pageContext };
