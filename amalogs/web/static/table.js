// The table page: follow the match live (server-sent events; the browser reconnects by itself after a
// dropped connection) and send the seat's decisions without reloading the page.
"use strict";
(function () {
  const body = document.body;
  const root = document.getElementById("table");
  const live = document.getElementById("live");
  const notice = document.getElementById("notice");
  if (!root || !body.dataset.stream) { return; }
  let version = Number(body.dataset.version || -1);
  let drawn = null;  // the html last drawn: the same table is not drawn again (an open card menu stays open)
  const who = live ? live.textContent.split(" · ")[0] : "";

  function say(text) { if (live) { live.textContent = who + " · " + text; } }

  function connect() {
    const source = new EventSource(body.dataset.stream);
    let fresh = true;  // the first message of a connection is the table now (the server may have restarted)
    source.onopen = function () { say("live"); fresh = true; };
    source.onmessage = function (message) {
      const data = JSON.parse(message.data);
      if (fresh || data.version >= version) {
        fresh = false;
        version = data.version;
        if (data.html !== drawn) { root.innerHTML = data.html; drawn = data.html; }  // built and escaped by the server
        body.dataset.version = String(version);
      }
      say(data.finished ? "the match is over" : "live");
    };
    source.onerror = function () {
      say("reconnecting…");
      if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 2000); }
    };
  }

  function enable(on) {
    root.querySelectorAll("button.act").forEach(function (b) { b.disabled = !on; });
  }

  async function send(action) {
    enable(false);
    notice.textContent = "";
    try {
      const answer = await fetch(body.dataset.move, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json" },
        body: new URLSearchParams({ action: action }),
      });
      const data = await answer.json();
      if (!data.ok) { notice.textContent = data.message; enable(true); }
    } catch (error) {
      notice.textContent = "not sent (" + error + "): try again";
      enable(true);
    }
  }

  // A card that legal actions name: one action is sent at once; several open a small menu on the card.
  function pick(card) {
    const actions = JSON.parse(card.dataset.actions || "[]");
    root.querySelectorAll(".pickmenu").forEach(function (m) { m.remove(); });
    if (actions.length === 1) { send(actions[0].action); return; }
    const menu = document.createElement("div");
    menu.className = "pickmenu";
    menu.setAttribute("role", "menu");
    actions.forEach(function (a) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "act";
      b.value = a.action;
      b.textContent = a.label;  // text, never HTML
      b.setAttribute("role", "menuitem");
      menu.appendChild(b);
    });
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.textContent = "×";
    close.setAttribute("aria-label", "close");
    menu.appendChild(close);
    card.appendChild(menu);
    menu.querySelector("button").focus();
  }

  root.addEventListener("click", function (event) {
    if (!body.dataset.move) { return; }
    const button = event.target.closest("button.act");
    if (button) { event.preventDefault(); send(button.value); return; }
    if (event.target.closest("button.close")) { event.target.closest(".pickmenu").remove(); return; }
    const card = event.target.closest(".card.pick");
    if (card && !event.target.closest(".pickmenu") && !event.target.closest("a.see")) { pick(card); }
  });

  root.addEventListener("keydown", function (event) {
    const card = event.target.closest && event.target.closest(".card.pick");
    if (!card || !body.dataset.move) { return; }
    if (event.key === "Escape") {  // close the menu, back to its card
      root.querySelectorAll(".pickmenu").forEach(function (m) { m.remove(); });
      card.focus();
    } else if (event.target === card && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pick(card);
    }
  });

  connect();
})();
