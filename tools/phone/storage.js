// The phone app's saves, kept in the origin's private file system (OPFS) through synchronous
// access handles, which a dedicated worker (python-worker.js) may hold: Python's SQLite works on
// a file in Pyodide's memory, and after every committed write the app calls keep(name), which
// returns once the changed pages are on the phone's storage. A step is acknowledged (drawn) only
// after that, exactly as the served app acknowledges it after SQLite's commit on disk.
//
// A keep is atomic: the changed pages are first written to the file's redo log (NAME.redo:
// the pages, then a trailer with their count, the file's new size and a checksum) and flushed;
// then written into the file and flushed; then the log is emptied. A browser killed in the
// middle leaves either an incomplete log (ignored: the file is as it was before that keep,
// which had not returned) or a complete one (written into the file again at the next start).
//
// Where the browser keeps nothing (a private window, storage turned off, another tab of the
// app holding the files), `problem` says so in one sentence and the app plays in memory.
//
// Its inner pieces are exported for tests/phone_storage/ (run under Node.js with a fake OPFS);
// the worker imports only openSaves.
"use strict";

const FOLDER = "card-companion";
const PAGE = 4096;
const LOG = ".redo";
const MAGIC = 0x43435231; // "CCR1"
const TRAILER = 24; // magic, count, size (low, high), checksum, spare: six u32
const LOCK_WAIT_MS = 4000;

export const PROBLEMS = {
  insecure: "This address is not a secure one (https, or this device's own), and browsers keep no files for " +
    "a page at such an address: the games are kept only until the app is closed. Open the phone app from an " +
    "https address to keep them.",
  unavailable: "This browser keeps no files for the app here (a private window, or site data turned off): " +
    "the games are kept only until the app is closed.",
  locked: "The app is open in another tab or window, which keeps the games: what is entered here is kept " +
    "only until this one is closed.",
  full: "The phone's storage for the app is full: from now on the games are kept only until the app is " +
    "closed. Free some space, then export the games to keep.",
  failed: "The phone's storage could not be written: from now on the games are kept only until the app is " +
    "closed. Export the games to keep.",
};

function checksum(bytes) {
  // FNV-1a over the log's pages: a log cut short by a killed browser does not match
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function syncHandle(dir, name, lockWaitMs = LOCK_WAIT_MS) {
  // a reload's old worker may still hold the file for a moment: wait for it, then give up
  const file = await dir.getFileHandle(name, { create: true });
  const start = performance.now();
  for (;;) {
    try {
      return await file.createSyncAccessHandle();
    } catch (error) {
      if (error && error.name === "NoModificationAllowedError" && performance.now() - start < lockWaitMs) {
        await sleep(100);
        continue;
      }
      throw error;
    }
  }
}

function readAll(handle) {
  const size = handle.getSize();
  const data = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const got = handle.read(data.subarray(at), { at });
    if (got <= 0) {
      break;
    }
    at += got;
  }
  return data;
}

function writeAll(handle, bytes, at) {
  let done = 0;
  while (done < bytes.length) {
    const wrote = handle.write(bytes.subarray(done), { at: at + done });
    if (wrote <= 0) {
      throw new DOMException("nothing was written", "QuotaExceededError");
    }
    done += wrote;
  }
}

function parseLog(log) {
  // the pages of a complete log, or null
  if (log.length < TRAILER) {
    return null;
  }
  const tail = new DataView(log.buffer, log.byteOffset + log.length - TRAILER, TRAILER);
  if (tail.getUint32(0, true) !== MAGIC) {
    return null;
  }
  const count = tail.getUint32(4, true);
  const size = tail.getUint32(8, true) + tail.getUint32(12, true) * 2 ** 32;
  const body = log.subarray(0, log.length - TRAILER);
  if (checksum(body) !== tail.getUint32(16, true)) {
    return null;
  }
  const pages = [];
  let at = 0;
  const view = new DataView(body.buffer, body.byteOffset, body.length);
  for (let i = 0; i < count; i++) {
    if (at + 12 > body.length) {
      return null;
    }
    const offset = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
    const length = view.getUint32(at + 8, true);
    at += 12;
    if (at + length > body.length) {
      return null;
    }
    pages.push([offset, body.subarray(at, at + length)]);
    at += length;
  }
  return { size, pages };
}

