// The player terminal (kiosk page, /terminal): logs in as an operator of role "terminal", opens
// the terminal's socket (/api/v1/terminal) with its heartbeat, buys electronic cartones paid at
// once, shows every cartón's serie and number with its numbers marked as the balls come, the
// claims the system makes for them, and collects the prizes owed (R-SALE-4, R-MULTI-3; Euskadi
// art. 3.6; docs/api.md "Terminals"). Its words are in terminal_i18n.js: the hall's languages
// (its settings, on the state), Spanish first; the player may choose another of them, and
// "?lang=eu" (or "es,eu") fixes the kiosk's.
//
// A command whose answer is lost is sent again with the same ids (docs/api.md "Commands"), as the
// console's link and the headless terminal do (ui/client/link.py, app/terminal_client.py): the
// server never applies it twice. A purchase still unanswered after RETRY_MS is "pending": the buy
// button stays off, the player is told not to pay again, and the page asks again, with the same
// ids, whenever it is connected (after the terminal's login again, if the server restarted), until
// the server says what it did; "result": null is a purchase it had recorded before it restarted.
"use strict";
(function () {
  const COUNTS = [1, 2, 3, 4, 5, 6];
  const MEANS = ["cash", "card"];
  const PRIZES = ["line", "bingo", "prima", "bola_loca"];
  const TEXTS = window.TERMINAL_TEXTS;
  const RETRY_MS = 6000, RETRY_PAUSE_MS = 250, RECHECK_MS = 3000;
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const asked = (params.get("lang") || "").split(",").filter((l) => l in TEXTS);
  const t = { online: false, name: "", token: "", state: null, view: null, count: 6,
              payment: "cash", collected_cents: 0, message: "", collecting: false,
              buying: false, pending: null, synced: false, receipt: null,
              languages: asked.length ? asked : ["es"], lang: asked.length ? asked[0] : "es" };
  window.__terminal = t;
  let socket = null, beat = null, backoff = 500, ids = 0, stopped = false, said = null;
  // command ids stay unique across the page's reloads: the server keeps the ids it applied
  const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 8);

  // The words in the terminal's language, Spanish when its catalogue lacks one.
  function tr(key, values) {
    const table = TEXTS[t.lang] || TEXTS.es;
    let out = table[key] !== undefined ? table[key] : TEXTS.es[key] !== undefined ? TEXTS.es[key] : key;
    for (const [name, value] of Object.entries(values || {})) out = out.split("{" + name + "}").join(String(value));
    return out;
  }

  // The hall's languages (its settings, Spanish first) that have a catalogue here.
  function hallLanguages(languages) {
    if (asked.length || !Array.isArray(languages)) return;
    const known = languages.filter((l) => l in TEXTS);
    if (!known.length || known.join() === t.languages.join()) return;
    t.languages = known;
    if (!known.includes(t.lang)) t.lang = known[0];
    drawLanguages();
    words();
  }

  function drawLanguages() {
    const items = t.languages.length > 1 ? t.languages.map((l) => [l, TEXTS[l].language]) : [];
    choices($("t-langs"), items, t.lang, (l) => { t.lang = l; words(); render(); });
  }

  // The page's fixed words.
  function words() {
    document.documentElement.lang = t.lang;
    document.title = tr("title");
    for (const e of document.querySelectorAll("[data-t]")) e.textContent = tr(e.dataset.t);
    for (const e of document.querySelectorAll("[data-t-title]")) e.title = tr(e.dataset.tTitle);
    showSaid();
    drawChoices();
    drawLanguages();
  }

  function euros(cents) {
    return (cents / 100).toLocaleString("es-ES", { minimumFractionDigits: 2 }) + " €";
  }

  // A message for the player; ``text`` may be a function, said again in the language he picks.
  function say(text, kind) {
    said = { text: text, kind: kind || "" };
    showSaid();
  }

  function showSaid() {
    if (!said) return;
    t.message = typeof said.text === "function" ? said.text() : said.text;
    $("message").textContent = t.message;
    $("message").className = said.kind;
  }

  function choices(box, items, chosen, pick) {
    box.textContent = "";
    for (const [value, label] of items) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.value = String(value);
      b.className = value === chosen ? "on" : "";
      b.onclick = () => { pick(value); drawChoices(); drawLanguages(); };
      box.appendChild(b);
    }
  }

  function drawChoices() {
    choices($("counts"), COUNTS.map((n) => [n, String(n)]), t.count, (n) => { t.count = n; render(); });
    // no more cartones than the player may still hold in the partida
    for (const b of $("counts").children) b.disabled = Number(b.dataset.value) > left();
    choices($("means"), MEANS.map((m) => [m, tr(m)]), t.payment, (m) => { t.payment = m; });
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
      if (answer.operator.role !== "terminal") throw new Error(tr("not_terminal", { name: name }));
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
        $("login-error").textContent = "";
        clearInterval(beat);
        beat = setInterval(() => {
          if (ws.readyState === 1) ws.send(JSON.stringify({ v: 1, type: "heartbeat" }));
        }, m.heartbeat_seconds * 1000);
      } else if (m.type === "refused") {
        stopped = true;
        leave(m.error.message);
      } else if (m.type === "snapshot" || m.type === "change") {
        t.state = m.state;
        t.synced = true;
        hallLanguages(m.state.languages);
      } else if (m.type === "terminal") {
        t.view = m;
        recheck();
        collect();
      }
      render();
    };
    ws.onclose = () => {
      if (ws !== socket) return;
      t.online = false;
      t.synced = false;
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

  // The server could not say what became of a command (its answer was lost).
  class Unsure extends Error {}

  function commandBody(name, args) {
    ids += 1;
    return { v: 1, client_id: ("terminal:" + t.name).slice(0, 64), command_id: run + "-" + ids,
             name: name, args: args };
  }

  // Send one command, again with the same ids while its answer is lost (for RETRY_MS); its
  // answer ({result, repeated, ...}), an Error with the server's refusal, or Unsure. ``lost``:
  // an earlier sending's answer was lost already.
  async function send(body, lost) {
    const deadline = Date.now() + RETRY_MS;
    for (;;) {
      let r = null, answer = null;
      try {
        r = await fetch("/api/v1/commands", { method: "POST",
          headers: { "Content-Type": "application/json", "Authorization": "Bearer " + t.token },
          body: JSON.stringify(body) });
        answer = await r.json();
      } catch (e) {
        lost = true;
        if (Date.now() > deadline) throw new Unsure(String(e.message || e));
        await new Promise((done) => setTimeout(done, RETRY_PAUSE_MS));
        continue;
      }
      if (r.ok) return answer;
      const why = answer && answer.error ? answer.error.message : r.statusText;
      // after a lost answer, a login the server no longer knows (it restarted) or its failure
      // says nothing of what the first sending did
      if (lost && (r.status === 401 || r.status >= 500)) throw new Unsure(why);
      throw new Error(why);
    }
  }

  async function buy() {
    if (t.buying || t.pending) return;
    const body = commandBody("terminal_buy", { count: t.count, payment: t.payment });
    const price = (t.view && t.view.price_cents) || (t.state && t.state.price_cents) || 0;
    t.buying = true;
    render();
    try {
      bought(await send(body), t.count, price);
    } catch (e) {
      if (e instanceof Unsure) {
        t.pending = { body: body, name: t.name, partida: (t.state && t.state.partida) || null,
                      price: price };
        say(() => tr("buy_unsure"), "unsure");
      } else {
        say(tr("buy_refused", { why: String(e.message || e) }), "error");
      }
    } finally {
      t.buying = false;
      render();
    }
  }

  function bought(answer, count, price) {
    const got = answer.result;
    if (!got) {  // recorded before the server restarted: its cartones are on the screen
      say(() => tr("buy_recorded"), "");
      return;
    }
    const n = got.last - got.first + 1;
    // what the record charged (the answer's), the page's own price only from an older server
    const amount = euros(got.amount_cents !== undefined ? got.amount_cents : n * price);
    say(() => tr("bought", { series: got.series, first: got.first, last: got.last,
                             amount: amount, means: tr("paid_" + got.payment) }), "");
    // The purchase's receipt: its number is the record's, sequential in the hall (the
    // version the purchase was recorded at), with what was bought, paid and how.
    const v = answer.version;
    showReceipt(() => tr("receipt_buy", { n: v }), [
      [() => tr("receipt_cartones"),
       () => tr("receipt_range", { series: got.series, first: got.first, last: got.last, n: n })],
      [() => tr("receipt_amount"), () => amount],
      [() => tr("receipt_means"), () => tr("paid_" + got.payment)],
    ]);
  }

  // A receipt on the screen, printable on the hall's 80 mm printer (terminal.css, @media print).
  // ``title`` and each line's label and value are functions: said again in the language the
  // player picks.
  function showReceipt(title, lines) {
    t.receipt = { title: title, at: new Date(), lines: lines };
    drawReceipt();
  }

  function drawReceipt() {
    const r = t.receipt, box = $("receipt");
    box.hidden = !r;
    if (!r) return;
    $("receipt-title").textContent = r.title();
    const dl = $("receipt-lines");
    dl.textContent = "";
    const rows = [[() => tr("receipt_terminal"), () => t.name],
                  [() => tr("receipt_at"), () => r.at.toLocaleString(t.lang + "-ES")], ...r.lines];
    for (const [label, value] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = label();
      const dd = document.createElement("dd");
      dd.textContent = value();
      dl.append(dt, dd);
    }
  }

  // How many more cartones this machine's player may buy in the partida (Infinity: no limit).
  function left() {
    const v = t.view;
    if (!v || v.cartones_max === null || v.cartones_max === undefined) return Infinity;
    return Math.max(0, v.cartones_max - v.cartones.length);
  }

  // Ask again, with the same ids, what became of the pending purchase: only on this terminal's
  // login and in the partida it was pressed in (sent again in another, a purchase the server
  // never had would be made there).
  async function recheck() {
    const p = t.pending;
    if (!p || t.buying || !t.online || !t.synced || !t.state) return;
    if (p.name !== t.name || (t.state.partida || null) !== p.partida) {
      t.pending = null;
      say(() => tr("buy_unknown", { n: p.partida }), "unsure");
      render();
      return;
    }
    t.buying = true;
    render();
    try {
      bought(await send(p.body, true), p.body.args.count, p.price);
      t.pending = null;
    } catch (e) {
      if (!(e instanceof Unsure)) {  // refused now: the server never had it
        t.pending = null;
        say(tr("buy_refused", { why: String(e.message || e) }), "error");
      }
    } finally {
      t.buying = false;
      render();
    }
  }

  async function collect() {
    if (t.collecting || !t.view || !t.view.owed.length) return;
    t.collecting = true;
    try {
      const owed = t.view.owed.slice();
      const answer = await send(commandBody("terminal_collect", {}));
      const paid = answer.result;
      // "result": null: paid before the server restarted, counted then
      if (paid) {
        t.collected_cents += paid.paid_cents;
        // the prize voucher: each prize collected, and the whole amount
        const v = answer.version;
        showReceipt(() => tr("receipt_prize", { n: v }), [
          ...owed.map((o) => [
            () => (PRIZES.includes(o.prize) ? tr(o.prize) : tr("receipt_prize_other")),
            () => tr("carton", { series: o.series, number: o.number }) + " · " +
              euros(o.amount_cents)]),
          [() => tr("receipt_amount"), () => euros(paid.paid_cents)],
        ]);
      }
    } catch (e) {  // unsure: the next view says what is still owed, and it is asked again
      if (!(e instanceof Unsure)) {
        say(tr("collect_refused", { why: String(e.message || e) }), "error");
      }
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
    link.textContent = tr(t.online ? "online" : "offline");
    link.className = t.online ? "" : "off";
    const s = t.state, v = t.view;
    if (s) {
      $("t-partida").textContent = s.partida ? tr("partida", { n: s.partida, balls: s.balls.length }) : tr("no_partida");
      $("t-last").textContent = s.last_ball === null ? "—" : String(s.last_ball);
    }
    const balls = new Set(s ? s.balls : []);
    const list = $("cards-list");
    list.textContent = "";
    const cards = v ? v.cartones : [];
    $("cards-count").textContent = tr(cards.length === 1 ? "cards_one" : "cards_many", { n: cards.length });
    for (const c of cards) {
      const won = (v.claims || []).filter((k) => k.valid && k.series === c.series && k.number === c.number);
      const box = document.createElement("div");
      box.className = "carton" + (won.length ? " won" : "");
      box.dataset.series = c.series;
      box.dataset.number = String(c.number);
      const head = document.createElement("div");
      head.className = "carton-id";
      const id = document.createElement("span");
      id.textContent = tr("carton", { series: c.series, number: c.number });
      const claims = document.createElement("span");
      claims.className = "claims";
      claims.textContent = won.map((k) => (PRIZES.includes(k.prize) ? tr(k.prize) : k.prize)).join(" · ");
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
      p.textContent = tr("owed", { amount: euros(v.owed_cents) });
      owed.appendChild(p);
    }
    if (t.collected_cents) {
      const p = document.createElement("p");
      p.className = "paid";
      p.textContent = tr("collected", { amount: euros(t.collected_cents) });
      owed.appendChild(p);
    }
    // a purchase not yet answered: the player is told on the login screen too
    $("login-unsure").textContent = t.pending ? tr("buy_unsure") : "";
    const open = s && s.status === "sale_open";
    const room = left();
    const price = (v && v.price_cents) || (s && s.price_cents) || 0;
    const count = Math.min(t.count, room);
    // the price before buying: what the chosen cartones cost
    $("buy-price").textContent = open && room > 0 && price
      ? tr("price", { n: count, price: euros(price), total: euros(count * price) }) : "";
    $("buy-go").disabled = !open || !t.online || t.buying || t.pending !== null || room === 0;
    $("buy-left").textContent = t.buying ? tr("buying")
      : open && room === 0 ? tr("limit_reached", { n: v.cartones_max })
      : tr(open ? "sale_open" : "sale_closed");
    if (t.count > room && room > 0) { t.count = room; drawChoices(); }
    // no more cartones than the player may still hold (the buttons themselves stay: one
    // remade under the player's finger would lose his press)
    for (const b of $("counts").children) b.disabled = Number(b.dataset.value) > room;
    drawReceipt();
    t.cartones = cards.length;
    t.marked = document.querySelectorAll(".grid div.marked").length;
  }

  $("login-form").addEventListener("submit", login);
  $("buy-go").addEventListener("click", buy);
  $("receipt-print").addEventListener("click", () => window.print());
  setInterval(recheck, RECHECK_MS);
  const named = params.get("name");
  if (named) $("login-name").value = named;
  words();
  render();
  // the hall's languages before the login too: the state is public, as the panels'
  fetch("/api/v1/state").then((r) => r.json()).then((m) => {
    if (m && m.state) { hallLanguages(m.state.languages); render(); }
  }).catch(() => {});
})();
