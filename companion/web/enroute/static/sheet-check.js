// Live problems on the sheet page (issue 13, U3): after each tap the draft goes to the server's check
// (the engine's own rules; nothing is saved) and the problem list and the map's highlights follow.
// Without this script the list is the one of the last save, as before.
(function () {
  "use strict";
  var form = document.getElementById("sheet-form");
  var box = document.getElementById("problems");
  var field = document.getElementById("sheet-json");
  var svg = document.querySelector("#map-wrap svg.map");
  if (!form || !box || !field || !svg || !window.fetch || !box.dataset.checkUrl) { return; }
  var token = form.querySelector("[name=csrf_token]");
  var texts = JSON.parse(box.dataset.checkStrings || "{}");
  var timer = null, running = false, again = false;

  function routeMode() { var r = form.querySelector("input[name=route_mode]:checked"); return r ? r.value : "best"; }

  function show(problems) {
    var old = box.querySelector("ul.problems, p.ok, p.checking");
    var fresh;
    if (!problems.length) {
      fresh = document.createElement("p");
      fresh.className = "ok";
      fresh.textContent = texts.none || "No problems found.";
    } else {
      fresh = document.createElement("ul");
      fresh.className = "problems";
      problems.forEach(function (p) {
        var li = document.createElement("li");
        li.className = "problem " + p.severity;
        if (p.target) { li.dataset.target = p.target; li.tabIndex = 0; }
        var sev = document.createElement("span");
        sev.className = "sev";
        sev.textContent = p.severity === "warning" ? (texts.warning || "warning") : (texts.error || "error");
        li.appendChild(sev);
        li.appendChild(document.createTextNode(" " + p.text));
        fresh.appendChild(li);
      });
    }
    if (old) { old.replaceWith(fresh); } else { box.appendChild(fresh); }
    svg.querySelectorAll(".problem").forEach(function (el) { if (!el.classList.contains("ghost")) { el.classList.remove("problem"); } });
    problems.forEach(function (p) {
      var el = p.target ? document.getElementById(p.target) : null;
      if (el) { el.classList.add("problem"); }
    });
    box.dataset.live = "1";
  }

  function check() {
    if (running) { again = true; return; }
    var doc;
    try { doc = JSON.parse(field.value); } catch (e) { return; }
    running = true;
    fetch(box.dataset.checkUrl, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": token ? token.value : "" },
      body: JSON.stringify({ sheet: doc, route_mode: routeMode() })
    }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) { if (answer && Array.isArray(answer.problems)) { show(answer.problems); } })
      .catch(function () { /* offline: the list stays as it was; saving checks again */ })
      .then(function () { running = false; if (again) { again = false; check(); } });
  }

  // Ask before leaving with taps that are not saved (the phone also keeps a copy, see offline.js).
  var leaving = false;
  form.addEventListener("submit", function () { leaving = true; });
  document.querySelectorAll("[data-offline-discard]").forEach(function (a) {
    a.addEventListener("click", function () { leaving = true; });  // loading the saved sheet on purpose
  });
  window.addEventListener("beforeunload", function (event) {
    if (!leaving && field.value !== field.defaultValue) { event.preventDefault(); event.returnValue = ""; }
  });

  function soon() { clearTimeout(timer); timer = setTimeout(check, 250); }
  form.addEventListener("sheet-changed", soon);
  form.querySelectorAll("input[name=route_mode], #player_board, input[name^=goal_value_]").forEach(function (el) {
    el.addEventListener("change", soon);
  });
}());
