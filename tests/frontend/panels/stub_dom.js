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
    this.adopt(nodes);
  }

  appendChild(node) {
    this.children.push(node);
    this.adopt([node]);
    return node;
  }

  replaceChildren(...nodes) {
    this.text = "";
    this.children = [...nodes];
    this.adopt(nodes);
  }

  get firstChild() {
    return this.children.length ? this.children[0] : null;
  }

  removeChild(node) {
    this.children = this.children.filter((c) => c !== node);
    return node;
  }

  adopt(nodes) {
    for (const node of nodes) if (typeof node !== "string") node.parentElement = this;
  }

  addEventListener() {}  // nothing is clicked under node (a test calls onclick, onkeydown)

  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }

  getAttribute(name) {
    return name in this.attributes ? this.attributes[name] : null;
  }

  removeAttribute(name) {
    delete this.attributes[name];
  }

  /* The class attribute as a list, as much of it as the pages' scripts use. */
  get classList() {
    const names = () => (this.attributes.class || "").split(/\s+/).filter(Boolean);
    const set = (list) => { this.attributes.class = list.join(" "); };
    return {
      contains: (name) => names().includes(name),
      add: (name) => { if (!names().includes(name)) set([...names(), name]); },
      remove: (name) => set(names().filter((n) => n !== name)),
      toggle: (name, on) => {
        const wanted = on === undefined ? !names().includes(name) : Boolean(on);
        set(wanted ? [...new Set([...names(), name])] : names().filter((n) => n !== name));
        return wanted;
      },
    };
  }

  get style() {
    if (!this.styles) this.styles = {};
    return this.styles;
  }

  /* The keyboard's focus: the element becomes its document's active one (`focusIn`, where the
     test keeps it) and hears its focus event. */
  focus() {
    if (Element.focusIn) Element.focusIn.activeElement = this;
    if (this.onfocus) this.onfocus({ target: this });
  }

  /* Every element under this one, depth first, that `selector` matches: a tag name ("text"),
     an attribute ("[data-target]") or a class (".legal-target"). */
  querySelectorAll(selector) {
    const matches = (e) => (selector.startsWith("[") ? selector.slice(1, -1) in e.attributes
      : selector.startsWith(".") ? e.classList.contains(selector.slice(1))
        : e.tagName === selector.toUpperCase());
    const found = [];
    (function walk(element) {
      for (const child of element.children) {
        if (typeof child === "string") continue;
        if (matches(child)) found.push(child);
        walk(child);
      }
    })(this);
    return found;
  }

  /* This element or the nearest one holding it that has the attribute of `selector`
     ("[data-target]", all the pages' scripts ask), else null. */
  closest(selector) {
    const name = selector.slice(1, -1);
    for (let at = this; at; at = at.parentElement) if (at.attributes && name in at.attributes) return at;
    return null;
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

/* A context holding the page's `files` (of STATIC_DIR, or whole paths; in order) run as the browser would,
   with `globals` (document, storage, fetch… as each test stands them in) as its window. */
function pageContext(staticDir, files, globals) {
  const fs = require("fs");
  const path = require("path");
  const vm = require("vm");
  const context = { ...globals };
  context.window = context;
  vm.createContext(context);
  for (const file of files) {
    const script = path.resolve(staticDir, file);  // a file given whole (a board.js) as it is
    vm.runInContext(fs.readFileSync(script, "utf8"), context, { filename: script });
  }
  return context;
}

module.exports = { Element, lines, targets, pageContext };
