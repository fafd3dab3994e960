// Ticket to Ride: Europe entry page: taps on the map tick the form's own fields (routes, station places),
// and every change asks the server's engine for the entry's problems. No rule lives here: the page only
// refuses a route or a station city another player has saved, naming them, and shows what the engine says.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var data = JSON.parse(document.getElementById("ttr-data").textContent);
  var form = document.getElementById("entry-form");
  var svg = document.querySelector("svg.ttr-map");
  var box = document.getElementById("mapbox");
  var toast = document.getElementById("toast");
  var hint = document.getElementById("tool-hint");
  var mode = "routes";
  var ZOOMS = [1, 1.5, 2, 2.5, 3, 4];
  var zoom = window.innerWidth < 700 ? 3 : 0;
  var timer = null;
  var asked = 0;
  var toastTimer = null;

  function fill(text, params) {
    return text.replace(/\{(\w+)\}/g, function (all, key) { return key in params ? params[key] : all; });
  }

  function say(text) {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, 4000);
  }

  function owner(colour) { return colour ? "var(--p-" + colour + ")" : ""; }

  // ---- routes ----
  function routeBox(id) { return document.getElementById("route-" + id); }

  function paintRoutes() {
    svg.querySelectorAll(".routes .rt").forEach(function (g) {
      var id = g.getAttribute("data-route");
      var field = routeBox(id);
      var mine = !!(field && field.checked);
      var other = !mine && data.taken[id];
      g.classList.toggle("mine", mine);
      g.classList.toggle("taken", !!other);
      g.style.setProperty("--owner", mine ? owner(data.me) : other ? owner(other.colour) : "");
    });
  }

  function toggleRoute(id) {
    var field = routeBox(id);
    if (!field) { return; }
    if (!field.checked && data.taken[id]) {
      say(fill(data.strings.taken, { route: id, name: data.taken[id].name }));
      return;
    }
    field.checked = !field.checked;
    changed();
  }

  // ---- stations ----
  var slots = [0, 1, 2].map(function (k) {
    return { city: document.getElementById("station-" + k + "-city"),
             borrows: document.getElementById("station-" + k + "-borrows") };
  });

  function fillBorrows(slot) {
    var keep = slot.borrows.value;
    var options = data.routesAt[slot.city.value] || [["", data.strings.companion]];
    slot.borrows.textContent = "";
    options.forEach(function (pair) {
      var option = document.createElement("option");
      option.value = pair[0];
      option.textContent = pair[1];
      option.selected = pair[0] === keep;
      slot.borrows.appendChild(option);
    });
  }

  function paintStations() {
    svg.querySelectorAll(".cities .city").forEach(function (g) {
      var city = g.getAttribute("data-city");
      var mine = slots.some(function (s) { return s.city.value === city; });
      var other = !mine && data.stationsTaken[city];
      g.classList.toggle("station", mine || !!other);
      g.classList.toggle("mine", mine);
      g.classList.toggle("taken", !!other);
      g.style.setProperty("--owner", mine ? owner(data.me) : other ? owner(other.colour) : "");
    });
  }

  function toggleStation(city) {
    var here = slots.filter(function (s) { return s.city.value === city; })[0];
    if (here) {
      here.city.value = "";
      fillBorrows(here);
      changed();
      return;
    }
    if (data.stationsTaken[city]) {
      say(fill(data.strings.stationTaken, { name: data.stationsTaken[city].name, city: city }));
      return;
    }
    var free = slots.filter(function (s) { return !s.city.value; })[0];
    if (!free) { say(data.strings.noSlot); return; }
    free.city.value = city;
    fillBorrows(free);
    changed();
  }

  slots.forEach(function (slot) {
    slot.city.addEventListener("change", function () { fillBorrows(slot); });
  });

  svg.addEventListener("click", function (event) {
    var hit = event.target.closest(mode === "routes" ? "[data-route]" : "[data-city]");
    if (!hit) { return; }
    if (mode === "routes") { toggleRoute(hit.getAttribute("data-route")); } else { toggleStation(hit.getAttribute("data-city")); }
  });

  // ---- tools and zoom ----
  document.querySelectorAll("[data-tool]").forEach(function (button) {
    button.addEventListener("click", function () {
      mode = button.getAttribute("data-tool");
      svg.setAttribute("data-mode", mode);
      document.querySelectorAll("[data-tool]").forEach(function (b) { b.setAttribute("aria-pressed", String(b === button)); });
      hint.textContent = hint.getAttribute("data-" + mode);
    });
  });

  function setZoom(level) {
    var cx = (box.scrollLeft + box.clientWidth / 2) / Math.max(1, box.scrollWidth);
    var cy = (box.scrollTop + box.clientHeight / 2) / Math.max(1, box.scrollHeight);
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, level));
    svg.style.width = (ZOOMS[zoom] * 100) + "%";
    box.scrollLeft = cx * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = cy * box.scrollHeight - box.clientHeight / 2;
  }

  document.querySelectorAll("[data-zoom]").forEach(function (button) {
    button.addEventListener("click", function () { setZoom(zoom + Number(button.getAttribute("data-zoom"))); });
  });

  // ---- tickets ----
  var search = document.getElementById("ticket-search");
  var count = document.getElementById("ticket-count");

  function plain(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }

  function filterTickets() {
    if (!search) { return; }
    var words = plain(search.value).split(/\s+/).filter(Boolean);
    var items = document.querySelectorAll("#ticket-list li[data-search]");
    var shown = 0;
    items.forEach(function (li) {
      var text = plain(li.getAttribute("data-search"));
      var ticked = li.querySelector("input").checked;
      var match = ticked || words.every(function (w) { return text.indexOf(w) >= 0; });
      li.hidden = !match;
      shown += match ? 1 : 0;
    });
    count.textContent = fill(count.getAttribute("data-text"), { shown: shown, all: items.length });
  }
  if (search) { search.addEventListener("input", filterTickets); filterTickets(); }

  var more = document.getElementById("more-tickets");
  if (more) {
    more.addEventListener("click", function () {
      var next = document.querySelector("#ticket-list li.ticket-row[hidden]");
      if (next) { next.hidden = false; next.querySelector("input").focus(); }
    });
  }

  // ---- the live check ----
  function changed() {
    paintRoutes();
    paintStations();
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  }

  form.addEventListener("change", function (event) {
    if (event.target !== search) { changed(); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.matches("#score-track-input, .ticket-row input")) { clearTimeout(timer); timer = setTimeout(check, 600); }
  });

  function check() {
    var mine = ++asked;
    fetch(data.check, { method: "POST", body: new FormData(form), credentials: "same-origin",
                        headers: { "Accept": "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (answer) { if (mine === asked) { show(answer); } })
      .catch(function () { say(data.strings.offline); });
  }

  function problemList(problems) {
    var sev = document.querySelector("#sev-texts").content.firstElementChild;
    var list = document.createElement("ul");
    list.className = "problems";
    problems.forEach(function (p) {
      var li = document.createElement("li");
      li.className = "problem " + p.severity;
      if (p.target) { li.setAttribute("data-target", p.target); }
      var tag = document.createElement("span");
      tag.className = "sev";
      tag.textContent = sev.getAttribute("data-" + p.severity) || p.severity;
      li.appendChild(tag);
      li.appendChild(document.createTextNode(" " + p.text));
      list.appendChild(li);
    });
    return list;
  }

  function show(answer) {
    data.taken = answer.taken;
    data.stationsTaken = answer.stationsTaken;
    paintRoutes();
    paintStations();
    var s = answer.summary;
    document.getElementById("sum-trains").textContent = s.trains_left;
    document.getElementById("summary-trains").classList.toggle("over", s.trains_left < 0);
    document.getElementById("sum-points").textContent = s.route_points;
    document.getElementById("sum-stations").textContent = s.stations + "/3";
    document.getElementById("sum-longest").textContent = s.longest_path === null ? "–" : s.longest_path;
    var holder = document.getElementById("problem-box");
    holder.textContent = "";
    holder.appendChild(answer.problems.length ? problemList(answer.problems)
      : document.getElementById("no-problems").content.cloneNode(true));
    document.querySelectorAll(".flagged").forEach(function (el) { el.classList.remove("flagged"); });
    answer.problems.forEach(function (p) {
      p.targets.forEach(function (id) {
        var el = document.getElementById(id);
        if (el) { el.classList.add("flagged"); }
      });
    });
    document.querySelectorAll("#ticket-list li").forEach(function (li) {
      var state = answer.tickets[li.id];
      var span = li.querySelector("[data-state]");
      if (span) { span.textContent = state ? state.text : ""; }
      li.classList.toggle("done", !!state && state.completed === true);
      li.classList.toggle("failed", !!state && state.completed === false);
    });
    var newer = document.getElementById("newer");
    if (answer.version !== data.version) {
      newer.textContent = data.strings.newer;
      newer.hidden = false;
    }
  }

  document.getElementById("problems").addEventListener("click", function (event) {
    var li = event.target.closest("li[data-target]");
    var el = li && document.getElementById(li.getAttribute("data-target"));
    if (!el) { return; }
    if (el.closest("details")) { el.closest("details").open = true; }
    el.scrollIntoView({ behavior: "smooth", block: "center", inline: "center" });
    el.classList.add("blink");
    setTimeout(function () { el.classList.remove("blink"); }, 1300);
  });

  svg.setAttribute("data-mode", mode);
  setZoom(zoom);
  paintRoutes();
  paintStations();
}());
