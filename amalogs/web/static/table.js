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
        root.innerHTML = data.html;  // built and escaped by the server
        body.dataset.version = String(version);
      }
      say(data.finished ? "the match is over" : "live");
    };
    source.onerror = function () {
      say("reconnecting…");
      if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 2000); }
    };
  }

  root.addEventListener("click", async function (event) {
    const button = event.target.closest("button.act");
    if (!button || !body.dataset.move) { return; }
    event.preventDefault();
    root.querySelectorAll("button.act").forEach(function (b) { b.disabled = true; });
    notice.textContent = "";
    try {
      const answer = await fetch(body.dataset.move, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json" },
        body: new URLSearchParams({ action: button.value }),
      });
      const data = await answer.json();
      if (!data.ok) {
        notice.textContent = data.message;
        root.querySelectorAll("button.act").forEach(function (b) { b.disabled = false; });
      }
    } catch (error) {
      notice.textContent = "not sent (" + error + "): try again";
      root.querySelectorAll("button.act").forEach(function (b) { b.disabled = false; });
    }
  });

  connect();
})();
