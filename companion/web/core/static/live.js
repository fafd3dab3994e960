// Live referee pages (issue 13, U5): poll the game's tiny change mark about once a second and show the
// new state by reloading, unless this phone holds an entry it has not sent; then only say that the game
// changed and offer the reload, so nothing a player is entering is disturbed.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.fetch) { return; }
  var url = box.dataset.liveUrl;
  var mark = box.dataset.liveMark;
  var page = box.dataset.livePage;
  var hold = box.dataset.liveHold === "1";  // a refused entry is shown: never replace it by itself
  var every = 1000;
  var leaving = false;  // this phone is already going somewhere (a tap, a form): never reload over it
  window.addEventListener("beforeunload", function () { leaving = true; });
  document.addEventListener("submit", function () { leaving = true; }, true);
  document.addEventListener("click", function (event) {
    var a = event.target.closest && event.target.closest("a[href]");
    if (a && a.getAttribute("href").charAt(0) !== "#" && !a.hasAttribute("download") && a.target !== "_blank") {
      leaving = true;
    }
  }, true);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && leaving) { leaving = false; setTimeout(tick, every); }  // back to this page from history
  });

  function changed(el) {
    if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") { return false; }
    if (el.type === "checkbox" || el.type === "radio") { return el.checked !== el.defaultChecked; }
    if (el.tagName === "SELECT" && !el.multiple) {  // no option marked selected: the first one shows
      var first = Array.prototype.findIndex.call(el.options, function (o) { return o.defaultSelected; });
      return el.options.length > 0 && el.selectedIndex !== Math.max(first, 0);
    }
    if (el.tagName === "SELECT") {
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    return el.value !== el.defaultValue;
  }
  function entering() {
    return hold || Array.prototype.some.call(document.querySelectorAll("main form:not([data-live-ignore])"),
      function (form) { return Array.prototype.some.call(form.elements, changed); });
  }
  function show() {
    var note = box.querySelector(".live-note");
    if (note) { note.hidden = false; }
  }
  function load() {
    leaving = true;
    if (window.location.pathname === page && !window.location.search) { window.location.reload(); }
    else { window.location.replace(page); }
  }
  function tick() {
    if (leaving) { return; }
    if (document.hidden) { setTimeout(tick, every); return; }
    fetch(url, {cache: "no-store", credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        if (leaving) { return; }
        if (answer && answer.mark && answer.mark !== mark) {
          if (!entering()) { load(); return; }
          show();
        }
        setTimeout(tick, every);
      })
      .catch(function () { setTimeout(tick, every * 3); });  // offline: offline.js tells the player; try later
  }
  setTimeout(tick, every);
}());
