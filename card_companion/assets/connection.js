// Card Companion: one plain line over the screen while the connection to the table's server
// is lost ("Reconnecting…"), and one when it is back. Flet's web client shows its boot screen
// while it reconnects (every 500 ms, until the server answers); this line says what is
// happening in players' words. It watches the app's own websocket only, and nothing else.
(function () {
  "use strict";
  var Native = window.WebSocket;
  if (!Native || Native.__companion) return;
  var everOpen = false;
  var hideTimer = null;

  function line() {
    var el = document.getElementById("companion-connection");
    if (!el) {
      el = document.createElement("div");
      el.id = "companion-connection";
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      el.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;display:none;" +
        "padding:10px 14px;font:600 16px/1.35 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;" +
        "text-align:center;color:#fff;box-shadow:0 2px 6px rgba(0,0,0,.3)";
      (document.body || document.documentElement).appendChild(el);
    }
    return el;
  }

  function show(text, state) {
    var el = line();
    el.textContent = text;
    el.setAttribute("data-state", state);
    el.style.background = state === "down" ? "#8c1d18" : "#1e5128";
    el.style.display = "block";
  }

  function hide() {
    var el = line();
    el.style.display = "none";
    el.setAttribute("data-state", "up");
  }

  function Companion(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\/ws(\?|$)/.test(String(url))) {
      ws.addEventListener("open", function () {
        clearTimeout(hideTimer);
        if (everOpen) {
          show("Reconnected: this is the latest state.", "back");
          hideTimer = setTimeout(hide, 4000);
        }
        everOpen = true;
      });
      ws.addEventListener("close", function () {
        if (!everOpen) return;
        clearTimeout(hideTimer);
        show("Reconnecting\u2026", "down");
      });
    }
    return ws;
  }
  Companion.prototype = Native.prototype;
  Companion.CONNECTING = Native.CONNECTING;
  Companion.OPEN = Native.OPEN;
  Companion.CLOSING = Native.CLOSING;
  Companion.CLOSED = Native.CLOSED;
  Companion.__companion = true;
  window.WebSocket = Companion;
})();
