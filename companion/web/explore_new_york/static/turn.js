/* Explore New York referee: one player's turn on their tile — the district, then the sections in order.
   The turn JSON follows each tap; the engine checks it live (nothing is stored until "Play this turn"). */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var form = document.getElementById("turn-form");
  var wrap = document.getElementById("map-wrap");
  var text = document.getElementById("turn-json");
  if (!form || !wrap || !text) { return; }
  var svg = wrap.querySelector("svg");
  var strings = JSON.parse(document.getElementById("eny-strings").textContent);
  var sevText = JSON.parse(document.getElementById("eny-sev").textContent);
  var district = null;
  var chosen = [];  // section ids in tap order

  function drawing() { var r = form.querySelector('input[name="drawing"]:checked'); return r ? r.value : "A"; }
  function tourist() { var s = document.getElementById("tourist"); return s ? s.value : null; }
  function pts(id) { var p = id.split("-").slice(1).map(Number); return [[p[0], p[1]], [p[2], p[3]]]; }
  function turn() {
    var n = drawing() === "A" ? 2 : 1;
    return {district: district, drawing: drawing(), sections: chosen.slice(0, n).map(pts),
            extras: chosen.slice(n).map(pts), tourist: tourist()};
  }

  function render() {
    svg.querySelectorAll(".district.selected").forEach(function (el) { el.classList.remove("selected"); });
    if (district) { document.getElementById("d-" + district[0] + "-" + district[1]).classList.add("selected"); }
    var n = drawing() === "A" ? 2 : 1;
    svg.querySelectorAll(".road.chosen").forEach(function (el) { el.classList.remove("chosen", "extra"); });
    chosen.forEach(function (id, i) {
      var el = document.getElementById(id);
      el.classList.add("chosen");
      if (i >= n) { el.classList.add("extra"); }
    });
    text.value = JSON.stringify(turn());
  }

  var toast = document.getElementById("toast");
  function say(message) {
    toast.textContent = message; toast.hidden = false;
    setTimeout(function () { toast.hidden = true; }, 2600);
  }

  var live = document.getElementById("check-note");
  var list = document.getElementById("problem-list");
  var timer = null;
  var asked = 0;
  function check() {
    var mine = ++asked;
    live.textContent = strings.checking;
    fetch(form.dataset.check, {method: "POST", headers: {"Content-Type": "application/json"},
                               body: JSON.stringify(turn()), credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (mine !== asked) { return; }
        list.textContent = "";
        live.textContent = body.ok ? strings.ok : "";
        if (!body.problems.length) { return; }
        var ul = document.createElement("ul"); ul.className = "problems";
        body.problems.forEach(function (p) {
          var li = document.createElement("li"); li.className = "problem " + p.severity;
          var sev = document.createElement("span"); sev.className = "sev"; sev.textContent = sevText[p.severity] || p.severity;
          li.appendChild(sev); li.appendChild(document.createTextNode(" " + p.text)); ul.appendChild(li);
        });
        list.appendChild(ul);
      })
      .catch(function () { if (mine === asked) { live.textContent = strings.offline; } });
  }
  function changed() { render(); clearTimeout(timer); timer = setTimeout(check, 300); }

  var hint = document.getElementById("tool-hint");
  document.querySelectorAll(".tool").forEach(function (button) {
    button.addEventListener("click", function () {
      document.querySelectorAll(".tool").forEach(function (b) { b.setAttribute("aria-pressed", String(b === button)); });
      wrap.dataset.tool = button.dataset.tool;
      hint.textContent = hint.dataset[button.dataset.tool];
    });
  });
  form.querySelectorAll('input[name="drawing"], #tourist').forEach(function (el) { el.addEventListener("change", changed); });

  svg.addEventListener("click", function (event) {
    var el = event.target;
    if (el.classList.contains("hit-district")) {
      district = el.dataset.at.split(",").map(Number);
      changed();
      document.querySelector('.tool[data-tool="roads"]').click();
    } else if (el.classList.contains("hit-road")) {
      var id = el.dataset.id;
      var at = chosen.indexOf(id);
      if (at >= 0) { chosen.splice(at, 1); changed(); return; }
      if (document.getElementById(id).classList.contains("drawn")) { say(strings.drawn); return; }
      chosen.push(id);
      changed();
    }
  });
  render();
})();
