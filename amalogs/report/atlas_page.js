// The AMALOGS atlas page: zoom and pan, hover a term or a game to highlight its links, filter by section.
// Inlined into the page by amalogs/report/atlas_page.py; it fetches nothing.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("atlas-data").textContent);
  const svg = document.getElementById("atlas");
  const detail = document.getElementById("detail");
  const home = svg.getAttribute("viewBox").split(" ").map(Number);
  const start = { x: home[0], y: home[1], width: home[2], height: home[3] };
  let view = Object.assign({}, start);
  let pinned = null;

  // every element by the term and the game it belongs to, found once
  const byTerm = new Map();
  const byGame = new Map();
  function add(map, key, element) {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(element);
  }
  const links = Array.from(svg.querySelectorAll(".link"));
  for (const link of links) {
    add(byTerm, link.dataset.term, link);
    add(byGame, link.dataset.game, link);
  }
  const terms = Array.from(svg.querySelectorAll(".term"));
  const games = Array.from(svg.querySelectorAll(".game"));
  for (const term of terms) {
    add(byTerm, term.dataset.term, term);
    for (const game of term.dataset.games.split(" ")) add(byGame, game, term);
  }
  for (const game of games) add(byGame, game.dataset.game, game);
  for (const term of terms) {
    for (const game of term.dataset.games.split(" ")) {
      const box = games.find((g) => g.dataset.game === game);
      if (box) add(byTerm, term.dataset.term, box);
    }
  }

  // the boxes fit the text in whatever font the browser has
  for (const box of terms.concat(games)) {
    const text = box.querySelector("text");
    const rect = box.querySelector("rect");
    const bounds = typeof text.getBBox === "function" ? text.getBBox() : { width: 0 };
    if (bounds.width > 0) {
      const pad = 3;
      const cx = parseFloat(rect.getAttribute("x")) + parseFloat(rect.getAttribute("width")) / 2;
      const w = Math.max(parseFloat(rect.getAttribute("width")), bounds.width + 2 * pad);
      rect.setAttribute("x", (cx - w / 2).toFixed(1));
      rect.setAttribute("width", w.toFixed(1));
    }
  }

  function element(tag, text) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // on hovering a term, each game that maps it shows its own name for it just above its box
  const SVGNS = "http://www.w3.org/2000/svg";
  const notes = document.createElementNS(SVGNS, "g");
  notes.setAttribute("id", "natives");
  document.getElementById("viewport").append(notes);
  function note(game, words) {
    const box = games.find((g) => g.dataset.game === game);
    if (!box || !words.length) return;
    const rect = box.querySelector("rect");
    const text = document.createElementNS(SVGNS, "text");
    text.setAttribute("class", "native");
    text.setAttribute("x", (parseFloat(rect.getAttribute("x")) + parseFloat(rect.getAttribute("width")) / 2).toFixed(1));
    text.setAttribute("y", (parseFloat(rect.getAttribute("y")) - 4).toFixed(1));
    text.setAttribute("text-anchor", "middle");
    text.textContent = words.join("、");
    notes.append(text);
  }

  function clear() {
    svg.classList.remove("focus");
    for (const node of svg.querySelectorAll(".hl")) node.classList.remove("hl");
    notes.replaceChildren();
  }

  function light(elements) {
    clear();
    svg.classList.add("focus");
    for (const node of elements) node.classList.add("hl");
  }

  function showTerm(id) {
    const term = data.terms[id];
    light(byTerm.get(id) || []);
    detail.replaceChildren();
    detail.append(element("h2", term.label + (term.en && term.en !== term.label ? " — " + term.en : "")));
    detail.append(element("p", data.sections[term.section].name + " · " + term.kind.replace("_", " ") + " · " +
      Object.keys(term.maps).length + " of " + Object.keys(data.games).length + " games"));
    const list = element("ul");
    for (const game of data.order.games) {
      if (!(game in term.maps)) continue;
      const natives = term.maps[game];
      const item = element("li");
      item.append(element("strong", data.games[game].abbreviation + " "));
      item.append(natives.length ? natives.join("、") : "named on its page (a keyword rule)");
      item.dataset.game = game;
      list.append(item);
      note(game, natives);
    }
    detail.append(list);
  }

  function showGame(id) {
    const game = data.games[id];
    light(byGame.get(id) || []);
    detail.replaceChildren();
    detail.append(element("h2", game.abbreviation + " " + game.name));
    if (game.en) detail.append(element("p", game.en));
    for (const section of data.order.sections) {
      const names = [];
      for (const id2 of Object.keys(data.terms)) {
        const term = data.terms[id2];
        if (term.section === section && id in term.maps) names.push(term.label);
      }
      if (!names.length) continue;
      detail.append(element("h3", data.sections[section].name));
      detail.append(element("p", names.join("、")));
    }
  }

  function hover(box, show) {
    const key = box.dataset.term || box.dataset.game;
    box.addEventListener("mouseenter", () => { if (!pinned) show(key); });
    box.addEventListener("focus", () => show(key));
    box.addEventListener("mouseleave", () => { if (!pinned) clear(); });
    box.addEventListener("click", (event) => {
      event.stopPropagation();
      pinned = pinned === box ? null : box;
      if (pinned) show(key); else clear();
    });
  }
  for (const term of terms) hover(term, showTerm);
  for (const game of games) hover(game, showGame);

  // filter by section
  for (const box of document.querySelectorAll("#sections input")) {
    box.addEventListener("change", () => {
      const off = !box.checked;
      for (const node of svg.querySelectorAll('[data-section="' + box.dataset.section + '"]')) {
        node.classList.toggle("off", off);
      }
    });
  }

  // zoom and pan by changing the viewBox
  function apply() {
    svg.setAttribute("viewBox", [view.x, view.y, view.width, view.height].map((v) => v.toFixed(2)).join(" "));
  }
  function point(event) {
    const box = svg.getBoundingClientRect();
    const scale = Math.max(view.width / box.width, view.height / box.height);
    const x = view.x + (event.clientX - box.left - (box.width - view.width / scale) / 2) * scale;
    const y = view.y + (event.clientY - box.top - (box.height - view.height / scale) / 2) * scale;
    return { x: x, y: y, scale: scale };
  }
  function zoom(factor, at) {
    const width = Math.min(Math.max(view.width * factor, start.width / 20), start.width * 2);
    const real = width / view.width;
    view = { x: at.x - (at.x - view.x) * real, y: at.y - (at.y - view.y) * real, width: width, height: view.height * real };
    apply();
  }
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(Math.exp(event.deltaY * 0.0015), point(event));
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".term, .game")) return;
    drag = { x: event.clientX, y: event.clientY, view: Object.assign({}, view), scale: point(event).scale };
    svg.classList.add("dragging");
  });
  window.addEventListener("pointermove", (event) => {
    if (!drag) return;
    view.x = drag.view.x - (event.clientX - drag.x) * drag.scale;
    view.y = drag.view.y - (event.clientY - drag.y) * drag.scale;
    apply();
  });
  window.addEventListener("pointerup", () => { drag = null; svg.classList.remove("dragging"); });
  svg.addEventListener("click", () => { pinned = null; clear(); });
  const middle = () => ({ x: view.x + view.width / 2, y: view.y + view.height / 2 });
  document.getElementById("zoom-in").addEventListener("click", () => zoom(1 / 1.4, middle()));
  document.getElementById("zoom-out").addEventListener("click", () => zoom(1.4, middle()));
  document.getElementById("reset").addEventListener("click", () => { view = Object.assign({}, start); apply(); });
  svg.addEventListener("dblclick", () => { view = Object.assign({}, start); apply(); });
})();
