// The replay page: step through a match without reloading — the buttons, the slider (every event) and the
// keyboard's ← and → (one decision back or forward; on the slider, one event). The address follows the page.
"use strict";
(function () {
  const body = document.body;
  const base = body.dataset.replay;
  const slider = document.getElementById("at");
  const root = document.getElementById("table");
  const where = document.getElementById("where");
  if (!base || !slider || !root) { return; }
  const steps = ["first", "prev", "next", "last"];
  let asked = 0;

  function query(k) {
    const q = new URLSearchParams();
    if (body.dataset.as && body.dataset.as !== "spectator") { q.set("as", body.dataset.as); }
    q.set("at", String(k));
    return q.toString();
  }

  async function show(k) {
    const ticket = ++asked;
    k = Math.max(0, Math.min(Number(slider.max), k));
    const answer = await fetch(base + "/view?" + query(k), { headers: { Accept: "application/json" } });
    const data = await answer.json();
    if (ticket !== asked || !data.ok) { return; }
    slider.value = String(data.at);
    root.innerHTML = data.html;  // built and escaped by the server
    if (where) { where.textContent = data.where; }
    steps.forEach(function (name) {
      const link = document.getElementById(name);
      if (link) { link.dataset.at = String(data[name]); link.href = base + "?" + query(data[name]); }
    });
    document.querySelectorAll(".viewers a").forEach(function (link) {  // the other viewers, at this event
      const there = new URL(link.href);
      there.searchParams.set("at", String(data.at));
      link.href = there.pathname + there.search;
    });
    body.dataset.at = String(data.at);
    history.replaceState(null, "", base + "?" + query(data.at));
  }

  function go(name) {
    const link = document.getElementById(name);
    if (link) { show(Number(link.dataset.at)); }
  }

  steps.forEach(function (name) {
    const link = document.getElementById(name);
    if (link) { link.addEventListener("click", function (event) { event.preventDefault(); go(name); }); }
  });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) { return; }
    const name = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (name) { event.preventDefault(); go(name); }
  });
})();
