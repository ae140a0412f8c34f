// The player terminal (kiosk page, /terminal): logs in as an operator of role "terminal", opens
// the terminal's socket (/api/v1/terminal) with its heartbeat, buys electronic cartones paid at
// once, shows every cartón's serie and number with its numbers marked as the balls come, the
// claims the system makes for them, and collects the prizes owed (R-SALE-4, R-MULTI-3; Euskadi
// art. 3.6; docs/api.md "Terminals").
"use strict";
(function () {
  const COUNTS = [1, 2, 3, 4, 5, 6];
  const MEANS = [["cash", "Efectivo"], ["card", "Tarjeta"]];
  const PRIZES = { line: "LÍNEA", bingo: "BINGO", prima: "PRIMA", bola_loca: "BOLA LOCA" };
  const $ = (id) => document.getElementById(id);
  const t = { online: false, name: "", token: "", state: null, view: null, count: 6,
              payment: "cash", collected_cents: 0, message: "", collecting: false };
  window.__terminal = t;
  let socket = null, beat = null, backoff = 500, ids = 0, stopped = false;

  function euros(cents) {
    return (cents / 100).toLocaleString("es-ES", { minimumFractionDigits: 2 }) + " €";
  }

  function say(text, error) {
    t.message = text;
    $("message").textContent = text;
    $("message").className = error ? "error" : "";
  }

  function choices(box, items, chosen, pick) {
    box.textContent = "";
    for (const [value, label] of items) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.value = String(value);
      b.className = value === chosen ? "on" : "";
      b.onclick = () => { pick(value); drawChoices(); };
      box.appendChild(b);
    }
  }

  function drawChoices() {
    choices($("counts"), COUNTS.map((n) => [n, String(n)]), t.count, (n) => { t.count = n; });
    choices($("means"), MEANS, t.payment, (m) => { t.payment = m; });
  }

  async function login(event) {
    event.preventDefault();
    const name = $("login-name").value.trim(), pin = $("login-pin").value;
    $("login-error").textContent = "";
    try {
      const r = await fetch("/api/v1/login", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ v: 1, name: name, pin: pin }) });
      const answer = await r.json();
      if (!r.ok) throw new Error(answer.error ? answer.error.message : r.statusText);
      if (answer.operator.role !== "terminal") throw new Error(name + " no es una terminal de jugador");
      t.name = answer.operator.name;
      t.token = answer.token;
      $("login-pin").value = "";
      stopped = false;
      connect();
    } catch (e) {
      $("login-error").textContent = String(e.message || e);
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(scheme + "//" + location.host + "/api/v1/terminal");
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: "hello", token: t.token }));
    ws.onmessage = (event) => {
      if (ws !== socket) return;
      const m = JSON.parse(event.data);
      if (m.v !== 1) return;
      if (m.type === "welcome") {
        backoff = 500;
        t.online = true;
        document.body.className = "logged-in";
        $("t-name").textContent = m.terminal;
        clearInterval(beat);
        beat = setInterval(() => {
          if (ws.readyState === 1) ws.send(JSON.stringify({ v: 1, type: "heartbeat" }));
        }, m.heartbeat_seconds * 1000);
      } else if (m.type === "refused") {
        stopped = true;
        leave(m.error.message);
      } else if (m.type === "snapshot" || m.type === "change") {
        t.state = m.state;
      } else if (m.type === "terminal") {
        t.view = m;
        collect();
      }
      render();
    };
    ws.onclose = () => {
      if (ws !== socket) return;
      t.online = false;
      clearInterval(beat);
      render();
      if (!stopped) setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 8000);
    };
  }

  function leave(why) {
    t.online = false;
    t.token = "";
    document.body.className = "logged-out";
    $("login-error").textContent = why;
  }

  async function command(name, args) {
    ids += 1;
    const r = await fetch("/api/v1/commands", { method: "POST",
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + t.token },
      body: JSON.stringify({ v: 1, client_id: ("terminal:" + t.name).slice(0, 64),
        command_id: Date.now().toString(36) + "-" + ids, name: name, args: args }) });
    const answer = await r.json();
    if (!r.ok) throw new Error(answer.error ? answer.error.message : r.statusText);
    return answer.result;
  }

  async function buy() {
    $("buy-go").disabled = true;
    try {
      const got = await command("terminal_buy", { count: t.count, payment: t.payment });
      say("Comprados: serie " + got.series + ", cartones " + got.first + " a " + got.last +
          " (" + (t.payment === "card" ? "tarjeta" : "efectivo") + ")", false);
    } catch (e) {
      say(String(e.message || e), true);
    } finally {
      $("buy-go").disabled = false;
    }
  }

  async function collect() {
    if (t.collecting || !t.view || !t.view.owed.length) return;
    t.collecting = true;
    try {
      const paid = await command("terminal_collect", {});
      t.collected_cents += paid.paid_cents;
    } catch (e) {
      say(String(e.message || e), true);
    } finally {
      t.collecting = false;
    }
    render();
  }

  function cell(n, balls) {
    const d = document.createElement("div");
    if (n === null) { d.className = "blank"; return d; }
    d.textContent = String(n);
    if (balls.has(n)) d.className = "marked";
    return d;
  }

  function render() {
    const link = $("t-link");
    link.textContent = t.online ? "conectada" : "sin conexión";
    link.className = t.online ? "" : "off";
    const s = t.state, v = t.view;
    if (s) {
      $("t-partida").textContent = s.partida ? "Partida " + s.partida + " · " + s.balls.length + " bolas" : "Sin partida";
      $("t-last").textContent = s.last_ball === null ? "—" : String(s.last_ball);
    }
    const balls = new Set(s ? s.balls : []);
    const list = $("cards-list");
    list.textContent = "";
    const cards = v ? v.cartones : [];
    $("cards-count").textContent = cards.length + (cards.length === 1 ? " cartón" : " cartones") +
      " en esta partida";
    for (const c of cards) {
      const won = (v.claims || []).filter((k) => k.valid && k.series === c.series && k.number === c.number);
      const box = document.createElement("div");
      box.className = "carton" + (won.length ? " won" : "");
      box.dataset.series = c.series;
      box.dataset.number = String(c.number);
      const head = document.createElement("div");
      head.className = "carton-id";
      const id = document.createElement("span");
      id.textContent = "Serie " + c.series + " · Cartón " + c.number;
      const claims = document.createElement("span");
      claims.className = "claims";
      claims.textContent = won.map((k) => PRIZES[k.prize] || k.prize).join(" · ");
      head.append(id, claims);
      const grid = document.createElement("div");
      grid.className = "grid";
      for (const row of c.rows) {
        const cols = new Array(9).fill(null);
        for (const n of row) cols[Math.min(Math.floor(n / 10), 8)] = n;
        for (const n of cols) grid.appendChild(cell(n, balls));
      }
      box.append(head, grid);
      list.appendChild(box);
    }
    const owed = $("owed");
    owed.textContent = "";
    if (v && v.owed_cents) {
      const p = document.createElement("p");
      p.textContent = "Premio pendiente de cobro: " + euros(v.owed_cents);
      owed.appendChild(p);
    }
    if (t.collected_cents) {
      const p = document.createElement("p");
      p.className = "paid";
      p.textContent = "Cobrado: " + euros(t.collected_cents);
      owed.appendChild(p);
    }
    const open = s && s.status === "sale_open";
    $("buy-go").disabled = !open || !t.online;
    $("buy-left").textContent = open ? "Venta abierta" : "La venta no está abierta";
    t.cartones = cards.length;
    t.marked = document.querySelectorAll(".grid div.marked").length;
  }

  $("login-form").addEventListener("submit", login);
  $("buy-go").addEventListener("click", buy);
  const named = new URLSearchParams(location.search).get("name");
  if (named) $("login-name").value = named;
  drawChoices();
  render();
})();
