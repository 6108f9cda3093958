// Card Companion's bridge between Flet's web client (Dart) and the Python worker: it stands in
// for flet-web's python.js with the same three functions (jsConnect, jsSend, jsDisconnect), and
// one difference: the worker is started at once, while Flutter is still starting, so that
// Pyodide, the app's code and the saves load meanwhile; Flutter's connect then finds Python
// ready, or nearly.
"use strict";

let _apps = {};
let _booted = null; // the worker started with the page, until a connect takes it

function startWorker() {
  const worker = new Worker("python-worker.js", { type: "module" });
  worker.postMessage({ boot: true, documentUrl: document.URL });
  return worker;
}

_booted = startWorker();

// Every file of the build kept for offline use (sw.js), asked for once the app is up: the
// service worker then finds in the browser's cache what the page has just loaded (asked again
// of the server, a 304 for each), instead of downloading the whole build a second time while
// the page downloads it.
let _keeping = false;

function keepForOffline() {
  if (_keeping || !("serviceWorker" in navigator)) {
    return;
  }
  _keeping = true;
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn("no service worker:", error));
}

setTimeout(keepForOffline, 30000); // an app that could not start is kept all the same

// Called from Dart on backend.connect(); dartOnMessage gets each message from Python
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
  const app = { dartOnMessage: dartOnMessage };
  _apps[appId] = app;
  app.worker = _booted || startWorker();
  _booted = null;
  let error;
  let initialized;
  const pythonInitialized = new Promise((resolve) => { initialized = resolve; });
  app.worker.onmessage = (event) => {
    if (typeof event.data === "string") {
      if (event.data !== "initialized") {
        error = event.data;
      }
      initialized();
    } else {
      app.dartOnMessage(event.data);
    }
  };
  app.worker.postMessage({ connect: true, args: args, documentUrl: document.URL });
  await pythonInitialized;
  if (error) {
    console.error("Python worker init error:", error);
    await jsDisconnect(appId);
    throw error;
  }
  keepForOffline();
};

// Called from Dart on backend.send: the message's buffer is handed over (not copied)
globalThis.jsSend = async function (appId, data) {
  if (appId in _apps) {
    _apps[appId].worker.postMessage(data, [data.buffer]);
  }
};

// Called from Dart on channel.disconnect
globalThis.jsDisconnect = async function (appId) {
  if (appId in _apps) {
    const app = _apps[appId];
    delete _apps[appId];
    app.worker.terminate();
    app.worker.onmessage = null;
  }
};
