/* Gotham City Strategy's board for the web pages: the twelve blocks by district with each
   villain's threats and henchmen, Batman and the villains, drawn as SVG from a seat's view.
   Registered with the page's board registry (frontend/static/frontend/boards.js). */
"use strict";
(function () {
  const { el, COLORS } = window.GothamBoards;
  function drawStrategy(svg, state) {
    svg.setAttribute("viewBox", "0 0 640 470");
    const districts = ["uptown", "midtown", "downtown"];
    districts.forEach((d, row) => svg.appendChild(el("text", { x: 8, y: 26 + row * 140, "font-size": 12, "font-weight": "bold" }, d)));
    state.blocks.forEach((b) => {
      const row = districts.indexOf(b.district);
      const col = state.blocks.filter((x) => x.district === b.district).indexOf(b);
      const x = 8 + col * 156, y = 32 + row * 140;
      const g = el("g", { class: "block", "data-block": b.id });
      g.appendChild(el("rect", { x, y, width: 148, height: 124, rx: 6, fill: b.rulers.length ? "#fdf6e3" : "#fff", stroke: state.batman.at === b.index ? "#111" : "#bbb", "stroke-width": state.batman.at === b.index ? 3 : 1 }));
      g.appendChild(el("text", { x: x + 6, y: y + 15, "font-size": 11, "font-weight": "bold" }, b.name));
      g.appendChild(el("text", { x: x + 142, y: y + 15, "text-anchor": "end", "font-size": 11 }, b.income === "money" ? "$" : "i"));
      state.players.forEach((p, s) => {
        const line = `${p.villain}: ${p.threats[b.index]}T ${p.henchmen[b.index]}H${p.villain_at === b.index ? " ★" : ""}`;
        if (p.threats[b.index] || p.henchmen[b.index] || p.villain_at === b.index)
          g.appendChild(el("text", { x: x + 6, y: y + 33 + s * 16, "font-size": 10, fill: COLORS[s] }, line));
      });
      if (state.batman.at === b.index) g.appendChild(el("text", { x: x + 142, y: y + 118, "text-anchor": "end", "font-size": 11, "font-weight": "bold" }, "BATMAN"));
      if (b.rulers.length) g.appendChild(el("title", {}, "ruled by seat " + b.rulers.join(", ")));
      svg.appendChild(g);
    });
    const info = `Batman level ${state.batman.level} (order ${state.batman.order}, fight ${state.batman.fight})` + (state.batman.at < 0 ? " in the Batcave" : "");
    svg.appendChild(el("text", { x: 8, y: 462, "font-size": 11 }, info));
  }
  /* The seat's screen and hand, as text. */
  function drawPanel(element, state, seat) {
    const me = state.players && state.players[seat];
    if (!me) return;
    const line = document.createElement("p");
    line.textContent = `Level ${me.level} · $${me.money} · ${me.information} information · ${me.recruited} henchmen`;
    const list = document.createElement("ul");
    for (const card of Array.isArray(me.hand) ? me.hand : []) {
      const item = document.createElement("li");
      const name = document.createElement("strong");
      name.textContent = card.name;
      item.append(name, `: ${card.text}`);
      list.append(item);
    }
    element.append(line, list);
  }

  window.GothamBoards.register("gotham-city-strategy", drawStrategy, drawPanel);
})();
