// Welcome To...: the live sheet on a phone (number pad, tools, moves sent one at a time, kept on the phone and
// sent when the network returns) and the start form's plan choice. The pages follow the game with the core's
// live.js. No inline scripts: the pages pass data in data-* attributes.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // ---- start a table: the plan selects only matter when the table chooses its plans

  const source = document.querySelectorAll('input[name="plans_source"]');
  const choice = document.querySelector(".plan-choice");
  if (source.length && choice) {
    const sync = () => {
      const chosen = document.querySelector('input[name="plans_source"]:checked');
      choice.hidden = !chosen || chosen.value !== "choose";
    };
    source.forEach((el) => el.addEventListener("change", sync));
    sync();
  }

  // ---- the live sheet

  const root = document.getElementById("wt-sheet");
  if (!root) return;

  // The three streets scroll sideways together, like one printed sheet.
  let syncing = false;
  root.addEventListener("scroll", (event) => {
    const line = event.target;
    if (syncing || !(line instanceof Element) || !line.classList.contains("line")) return;
    syncing = true;
    root.querySelectorAll(".streets .line").forEach((other) => { if (other !== line) other.scrollLeft = line.scrollLeft; });
    requestAnimationFrame(() => { syncing = false; });
  }, true);
  const strings = JSON.parse(root.dataset.strings || "{}");
  const pad = document.getElementById("pad");
  const padTitle = document.getElementById("pad-title");
  const padDisplay = document.getElementById("pad-display");
  const padError = document.getElementById("pad-error");
  const padOk = document.getElementById("pad-ok");
  const padChoices = document.getElementById("pad-choices");
  const padKeys = document.getElementById("pad-keys");
  const toastBox = document.getElementById("toast");
  let version = root.dataset.version;
  let typed = "";
  let target = null; // what the pad is for: {kind, street, house}
  let busy = false;
  let toastTimer = null;
  let shown = null; // the last fragment the refresh put in

  function fill(text, params) {
    return String(text || "").replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));
  }

  function toast(text, bad) {
    toastBox.textContent = text;
    toastBox.classList.toggle("bad", !!bad);
    toastBox.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toastBox.hidden = true; }, bad ? 9000 : 2500);
  }

  function setTool(tool) {
    root.dataset.tool = tool;
    root.querySelectorAll(".tool").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.tool === tool)));
  }

  function adopt() {
    const round = document.getElementById("round");
    if (round) {
      version = round.dataset.version;
      root.dataset.version = version;
      setTool(round.dataset.tool || "number");
    }
  }

  // Moves go to the server one after another, so a quick second tap never races the first. A move made while
  // the companion cannot be reached is kept on this phone (localStorage, in order, with the version it was made
  // on) and sent by itself when the network returns; the browser's error page never shows.
  let queue = Promise.resolve();
  const active = document.querySelector("#sheet-busy output");
  let restTimer = null;
  let unloading = false;
  window.addEventListener("beforeunload", () => { unloading = true; });
  function touched() {  // the player is at it: no live reload for a few seconds after the last tap or answer
    if (!active) return;
    active.value = "1";
    clearTimeout(restTimer);
    restTimer = setTimeout(function rest() {
      if (busy || !pad.hidden) { restTimer = setTimeout(rest, 1000); return; }
      active.value = "";
    }, 3000);
  }
  root.addEventListener("pointerdown", touched, true);
  root.addEventListener("click", touched, true);
  const pendingKey = root.dataset.pendingKey;
  const banner = document.getElementById("offline-banner");

  function pendingList() {
    try { return JSON.parse(localStorage.getItem(pendingKey) || "[]") || []; } catch (e) { return []; }
  }
  function savePending(list) {
    try {
      if (list.length) localStorage.setItem(pendingKey, JSON.stringify(list));
      else localStorage.removeItem(pendingKey);
    } catch (e) { /* storage off: the move stays in this page only */ }
  }
  function showBanner(text) {
    if (!banner) return;
    banner.querySelector(".offline-text").textContent = text;
    banner.hidden = false;
    banner.classList.add("sticky");
  }
  function hideBanner() {
    if (!banner) return;
    banner.hidden = true;
    banner.classList.remove("sticky");
  }

  function send(url, fields) {
    const run = queue.then(() => (pendingList().length ? hold(url, fields, version) : post(url, fields, version, false)));
    queue = run.catch(() => false);
    return run;
  }

  function hold(url, fields, base) {
    const list = pendingList();
    list.push({ url: url, fields: fields, version: base });
    savePending(list);
    closePad();
    showBanner(strings.offline);
    toast(strings.offline, true);
    later(5000);
    return false;
  }

  let flushTimer = null;
  function later(ms) {
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => { queue = queue.then(flush).catch(() => false); }, ms);
  }

  function reachable() {
    const url = document.documentElement.dataset.ping;
    if (!url) return Promise.resolve(navigator.onLine !== false);
    return Promise.race([
      fetch(url, { cache: "no-store", credentials: "same-origin" }).then((r) => r.ok, () => false),
      new Promise((resolve) => setTimeout(() => resolve(false), 4000)),
    ]);
  }

  async function flush() {
    let list = pendingList();
    if (!list.length) return;
    if (!(await reachable())) { later(5000); return; }
    while (list.length) {
      const item = list[0];
      const result = await post(item.url, item.fields, item.version, true);
      if (result.offline) { later(5000); return; }
      list = pendingList().slice(1);
      if (result.ok) {  // the moves made after it on this phone were made on top of it
        list.forEach((m) => { if (String(m.version) === String(item.version)) m.version = result.version; });
      } else if (result.conflict) {
        list = [];  // the sheet changed on another screen: nothing more is sent over it
      }
      savePending(list);
    }
    hideBanner();
    toast(strings.sent, false);
  }

  async function post(url, fields, base, queued) {
    busy = true;
    touched();
    const body = new URLSearchParams({ csrf_token: pad.querySelector("[name=csrf_token]").value, version: base });
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== "") body.set(k, v);
    try {
      let response;
      try {
        response = await fetch(url, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        });
      } catch (e) {  // no answer at all: the network is down (or this page is being left)
        if (queued || unloading) return { offline: true };
        hold(url, fields, base);
        return { offline: true };
      }
      let answer = null;
      try { answer = await response.json(); } catch (e) { answer = null; }
      if (answer && answer.html) {
        root.innerHTML = answer.html;
        adopt();
      }
      if (response.ok && answer && answer.ok) {
        closePad();
        if (!queued) toast((answer.messages && answer.messages[0]) || strings.saved, false);
        return { ok: true, version: answer.version };
      }
      const lines = answer && answer.messages && answer.messages.length ? answer.messages
        : [answer && answer.problems && answer.problems[0] ? answer.problems[0].message : String(response.status)];
      refuse(lines.join(" "));
      return { ok: false, conflict: response.status === 409 };
    } finally {
      busy = false;
      touched();
    }
  }

  function refuse(text) {
    // The pad stays open with what was typed, so nothing entered is lost.
    if (!pad.hidden) {
      padError.textContent = strings.refused + " " + text;
      padError.hidden = false;
    }
    toast(strings.refused + " " + text, true);
  }

  // ---- the number pad

  function openPad(what) {
    target = what;
    typed = "";
    padError.hidden = true;
    padChoices.hidden = true;
    padKeys.hidden = false;
    padTitle.textContent = what.kind === "refusal" ? strings.pad_refusal_title
      : fill(strings.pad_title, { street: what.street, house: what.house });
    pad.hidden = false;
    showTyped();
    padOk.focus();
  }

  function closePad() {
    pad.hidden = true;
    padDisplay.value = "";  // nothing typed is waiting: the live page may show the new state again
    target = null;
    root.querySelectorAll(".house.picked").forEach((el) => el.classList.remove("picked"));
  }

  function showTyped() {
    padDisplay.value = typed || "–";
    padOk.disabled = typed === "";
    if (!target) return;
    padOk.textContent = target.kind === "refusal" ? fill(strings.pad_refusal, { number: typed || "?" })
      : fill(strings.pad_write, { number: typed || "?", street: target.street, house: target.house });
  }

  padKeys.addEventListener("click", (event) => {
    const key = event.target.closest("[data-key]");
    if (!key) return;
    const k = key.dataset.key;
    if (k === "back") typed = typed.slice(0, -1);
    else if (k === "clear") typed = "";
    else if (typed.length < 2) typed = typed === "0" ? k : typed + k;
    padError.hidden = true;
    showTyped();
  });

  padOk.addEventListener("click", () => {
    if (!target || typed === "" || busy) return; // a second tap while the first is on its way
    if (target.kind === "refusal") send(root.dataset.moveUrl, { kind: "refusal", number: typed });
    else send(root.dataset.moveUrl, { kind: "number", street: target.street, house: target.house, number: typed });
  });

  document.getElementById("pad-cancel").addEventListener("click", closePad);
  document.addEventListener("keydown", (event) => {
    if (pad.hidden) return;
    if (event.key === "Escape") closePad();
    else if (/^[0-9]$/.test(event.key) && typed.length < 2) { typed = typed === "0" ? event.key : typed + event.key; showTyped(); }
    else if (event.key === "Backspace") { typed = typed.slice(0, -1); showTyped(); }
    else if (event.key === "Enter" && !padOk.disabled) padOk.click();
  });

  // ---- bis: which neighbour's number is copied (asked only when both neighbours could be)

  function bisCandidates(house) {
    const s = house.dataset.s, h = Number(house.dataset.h);
    const found = new Set();
    for (const [other, fenceAt] of [[h - 1, h - 1], [h + 1, h]]) {
      const neighbour = root.querySelector(`.house[data-s="${s}"][data-h="${other}"]`);
      const fence = root.querySelector(`.fence[data-s="${s}"][data-h="${fenceAt}"]`);
      if (neighbour && neighbour.dataset.number !== undefined && !(fence && fence.classList.contains("on"))) {
        found.add(neighbour.dataset.number);
      }
    }
    return [...found];
  }

  function askBis(house, numbers) {
    target = { kind: "bis", street: house.dataset.s, house: house.dataset.h };
    padTitle.textContent = strings.bis_which;
    padError.hidden = true;
    padKeys.hidden = true;
    padDisplay.value = "";
    padOk.disabled = true;
    padOk.textContent = "";
    padChoices.innerHTML = "";
    for (const n of numbers) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "primary";
      b.textContent = n + "b";
      b.addEventListener("click", () => send(root.dataset.moveUrl, { kind: "bis", street: target.street, house: target.house, number: n }));
      padChoices.appendChild(b);
    }
    padChoices.hidden = false;
    pad.hidden = false;
  }

  // ---- taps on the sheet

  root.addEventListener("click", (event) => {
    const el = event.target.closest("button");
    if (!el || !root.contains(el) || busy && !el.classList.contains("tool")) return;
    if (el.classList.contains("tool")) { setTool(el.dataset.tool); return; }
    if (el.dataset.action === "undo") { send(root.dataset.undoUrl, {}); return; }
    if (el.dataset.pad === "refusal") { openPad({ kind: "refusal" }); return; }
    const tool = root.dataset.tool || "number";
    if (el.classList.contains("house")) {
      const where = { street: el.dataset.s, house: el.dataset.h };
      if (tool === "roundabout") send(root.dataset.moveUrl, { kind: "roundabout", ...where });
      else if (tool === "bis") {
        const numbers = bisCandidates(el);
        if (numbers.length > 1) askBis(el, numbers);
        else send(root.dataset.moveUrl, { kind: "bis", ...where, number: numbers[0] });
      } else if (tool === "fence") {
        toast(strings.fence_hint, false);
      } else {
        el.classList.add("picked");
        openPad({ kind: "number", ...where });
      }
      return;
    }
    if (el.classList.contains("fence")) {
      if (tool === "fence") send(root.dataset.moveUrl, { kind: "fence", street: el.dataset.s, house: el.dataset.h });
      return;
    }
    if (el.dataset.move) {
      send(root.dataset.moveUrl, { kind: el.dataset.move, street: el.dataset.street, house: el.dataset.house,
        size: el.dataset.size, plan: el.dataset.plan, effect: el.dataset.effect, number: el.dataset.pairNumber });
    }
  });

  // ---- plans claimed by the others flip on this phone too

  setInterval(async () => {
    if (document.hidden || busy || !pad.hidden || !root.dataset.fragmentUrl || pendingList().length) return;
    try {
      const response = await fetch(root.dataset.fragmentUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } });
      if (!response.ok || busy || !pad.hidden) return;
      const answer = await response.json();
      if (answer.html && answer.html !== shown) {
        const tool = root.dataset.tool, before = version;
        root.innerHTML = answer.html;
        shown = answer.html;
        adopt();
        if (String(answer.version) === String(before)) setTool(tool); // only the others changed: keep my tool
      }
    } catch (e) { /* offline for a moment */ }
  }, 20000);

  pad.addEventListener("submit", (event) => event.preventDefault());
  window.addEventListener("online", () => later(300));
  if (pendingList().length) { showBanner(strings.offline); later(500); }  // kept from before a reload

  adopt();
})();
