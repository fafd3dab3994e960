// Tapping the map fills the turn form (progressive enhancement: the plain selects work without it).
(function () {
  "use strict";
  var form = document.getElementById("turn-form");
  var wrap = document.getElementById("play-map");
  if (!form || !wrap) { return; }
  var svg = wrap.querySelector("svg.map");
  if (!svg) { return; }
  document.documentElement.classList.add("js");
  var toast = document.getElementById("toast");
  var hint = document.getElementById("tool-hint");
  var timer = null;
  var strings = JSON.parse(wrap.dataset.strings || "{}");  // the page's language, from the server's catalogue
  var location = form.querySelector("select[name=location]");
  var slots = Array.prototype.map.call(form.querySelectorAll("select[name^=section_]"), function (s) { return s.name; }).concat(
    Array.prototype.map.call(form.querySelectorAll("select[name^=bonus_]:not([name$=_source])"), function (s) { return s.name; }));

  function say(text) {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(function () { toast.hidden = true; }, 3000);
  }
  function select(name) { return form.querySelector("select[name=" + name + "]"); }
  function has(sel, value) { return Array.prototype.some.call(sel.options, function (o) { return o.value === value; }); }

  function paint() {
    svg.querySelectorAll("rect.cell.selected").forEach(function (el) { el.classList.remove("selected"); });
    if (location.value) {
      var cell = document.getElementById("l-" + location.value.replace(",", "-"));
      if (cell) { cell.classList.add("selected"); }
    }
    svg.querySelectorAll("line.sec.pick").forEach(function (el) { el.classList.remove("pick"); });
    slots.forEach(function (name) {
      var sel = select(name);
      if (sel && sel.value) {
        var line = document.getElementById("s-" + sel.value.replace(/,/g, "-"));
        if (line) { line.classList.add("pick"); }
      }
    });
  }

  function tapLocation(value) {
    if (!has(location, value)) { say(strings.not_a_choice || "That location is not one of your choices this round."); return; }
    location.value = value;
    setTool("roads");
  }

  function tapSection(value) {
    var i, sel;
    for (i = 0; i < slots.length; i++) {
      sel = select(slots[i]);
      if (sel && sel.value === value) { sel.value = ""; return; }
    }
    for (i = 0; i < slots.length; i++) {
      sel = select(slots[i]);
      if (sel && !sel.value) {
        if (!has(sel, value)) { say(strings.road_drawn || "That road is already drawn."); return; }
        sel.value = value;
        return;
      }
    }
    say(strings.slots_full || "All section fields are filled; tap one of them again to remove it.");
  }

  function setTool(name) {
    svg.dataset.mode = name;
    document.querySelectorAll(".toolbar .tool").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.tool === name ? "true" : "false");
    });
    if (hint) { hint.textContent = hint.dataset[name] || ""; }
  }

  svg.addEventListener("click", function (event) {
    var hit = event.target.closest(".hit");
    if (!hit) { return; }
    if (hit.dataset.loc) { tapLocation(hit.dataset.loc); }
    if (hit.dataset.sec) { tapSection(hit.dataset.sec); }
    paint();
  });
  document.querySelectorAll(".toolbar .tool").forEach(function (b) {
    b.addEventListener("click", function () { setTool(b.dataset.tool); });
  });
  // A problem in the list shows its place on the map, scrolled clear of the sticky toolbar (issue 13, U2).
  var problems = document.getElementById("problems");
  if (problems) {
    problems.querySelectorAll("li[data-target]").forEach(function (li) { li.tabIndex = 0; });
    problems.addEventListener("click", function (event) {
      var li = event.target.closest("li[data-target]");
      var el = li ? document.getElementById(li.dataset.target) : null;
      if (!el) { return; }
      el.classList.remove("blink");
      void el.getBoundingClientRect();
      el.classList.add("blink");
      var bar = document.querySelector(".toolbar");
      var top = bar ? Math.max(bar.getBoundingClientRect().bottom, 0) : 0;
      var box = el.getBoundingClientRect();
      window.scrollBy({ top: box.top + box.height / 2 - (top + window.innerHeight) / 2, behavior: "instant" });
    });
  }
  form.addEventListener("change", paint);
  setTool(location.value ? "roads" : "tourists");
  paint();
}());
