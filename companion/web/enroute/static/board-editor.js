/* Board editor: tap the map to transcribe a printed En Route board.
   The server applies every edit (engine helpers) and answers the new document, its problems, what is
   still missing and a redrawn map; this script only collects taps and form values. Every answer is
   also kept in localStorage, and Undo replaces the draft with the previous document — only if nobody else
   edited the draft since this phone's last edit (the server checks the draft version Undo names). */
(function () {
  "use strict";
  const root = document.getElementById("editor");
  if (!root) return;
  const draftId = root.dataset.draft;
  const editUrl = root.dataset.editUrl;
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const storeKey = "enroute-board-draft:" + draftId;
  const $ = (id) => document.getElementById(id);
  const mapBox = $("map");
  let doc = JSON.parse($("draft-doc").textContent);
  const history = [];  // earlier documents, for Undo
  let version = parseInt(root.dataset.version, 10) || null;  // the draft version this page last saw
  let pending = 0;  // edits sent and not yet answered
  const strings = JSON.parse(root.dataset.strings || "{}");  // the page's language, from the server's catalogue

  function t(key, params) {
    let text = strings[key] || key;
    for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  }

  function status(text, bad) {
    const el = $("status");
    el.textContent = text;
    el.classList.toggle("bad", !!bad);
  }

  function keep() {
    try {
      localStorage.setItem(storeKey, JSON.stringify({ doc: doc, at: Date.now() }));
    } catch (e) { /* private mode or full storage: the server copy still exists */ }
  }

  function listProblems(el, items, empty) {
    el.textContent = "";
    if (!items.length && empty) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = empty;
      el.appendChild(li);
    }
    for (const p of items) {
      const li = document.createElement("li");
      li.className = p.severity;
      li.dataset.path = p.path;  // kept for the map; the text says in words what it is about (issue 13, U7)
      li.appendChild(document.createTextNode(p.text || p.message));
      el.appendChild(li);
    }
  }

  function playerBoards() {
    return Array.isArray(doc.player_boards) ? doc.player_boards.filter((pb) => pb && typeof pb === "object") : [];
  }

  function textOf(values) {
    if (!Array.isArray(values) || values.every((v) => v === null)) return "";
    const digits = values.every((v) => Number.isInteger(v) && v >= 0 && v <= 9);
    return values.map((v) => (v === null ? "?" : String(v))).join(digits ? "" : " ");
  }

  function parseNumbers(text) {
    text = text.trim();
    if (!text) return [];
    const parts = /[\s,;/]/.test(text) ? text.split(/[\s,;/]+/) : text.split("");
    return parts.filter((p) => p).map((p) => (/^\d+$/.test(p) ? parseInt(p, 10) : null));
  }

  function edgeNote(values, length) {
    // The same checks as the engine's printed_order_problem, to answer while typing.
    if (!values.length) return t("not_entered");
    if (values.length !== length) return t("count", { count: values.length, length: length });
    const notes = [];
    for (let start = 0; start < length; start += 6) {
      const chunk = values.slice(start, start + 6);
      if (chunk.some((v) => v === null)) { notes.push(t("some_missing")); continue; }
      const twice = [...new Set(chunk.filter((v, i) => chunk.indexOf(v) !== i))].sort();
      const absent = [];
      for (let n = 1; n <= chunk.length; n++) if (!chunk.includes(n)) absent.push(n);
      const outside = [...new Set(chunk.filter((v) => v < 1 || v > chunk.length))];
      const say = (numbers, key) => t(key + (numbers.length === 1 ? "_one" : "_many"), { numbers: numbers.join(", ") });
      if (twice.length) notes.push(say(twice, "twice"));
      if (outside.length) notes.push(say(outside, "outside"));
      if (absent.length) notes.push(say(absent, "absent"));
    }
    return notes.join(strings.note_sep || "; ");
  }

  function size() {
    return Array.isArray(doc.size) ? doc.size : [6, 6];
  }

  function checkEdge(input) {
    const axis = input.dataset.axis;
    const note = edgeNote(parseNumbers(input.value), axis === "columns" ? size()[0] : size()[1]);
    const el = $("note-" + input.dataset.number + "-" + axis);
    el.textContent = note ? "✗ " + note : "✓ " + t("edge_ok");
    el.className = "field-note " + (note ? "bad" : "good");
  }

  function relabel() {
    const number = parseInt($("view-pb").value, 10);
    const pb = playerBoards().find((b) => b.number === number) || playerBoards()[0];
    const labels = mapBox.querySelectorAll("text.coord");
    const [cols, rows] = size();
    if (!pb || labels.length !== cols + rows) return;
    labels.forEach((el, i) => {
      const values = i < cols ? pb.columns : pb.rows;
      const v = Array.isArray(values) ? values[i < cols ? i : i - cols] : null;
      el.textContent = v === null || v === undefined ? "·" : String(v);
    });
  }

  function renderForms() {
    const name = $("city-name");
    if (document.activeElement !== name) name.value = doc.name || "";
    for (const input of document.querySelectorAll(".printed-input")) {
      const pb = playerBoards().find((b) => String(b.number) === input.dataset.number);
      if (pb && document.activeElement !== input) input.value = textOf(pb[input.dataset.axis]);
      checkEdge(input);
    }
    const vta = doc.visit_them_all && typeof doc.visit_them_all === "object" ? doc.visit_them_all : null;
    $("vta-section").hidden = !vta;
    if (vta) {
      if (document.activeElement !== $("vta-name")) $("vta-name").value = vta.name || "";
      const box = $("vta-pp");
      const pp = Array.isArray(vta.pp) ? vta.pp : [];
      const count = (Array.isArray(vta.at) ? vta.at.length : 0) + 1;
      box.textContent = "";
      for (let i = 0; i < count; i++) {
        const label = document.createElement("label");
        label.textContent = t("pts", { n: i });
        const input = document.createElement("input");
        input.inputMode = "numeric";
        input.maxLength = 3;
        input.value = pp[i] === null || pp[i] === undefined ? "" : String(pp[i]);
        input.setAttribute("aria-label", t("pp_for", { n: i }));
        label.appendChild(input);
        box.appendChild(label);
      }
    }
  }

  function render(state) {
    mapBox.innerHTML = state.svg;
    listProblems($("missing"), state.missing, t("missing_none"));
    const others = state.others || state.problems;  // what "Still to do" does not say already (issue 13, U7)
    listProblems($("problems"), others, state.missing.length ? t("problems_none_todo") : t("problems_none"));
    $("save").disabled = !state.valid;
    $("save").title = state.valid ? "" : t("fix_first");
    $("undo").disabled = history.length === 0;
    relabel();
    renderForms();
  }

  // Edits go to the server one after another, in the order they were made, so none is lost
  // when the next one starts before the previous answer arrives.
  let queue = Promise.resolve();

  function send(edit, isUndo) {
    const result = queue.then(() => post(edit, isUndo));
    queue = result.catch(() => false);
    return result;
  }

  async function post(edit, isUndo) {
    pending += 1;
    status(t("saving"));
    edit.view = parseInt($("view-pb").value, 10) || null;
    if (isUndo && version) edit.base = version;  // the version after this phone's edits answered so far
    try {
      const response = await fetch(editUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json" },
        body: JSON.stringify(edit),
        credentials: "same-origin",
      });
      let body = null;
      try { body = await response.json(); } catch (e) { body = null; }
      if (!response.ok) {
        const first = body && body.problems && body.problems[0];
        if (first && first.code === "undo-stale" && body.doc !== undefined) {
          // Someone else edited meanwhile: show their draft; the earlier documents no longer undo this one.
          history.length = 0;
          doc = body.doc;
          version = body.version || version;
          keep();
          render(body);
          status(first.text || first.message, true);
          return null;  // refused for good: nothing to put back on the Undo list
        }
        const message = first ? first.text || first.message : t("refused", { status: response.status });
        status(t("not_changed", { message: message }), true);
        return false;
      }
      if (!isUndo) history.push(doc);
      if (history.length > 100) history.shift();
      doc = body.doc;
      if (body.version) version = body.version;
      keep();
      render(body);
      const errors = body.problems.filter((p) => p.severity === "error").length;
      status(body.valid ? t("saved_valid") : t("saved_left", { n: errors }));
      return true;
    } catch (e) {
      status(t("offline"), true);
      return false;
    } finally {
      pending -= 1;
    }
  }

  // ---- taps on the map

  function setMode(mode) {
    mapBox.dataset.mode = mode;
    for (const b of document.querySelectorAll("button.mode")) {
      const on = b.dataset.mode === mode;
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", String(on));
    }
    $("mode-hint").textContent = mode === "locations" ? t("hint_locations") : t("hint_points");
  }

  let current = null;  // [c, r] or [x, y] of the open panel

  function closePanels() {
    $("loc-panel").hidden = true;
    $("pt-panel").hidden = true;
    for (const el of mapBox.querySelectorAll(".selected")) el.classList.remove("selected");
    current = null;
  }

  function same(a, b) {
    return Array.isArray(a) && a.length === 2 && a[0] === b[0] && a[1] === b[1];
  }

  function landmarkAt(loc) {
    return (doc.landmarks || []).find((lm) => lm && Array.isArray(lm.locations) && lm.locations.some((l) => same(l, loc)));
  }

  function syncKind() {
    const kind = (document.querySelector('input[name="kind"]:checked') || {}).value || "";
    $("lm-pp-row").hidden = kind !== "yellow";
    $("lm-track-row").hidden = kind !== "grey";
    $("lm-name").disabled = !kind;
    $("lm-name-hint").textContent = kind === "grey" ? t("name_needed") : t("name_optional");
    let note = "";
    if (kind === "grey" && !$("lm-track").value.trim()) note = t("grey_track");
    if (kind === "grey" && !$("lm-name").value.trim()) note = t("grey_name");
    if (kind === "yellow" && !$("lm-pp").value.trim()) note = t("yellow_pp");
    $("loc-note").textContent = note;
  }

  function openLoc(loc) {
    closePanels();
    current = loc;
    const lm = landmarkAt(loc);
    $("loc-title").textContent = t("loc_title", { c: loc[0], r: loc[1] });
    const kind = lm ? lm.kind : "";
    for (const r of document.querySelectorAll('input[name="kind"]')) r.checked = r.value === (kind || "");
    $("lm-name").value = lm ? lm.name || "" : "";
    $("lm-pp").value = lm && lm.pp !== undefined ? lm.pp : "";
    const track = lm && doc.ratings ? doc.ratings[lm.id] : null;
    $("lm-track").value = Array.isArray(track) ? track.join(" ") : "";
    syncKind();
    const cell = mapBox.querySelector("#l-" + loc[0] + "-" + loc[1]);
    if (cell) cell.classList.add("selected");
    $("loc-panel").hidden = false;
    mapBox.scrollIntoView({ block: "start" });  // keep the map visible above the bottom sheet
    const first = document.querySelector('input[name="kind"]:checked') || document.querySelector('input[name="kind"]');
    first.focus({ preventScroll: true });
  }

  function syncCafe() {
    const bonus = (document.querySelector('input[name="cafe"]:checked') || {}).value || "";
    $("cafe-tourists").hidden = bonus !== "tourists";
    const any = [...document.querySelectorAll("#cafe-tourists input")].some((i) => parseInt(i.value, 10) > 0);
    $("pt-note").textContent = bonus === "tourists" && !any ? t("cafe_tourists") : "";
  }

  function openPt(pt) {
    closePanels();
    current = pt;
    $("pt-title").textContent = t("pt_title", { x: pt[0], y: pt[1] });
    const cafe = (doc.cafes || []).find((c) => c && same(c.at, pt));
    for (const r of document.querySelectorAll('input[name="cafe"]')) r.checked = r.value === (cafe ? cafe.bonus : "");
    for (const input of document.querySelectorAll("#cafe-tourists input")) {
      const n = cafe && cafe.tourists ? cafe.tourists[input.dataset.colour] : "";
      input.value = n || "";
    }
    const vta = doc.visit_them_all;
    $("pt-visit").checked = !!(vta && Array.isArray(vta.at) && vta.at.some((p) => same(p, pt)));
    syncCafe();
    $("pt-panel").hidden = false;
    mapBox.scrollIntoView({ block: "start" });
    (document.querySelector('input[name="cafe"]:checked') || document.querySelector('input[name="cafe"]')).focus({ preventScroll: true });
  }

  function tapped(target) {
    const hit = target.closest ? target.closest("[data-loc],[data-pt]") : null;
    if (!hit) return;
    const pair = (hit.dataset.loc || hit.dataset.pt).split(",").map(Number);
    if (hit.dataset.loc && mapBox.dataset.mode === "locations") openLoc(pair);
    if (hit.dataset.pt && mapBox.dataset.mode === "points") openPt(pair);
  }

  mapBox.addEventListener("click", (e) => tapped(e.target));
  mapBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapped(e.target); }
  });
  for (const b of document.querySelectorAll("button.mode")) b.addEventListener("click", () => { closePanels(); setMode(b.dataset.mode); });
  for (const b of document.querySelectorAll("[data-close]")) b.addEventListener("click", closePanels);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closePanels(); });
  for (const r of document.querySelectorAll('input[name="kind"]')) r.addEventListener("change", syncKind);
  for (const id of ["lm-name", "lm-pp", "lm-track"]) $(id).addEventListener("input", syncKind);
  for (const r of document.querySelectorAll('input[name="cafe"]')) r.addEventListener("change", syncCafe);
  for (const i of document.querySelectorAll("#cafe-tourists input")) i.addEventListener("input", syncCafe);

  $("loc-apply").addEventListener("click", async () => {
    if (!current) return;
    const kind = (document.querySelector('input[name="kind"]:checked') || {}).value || null;
    const ok = await send({ op: "location", at: current, kind: kind, name: $("lm-name").value,
      pp: kind === "yellow" ? $("lm-pp").value : null, track: kind === "grey" ? $("lm-track").value : null });
    if (ok) closePanels();
    else $("loc-note").textContent = $("status").textContent;
  });

  $("pt-apply").addEventListener("click", async () => {
    if (!current) return;
    const bonus = (document.querySelector('input[name="cafe"]:checked') || {}).value || null;
    const tourists = {};
    for (const input of document.querySelectorAll("#cafe-tourists input")) tourists[input.dataset.colour] = input.value;
    const ok = await send({ op: "intersection", at: current, cafe: bonus, tourists: bonus === "tourists" ? tourists : {},
      visit: $("pt-visit").checked });
    if (ok) closePanels();
    else $("pt-note").textContent = $("status").textContent;
  });

  // ---- the forms below the map

  $("city-name").addEventListener("change", () => send({ op: "name", name: $("city-name").value }));
  for (const input of document.querySelectorAll(".printed-input")) {
    input.addEventListener("input", () => checkEdge(input));
    input.addEventListener("change", () => send({ op: "printed", number: parseInt(input.dataset.number, 10),
      axis: input.dataset.axis, text: input.value }));
  }
  $("vta-apply").addEventListener("click", () => send({ op: "visit_table", name: $("vta-name").value,
    pp: [...document.querySelectorAll("#vta-pp input")].map((i) => i.value) }));
  $("view-pb").addEventListener("change", relabel);
  $("undo").addEventListener("click", async () => {
    if (!history.length) return;
    const previous = history.pop();
    const undone = await send({ op: "replace", doc: previous }, true);
    if (undone === false) history.push(previous);  // not sent (offline) or refused for now: try again later
    $("undo").disabled = history.length === 0;
  });

  function canonical(value) {
    // JSON with sorted keys: the page embeds the draft with sorted keys, the answers keep the file's order.
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  // ---- a copy kept on this phone that differs from the server's (e.g. the server lost its draft)

  try {
    const kept = JSON.parse(localStorage.getItem(storeKey) || "null");
    if (kept && kept.doc && canonical(kept.doc) !== canonical(doc)) {
      const bar = document.createElement("p");
      bar.className = "flash restore";
      bar.textContent = t("kept_copy", { when: new Date(kept.at).toLocaleString(document.documentElement.lang || undefined) }) + " ";
      const restore = document.createElement("button");
      restore.type = "button";
      restore.textContent = t("restore");
      restore.addEventListener("click", async () => { if (await send({ op: "replace", doc: kept.doc })) bar.remove(); });
      const dismiss = document.createElement("button");
      dismiss.type = "button";
      dismiss.className = "secondary";
      dismiss.textContent = t("keep_server");
      dismiss.addEventListener("click", () => { keep(); bar.remove(); });
      bar.append(restore, " ", dismiss);
      root.prepend(bar);
    } else {
      keep();
    }
  } catch (e) { /* unreadable storage: ignore */ }

  $("save-form").addEventListener("submit", (e) => {
    if (pending > 0) {  // save only after the last edits reached the draft
      e.preventDefault();
      queue.then(() => $("save-form").requestSubmit());
      return;
    }
    try { localStorage.removeItem(storeKey); } catch (err) { /* ignore */ }
  });
  window.addEventListener("beforeunload", (e) => { if (pending > 0) e.preventDefault(); });
  setMode("locations");
  relabel();
  renderForms();
  $("save").disabled = !!document.querySelector("#problems li.error");
})();
