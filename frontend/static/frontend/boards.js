/* Boards drawn as SVG from a seat's (or a spectator's) view of the state. */
"use strict";
const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#c0392b", "#2471a3", "#229954", "#b9770e"];

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawRace(svg, state) {
  svg.setAttribute("viewBox", "0 0 420 420");
  const L = state.track_length, cx = 210, cy = 210;
  const at = (square, radius) => {
    const a = (2 * Math.PI * square) / L - Math.PI / 2;
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
  };
  svg.appendChild(el("circle", { cx, cy, r: 178, fill: "#eef3e6", stroke: "#9aa88a" }));
  svg.appendChild(el("circle", { cx, cy, r: 112, fill: "#fbfbfd", stroke: "#9aa88a" }));
  for (let i = 0; i < L; i++) {
    const [x1, y1] = at(i - 0.5, 112), [x2, y2] = at(i - 0.5, 178);
    svg.appendChild(el("line", { x1, y1, x2, y2, stroke: "#c8d0bd" }));
    if (i % 5 === 0) { const [tx, ty] = at(i, 190); svg.appendChild(el("text", { x: tx, y: ty + 4, "text-anchor": "middle", "font-size": 9, fill: "#777" }, String(i))); }
  }
  const [sx, sy] = at(0, 100);
  svg.appendChild(el("text", { x: sx, y: sy, "text-anchor": "middle", "font-size": 10 }, "start"));
  for (const [name, square] of Object.entries(state.landmarks)) {
    const [x, y] = at(square, 100);
    svg.appendChild(el("text", { x, y, "text-anchor": "middle", "font-size": 9, fill: "#555" }, name));
  }
  const [fx, fy] = at(state.finish_square, 196);
  const flag = el("g", { class: "finish-sign" });
  flag.appendChild(el("rect", { x: fx - 16, y: fy - 8, width: 32, height: 14, fill: "#1b1c24", rx: 3 }));
  flag.appendChild(el("text", { x: fx, y: fy + 3, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, "FINISH"));
  svg.appendChild(flag);
  state.figures.forEach((f, i) => {
    const [x, y] = at(((f.square % L) + L) % L, 124 + f.lane * 15);
    const g = el("g", { class: "figure", "data-figure": f.figure });
    g.appendChild(el("circle", { cx: x, cy: y, r: 7, fill: COLORS[i], stroke: "#fff" }));
    g.appendChild(el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, f.figure));
    g.appendChild(el("title", {}, `Figure ${f.figure}: rank ${f.rank}, square ${f.square}, lane ${f.lane}` + (f.owner === null ? " (ownerless)" : ` (seat ${f.owner})`)));
    svg.appendChild(g);
  });
  svg.appendChild(el("text", { x: cx, y: cy - 10, "text-anchor": "middle", "font-size": 14 }, `Round ${state.round}`));
  svg.appendChild(el("text", { x: cx, y: cy + 10, "text-anchor": "middle", "font-size": 11, fill: "#555" }, `Ranking: ${state.ranking.join(" ")}`));
  const pile = state.deposit.map((d) => (d.card ? d.card.id : `?${d.deck}`)).join(" ");
  svg.appendChild(el("text", { x: cx, y: cy + 28, "text-anchor": "middle", "font-size": 10, fill: "#555" }, pile ? `Pile: ${pile}` : ""));
}

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

window.GothamBoards = {
  render(slug, svg, state) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!state || state.phase === "new") return;
    if (slug === "gotham-race") drawRace(svg, state);
    else if (slug === "gotham-city-strategy") drawStrategy(svg, state);
  },
};