function changedPages(now, before) {
  // [offset, bytes] of every PAGE of `now` that differs from `before`
  const pages = [];
  const words = now.length % 4 === 0 && before.length % 4 === 0;
  const a = words ? new Int32Array(now.buffer, now.byteOffset, now.length / 4) : null;
  const b = words ? new Int32Array(before.buffer, before.byteOffset, before.length / 4) : null;
  for (let offset = 0; offset < now.length; offset += PAGE) {
    const end = Math.min(offset + PAGE, now.length);
    let same = end <= before.length;
    if (same && words && offset % 4 === 0 && end % 4 === 0) {
      for (let i = offset / 4; i < end / 4; i++) {
        if (a[i] !== b[i]) {
          same = false;
          break;
        }
      }
    } else if (same) {
      for (let i = offset; i < end; i++) {
        if (now[i] !== before[i]) {
          same = false;
          break;
        }
      }
    }
    if (!same) {
      pages.push([offset, now.subarray(offset, end)]);
    }
  }
  return pages;
}

function logOf(pages, size) {
  let length = TRAILER;
  for (const [, bytes] of pages) {
    length += 12 + bytes.length;
  }
  const log = new Uint8Array(length);
  const view = new DataView(log.buffer);
  let at = 0;
  for (const [offset, bytes] of pages) {
    view.setUint32(at, offset % 2 ** 32, true);
    view.setUint32(at + 4, Math.floor(offset / 2 ** 32), true);
    view.setUint32(at + 8, bytes.length, true);
    log.set(bytes, at + 12);
    at += 12 + bytes.length;
  }
  view.setUint32(at, MAGIC, true);
  view.setUint32(at + 4, pages.length, true);
  view.setUint32(at + 8, size % 2 ** 32, true);
  view.setUint32(at + 12, Math.floor(size / 2 ** 32), true);
  view.setUint32(at + 16, checksum(log.subarray(0, at)), true);
  return log;
}

function applyPages(handle, pages, size) {
  for (const [offset, bytes] of pages) {
    writeAll(handle, bytes, offset);
  }
  if (handle.getSize() !== size) {
    handle.truncate(size);
  }
  handle.flush();
}

class Kept {
  // one save file: its handle, its redo log's, and what was last kept (to find what changed)
  constructor(name, file, log) {
    this.name = name;
    this.file = file;
    this.log = log;
    this.last = new Uint8Array(0); // null: not known, a keep failed midway
  }

  recover() {
    const found = parseLog(readAll(this.log));
    if (found) {
      applyPages(this.file, found.pages, found.size);
    }
    if (this.log.getSize() !== 0) {
      this.log.truncate(0);
      this.log.flush();
    }
    this.last = readAll(this.file);
    return found ? found.pages.length : 0;
  }

  keep(now) {
    if (this.last === null) {
      // the keep before failed midway: the file may hold some of its pages, and its log be
      // complete. Written into the file first, as at a start, so this keep starts from a state
      // the file is in and does not write its log over a complete one
      this.recover();
    }
    const pages = changedPages(now, this.last);
    if (pages.length === 0 && now.length === this.last.length) {
      return 0;
    }
    this.last = null; // until this keep is done
    const log = logOf(pages, now.length);
    writeAll(this.log, log, 0);
    this.log.flush();
    applyPages(this.file, pages, now.length);
    this.log.truncate(0);
    this.last = now;
    return pages.length;
  }

