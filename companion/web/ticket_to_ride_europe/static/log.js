// Ticket to Ride: Europe claim log: a tap on the map chooses the route (or, with Stations, the city) in the
// log's own form, which the player then sends. No rule lives here: the server's engine checks every claim.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var svg = document.querySelector("svg.ttr-map");
  var box = document.getElementById("mapbox");
  var hint = document.getElementById("tool-hint");
  var routeSelect = document.getElementById("route-route");
  var citySelect = document.getElementById("station-city");
  if (!svg || !box || !routeSelect || !citySelect) { return; }
  var mode = "routes";
  var ZOOMS = [1, 1.5, 2, 2.5, 3, 4];
  var zoom = window.innerWidth < 700 ? 3 : 0;

  function choose(select, value, form) {
    var known = Array.prototype.some.call(select.options, function (o) { return o.value === value; });
    hint.textContent = known ? "" : hint.getAttribute("data-taken");
    if (!known) { return; }
    select.value = value;
    form.scrollIntoView({ block: "center" });
    form.querySelector("button[type=submit]").focus();
  }

  svg.addEventListener("click", function (event) {
    var hit = event.target.closest(mode === "routes" ? "[data-route]" : "[data-city]");
    if (!hit) { return; }
    if (mode === "routes") {
      choose(routeSelect, hit.getAttribute("data-route"), document.getElementById("log-route"));
    } else {
      choose(citySelect, hit.getAttribute("data-city"), document.getElementById("log-station"));
    }
  });

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
  setZoom(zoom);
})();
