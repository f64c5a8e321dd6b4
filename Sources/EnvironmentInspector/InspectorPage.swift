/// The inspector's one page: HTML, CSS and script inline, nothing fetched from anywhere but the app
/// (no fonts, scripts or CDNs), so it works offline. Every value it shows is put in the page as text
/// (`textContent`), never as markup.
enum InspectorPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:">
        <title>Store inspector</title>
        <style>
        :root { --fg:#1d2330; --muted:#667085; --line:#e4e7ec; --accent:#2456d3; --bg:#f8f9fb; --ok:#1a7f37; --bad:#c4321c; --warn:#9a6700; }
        * { box-sizing: border-box; }
        body { margin:0; font:13px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color:var(--fg); background:var(--bg); }
        header { display:flex; align-items:center; gap:16px; padding:10px 16px; background:#fff; border-bottom:1px solid var(--line); }
        header h1 { font-size:15px; margin:0; }
        nav button { font:inherit; border:1px solid var(--line); background:#fff; padding:5px 12px; border-radius:6px; cursor:pointer; }
        nav button.active { background:var(--accent); color:#fff; border-color:var(--accent); }
        #status { margin-left:auto; color:var(--muted); }
        main { padding:12px 16px; }
        section { display:none; }
        section.active { display:block; }
        table { border-collapse:collapse; width:100%; background:#fff; border:1px solid var(--line); }
        th, td { text-align:left; padding:5px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
        th { background:#f1f3f7; cursor:pointer; user-select:none; white-space:nowrap; }
        td.mono, .mono { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size:12px; }
        .pill { display:inline-block; padding:0 6px; border-radius:9px; background:#eef2ff; margin:1px 2px; }
        .fresh { color:var(--ok); } .stale { color:var(--warn); } .failed { color:var(--bad); }
        .toolbar { display:flex; gap:8px; margin-bottom:8px; align-items:center; }
        input, select { font:inherit; padding:4px 8px; border:1px solid var(--line); border-radius:6px; }
        a.link { color:var(--accent); cursor:pointer; text-decoration:underline; }
        .cols { display:grid; grid-template-columns: 320px 1fr; gap:12px; }
        ul.list { list-style:none; margin:0; padding:0; background:#fff; border:1px solid var(--line); max-height:70vh; overflow:auto; }
        ul.list li { padding:5px 8px; border-bottom:1px solid var(--line); cursor:pointer; }
        ul.list li:hover, ul.list li.selected { background:#eef2ff; }
        .card { background:#fff; border:1px solid var(--line); padding:10px 12px; margin-bottom:10px; }
        dl.stats { display:grid; grid-template-columns: 260px 1fr; gap:4px 12px; margin:0; }
        dl.stats dt { color:var(--muted); }
        #events-list { max-height:45vh; overflow:auto; }
        .muted { color:var(--muted); }
        </style>
        </head>
        <body>
        <header>
          <h1>Store inspector</h1>
          <nav>
            <button id="tab-roots" class="active" data-panel="roots">Roots</button>
            <button id="tab-records" data-panel="records">Records</button>
            <button id="tab-events" data-panel="events">Events</button>
            <button id="tab-store" data-panel="store">Store</button>
          </nav>
          <span id="status">connecting…</span>
        </header>
        <main>
        <section id="panel-roots" class="active">
          <div class="toolbar">
            <input id="roots-filter" placeholder="filter by operation, policy, staleness…" size="40">
            <span class="muted" id="roots-count"></span>
          </div>
          <table id="roots-table">
            <thead><tr>
              <th data-key="operation">Operation</th><th data-key="variablesHash">Variables</th>
              <th data-key="policies">Holders (policies)</th><th data-key="staleness">Staleness</th>
              <th data-key="staleAt">Stale at (expiration)</th><th data-key="lastFetch">Last fetch</th>
              <th data-key="inFlight">In flight</th><th data-key="joinedFetches">Joined</th>
              <th data-key="phases">Handle phases</th><th data-key="revalidation">revalidate() would</th>
              <th data-key="records">Records</th>
            </tr></thead>
            <tbody></tbody>
          </table>
        </section>
        <section id="panel-records">
          <div class="toolbar">
            <input id="records-search" placeholder="search by ID or type" size="40">
            <span class="muted" id="records-note"></span>
          </div>
          <div class="cols">
            <ul id="records-list" class="list"></ul>
            <div id="record-detail" class="card"><span class="muted">Choose a record.</span></div>
          </div>
        </section>
        <section id="panel-events">
          <div class="card">
            <div class="toolbar"><strong>Requests per operation, per 5 s</strong>
              <span class="muted">(bars: requests sent; dots: fetches that joined one in flight instead, requests saved)</span></div>
            <svg id="requests-chart" width="720" height="160" role="img" aria-label="requests per operation"></svg>
            <div id="chart-legend" class="muted"></div>
            <div id="revalidations" class="muted"></div>
          </div>
          <div class="toolbar">
            <select id="events-kind"><option value="">every kind</option></select>
            <input id="events-operation" placeholder="operation">
            <span class="muted" id="events-count">0 events</span>
          </div>
          <table id="events-table">
            <thead><tr><th>Time</th><th>Event</th><th>Operation</th><th>Details</th></tr></thead>
            <tbody id="events-list"></tbody>
          </table>
        </section>
        <section id="panel-store">
          <div class="card"><dl id="store-stats" class="stats"></dl></div>
        </section>
        </main>
        <script>
        "use strict";
        const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
        const MAX_EVENTS = 500;
        const state = { roots: [], sortKey: "operation", sortUp: true, events: [], buckets: new Map(), selected: null };
        const $ = (id) => document.getElementById(id);
        function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined && text !== null) e.textContent = String(text); if (cls) e.className = cls; return e; }
        function time(ms) { return ms == null ? "—" : new Date(ms).toLocaleTimeString(); }
        async function get(path) { const r = await fetch(base + path, { cache: "no-store" }); if (!r.ok) throw new Error(String(r.status)); return r.json(); }

        // Tabs
        for (const b of document.querySelectorAll("nav button")) {
          b.addEventListener("click", () => show(b.dataset.panel));
        }
        function show(panel) {
          for (const b of document.querySelectorAll("nav button")) b.classList.toggle("active", b.dataset.panel === panel);
          for (const s of document.querySelectorAll("main section")) s.classList.toggle("active", s.id === "panel-" + panel);
          if (panel === "records") searchRecords();
          if (panel === "store") loadStore();
        }

        // Roots
        function policies(r) { return r.holders.map(h => h.policy).join(" "); }
        function sortValue(r, key) {
          switch (key) {
            case "operation": return r.operation || "";
            case "policies": return policies(r);
            case "lastFetch": return r.lastFetch ? r.lastFetch.endedAt : 0;
            case "phases": return r.handlePhases.join(" ");
            case "records": return r.records.length;
            default: return r[key] == null ? "" : r[key];
          }
        }
        async function loadRoots() {
          try {
            const data = await get("api/roots");
            $("status").textContent = "updated " + time(data.now);
            // Unchanged roots keep their rows, so a row being clicked is never replaced under the pointer.
            const text = JSON.stringify(data.roots);
            if (text === state.rootsText) return;
            state.rootsText = text;
            state.roots = data.roots;
            renderRoots();
          } catch (e) { $("status").textContent = "the app does not answer (" + e.message + ")"; }
        }
        function renderRoots() {
          const filter = $("roots-filter").value.trim().toLowerCase();
          const rows = state.roots.filter(r => !filter || [r.operation, r.identity, policies(r), r.staleness, r.revalidation, r.handlePhases.join(" ")].join(" ").toLowerCase().includes(filter));
          rows.sort((a, b) => { const x = sortValue(a, state.sortKey), y = sortValue(b, state.sortKey); const c = x < y ? -1 : x > y ? 1 : 0; return state.sortUp ? c : -c; });
          const body = $("roots-table").tBodies[0];
          body.replaceChildren();
          for (const r of rows) {
            const tr = el("tr"); tr.dataset.identity = r.identity; tr.className = "root-row";
            tr.append(el("td", (r.operation || "(anonymous)") + " · " + r.kind, "operation"));
            tr.append(el("td", r.variablesHash.slice(0, 10), "mono"));
            const holders = el("td", null, "policies");
            if (r.holders.length === 0) holders.append(el("span", "none (release buffer)", "muted"));
            for (const h of r.holders) holders.append(el("span", h.policy, "pill policy"));
            tr.append(holders);
            tr.append(el("td", r.staleness, r.staleness === "fresh" ? "fresh" : "stale"));
            const expiry = r.expirationSeconds == null ? "never expires" : "expires after " + r.expirationSeconds + " s";
            tr.append(el("td", (r.staleAt ? time(r.staleAt) : "—") + " (" + expiry + ")"));
            const f = r.lastFetch;
            tr.append(el("td", f ? f.outcome + " · " + f.reason + " · " + f.durationMilliseconds.toFixed(1) + " ms · " + time(f.endedAt) : "none", f && f.outcome.startsWith("failed") ? "failed" : ""));
            tr.append(el("td", r.inFlight ? "yes" : "no"));
            tr.append(el("td", r.joinedFetches));
            tr.append(el("td", r.handlePhases.join(", ") || "—"));
            tr.append(el("td", r.revalidation, "revalidation"));
            const recs = el("td");
            for (const id of r.records.slice(0, 6)) { const a = el("a", id, "link mono"); a.addEventListener("click", () => openRecord(id)); recs.append(a, " "); }
            if (r.records.length > 6) recs.append(el("span", "+" + (r.records.length - 6), "muted"));
            tr.append(recs);
            body.append(tr);
          }
          $("roots-count").textContent = rows.length + " of " + state.roots.length + " roots";
        }
        for (const th of document.querySelectorAll("#roots-table th")) {
          th.addEventListener("click", () => { const k = th.dataset.key; state.sortUp = state.sortKey === k ? !state.sortUp : true; state.sortKey = k; renderRoots(); });
        }
        $("roots-filter").addEventListener("input", renderRoots);

        // Records
        async function searchRecords() {
          try {
            const q = $("records-search").value.trim();
            const data = await get("api/records?q=" + encodeURIComponent(q));
            const list = $("records-list");
            list.replaceChildren();
            for (const r of data.records) {
              const li = el("li"); li.dataset.id = r.id; li.className = "record-item";
              li.append(el("span", r.id, "mono"), " ", el("span", (r.typename || "?") + " · " + r.fieldCount + " fields", "muted"));
              li.addEventListener("click", () => openRecord(r.id));
              list.append(li);
            }
            $("records-note").textContent = data.records.length + " records read by roots";
          } catch (e) { $("records-note").textContent = "search failed (" + e.message + ")"; }
        }
        $("records-search").addEventListener("input", searchRecords);
        async function openRecord(id) {
          show("records");
          state.selected = id;
          for (const li of document.querySelectorAll("#records-list li")) li.classList.toggle("selected", li.dataset.id === id);
          const box = $("record-detail");
          try {
            const r = await get("api/record?id=" + encodeURIComponent(id));
            box.replaceChildren();
            const h = el("h3", null); h.append(el("span", r.id, "mono"), " ", el("span", r.typename || "", "pill")); box.append(h);
            box.append(el("div", "written " + time(r.writtenAt) + (r.valuesShown ? "" : " · values hidden (the app shows types and sizes only)"), "muted"));
            const readers = el("div", "read by: ", "muted");
            for (const identity of r.readBy) { const root = state.roots.find(x => x.identity === identity); readers.append(el("span", root ? (root.operation || identity.slice(0, 8)) : identity.slice(0, 8), "pill")); }
            box.append(readers);
            const table = el("table"); table.id = "record-fields";
            const head = el("tr"); for (const t of ["Field", "Kind", "Bytes", r.valuesShown ? "Value" : "Value (hidden)", "Written"]) head.append(el("th", t));
            table.append(head);
            for (const f of r.fields) {
              const tr = el("tr"); tr.className = "field-row"; tr.dataset.key = f.key;
              tr.append(el("td", f.key, "mono field-key"), el("td", f.kind, "field-kind"), el("td", f.bytes));
              const v = el("td", null, "mono field-value");
              if (f.links.length) for (const l of f.links) { const a = el("a", l, "link"); a.addEventListener("click", () => openRecord(l)); v.append(a, " "); }
              else v.textContent = f.value == null ? (r.valuesShown ? "null" : "·".repeat(Math.min(f.bytes, 12))) : f.value;
              tr.append(v, el("td", time(f.writtenAt)));
              table.append(tr);
            }
            box.append(table);
          } catch (e) { box.replaceChildren(el("span", "no record " + id + " (" + e.message + ")", "failed")); }
        }

        // Events
        const kinds = new Set();
        function addEvent(kind, data) {
          const at = Date.now();
          let e; try { e = JSON.parse(data); } catch (_) { return; }
          state.events.push({ at, kind, e });
          if (state.events.length > MAX_EVENTS) state.events.shift();
          if (!kinds.has(kind)) { kinds.add(kind); $("events-kind").append(el("option", kind)); }
          if (kind === "fetchStarted" || kind === "fetchShared") {
            const bucket = Math.floor(at / 5000), op = e.operation || e.identity.slice(0, 8);
            const key = bucket + "|" + op;
            const b = state.buckets.get(key) || { bucket, op, sent: 0, saved: 0 };
            if (kind === "fetchStarted") b.sent++; else b.saved++;
            state.buckets.set(key, b);
            if (state.buckets.size > 2000) state.buckets.delete(state.buckets.keys().next().value);
          }
          renderEvents(); renderChart();
        }
        function details(e) {
          const skip = new Set(["event", "operation", "identity"]);
          return Object.keys(e).filter(k => !skip.has(k)).map(k => k + "=" + (k === "durationNanoseconds" ? (e[k] / 1e6).toFixed(1) + "ms" : e[k])).join(" ");
        }
        function renderEvents() {
          const kind = $("events-kind").value, op = $("events-operation").value.trim().toLowerCase();
          const body = $("events-list");
          body.replaceChildren();
          const shown = state.events.filter(x => (!kind || x.kind === kind) && (!op || (x.e.operation || "").toLowerCase().includes(op)));
          for (const x of shown.slice(-200).reverse()) {
            const tr = el("tr"); tr.className = "event-row"; tr.dataset.kind = x.kind;
            tr.append(el("td", new Date(x.at).toLocaleTimeString()), el("td", x.kind, "event-kind"), el("td", x.e.operation || (x.e.identity ? x.e.identity.slice(0, 8) : "")), el("td", details(x.e), "mono"));
            body.append(tr);
          }
          $("events-count").textContent = shown.length + " events";
          const sweeps = state.events.filter(x => x.kind === "revalidationSwept").slice(-5).map(x => "revalidate(): " + x.e.candidates + " roots, " + x.e.fetched + " requests, " + x.e.joined + " joined");
          $("revalidations").textContent = sweeps.join(" · ");
        }
        $("events-kind").addEventListener("change", renderEvents);
        $("events-operation").addEventListener("input", renderEvents);
        const palette = ["#2456d3", "#1a7f37", "#c4321c", "#9a6700", "#8250df", "#0a7ea4"];
        function renderChart() {
          const svg = $("requests-chart"), ns = "http://www.w3.org/2000/svg";
          svg.replaceChildren();
          const all = [...state.buckets.values()];
          if (!all.length) return;
          const now = Math.floor(Date.now() / 5000), first = now - 23;
          const ops = [...new Set(all.map(b => b.op))].slice(0, palette.length);
          const max = Math.max(1, ...all.map(b => Math.max(b.sent, b.saved)));
          const w = 720 / 24, bw = Math.max(2, (w - 4) / ops.length);
          for (const b of all) {
            if (b.bucket < first) continue;
            const i = ops.indexOf(b.op); if (i < 0) continue;
            const x = (b.bucket - first) * w + 2 + i * bw, h = (b.sent / max) * 130;
            const r = document.createElementNS(ns, "rect");
            r.setAttribute("x", x); r.setAttribute("y", 140 - h); r.setAttribute("width", bw - 1); r.setAttribute("height", h); r.setAttribute("fill", palette[i]);
            r.setAttribute("class", "bar"); r.setAttribute("data-op", b.op); r.setAttribute("data-sent", b.sent);
            svg.append(r);
            if (b.saved) {
              const c = document.createElementNS(ns, "circle");
              c.setAttribute("cx", x + bw / 2); c.setAttribute("cy", 140 - (b.saved / max) * 130); c.setAttribute("r", 3); c.setAttribute("fill", "none"); c.setAttribute("stroke", palette[i]);
              svg.append(c);
            }
          }
          const axis = document.createElementNS(ns, "line");
          axis.setAttribute("x1", 0); axis.setAttribute("x2", 720); axis.setAttribute("y1", 140); axis.setAttribute("y2", 140); axis.setAttribute("stroke", "#999");
          svg.append(axis);
          const totals = ops.map(op => { const bs = all.filter(b => b.op === op); return op + ": " + bs.reduce((s, b) => s + b.sent, 0) + " sent, " + bs.reduce((s, b) => s + b.saved, 0) + " saved"; });
          $("chart-legend").textContent = "last 2 minutes · " + totals.join(" · ");
        }
        function connectEvents() {
          const source = new EventSource(base + "api/events");
          const names = ["fetchStarted", "fetchShared", "fetchSucceeded", "fetchFailed", "serverErrors", "published", "collected", "handleAttached", "handleReleased", "revalidationSwept", "invalidated", "subscriptionParked", "subscriptionCancelled"];
          for (const n of names) source.addEventListener(n, (m) => { addEvent(n, m.data); scheduleRefresh(); });
          source.onopen = () => { document.body.dataset.live = "yes"; };
          source.onerror = () => { document.body.dataset.live = "no"; };
        }
        let refreshPending = false;
        function scheduleRefresh() {
          if (refreshPending) return;
          refreshPending = true;
          setTimeout(() => { refreshPending = false; loadRoots(); if ($("panel-store").classList.contains("active")) loadStore(); }, 250);
        }

        // Store
        function kib(n) { return n == null ? "—" : n < 1024 ? n + " B" : (n / 1024).toFixed(1) + " KiB"; }
        async function loadStore() {
          try {
            const s = await get("api/store");
            const dl = $("store-stats"); dl.replaceChildren();
            const c = s.lastCollection;
            const rows = [
              ["Records in the store", s.recordCount], ["Records read by roots", s.reachableRecords],
              ["Their size (JSON bytes)", kib(s.reachableBytes)], ["Retained roots", s.retainedRoots],
              ["Roots in the release buffer", s.bufferedRoots], ["Fetches in flight", s.fetchesInFlight],
              ["Last collection", c ? time(c.at) + ": removed " + c.removed + ", kept " + c.kept + " records, from " + c.roots + " roots" : "none yet"],
              ["SQLite file", s.sqliteFileBytes == null ? "in-memory store" : kib(s.sqliteFileBytes)],
              ["Field values", s.valuesShown ? "shown" : "hidden (types and sizes only)"],
            ];
            for (const [k, v] of rows) { const dt = el("dt", k); const dd = el("dd", v); dd.dataset.stat = k; dl.append(dt, dd); }
          } catch (e) { $("store-stats").replaceChildren(el("dd", "the app does not answer (" + e.message + ")", "failed")); }
        }

        loadRoots();
        connectEvents();
        setInterval(loadRoots, 2000);
        </script>
        </body>
        </html>
        """#
}
