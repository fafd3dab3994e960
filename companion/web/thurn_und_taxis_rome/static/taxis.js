// Thurn und Taxis screens: notice changes made on other phones (polling the table's version).
// A screen nobody is typing on reloads itself; one with a form being filled shows a "Refresh" note instead.
(function () {
  "use strict";
  var root = document.getElementById("taxis-table") || document.getElementById("taxis-seat");
  if (!root || !window.fetch) { return; }
  var seen = root.getAttribute("data-version");
  var url = root.getAttribute("data-poll");
  var page = root.getAttribute("data-page");  // a GET address: a page that answered a POST is never re-sent
  // A page showing problems or a refusal keeps them on screen until the player acts.
  var busy = !!document.querySelector("#problems, .flash.error");
  document.addEventListener("input", function () { busy = true; });
  document.addEventListener("change", function () { busy = true; });
  function check() {
    if (document.hidden) { return; }
    fetch(url, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) {
        if (!body || String(body.version) === seen) { return; }
        if (!busy && page) { window.location.assign(page); return; }
        var note = document.getElementById("changed");
        if (note) { note.hidden = false; }
      })
      .catch(function () { /* offline for a moment: try again next time */ });
  }
  window.setInterval(check, 5000);
})();
