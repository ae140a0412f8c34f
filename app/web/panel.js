// The hall panel: one WebSocket to the hall server, the whole state in every message.
// Losing the server hides every number at once and says "sin conexión"; the page reconnects
// by itself and shows the fresh snapshot (docs/api.md).
"use strict";
(function () {
  const params = new URLSearchParams(location.search);
  const LAYOUTS = ["board", "last", "prizes", "instructions"];
  const layout = LAYOUTS.includes(params.get("layout")) ? params.get("layout") : "board";
  const asked = (params.get("lang") || "").split(",").filter((l) => l in window.PANEL_TEXTS);
  const every = Math.max(2, Number(params.get("every")) || 6) * 1000;  // language turn, ms
  const WATCHDOG_MS = 6000;  // the server pings every 2 s: silence this long is a lost server
  const $ = (id) => document.getElementById(id);

  document.body.dataset.layout = layout;
  let state = null;
  let version = -1;
  let offset = 0;  // server clock minus this screen's clock, ms
  let languages = asked.length ? asked : ["es"];
  let turn = 0;
  let socket = null;
  let backoff = 250;
  let watchdog = null;
  window.__paints = [];  // {version, t}: when each state was painted (bench, tests)
  window.__panel = { get version() { return version; }, get online() { return !document.body.classList.contains("offline"); } };

  function lang() { return languages[turn % languages.length]; }
  function text(key, values) {
    const table = window.PANEL_TEXTS[lang()] || window.PANEL_TEXTS.es;
    let out = table[key] !== undefined ? table[key] : window.PANEL_TEXTS.es[key] || key;
    for (const [k, v] of Object.entries(values || {})) out = out.replace("{" + k + "}", v);
    return out;
  }
  function euros(cents) {
    if (cents === null || cents === undefined) return "—";
    const whole = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".");
    return whole + "," + String(cents % 100).padStart(2, "0") + " €";
  }
  function set(id, value) {
    const el = $(id);
    if (el.textContent !== String(value)) el.textContent = value;
  }

  // The board: 90 cells, or the N of the game partida on the screens (docs/games.md).
  const board = $("board");
  const cells = [];
  function build(count) {
    if (cells.length === count) return;
    cells.length = 0;
    board.replaceChildren();
    for (let n = 1; n <= count; n++) {
      const cell = document.createElement("div");
      cell.className = "cell t";
      cell.textContent = n;
      board.appendChild(cell);
      cells.push(cell);
    }
    const grid = count === 90 ? null : gridFor(count);
    board.style.gridTemplateColumns = grid ? "repeat(" + grid.columns + ", " + grid.width + "vh)" : "";
    board.style.gridTemplateRows = grid ? "repeat(" + grid.rows + ", " + grid.height + "vh)" : "";
    board.style.setProperty("--cell-font", grid ? grid.font + "vh" : "");
    board.style.setProperty("--cell-height", grid ? grid.height + "vh" : "");
  }
  // Rows x columns for N numbers in the 90-number board's area (136vh x 97.2vh, beside the
  // side column on a 16:9 screen): the layout with the largest numbers that fit their cells,
  // the fewest empty cells between equals. 45 -> 7 x 7, 75 -> 9 x 9, 100 -> 12 x 9.
  function gridFor(count) {
    const digits = String(count).length;
    let best = null;
    for (let columns = 1; columns <= count; columns++) {
      const rows = Math.ceil(count / columns);
      const width = 136 / columns, height = 97.2 / rows;
      const font = Math.min(height * 0.96, (width - 0.8) / (digits * 0.6 + 0.1));
      const score = font - (rows * columns - count) * 0.001;
      if (!best || score > best.score) {
        best = { columns: columns, rows: rows, width: +width.toFixed(2), height: +height.toFixed(2),
          font: +font.toFixed(2), score: score };
      }
    }
    return best;
  }
  build(90);
  window.__board = { get cells() { return cells.length; }, grid: gridFor };

  // A partida of derivado or plus on the screens: its own numbers, balls and status, so the
  // board and the last ball read it as they read the ordinary partida; announced as the last
  // of its modality (R-GAME-6), it says so as the ordinary last partida does. The door is the
  // server's one rule (the state's door_closed covers a game partida too, R-GAME-7).
  function gameView(s, g) {
    const name = g.names[lang()] || g.names.es || g.id;
    return Object.assign({}, s, {
      partida: g.partida, status: g.status, announcement: g.status, is_last_partida: !!g.is_last,
      balls: g.balls, last_ball: g.last_ball, extractions: g.extractions,
      cards_sold: g.cards_sold, price_cents: g.price_cents, game_name: name,
    });
  }

  function render() {
    if (!state) return;
    if (layout !== "instructions") document.documentElement.lang = lang();
    for (const el of document.querySelectorAll("[data-text]")) {
      const word = text(el.dataset.text);
      if (el.textContent !== word) el.textContent = word;
    }
    // the simultaneous partida, when it has the screens (decision 313); not the instructions'
    const p = layout === "instructions" ? null : simulShown();
    const g = p ? null : state.game;
    const s = p ? simulView(state, p) : g ? gameView(state, g) : state;
    document.body.classList.toggle("game", !!g);
    simulBody(p);
    build(g ? g.count : 90);
    if (g) set("b-game", text("short_" + g.modality));  // the side column is narrow
    const playing = s.is_last_partida && s.status && !["closed", "paid", "annulled"].includes(s.status);
    const values = { n: s.partida === null ? "" : s.partida };
    // balls from emulated devices: said on every screen, never taken for a real partida
    const emulated = !p && state.emulated;
    document.body.classList.toggle("emulated", emulated);
    const announcement = (emulated ? text("emulated") + " · " : "") +
      (p ? text(simulCode(p), values) : (g ? s.game_name + " · " : "") + (playing ? text("last_partida") + " · " : "") +
      text(s.announcement, values));
    // The board's side column is narrow: short words, the last partida on a line of its own.
    const short = (emulated ? text("emulated") + "\n" : "") + (playing ? text("last_partida_short") + "\n" : "") +
      text("short_" + s.announcement, values);
    for (const el of document.querySelectorAll(".announce")) {
      const shown = el.classList.contains("short") ? short : announcement;
      if (el.textContent !== shown) el.textContent = shown;
    }
    const drawn = new Set(s.balls);
    cells.forEach((cell, i) => {
      const on = drawn.has(i + 1);
      if (cell.classList.contains("on") !== on) cell.classList.toggle("on", on);
      const last = s.last_ball === i + 1;
      if (cell.classList.contains("last") !== last) cell.classList.toggle("last", last);
    });
    const partida = s.partida === null ? "—" : s.partida;
    const last = s.last_ball === null ? "—" : s.last_ball;
    const door = text(s.door_closed ? "door_closed" : "door_open");
    for (const p of ["b", "l", "p"]) {
      if ($(p + "-partida")) set(p + "-partida", partida);
      set(p + "-count", s.extractions + (g && g.planned_balls ? "/" + g.planned_balls : ""));
      set(p + "-door", door);
      $(p + "-door").classList.toggle("closed", s.door_closed);
    }
    set("b-last", last);
    set("l-ball", last);
    set("l-previous", s.balls.slice(-4, -1).reverse().join("  "));
    set("p-sold", s.cards_sold);
    set("p-price", euros(s.price_cents));
    if (g) { gamePrizes(g); return; }
    if (p) { simulPrizes(p); return; }
    // Each prize row: its amount and, once won, who won it (at most two, then "+N").
    const won = (prize) => {
      const list = s.winners.filter((w) => w.prize === prize);
      if (!list.length) return "";
      const names = list.slice(0, 2).map((w) => w.series + "-" + w.number).join(", ");
      return names + (list.length > 2 ? " +" + (list.length - 2) : "") + " · ";
    };
    // A shared prize says what each winner gets, as the Qt panel, the receipt and the acta's
    // share column do: "2 × 39,00 €", never the whole 78,00 € as if one cartón won it.
    const amountOf = (prize, fallback) => {
      const paid = s.winners.filter((w) => w.prize === prize && w.amount_cents !== null);
      if (!paid.length) return euros(fallback);
      const share = paid[0].amount_cents;
      if (paid.length === 1) return euros(share);
      return paid.every((w) => w.amount_cents === share)
        ? paid.length + " × " + euros(share)
        : paid.map((w) => euros(w.amount_cents)).join(" + ");
    };
    set("p-line", won("line") + amountOf("line", s.line_prize_cents));
    set("p-bingo", won("bingo") + amountOf("bingo", s.bingo_prize_cents));
    // R-PRIMA-4: the amount and its ball limit only while the prima is in play (or just won)
    $("p-prima-row").hidden = !s.prima_amount_cents || !(s.prima_available || won("prima"));
    set("p-prima", won("prima") || (euros(s.prima_amount_cents) + " · " +
      text("prima_until", { n: s.prima_ball_limit })));
    set("p-prima-fund", euros(s.prima_fund_cents));
    $("p-bola-row").hidden = !s.bola_loca_numbers.length && !s.bola_loca_fund_cents;
    set("p-bola", won("bola_loca") || (euros(s.bola_loca_fund_cents) +
      (s.bola_loca_numbers.length ? " · " + s.bola_loca_numbers.join(" ") : "")));
    // R-MULTI-1: the fund in play and its ball limit, then the outcome: what and how is the
    // server's one rule (interconnected_shown); the screen only puts words on it.
    const ic = s.interconnected_outcome;
    $("p-ic-row").hidden = s.interconnected_cents == null && !ic;
    if (ic === "elsewhere" || ic === "not_won") set("p-ic", text("ic_" + ic));
    else if (ic === "won") set("p-ic", won("interconnected") + euros(s.interconnected_cents));
    else if (s.interconnected_cents != null) {
      set("p-ic", euros(s.interconnected_cents) + " · " +
        text("prima_until", { n: s.interconnected_ball_limit }));
    }
  }

  // The game's combinations: what each puts at stake and, once the system settled the
  // partida, who won it (at most two named, then "+N"), or "sin ganador".
  function gamePrizes(g) {
    const rows = $("g-prizes");
    while (rows.children.length < g.prizes.length) {
      const row = document.createElement("div");
      row.className = "row";
      row.innerHTML = '<span class="t"></span><b class="t"></b>';
      rows.appendChild(row);
    }
    while (rows.children.length > g.prizes.length) rows.lastChild.remove();
    g.prizes.forEach((p, i) => {
      const [name, amount] = rows.children[i].children;
      const word = p.names[lang()] || p.names.es || p.combination;
      if (name.textContent !== word) name.textContent = word;
      let shown = euros(p.stake_cents) + (p.each ? " " + text("each") : "");
      if (g.settled && !p.winners_count) shown = text("no_winner") + " · " + shown;
      else if (p.winners_count) {
        const room = p.each ? 1 : 2;  // an instant prize's row also says "cada cartón"
        const named = p.winners.slice(0, room).map((w) => w.series + "-" + w.number).join(", ");
        const more = p.winners_count > room ? " +" + (p.winners_count - room) : "";
        shown = named + more + " · " + (p.each ? shown : euros(p.paid_cents));
      }
      if (amount.textContent !== shown) amount.textContent = shown;
    });
  }

  // --- the simultaneous partida (a hall joined to a centre; docs/centre.md) -------------------
  // The server sends it from the hall's copy of the central record ("simultanea" messages) as
  // each central record arrives: a message whose revision or record does not pass the one shown
  // is stale or replayed and is ignored. Without the link its numbers are hidden and the screen
  // says "sin conexión con la central" (decision 314).
  let simul = null;
  window.__simul = {
    get revision() { return simul ? simul.revision : -1; },
    get seq() { return simul ? simul.seq : -1; },
    get shown() { return !!simulShown(); },
    get linked() { return !!simul && simul.connection === "linked"; },
  };

  function takeSimul(m) {
    if (simul && (m.revision <= simul.revision || m.seq < simul.seq)) return false;
    simul = m;
    return true;
  }

  function simulShown() { return simul && simul.shown && simul.simul ? simul.simul : null; }

  function simulCode(p) { return p.withdrawn ? "simul_withdrawn" : "simul_" + p.status; }

  // The simultaneous partida as the board and the last ball read a partida.
  function simulView(s, p) {
    const code = { selling: "sale_open", drawing: "extraction", closed: "closed" }[p.status];
    return Object.assign({}, s, {
      partida: p.partida, status: code, announcement: code, is_last_partida: false,
      door_closed: p.status === "drawing", balls: p.balls, last_ball: p.last_ball,
      extractions: p.extractions, cards_sold: p.cards_sold, price_cents: p.price_cents,
    });
  }

  function simulBody(p) {
    document.body.classList.toggle("simul", !!p);
    const lost = !!p && simul.connection !== "linked";
    document.body.classList.toggle("central-offline", lost);
    if (!p) return;
    set("b-simul", text("short_simul"));
    // every language at once, as the "sin conexión" of the hall's server (decision 92)
    const box = $("central-offline");
    const words = languages.map((l) => (window.PANEL_TEXTS[l] || {}).central_offline || text("central_offline"));
    if (box.children.length !== words.length || [...box.children].some((el, i) => el.textContent !== words[i])) {
      box.replaceChildren(...words.map((w) => { const el = document.createElement("div"); el.className = "t"; el.textContent = w; return el; }));
    }
  }

  // Its prizes (once the sale is closed) and its winners: cartón and hall, this hall's first
  // and marked, at most two a prize, then "+N".
  function simulPrizes(p) {
    set("s-halls", p.halls);
    set("s-line", euros(p.line_cents));
    set("s-bingo", euros(p.bingo_cents));
    const rows = [];
    for (const prize of ["line", "bingo"]) {
      const listed = p[prize].slice(0, 2);
      listed.forEach((w, i) => {
        const more = i === listed.length - 1 && p[prize + "_count"] > listed.length ? " +" + (p[prize + "_count"] - listed.length) : "";
        rows.push({ left: text("winner_of", { prize: text(prize), n: w.number }) + more,
          right: w.ours ? text("this_hall") : w.hall, ours: w.ours });
      });
    }
    const box = $("s-winners");
    while (box.children.length < rows.length) {
      const row = document.createElement("div");
      row.className = "row";
      row.innerHTML = '<span class="t"></span><b class="t"></b>';
      box.appendChild(row);
    }
    while (box.children.length > rows.length) box.lastChild.remove();
    rows.forEach((r, i) => {
      const [left, right] = box.children[i].children;
      if (left.textContent !== r.left) left.textContent = r.left;
      if (right.textContent !== r.right) right.textContent = r.right;
      right.classList.toggle("ours", r.ours);
    });
  }

  function clock() {
    const now = new Date(Date.now() + offset);
    const shown = String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
    for (const el of document.querySelectorAll(".clock")) {
      if (el.textContent !== shown) el.textContent = shown;
    }
  }

  function offline() {
    // At once: no number stays on the screen once the server is gone.
    document.body.classList.add("offline");
    state = null;
    simul = null;
  }

  function feed() {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => { offline(); if (socket) socket.close(); }, WATCHDOG_MS);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(scheme + "//" + location.host + "/api/v1/stream");
    socket = ws;
    simul = null;  // the new stream sends the simultaneous partida again after its snapshot
    ws.onmessage = (event) => {
      if (ws !== socket) return;
      feed();
      const m = JSON.parse(event.data);
      if (m.v !== 1) return;
      if (m.server_time_ms) offset = m.server_time_ms - Date.now();
      if (m.type === "simultanea") { if (takeSimul(m) && state) render(); return; }
      if (m.type !== "snapshot" && m.type !== "change") return;  // pings; the table's messages
      if (m.type === "change" && m.version <= version && state) return;  // already shown
      if (m.type === "snapshot") backoff = 250;
      state = m.state;
      version = m.version;
      if (!asked.length && state.languages.length) languages = state.languages.slice();
      render();
      document.body.classList.remove("offline");
      const shown = version;
      const sent = m.server_time_ms;
      const accepted = m.accepted_at_ms === undefined ? null : m.accepted_at_ms;
      requestAnimationFrame(() => setTimeout(() => {
        window.__paints.push({ version: shown, t: performance.timeOrigin + performance.now(), sent: sent, accepted: accepted });
        if (window.__paints.length > 1000) window.__paints.shift();
      }, 0));
    };
    ws.onclose = () => {
      if (ws !== socket) return;
      offline();
      clearTimeout(watchdog);
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 4000);
    };
    ws.onerror = () => ws.close();
  }

  // --- the players' instructions (layout=instructions[&game=ID]) ---------------------------
  // The printed instructions' texts, from the server (/api/v1/instructions), section by
  // section in each of the region's official languages (Euskadi, disposición adicional
  // décima), paged to fit the screen and turned automatically (docs/api.md).
  const instr = { data: null, pages: [], index: 0, timer: null, cycles: 0 };
  window.__instructions = {
    get pages() { return instr.pages.map((p) => ({ game: p.game.id, lang: p.lang, text: p.blocks.map(words).join("\n") })); },
    get index() { return instr.index; },
    get cycles() { return instr.cycles; },
    show(i) { showPage(i); },
  };

  function words(item) {
    return item.kind === "figures" ? item.figures.map((f) => f.name).join("\n") : item.text;
  }

  function block(item) {
    if (item.kind === "figures") {
      const row = document.createElement("div");
      row.className = "figures";
      for (const figure of item.figures) row.appendChild(drawing(figure, item.rows, item.columns));
      return row;
    }
    const el = document.createElement(item.kind === "heading" ? "h2" : "p");
    el.className = "t" + (item.source ? " source" : "");
    el.textContent = item.text;
    return el;
  }

  function drawing(figure, rows, columns) {
    // a combination's drawing: its name and its marked cells, as in the printed instructions
    const box = document.createElement("div");
    box.className = "figure";
    const name = document.createElement("p");
    name.className = "t";
    name.textContent = figure.name;
    box.appendChild(name);
    for (const mask of figure.masks) {
      const grid = document.createElement("div");
      grid.className = "grid";
      grid.style.gridTemplateColumns = "repeat(" + columns + ", auto)";
      const on = new Set(mask.map(([r, c]) => r + "," + c));
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          const cell = document.createElement("i");
          if (on.has(r + "," + c)) cell.className = "on";
          grid.appendChild(cell);
        }
      }
      box.appendChild(grid);
    }
    return box;
  }

  function paint(page) {
    const body = $("i-body");
    body.replaceChildren(...page.blocks.map(block));
    set("i-title", page.game.title[page.lang] || page.game.title.es);
  }

  function fits(page) {
    paint(page);
    const body = $("i-body");
    return body.scrollHeight <= body.clientHeight + 1;
  }

  function pieces(text) {
    // a paragraph too long for a page: its sentences, else its two halves at a space
    const sentences = text.split(/(?<=[.;])\s+/);
    if (sentences.length > 1) return sentences;
    const spaced = text.split(" ");
    if (spaced.length < 2) return [text];
    const half = Math.ceil(spaced.length / 2);
    return [spaced.slice(0, half).join(" "), spaced.slice(half).join(" ")];
  }

  function paginate() {
    const pages = [];
    const langs = instr.data.languages.filter((l) => !asked.length || asked.includes(l));
    for (const game of instr.data.games) {
      for (const section of game.sections) {
        for (const lang of langs.length ? langs : instr.data.languages) {
          const head = section.heading[lang] ? [{ kind: "heading", text: section.heading[lang] }] : [];
          const queue = section.paragraphs.map((p) => ({ kind: "p", text: p[lang], source: !head.length }));
          // the drawings side by side, after the texts
          if (section.figures.length) queue.push({ kind: "figures", figures: section.figures, rows: game.rows, columns: game.columns });
          const start = () => ({ game: game, lang: lang, blocks: head.slice() });
          let page = start();
          while (queue.length) {
            const item = queue.shift();
            const trial = { ...page, blocks: page.blocks.concat([item]) };
            if (fits(trial)) { page = trial; continue; }
            if (page.blocks.length > head.length) {  // the page is full: the item starts the next
              pages.push(page);
              page = start();
              queue.unshift(item);
              continue;
            }
            const parts = item.kind === "p" ? pieces(item.text) : [item.text];
            if (parts.length > 1) { queue.unshift(...parts.map((t) => ({ ...item, text: t }))); continue; }
            page = trial;  // cannot be cut further: alone on its page
            pages.push(page);
            page = start();
          }
          if (page.blocks.length > head.length) pages.push(page);
        }
      }
    }
    instr.pages = pages;
  }

  function pageMs(page) {
    if (params.get("every")) return every;
    // time to read it from the back of the hall: 70 ms a character, at least 8 s
    const chars = page.blocks.reduce((n, b) => n + words(b).length, 0);
    return Math.max(8000, chars * 70);
  }

  function showPage(i) {
    clearTimeout(instr.timer);
    if (!instr.pages.length) return;
    instr.index = ((i % instr.pages.length) + instr.pages.length) % instr.pages.length;
    const page = instr.pages[instr.index];
    paint(page);
    document.documentElement.lang = page.lang;
    set("i-page", (instr.index + 1) + "/" + instr.pages.length);
    instr.timer = setTimeout(() => {
      if (instr.index + 1 < instr.pages.length) { showPage(instr.index + 1); return; }
      instr.cycles++;
      loadInstructions();  // once round: again from the server, with the rules then in force
    }, pageMs(page));
  }

  function loadInstructions() {
    const game = params.get("game");
    const url = "/api/v1/instructions" + (game ? "?game=" + encodeURIComponent(game) : "");
    fetch(url, { cache: "no-store" })
      .then((r) => r.ok ? r.json() : Promise.reject(new Error(String(r.status))))
      .then((data) => { instr.data = data; paginate(); showPage(0); })
      .catch(() => { clearTimeout(instr.timer); instr.timer = setTimeout(loadInstructions, 2000); });
  }

  if (layout === "instructions") {
    document.fonts.ready.then(loadInstructions);  // pages are measured in the panel's font
    let resized = null;
    window.addEventListener("resize", () => {
      clearTimeout(resized);
      resized = setTimeout(() => { if (instr.data) { paginate(); showPage(0); } }, 200);
    });
  }

  setInterval(clock, 1000);
  setInterval(() => { if (languages.length > 1) { turn++; render(); } }, every);
  clock();
  // a page served in clear from another machine than this one: its PINs and tokens cross the
  // hall's network unencrypted (serve --insecure; decision 584)
  function insecureMark() {
    const host = location.hostname.replace(/^\[|\]$/g, "");
    const local = host === "localhost" || host === "::1" || /^127\./.test(host);
    const clear = location.protocol === "http:" && !local;
    document.body.classList.toggle("insecure", clear);
    if (clear) set("insecure", languages.map((l) => (window.PANEL_TEXTS[l] || {}).insecure || text("insecure")).join(" · "));
  }
  insecureMark();
  connect();
})();