  close() {
    for (const handle of [this.file, this.log]) {
      try {
        handle.close();
      } catch (error) {
        // closed already
      }
    }
  }
}

function kindOf(error) {
  if (error && error.name === "QuotaExceededError") {
    return "full";
  }
  if (error && error.name === "NoModificationAllowedError") {
    return "locked";
  }
  return "failed";
}

// The saves of `folder` (a folder of Pyodide's file system): every file kept in the origin's
// private file system is written there before Python starts. Answers the module Python imports
// as `companion_phone`: folder, problem, keep(name), prepare(name), timings.
// `root` (tests): the private file system's root folder instead of navigator.storage's;
// `lockWaitMs` (tests): how long a file another worker holds is waited for.
export async function openSaves(FS, folder, { root = null, lockWaitMs = LOCK_WAIT_MS } = {}) {
  const started = performance.now();
  FS.mkdirTree(folder);
  const kept = new Map();
  const openKept = async (name) => {
    // both handles, or neither: a file's handle kept open alone would hold it for this worker's life
    const handle = await syncHandle(dir, name, lockWaitMs);
    try {
      return new Kept(name, handle, await syncHandle(dir, name + LOG, lockWaitMs));
    } catch (error) {
      handle.close();
      throw error;
    }
  };
  const api = {
    folder,
    problem: "",
    kept: 0,
    recovered: 0,
    lastKeepMs: 0,
    keptPages: 0,
    openMs: 0,
    keep(name) {
      // Python calls this after every committed write: back once it is on the phone's storage
      const t0 = performance.now();
      const file = kept.get(name);
      if (!file) {
        throw new Error(`${name} is not kept on this phone (prepare it first)`);
      }
      try {
        api.keptPages = file.keep(FS.readFile(`${folder}/${name}`));
      } catch (error) {
        api.problem = PROBLEMS[kindOf(error)] || PROBLEMS.failed;
        throw error;
      }
      api.kept += 1;
      api.lastKeepMs = performance.now() - t0;
    },
    async prepare(name) {
      // a file the app starts using (a spare save beside a damaged one): kept from now on
      if (!kept.has(name) && dir) {
        const file = await openKept(name);
        try {
          file.recover();
        } catch (error) {
          file.close();
          throw error;
        }
        kept.set(name, file);
      }
      return kept.has(name);
    },
    close() {
      for (const file of kept.values()) {
        file.close();
      }
      kept.clear();
    },
  };
  let dir = null;
  try {
    if (!root && (!navigator.storage || !navigator.storage.getDirectory)) {
      throw new DOMException("no origin private file system", "NotSupportedError");
    }
    dir = await (root || (await navigator.storage.getDirectory())).getDirectoryHandle(FOLDER, { create: true });
    const names = ["games.sqlite3"];
    for await (const [name, handle] of dir.entries()) {
      if (handle.kind === "file" && !name.endsWith(LOG) && !names.includes(name)) {
        names.push(name);
      }
    }
    for (const name of names) {
      const file = await openKept(name);
      kept.set(name, file);
      api.recovered += file.recover();
      if (file.last.length > 0) {
        FS.writeFile(`${folder}/${name}`, file.last);
      }
    }
  } catch (error) {
    for (const file of kept.values()) {
      file.close();
    }
    kept.clear();
    dir = null;
    api.problem = error && error.name === "NoModificationAllowedError" ? PROBLEMS.locked
      : !root && globalThis.isSecureContext === false ? PROBLEMS.insecure : PROBLEMS.unavailable;
    console.warn("Card Companion: the saves are kept in memory only:", error);
  }
  api.openMs = performance.now() - started;
  return api;
}

// for the tests (tests/phone_storage/): the pieces openSaves is made of
export { FOLDER, PAGE, LOG, MAGIC, TRAILER, LOCK_WAIT_MS, checksum, syncHandle, readAll, writeAll, parseLog,
  changedPages, logOf, applyPages, Kept, kindOf };
