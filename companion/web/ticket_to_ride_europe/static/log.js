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
    select.dispatchEvent(new Event("change"));
    form.scrollIntoView({ block: "center" });
    form.querySelector("button[type=submit]").focus();
  }

  // The cards of a claim: the tunnel's part only for a tunnel, the ferry's locomotives named, the route's colour
  // chosen for a coloured route. The engine checks the cards when the line is sent.
  var tunnelBox = document.getElementById("tunnel-box");
  var ferryHint = document.getElementById("ferry-hint");
  var colourSelect = document.getElementById("played-colour");
  function routeChosen() {
    var option = routeSelect.options[routeSelect.selectedIndex];
    var tunnel = option && option.getAttribute("data-tunnel") === "1";
    var ferry = option ? Number(option.getAttribute("data-ferry") || 0) : 0;
    var colour = option ? option.getAttribute("data-colour") : "";
    if (tunnelBox) { tunnelBox.hidden = !tunnel; }
    if (ferryHint) {
      ferryHint.hidden = !ferry;
      ferryHint.textContent = ferry ? ferryHint.getAttribute("data-text").replace("{count}", String(ferry)) : "";
    }
    if (colourSelect && !colourSelect.dataset.touched) {  // the route's own colour, until the player picks one
      colourSelect.value = colour && colour !== "grey" ? colour : "";
    }
  }
  if (colourSelect) { colourSelect.addEventListener("change", function () { colourSelect.dataset.touched = "1"; }); }
  routeSelect.addEventListener("change", routeChosen);
  routeChosen();

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
