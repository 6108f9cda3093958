// Card Companion's service worker: every file of this build is kept on the phone at the first
// visit, so the app starts, plays and saves with no network. VERSION is the hash of the build's
// files (tools/phone/build.py): a new build is a new sw.js, which the browser installs beside
// the old one (every file fetched again, checked with the server); once it has them all, it
// takes over and the old build's files are deleted. The games are not here: they are in the
// origin's private file system (storage.js), which a new build does not touch.
"use strict";

const VERSION = "%VERSION%";
const FILES = %FILES%;
const PREFIX = "card-companion-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": asked again of the server (a 304 costs no download), so a file the browser
    // kept from an older build is never taken into this one
    await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) {
        await caches.delete(key);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "version" && event.source) {
    event.source.postMessage({ cardCompanionVersion: VERSION });
  }
});

function inScope(url) {
  return url.origin === self.location.origin && url.href.startsWith(self.registration.scope);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  if (!inScope(url)) {
    return;
  }
  const scope = new URL(self.registration.scope);
  if (request.mode === "navigate") {
    const rest = url.pathname.slice(scope.pathname.length);
    if (rest && rest !== "index.html") {
      // a screen's address in the path form (/play/<id>): the app's own form is the hash
      // (#/play/<id>), which every static host serves with no rule of its own
      return event.respondWith(Response.redirect(scope.href + "#/" + rest + url.search, 302));
    }
    event.respondWith(fromCache(new Request(scope.href), request));
    return;
  }
  event.respondWith(fromCache(request, request));
});

async function fromCache(key, request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key, { ignoreSearch: true });
  if (kept) {
    return kept;
  }
  try {
    return await fetch(request);
  } catch (error) {
    return Response.error();
  }
}
