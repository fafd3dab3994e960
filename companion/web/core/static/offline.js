// Nothing a player typed is lost to a dropped connection. A form marked data-offline-key keeps a copy
// of its fields on this phone (localStorage) until the server has acknowledged a save (the page then
// shows a newer version), restores that copy after a reload, and holds a save made while offline,
// sending it by itself when the network returns (it asks the companion's /ping before a form goes, so a dead
// network never opens the browser's error page). Works on top of plain forms; no JS, no change.
(function () {
  "use strict";
  var banner = document.getElementById("offline-banner");
  var texts = banner ? JSON.parse(banner.dataset.offlineStrings || "{}") : {};

  function show(text, keep) {
    if (!banner) { return; }
    banner.querySelector(".offline-text").textContent = text;
    banner.hidden = false;
    banner.classList.toggle("sticky", !!keep);
  }
  function hide() { if (banner) { banner.hidden = true; } }

  function fields(form) {
    var out = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "file" || el.type === "submit" || el.name === "csrf_token") { return; }
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) { return; }
      if (el.type === "checkbox" && el.name in out) {  // several ticked boxes of one name: keep them all
        out[el.name] = [].concat(out[el.name], el.value);
        return;
      }
      out[el.name] = el.value;
    });
    return out;
  }
  function fill(form, values) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in values) || el.type === "file" || el.name === "csrf_token") { return; }
      var value = values[el.name];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = Array.isArray(value) ? value.indexOf(el.value) >= 0 : el.value === value;
      }
      else { el.value = values[el.name]; }
    });
  }

  document.querySelectorAll("form[data-offline-key]").forEach(function (form) {
    var key = "offline:" + form.dataset.offlineKey;
    var versionField = form.querySelector("[name=version]");
    var version = versionField ? versionField.value : "";
    var stored = null;
    try { stored = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { stored = null; }
    var current = fields(form);
    if (stored && stored.version === version && JSON.stringify(stored.fields) !== JSON.stringify(current)) {
      fill(form, stored.fields);  // not acknowledged yet: this phone's entry comes back
      show(texts.restored || "Your unsaved entry was kept on this phone and is back.", false);
    } else if (stored && stored.version !== version) {
      localStorage.removeItem(key);  // the server has a newer version: the saved copy is no longer needed
    }

    function keep() {
      var copy = {version: version, fields: fields(form), at: Date.now(), pending: holding,
                  submitter: holding && waiting ? [waiting.name, waiting.value] : null};
      try { localStorage.setItem(key, JSON.stringify(copy)); }
      catch (e) { /* storage full or off: the form still works as a plain form */ }
    }
    // Tap handlers edit hidden fields without events: snapshot after every interaction.
    ["click", "change", "input", "keyup"].forEach(function (type) {
      form.addEventListener(type, function () { setTimeout(keep, 0); });
    });
    var discarding = false;
    document.addEventListener("visibilitychange", function () { if (document.hidden && !discarding) { keep(); } });
    // A link that loads the saved version on purpose ("Load the saved sheet", or the live note's "Show the new
    // state", which says that what was entered is dropped) drops this phone's copy.
    var discard = "[data-offline-discard='" + form.dataset.offlineKey + "'], #live .live-reload";
    document.querySelectorAll(discard).forEach(function (link) {
      link.addEventListener("click", function () { discarding = true; localStorage.removeItem(key); });
    });

    // Sending: the companion is asked first (/ping, a few seconds at most). Only when it answers does the
    // form go; else the entry stays on this phone (marked pending, so a reload keeps it pending too) and is
    // sent by itself as soon as the companion answers again. The browser's error page never shows.
    var waiting = null;
    var verified = false;
    function pending(on) {
      try {
        var copy = JSON.parse(localStorage.getItem(key) || "null");
        if (copy) { copy.pending = on; copy.submitter = on && waiting ? [waiting.name, waiting.value] : null;
                    localStorage.setItem(key, JSON.stringify(copy)); }
      } catch (e) { /* storage off: the entry stays on this page only */ }
    }
    function send() {
      pending(false);  // a refused save (the page answers with the entry kept) must not send itself again
      verified = true;
      var submitter = waiting;
      waiting = null;
      if (form.requestSubmit) { form.requestSubmit(submitter || undefined); } else { form.submit(); }
    }
    function hold() {
      pending(true);
      show(texts.offline || "You are offline. Your entry is kept on this phone and is sent when the network returns.", true);
      setTimeout(retry, 5000);
    }
    function retry() {
      if (waiting === null && !holding) { return; }
      reachable(function (ok) {
        if (ok) { holding = false; show(texts.sending || "Back online: sending your entry…", true); send(); }
        else { setTimeout(retry, 5000); }
      });
    }
    var holding = false;
    form.addEventListener("submit", function (event) {
      keep();
      if (verified) { verified = false; return; }  // asked already: let the form go
      event.preventDefault();
      waiting = event.submitter || null;
      if (navigator.onLine === false) { holding = true; hold(); return; }
      reachable(function (ok) { if (ok) { send(); } else { holding = true; hold(); } });
    });
    window.addEventListener("online", function () { if (holding) { retry(); } });
    if (stored && stored.pending && stored.version === version) {  // saved while offline, then reloaded
      holding = true;
      if (stored.submitter) {
        var b = form.querySelector("[name='" + stored.submitter[0] + "'][value='" + stored.submitter[1] + "']");
        waiting = b || null;
      }
      setTimeout(retry, 300);
    }
  });

  function reachable(done) {
    var url = document.documentElement.dataset.ping;
    if (!url || !window.fetch) { done(navigator.onLine !== false); return; }
    var finished = false;
    var timer = setTimeout(function () { if (!finished) { finished = true; done(false); } }, 4000);
    fetch(url, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      if (!finished) { finished = true; clearTimeout(timer); done(r.ok); }
    }).catch(function () { if (!finished) { finished = true; clearTimeout(timer); done(false); } });
  }

  window.addEventListener("offline", function () {
    show(texts.offline_now || "You are offline. Keep entering: nothing is lost, and saving waits for the network.", true);
  });
  window.addEventListener("online", function () { if (banner && !banner.classList.contains("sticky")) { hide(); } });

  if ("serviceWorker" in navigator && document.documentElement.dataset.sw) {
    navigator.serviceWorker.register(document.documentElement.dataset.sw).catch(function () { /* optional */ });
  }
}());
