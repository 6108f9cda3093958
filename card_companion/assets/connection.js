// Card Companion: one plain line over the screen while the connection to the table's server
// is lost ("Reconnecting…"), and one when it is back. Flet's web client shows its boot screen
// while it reconnects (every 500 ms, until the server answers); this line says what is
// happening in players' words. It watches the app's own websocket only, and nothing else.
// Before each of the app's websockets it also hands the server this browser's device key (kept
// by the app in localStorage) as a cookie of that websocket's path only: a page's session is
// given back on a reconnect only to the phone that opened it (card_companion/server/connection.py).
(function () {
  "use strict";
  var Native = window.WebSocket;
  if (!Native || Native.__companion) return;
  var everOpen = false;
  var hideTimer = null;
  var DEVICE_KEY = "flutter.card-companion.device"; // Flutter's shared_preferences: "flutter." + the app's key
  var COOKIE = "companion-device";

  function handDeviceKey(url) {
    try {
      var path = new URL(String(url), window.location.href).pathname;
      var raw = window.localStorage.getItem(DEVICE_KEY);
      var key = raw ? JSON.parse(raw) : null;
      if (typeof key === "string" && /^[A-Za-z0-9_.-]{1,200}$/.test(key)) {
        document.cookie = COOKIE + "=" + key + "; path=" + path + "; SameSite=Strict";
      } else {
        document.cookie = COOKIE + "=; path=" + path + "; max-age=0; SameSite=Strict";
      }
    } catch (e) {
      // no storage, no cookies: the page still works; a reconnect then gets a new session
    }
  }

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

  // While the connection is down, the last screen stays: Flet's web client blanks the page to
  // its loading spinner, so the app's last drawn frame (Flutter draws into one canvas) is kept
  // as a picture over it, dimmed, taking the taps, under the line; it goes once the page has
  // drawn again after reconnecting.
  function flutterCanvas() {
    var best = null;
    (function walk(root) {
      var all = root.querySelectorAll("*");
      for (var i = 0; i < all.length; i++) {
        var e = all[i];
        if (e.tagName === "CANVAS" && (!best || e.width * e.height > best.width * best.height)) best = e;
        if (e.shadowRoot) walk(e.shadowRoot);
      }
    })(document);
    return best;
  }

  function keepLastScreen() {
    if (document.getElementById("companion-last-screen")) return;
    var canvas = flutterCanvas();
    if (!canvas) return;
    var url;
    try { url = canvas.toDataURL("image/png"); } catch (e) { return; }
    var img = document.createElement("img");
    img.id = "companion-last-screen";
    img.alt = "";
    img.src = url;
    img.setAttribute("aria-hidden", "true");
    var r = canvas.getBoundingClientRect();
    img.style.cssText = "position:fixed;z-index:2147483646;opacity:.55;filter:grayscale(.4);" +
      "pointer-events:auto;left:" + r.left + "px;top:" + r.top + "px;width:" + r.width + "px;height:" +
      r.height + "px";
    (document.body || document.documentElement).appendChild(img);
  }

  function dropLastScreen() {
    var img = document.getElementById("companion-last-screen");
    if (!img) return;
    // two frames and a moment: the page has drawn the table again under it
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { setTimeout(function () { img.remove(); }, 250); });
    });
  }

  function Companion(url, protocols) {
    var ours = /\/ws(\?|$)/.test(String(url));
    if (ours) handDeviceKey(url);
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (ours) {
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
        keepLastScreen();
        show("Reconnecting\u2026", "down");
      });
      var drawnAgain = false;
      ws.addEventListener("message", function () {
        if (drawnAgain || !everOpen) return;
        drawnAgain = true;
        // the first message after an open is the page again (a new session's whole page)
        setTimeout(dropLastScreen, 300);
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
