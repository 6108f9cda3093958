// Card Companion's Python worker (it stands in for flet-web's python-worker.js; python.js starts
// it with the page, before Flutter asks for it): Pyodide from this build, the app's code as one
// zip that Python imports from as it is (byte code for the phone's Python, made at build time),
// the packages with compiled parts loaded by Pyodide itself, and the saves restored from the
// phone's storage (storage.js) before the app starts. Nothing is installed at start and nothing is fetched from
// outside the build: after one visit the service worker answers every request.
import { openSaves } from "./storage.js";

self.flet_js = {}; // the module Flet's PyodideConnection imports
self.timings = { origin: Math.round(performance.timeOrigin) }; // ms: the worker's start, then each stage

function mark(name) {
  self.timings[name] = Math.round(performance.now());
}

// Python's output goes to the browser's console (a phone's remote debugger shows it), not to
// Flet's console pane, which this app has none of
function output(text, isStderr) {
  (isStderr ? console.error : console.log)(text);
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`could not load ${url}: HTTP ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

// Everything before the connection, started with the page: Pyodide, the packages with compiled
// parts, the app's code, the saves, and the app's own start (its imports, its save file)
async function boot() {
  mark("worker");
  const base = new URL("./", self.location.href);
  const config = await (await fetch(new URL("app/boot.json", base))).json();
  const site = fetchBytes(new URL(config.site, base)); // in parallel with Pyodide's own start
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    packages: config.natives.map((name) => new URL(name, base).href),
    stdout: (text) => output(text, false),
    stderr: (text) => output(text, true),
  });
  mark("pyodide");
  self.pyodide = pyodide;
  pyodide.FS.mkdirTree("/app");
  pyodide.FS.writeFile("/app/site.zip", await site);
  mark("site");
  const saves = await openSaves(pyodide.FS, "/data");
  saves.timings = self.timings;
  mark("saves");
  pyodide.registerJsModule("flet_js", flet_js);
  pyodide.registerJsModule("companion_phone", saves);
  await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/app/site.zip")
import runpy

runpy.run_module("main", run_name="__main__")
`);
  mark("app");
  if (typeof self.flet_js.start_connection !== "function") {
    throw new Error("the app finished without starting its screen");
  }
}

async function connect(data) {
  try {
    await self.booting;
    flet_js.args = data.args;
    flet_js.documentUrl = data.documentUrl;
    mark("connect");
    await self.flet_js.start_connection(self.receiveCallback);
    mark("connected");
    console.log("Card Companion started: " + JSON.stringify(self.timings));
    self.postMessage("initialized");
  } catch (error) {
    console.error("Card Companion could not start:", error);
    self.postMessage(String(error));
  }
}

self.receiveCallback = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};
self.flet_js.receive_callback = self.receiveCallback;

self.onmessage = async (event) => {
  const data = event.data;
  if (data && data.boot) {
    flet_js.documentUrl = data.documentUrl;
    self.booting = boot();
    self.booting.catch(() => null); // said at the connect, which awaits it
  } else if (data && data.connect) {
    await connect(data);
  } else if (typeof flet_js.send === "function") {
    flet_js.send(data);
  } else {
    console.error("Card Companion: a message for Python before it started was dropped.");
  }
};
