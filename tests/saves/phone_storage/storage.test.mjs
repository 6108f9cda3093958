// tools/phone/storage.js under Node.js: the phone app's saves, kept page by page through a redo
// log in a fake origin-private file system (fake_opfs.mjs), killed at every kind of moment.
// Run by tests/saves/test_phone_storage.py (`node --test tests/saves/phone_storage/storage.test.mjs`).
//
// Expected bytes are built here by hand (the log's format is written out below, FNV-1a is
// checked against its published values), never by asking storage.js.

import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { FakeDisk, FakeFS } from "./fake_opfs.mjs";

// storage.js is an ES module named .js with no package.json beside it (the browser needs
// none): a copy named .mjs is read as a module by every Node.js from 18 on.
const SOURCE = fileURLToPath(new URL("../../../tools/phone/storage.js", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "companion-storage-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
copyFileSync(SOURCE, join(scratch, "storage.mjs"));
const storage = await import(pathToFileURL(join(scratch, "storage.mjs")).href);
const { openSaves, PROBLEMS } = storage;

// the format, as the storage.js header and the brief describe it
const PAGE = 4096;
const ENTRY = 12; // offset (two u32), length (u32)
const TRAILER = 24; // magic, count, size low, size high, checksum, spare
const MAGIC = 0x43435231; // "CCR1"
const FOLDER = "card-companion";
const NAME = "games.sqlite3";
const FILE = `${FOLDER}/${NAME}`;
const LOG = `${FILE}.redo`;
const DATA = "/data";
const WAIT = 50; // the lock wait in these tests (4 s in the app)

const warnings = [];
console.warn = (...args) => warnings.push(args.map(String).join(" ")); // openSaves says why it plays in memory

// --- helpers ---------------------------------------------------------------------------

function rng(seed) {
  // mulberry32: the same histories on every run
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function int(r, n) {
  return Math.floor(r() * n);
}

function randomBytes(r, n) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = int(r, 256);
  }
  return out;
}

function sameBytes(actual, expected, what = "the bytes") {
  assert.ok(actual, `${what}: missing`);
  if (actual.length !== expected.length) {
    assert.fail(`${what}: ${actual.length} bytes, expected ${expected.length}`);
  }
  for (let i = 0; i < actual.length; i++) {
    if (actual[i] !== expected[i]) {
      assert.fail(`${what}: byte ${i} (page ${Math.floor(i / PAGE)}) is ${actual[i]}, expected ${expected[i]}`);
    }
  }
}

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const byte of bytes) {
    h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  }
  return h;
}

// a redo log built by hand: [offset lo, offset hi, length, bytes]... then the trailer
function redoLog(pages, size, { magic = MAGIC, count = pages.length } = {}) {
  const parts = [];
  for (const [offset, bytes] of pages) {
    const head = new DataView(new ArrayBuffer(ENTRY));
    head.setUint32(0, offset % 2 ** 32, true);
    head.setUint32(4, Math.floor(offset / 2 ** 32), true);
    head.setUint32(8, bytes.length, true);
    parts.push(new Uint8Array(head.buffer), bytes);
  }
  const bodyLength = parts.reduce((n, p) => n + p.length, 0);
  const body = new Uint8Array(bodyLength);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  const tail = new DataView(new ArrayBuffer(TRAILER));
  tail.setUint32(0, magic, true);
  tail.setUint32(4, count, true);
  tail.setUint32(8, size % 2 ** 32, true);
  tail.setUint32(12, Math.floor(size / 2 ** 32), true);
  tail.setUint32(16, fnv1a(body), true);
  const log = new Uint8Array(bodyLength + TRAILER);
  log.set(body);
  log.set(new Uint8Array(tail.buffer), bodyLength);
  return log;
}

// the pages of `now` a keep from `before` must write (worked out here, not by storage.js)
function pagesToWrite(now, before) {
  const out = [];
  for (let offset = 0; offset < now.length; offset += PAGE) {
    const end = Math.min(offset + PAGE, now.length);
    let differs = end > before.length;
    for (let i = offset; !differs && i < end; i++) {
      differs = now[i] !== before[i];
    }
    if (differs) {
      out.push([offset, now.subarray(offset, end)]);
    }
  }
  return out;
}

async function start(disk, { again = true, fs = new FakeFS(), lockWaitMs = WAIT } = {}) {
  // one start of the app: a new worker (a new Pyodide file system) on what the disk holds
  const api = await openSaves(fs, DATA, { root: again ? disk.restart() : disk.root(), lockWaitMs });
  return { api, fs };
}

function keep({ api, fs }, bytes, name = NAME) {
  // Python's commit: the file in Pyodide's file system, then keep(name)
  fs.writeFile(`${DATA}/${name}`, bytes);
  api.keep(name);
}

function restored({ fs }, name = NAME) {
  // what a start put into Pyodide's file system (nothing for an empty or missing file)
  return fs.files.get(`${DATA}/${name}`) ?? new Uint8Array(0);
}

function opsSince(disk, mark) {
  return disk.ops.slice(mark).map((op) => [op.kind, op.file, op.at, op.length]);
}

function changed(bytes, positions) {
  const out = bytes.slice();
  for (const at of positions) {
    out[at] ^= 0x5a;
  }
  return out;
}

function grown(bytes, size, r) {
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, Math.min(size, bytes.length)));
  if (size > bytes.length) {
    out.set(randomBytes(r, size - bytes.length), bytes.length);
  }
  return out;
}

// a save kept once (its first state), on a fresh disk, and the app still open
async function keptOnce(bytes) {
  const disk = new FakeDisk();
  const app = await start(disk, { again: false });
  keep(app, bytes);
  return { disk, app };
}

// --- the pieces ------------------------------------------------------------------------

test("checksum is 32-bit FNV-1a (its published values)", () => {
  const text = (s) => new TextEncoder().encode(s);
  assert.equal(storage.checksum(text("")), 0x811c9dc5);
  assert.equal(storage.checksum(text("a")), 0xe40c292c);
  assert.equal(storage.checksum(text("foobar")), 0xbf9cf968);
  assert.equal(fnv1a(text("foobar")), 0xbf9cf968); // and this file's own, which builds the logs below
});

test("logOf lays out entries and trailer byte for byte; parseLog reads them back", () => {
  const pages = [[4096, Uint8Array.of(1, 2, 3)], [2 ** 32 + 8192, Uint8Array.of(0xff)]];
  const size = 2 ** 32 + 8193;
  const body = [
    0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 1, 2, 3,
    0x00, 0x20, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0xff,
  ];
  const sum = fnv1a(body);
  const expected = Uint8Array.from([
    ...body,
    0x31, 0x52, 0x43, 0x43, // "CCR1" as a little-endian u32
    0x02, 0x00, 0x00, 0x00, // two entries
    0x01, 0x20, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, // size 2**32 + 8193
    sum & 0xff, (sum >>> 8) & 0xff, (sum >>> 16) & 0xff, sum >>> 24,
    0x00, 0x00, 0x00, 0x00, // spare
  ]);
  sameBytes(storage.logOf(pages, size), expected, "the log");
  sameBytes(redoLog(pages, size), expected, "this file's own log builder");
  const parsed = storage.parseLog(expected);
  assert.equal(parsed.size, size);
  assert.deepEqual(parsed.pages.map(([offset, bytes]) => [offset, [...bytes]]),
    [[4096, [1, 2, 3]], [2 ** 32 + 8192, [0xff]]]);
  assert.deepEqual(storage.parseLog(redoLog([], 0)), { size: 0, pages: [] }); // a pure truncation
});

test("changedPages lists the pages that differ, a grown tail, and compares odd lengths byte by byte", () => {
  const r = rng(7);
  const before = randomBytes(r, 3 * PAGE + 100);
  const now = changed(before, [PAGE + 5, 3 * PAGE + 99]);
  const offsets = (pages) => pages.map(([offset, bytes]) => [offset, bytes.length]);
  assert.deepEqual(offsets(storage.changedPages(now, before)), [[PAGE, PAGE], [3 * PAGE, 100]]);
  assert.deepEqual(offsets(storage.changedPages(before.slice(), before)), []);
  const odd = before.subarray(0, 2 * PAGE + 3).slice();
  assert.deepEqual(offsets(storage.changedPages(changed(odd, [2 * PAGE + 2]), odd)), [[2 * PAGE, 3]]);
  assert.deepEqual(offsets(storage.changedPages(now, before.subarray(0, PAGE).slice())), [
    [PAGE, PAGE], [2 * PAGE, PAGE], [3 * PAGE, 100],
  ]);
  // a shorter file whose pages are all the same: nothing to write (the new size truncates it)
  assert.deepEqual(offsets(storage.changedPages(before.slice(0, PAGE + 10), before)), []);
});

test("writeAll goes on after short writes, and a write of nothing is the storage being full", () => {
  const into = new Uint8Array(10000);
  const calls = [];
  const short = {
    write(bytes, { at }) {
      const n = Math.min(bytes.length, 3000);
      into.set(bytes.subarray(0, n), at);
      calls.push([at, n]);
      return n;
    },
  };
  const data = randomBytes(rng(3), 7000);
  storage.writeAll(short, data, 1000);
  assert.deepEqual(calls, [[1000, 3000], [4000, 3000], [7000, 1000]]);
  sameBytes(into.subarray(1000, 8000), data);
  assert.throws(() => storage.writeAll({ write: () => 0 }, data, 0), { name: "QuotaExceededError" });
});

// --- keeping and restoring ---------------------------------------------------------------

test("a fresh folder: openSaves makes it, a keep writes a new file whole, a new start restores it", async () => {
  const disk = new FakeDisk();
  const app = await start(disk, { again: false });
  assert.equal(app.api.problem, "");
  assert.equal(app.api.folder, DATA);
  assert.ok(disk.dirs.has(FOLDER));
  assert.deepEqual([...disk.files.keys()].sort(), [FILE, LOG]);
  assert.ok(app.fs.dirs.has(DATA));
  assert.equal(app.fs.files.size, 0, "an empty save is not written into Pyodide's file system");

  const content = randomBytes(rng(1), 3 * PAGE + 1000);
  const mark = disk.ops.length;
  keep(app, content);
  sameBytes(disk.bytes(FILE), content, "the kept file");
  assert.equal(disk.bytes(LOG).length, 0, "the log is emptied");
  assert.equal(app.api.kept, 1);
  assert.equal(app.api.keptPages, 4);
  const logLength = 4 * ENTRY + content.length + TRAILER;
  assert.deepEqual(opsSince(disk, mark), [
    ["write", `${NAME}.redo`, 0, logLength],
    ["flush", `${NAME}.redo`, 0, 0],
    ["write", NAME, 0, PAGE],
    ["write", NAME, PAGE, PAGE],
    ["write", NAME, 2 * PAGE, PAGE],
    ["write", NAME, 3 * PAGE, 1000],
    ["flush", NAME, 0, 0],
    ["truncate", `${NAME}.redo`, 0, 0],
  ]);

  const again = await start(disk);
  assert.equal(again.api.problem, "");
  assert.equal(again.api.recovered, 0);
  sameBytes(restored(again), content, "the restored file");
});

test("only the changed page is written: one byte in page 3 of 10 is one page in the log, one in the file", async () => {
  const before = randomBytes(rng(2), 10 * PAGE);
  const { disk, app } = await keptOnce(before);
  const after = changed(before, [3 * PAGE + 1234]);
  const mark = disk.ops.length;
  keep(app, after);
  assert.equal(app.api.keptPages, 1);
  assert.deepEqual(opsSince(disk, mark), [
    ["write", `${NAME}.redo`, 0, ENTRY + PAGE + TRAILER],
    ["flush", `${NAME}.redo`, 0, 0],
    ["write", NAME, 3 * PAGE, PAGE],
    ["flush", NAME, 0, 0],
    ["truncate", `${NAME}.redo`, 0, 0],
  ]);
  const written = disk.ops[mark];
  assert.equal(written.kind, "write");
  const view = new DataView(written.data.buffer, written.data.byteOffset, written.data.length);
  assert.deepEqual([view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true)], [3 * PAGE, 0, PAGE]);
  sameBytes(written.data.subarray(ENTRY, ENTRY + PAGE), after.subarray(3 * PAGE, 4 * PAGE), "the logged page");
  const tail = ENTRY + PAGE;
  assert.deepEqual([0, 4, 8, 12, 16, 20].map((at) => view.getUint32(tail + at, true)),
    [MAGIC, 1, 10 * PAGE, 0, fnv1a(written.data.subarray(0, tail)), 0]);
  sameBytes(written.data, redoLog([[3 * PAGE, after.subarray(3 * PAGE, 4 * PAGE)]], 10 * PAGE), "the log");
  sameBytes(disk.bytes(FILE), after, "the kept file");

  // nothing changed: nothing written
  const still = disk.ops.length;
  keep(app, after.slice());
  assert.equal(disk.ops.length, still);
  assert.equal(app.api.keptPages, 0);
  sameBytes(restored(await start(disk)), after, "the restored file");
});

test("a file that grows is written from its last partial page on; one that shrinks is truncated", async () => {
  const r = rng(4);
  const first = randomBytes(r, 2 * PAGE + 500);
  const { disk, app } = await keptOnce(first);

  const bigger = grown(first, 5 * PAGE, r);
  let mark = disk.ops.length;
  keep(app, bigger);
  assert.deepEqual(opsSince(disk, mark).filter(([, file]) => file === NAME), [
    ["write", NAME, 2 * PAGE, PAGE],
    ["write", NAME, 3 * PAGE, PAGE],
    ["write", NAME, 4 * PAGE, PAGE],
    ["flush", NAME, 0, 0],
  ]);
  sameBytes(disk.bytes(FILE), bigger, "the grown file");
  sameBytes(restored(await start(disk)), bigger, "the grown file, restored");

  const reopened = await start(disk);
  const smaller = bigger.slice(0, PAGE + 10); // its pages are the same: only the size changes
  mark = disk.ops.length;
  keep(reopened, smaller);
  assert.equal(reopened.api.keptPages, 0);
  assert.deepEqual(opsSince(disk, mark), [
    ["write", `${NAME}.redo`, 0, TRAILER],
    ["flush", `${NAME}.redo`, 0, 0],
    ["truncate", NAME, 0, PAGE + 10],
    ["flush", NAME, 0, 0],
    ["truncate", `${NAME}.redo`, 0, 0],
  ]);
  sameBytes(restored(await start(disk)), smaller, "the shrunk file, restored");

  const third = await start(disk);
  const changedAndCut = changed(smaller.slice(0, PAGE), [17]);
  keep(third, changedAndCut);
  sameBytes(disk.bytes(FILE), changedAndCut, "shrunk to a page boundary and changed");
  keep(third, new Uint8Array(0));
  assert.equal(disk.bytes(FILE).length, 0);
  assert.equal(restored(await start(disk)).length, 0);
});

// --- killed mid-keep -------------------------------------------------------------------

// a kept save of 5 pages, and the next state: pages 1 and 3 changed, a 6th page added
async function aKeepToKill() {
  const r = rng(5);
  const before = randomBytes(r, 5 * PAGE);
  const after = grown(changed(before, [PAGE + 1, 3 * PAGE + 4000]), 5 * PAGE + 300, r);
  const { disk, app } = await keptOnce(before);
  const logLength = 3 * ENTRY + 2 * PAGE + 300 + TRAILER; // pages 1, 3, and the new 300 bytes
  return { disk, app, before, after, logLength };
}

const onLog = (kind) => (op) => op.file === `${NAME}.redo` && op.kind === kind;
const onFile = (kind, nth = 1) => {
  let seen = 0;
  return (op) => op.file === NAME && op.kind === kind && ++seen === nth;
};

test("killed while writing the log (an incomplete log): the next start has the file as before that keep", async () => {
  for (const part of ["nothing", "half", "all but the trailer", "all but its last byte"]) {
    const { disk, app, before, after, logLength } = await aKeepToKill();
    const partial = { nothing: 0, half: 6000, "all but the trailer": logLength - TRAILER,
      "all but its last byte": logLength - 1 }[part];
    disk.crashAt(onLog("write"), partial);
    assert.throws(() => keep(app, after), { name: "Crash" });
    assert.equal(disk.bytes(LOG).length, partial, part);
    sameBytes(disk.bytes(FILE), before, `${part}: the file, untouched`);
    const again = await start(disk);
    assert.equal(again.api.problem, "");
    assert.equal(again.api.recovered, 0, part);
    sameBytes(restored(again), before, `${part}: the restored file`);
    assert.equal(disk.bytes(LOG).length, 0, `${part}: the incomplete log is emptied`);
    // and the save goes on from there
    keep(again, after);
    sameBytes(restored(await start(disk)), after, `${part}: kept after all`);
  }
});

test("killed while writing the file (a torn file, the log complete): the next start replays the log", async () => {
  for (const [what, test] of [
    ["at the log's flush", onLog("flush")],
    ["before the file's first page", onFile("write", 1)],
    ["in the file's second page", onFile("write", 2)],
    ["before the file's last page", onFile("write", 3)],
    ["at the file's flush", onFile("flush")],
  ]) {
    const { disk, app, before, after } = await aKeepToKill();
    disk.crashAt(test, 1000);
    assert.throws(() => keep(app, after), { name: "Crash" }, what);
    assert.notEqual(disk.bytes(LOG).length, 0, what);
    const again = await start(disk);
    assert.equal(again.api.problem, "", what);
    assert.equal(again.api.recovered, 3, what);
    sameBytes(restored(again), after, `${what}: the restored file`);
    sameBytes(disk.bytes(FILE), after, `${what}: the file, repaired`);
    assert.equal(disk.bytes(LOG).length, 0, `${what}: the log is emptied`);
    assert.equal(disk.bytes(FILE).length, before.length + 300);
  }
});

test("the file truncated by a keep is torn until the log is replayed", async () => {
  const r = rng(6);
  const before = randomBytes(r, 6 * PAGE);
  const after = changed(before.slice(0, 2 * PAGE + 7), [5]);
  const { disk, app } = await keptOnce(before);
  disk.crashAt(onFile("truncate"));
  assert.throws(() => keep(app, after), { name: "Crash" });
  assert.equal(disk.bytes(FILE).length, 6 * PAGE, "not cut yet");
  sameBytes(restored(await start(disk)), after, "the restored file");
});

test("killed after the file was written but before the log was emptied: the replay changes nothing", async () => {
  const { disk, app, after } = await aKeepToKill();
  disk.crashAt(onLog("truncate"));
  assert.throws(() => keep(app, after), { name: "Crash" });
  sameBytes(disk.bytes(FILE), after, "the file, already written");
  const mark = disk.ops.length;
  const again = await start(disk);
  assert.equal(again.api.recovered, 3);
  sameBytes(restored(again), after, "the restored file");
  assert.ok(opsSince(disk, mark).some(([kind, file]) => kind === "write" && file === NAME), "replayed");
});

test("killed again while replaying the log: the start after replays it again", async () => {
  for (const [what, test, partial] of [
    ["in the replay's first page", onFile("write", 1), 10],
    ["in the replay's second page", onFile("write", 2), 4000],
    ["at the replay's flush", onFile("flush"), 0],
    ["before the log is emptied", onLog("truncate"), 0],
  ]) {
    const { disk, app, after } = await aKeepToKill();
    disk.crashAt(onFile("write", 2), 100);
    assert.throws(() => keep(app, after), { name: "Crash" });
    const root = disk.restart();
    disk.crashAt(test, partial);
    const killed = await openSaves(new FakeFS(), DATA, { root, lockWaitMs: WAIT });
    assert.ok(killed.problem, `${what}: that start saw the storage fail`);
    const last = await start(disk);
    assert.equal(last.api.problem, "", what);
    sameBytes(restored(last), after, `${what}: the restored file`);
    assert.equal(disk.bytes(LOG).length, 0, what);
  }
});

// --- logs that are not to be replayed ----------------------------------------------------

test("a complete log left by a killed keep is replayed; a damaged one is ignored and emptied", async () => {
  const before = randomBytes(rng(8), 3 * PAGE);
  const page = randomBytes(rng(9), PAGE);
  const after = before.slice();
  after.set(page, PAGE);
  const good = redoLog([[PAGE, page]], 3 * PAGE);
  const damaged = (edit) => {
    const log = good.slice();
    edit(log);
    return log;
  };
  const recount = (count) => redoLog([[PAGE, page]], 3 * PAGE, { count });
  const tooLong = (() => {
    // an entry whose length runs past the log, under a checksum that matches
    const log = redoLog([[PAGE, page]], 3 * PAGE);
    new DataView(log.buffer).setUint32(8, PAGE + 1, true);
    const body = log.subarray(0, log.length - TRAILER);
    new DataView(log.buffer).setUint32(log.length - TRAILER + 16, fnv1a(body), true);
    return log;
  })();
  const cases = [
    ["a complete log", good, after, 1],
    ["a byte of its page changed (bad checksum)", damaged((log) => { log[ENTRY + 100] ^= 1; }), before, 0],
    ["its checksum changed", damaged((log) => { log[log.length - 8] ^= 1; }), before, 0],
    ["its magic changed", damaged((log) => { log[log.length - TRAILER] ^= 1; }), before, 0],
    ["its magic of another version", redoLog([[PAGE, page]], 3 * PAGE, { magic: 0x43435232 }), before, 0],
    ["its last byte cut (a truncated trailer)", good.subarray(0, good.length - 1), before, 0],
    ["its trailer cut", good.subarray(0, good.length - TRAILER), before, 0],
    ["shorter than a trailer", good.subarray(good.length - TRAILER + 1), before, 0],
    ["a count with more entries than it holds", recount(2), before, 0],
    ["an entry running past its end", tooLong, before, 0],
  ];
  for (const [what, log, expected, recovered] of cases) {
    const { disk } = await keptOnce(before);
    disk.files.set(LOG, log.slice());
    const again = await start(disk);
    assert.equal(again.api.problem, "", what);
    assert.equal(again.api.recovered, recovered, what);
    sameBytes(restored(again), expected, `${what}: the restored file`);
    sameBytes(disk.bytes(FILE), expected, `${what}: the file`);
    assert.equal(disk.bytes(LOG).length, 0, `${what}: the log is emptied`);
  }
});

// --- the storage failing -----------------------------------------------------------------

test("the storage full while writing the log: keep throws, problem says full, the file is as before", async () => {
  const { disk, app, before, after } = await aKeepToKill();
  disk.quota = disk.used() + 1000;
  assert.throws(() => keep(app, after), { name: "QuotaExceededError" });
  assert.equal(app.api.problem, PROBLEMS.full);
  assert.match(app.api.problem, /storage for the app is full/);
  assert.equal(app.api.kept, 1);
  sameBytes(disk.bytes(FILE), before, "the file");
  sameBytes(restored(await start(disk)), before, "the restored file");
});

test("the storage full while writing the file: keep throws, problem says full, the log is replayed", async () => {
  const { disk, app, after } = await aKeepToKill();
  disk.refuse = (op) => (op.file === NAME && op.kind === "write" && op.at > 0
    ? new DOMException("full", "QuotaExceededError") : null);
  assert.throws(() => keep(app, after), { name: "QuotaExceededError" });
  assert.equal(app.api.problem, PROBLEMS.full);
  sameBytes(restored(await start(disk)), after, "the restored file");
});

test("any other failure of the storage: problem says it could not be written", async () => {
  const { disk, app } = await aKeepToKill();
  disk.refuse = (op) => (op.kind === "flush" ? new DOMException("the disk went away", "InvalidStateError") : null);
  assert.throws(() => keep(app, randomBytes(rng(10), 100)), { name: "InvalidStateError" });
  assert.equal(app.api.problem, PROBLEMS.failed);
  assert.throws(() => app.api.keep("elsewhere.sqlite3"), /not kept on this phone/);
});

// Python stops keeping after a failure, but keeps again once prepare() answers (keep_spare):
// that keep must start from what the failed one left, not from what was last kept
test("a keep after one that failed midway starts from what that one left, killed or not", async () => {
  const r = rng(14);
  const before = randomBytes(r, 4 * PAGE);
  const failed = grown(changed(before, [10, 2 * PAGE + 10]), 8 * PAGE, r); // pages 0, 2 and 4..7
  const next = changed(before, [PAGE + 1000, 3 * PAGE + 1000]); // pages 1 and 3: 0 and 2 as kept before
  const full = () => new DOMException("full", "QuotaExceededError");
  const gone = () => new DOMException("the disk went away", "InvalidStateError");
  const failures = [
    // where the failed keep stopped, and the state a start has after it (its log complete or not)
    ["its log's write", (op) => op.file === `${NAME}.redo` && op.kind === "write" && full(), before],
    ["its log's flush", (op) => op.file === `${NAME}.redo` && op.kind === "flush" && gone(), failed],
    ["its second page", (op) => op.file === NAME && op.kind === "write" && op.at === 2 * PAGE && full(), failed],
    ["its log emptied", (op) => op.file === `${NAME}.redo` && op.kind === "truncate" && gone(), failed],
  ];
  const kills = [
    // where the next keep is killed, and what a start has then (`null`: the failed keep's state)
    ["not killed", null, next],
    ["in the failed keep's log, replayed first", "replay", null],
    ["in its own log's write", "log", null],
    ["in its own second page", "page", next],
  ];
  const failedThenKept = async (what, refuse, where, expected) => {
    const { disk, app } = await keptOnce(before);
    disk.refuse = (op) => refuse(op) || null;
    assert.throws(() => keep(app, failed), { name: /QuotaExceededError|InvalidStateError/ }, what);
    disk.refuse = null; // space was freed
    let logged = false; // this keep's log written (a replay before it writes only the file)
    let pages = 0; // pages this keep wrote into the file after its log
    disk.crashAt((op) => {
      const logWrite = op.file === `${NAME}.redo` && op.kind === "write";
      const fileWrite = op.file === NAME && op.kind === "write";
      const replay = !logged && fileWrite;
      pages += logged && fileWrite ? 1 : 0;
      logged ||= logWrite;
      return { replay, log: logWrite, page: pages === 2 }[where];
    }, 50);
    if (where) {
      assert.throws(() => keep(app, next), { name: "Crash" }, `${what}: not killed there`);
    } else {
      keep(app, next);
      sameBytes(disk.bytes(FILE), next, `${what}: the file`);
    }
    const again = await start(disk);
    assert.equal(again.api.problem, "", what);
    sameBytes(restored(again), expected, `${what}: the restored file`);
    assert.equal(disk.bytes(LOG).length, 0, `${what}: the log is emptied`);
  };
  const wrong = []; // every case is tried, the wrong ones told together
  for (const [failure, refuse, afterFailure] of failures) {
    for (const [kill, where, expected] of kills) {
      const what = `failed in ${failure}, then ${kill}`;
      if (where === "replay" && afterFailure === before) {
        continue; // no log to replay
      }
      try {
        await failedThenKept(what, refuse, where, expected ?? afterFailure);
      } catch (error) {
        wrong.push(error.message);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test("a file whose log another worker holds: its own handle is let go, and a later prepare has both", async () => {
  const { disk, app } = await keptOnce(randomBytes(rng(16), PAGE));
  disk.hold(`${FOLDER}/spare.sqlite3.redo`);
  await assert.rejects(app.api.prepare("spare.sqlite3"), { name: "NoModificationAllowedError" });
  assert.ok(!disk.open.has(`${FOLDER}/spare.sqlite3`), "the spare's handle is closed");
  disk.release(`${FOLDER}/spare.sqlite3.redo`);
  assert.equal(await app.api.prepare("spare.sqlite3"), true);
  keep(app, Uint8Array.of(7), "spare.sqlite3");
  sameBytes(restored(await start(disk), "spare.sqlite3"), Uint8Array.of(7), "the spare");

  // a spare whose log cannot be replayed (the storage refuses): prepare fails, nothing stays open
  const refused = await start(disk);
  disk.files.set(`${FOLDER}/third.sqlite3`, new Uint8Array(0));
  disk.files.set(`${FOLDER}/third.sqlite3.redo`, redoLog([[0, Uint8Array.of(1)]], 1));
  disk.refuse = (op) => (op.kind === "write" ? new DOMException("full", "QuotaExceededError") : null);
  await assert.rejects(refused.api.prepare("third.sqlite3"), { name: "QuotaExceededError" });
  assert.ok(!disk.open.has(`${FOLDER}/third.sqlite3`) && !disk.open.has(`${FOLDER}/third.sqlite3.redo`));

  const other = await keptOnce(randomBytes(rng(17), PAGE));
  other.app.api.close();
  other.disk.hold(LOG);
  const locked = await start(other.disk);
  assert.equal(locked.api.problem, PROBLEMS.locked);
  assert.equal(other.disk.open.size, 0, "no handle left open by a start that plays in memory");
});

test("a file another tab holds beyond the wait: problem says locked, nothing is restored", async () => {
  const content = randomBytes(rng(11), 2 * PAGE);
  const { disk, app } = await keptOnce(content);
  const t0 = performance.now();
  const second = await start(disk, { again: false }); // the first is still open: it holds the files
  assert.ok(performance.now() - t0 >= WAIT, "the lock was waited for");
  assert.equal(second.api.problem, PROBLEMS.locked);
  assert.match(second.api.problem, /open in another tab/);
  assert.equal(second.fs.files.size, 0, "nothing restored");
  assert.ok(second.fs.dirs.has(DATA), "the folder is there to play in memory");
  assert.throws(() => keep(second, content), /not kept on this phone/);
  assert.equal(await second.api.prepare("spare.sqlite3"), false);
  assert.ok(warnings.some((w) => w.includes("in memory only")));

  app.api.close(); // the other tab closes: the next start has the files
  const third = await start(disk, { again: false });
  assert.equal(third.api.problem, "");
  sameBytes(restored(third), content, "the restored file");

  const held = new FakeDisk();
  held.files.set(FILE, content.slice());
  held.dirs.add(FOLDER);
  held.hold(FILE);
  const locked = await start(held);
  assert.equal(locked.api.problem, PROBLEMS.locked);
  assert.equal(locked.fs.files.size, 0);
});

test("a file held for a moment (a reload's old worker) is waited for", async () => {
  const content = randomBytes(rng(12), PAGE + 1);
  const { disk } = await keptOnce(content);
  disk.hold(FILE, 2);
  disk.hold(LOG, 1);
  const again = await start(disk, { lockWaitMs: 2000 });
  assert.equal(again.api.problem, "");
  sameBytes(restored(again), content, "the restored file");
  assert.equal(storage.LOCK_WAIT_MS, 4000, "the app's own wait");
});

test("no storage in this browser: problem says unavailable, the app plays in memory", async () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  const setNavigator = (value) =>
    Object.defineProperty(globalThis, "navigator", { value, configurable: true, writable: true });
  try {
    for (const [what, navigator] of [
      ["no navigator.storage", {}],
      ["no getDirectory", { storage: {} }],
      ["getDirectory refused (a private window)", {
        storage: { getDirectory: () => Promise.reject(new DOMException("no", "SecurityError")) },
      }],
    ]) {
      setNavigator(navigator);
      const fs = new FakeFS();
      const api = await openSaves(fs, DATA, { lockWaitMs: WAIT });
      assert.equal(api.problem, PROBLEMS.unavailable, what);
      assert.match(api.problem, /keeps no files/);
      assert.ok(fs.dirs.has(DATA), what);
      assert.equal(await api.prepare(NAME), false, what);
    }
    // the default root: navigator.storage's
    const disk = new FakeDisk();
    setNavigator({ storage: { getDirectory: async () => disk.root() } });
    const fs = new FakeFS();
    const api = await openSaves(fs, DATA);
    assert.equal(api.problem, "");
    keep({ api, fs }, Uint8Array.of(1, 2, 3));
    sameBytes(disk.bytes(FILE), Uint8Array.of(1, 2, 3), "kept through navigator.storage");
  } finally {
    if (had) {
      Object.defineProperty(globalThis, "navigator", had);
    } else {
      delete globalThis.navigator;
    }
  }
});

test("a page at an address that is not secure (plain http to a LAN address): problem says so", async () => {
  // browsers give such a page no navigator.storage.getDirectory (and no service worker)
  const had = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  const secure = Object.getOwnPropertyDescriptor(globalThis, "isSecureContext");
  try {
    Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true, writable: true });
    Object.defineProperty(globalThis, "isSecureContext", { value: false, configurable: true, writable: true });
    const fs = new FakeFS();
    const api = await openSaves(fs, DATA, { lockWaitMs: WAIT });
    assert.equal(api.problem, PROBLEMS.insecure);
    assert.match(api.problem, /https/);
    Object.defineProperty(globalThis, "isSecureContext", { value: true, configurable: true, writable: true });
    assert.equal((await openSaves(new FakeFS(), DATA, { lockWaitMs: WAIT })).problem, PROBLEMS.unavailable);
  } finally {
    if (had) {
      Object.defineProperty(globalThis, "navigator", had);
    } else {
      delete globalThis.navigator;
    }
    if (secure) {
      Object.defineProperty(globalThis, "isSecureContext", secure);
    } else {
      delete globalThis.isSecureContext;
    }
  }
});

test("every save file of the folder is restored; a spare one prepared later is kept too", async () => {
  const r = rng(13);
  const main = randomBytes(r, 3 * PAGE);
  const spare = randomBytes(r, 2 * PAGE + 9);
  const { disk, app } = await keptOnce(main);
  assert.equal(await app.api.prepare("spare.sqlite3"), true);
  assert.ok(disk.files.has(`${FOLDER}/spare.sqlite3.redo`));
  keep(app, spare, "spare.sqlite3");
  disk.dirs.add(`${FOLDER}/a folder`); // not a save
  const again = await start(disk);
  assert.equal(again.api.problem, "");
  sameBytes(restored(again), main, "games.sqlite3");
  sameBytes(restored(again, "spare.sqlite3"), spare, "spare.sqlite3");
  assert.deepEqual([...again.fs.files.keys()].sort(), [`${DATA}/${NAME}`, `${DATA}/spare.sqlite3`]);
  assert.equal(await again.api.prepare("spare.sqlite3"), true, "already kept");
});

// --- the property: killed anywhere, a start has one of two states ---------------------------

function nextState(r, previous) {
  const MAX = 40 * 1024;
  if (r() < 0.15) {
    return randomBytes(r, int(r, MAX + 1));
  }
  let state = previous.slice();
  if (r() < 0.3) {
    const size = r() < 0.3 ? PAGE * int(r, MAX / PAGE + 1) : int(r, MAX + 1);
    state = grown(state, size, r);
  }
  const edits = int(r, 7);
  for (let i = 0; i < edits && state.length > 0; i++) {
    const at = int(r, state.length);
    const run = Math.min(state.length - at, r() < 0.5 ? 1 : 1 + int(r, 200));
    state.set(randomBytes(r, run), at);
  }
  return state;
}

async function killedHistory(r) {
  const disk = new FakeDisk();
  let app = await start(disk, { again: false });
  let kept = new Uint8Array(0);
  const keeps = int(r, 8); // fully kept before the one that is killed
  for (let i = 0; i < keeps; i++) {
    kept = nextState(r, kept);
    keep(app, kept);
    sameBytes(disk.bytes(FILE), kept, `keep ${i}`);
    if (r() < 0.2) {
      app = await start(disk);
      sameBytes(restored(app), kept, `start after keep ${i}`);
    }
  }
  const killed = nextState(r, kept);
  // what that keep does, worked out here: the log (one write), its flush, the pages, the
  // file's truncate when the pages written leave it at another size, its flush, the log emptied
  const pages = pagesToWrite(killed, kept);
  const busy = pages.length > 0 || killed.length !== kept.length;
  const pageBytes = pages.reduce((n, [, bytes]) => n + bytes.length, 0);
  const logLength = pages.length * ENTRY + pageBytes + TRAILER;
  const sizeAfterPages = Math.max(kept.length, ...pages.map(([offset, bytes]) => offset + bytes.length));
  const ops = busy ? 4 + pages.length + (sizeAfterPages !== killed.length ? 1 : 0) : 0;
  const mark = disk.ops.length;
  let dies;
  if (r() < 0.5) {
    // at ops: not killed in this keep (killed right after it); often in the log's write
    const at = r() < 0.3 ? 0 : int(r, ops + 1);
    let seen = 0;
    disk.crashAt(() => seen++ === at, int(r, PAGE + 200));
    dies = at < ops;
  } else {
    const bytes = int(r, logLength + pageBytes + 1);
    disk.crashAfterBytes(bytes);
    dies = busy; // the flush after the last byte allowed is never done
  }
  let threw = null;
  try {
    keep(app, killed);
  } catch (error) {
    threw = error;
  }
  if (threw && threw.name !== "Crash") {
    throw threw;
  }
  assert.equal(Boolean(threw), dies, "the keep did the operations worked out for it");
  const logged = disk.ops.slice(mark).find((op) => op.file === `${NAME}.redo` && op.kind === "write");
  const logComplete = !busy || (logged !== undefined && logged.applied === logged.length);
  const expected = logComplete ? killed : kept;

  if (r() < 0.25) {
    // killed again, while the next start replays
    const root = disk.restart();
    const at = int(r, 8);
    let seen = 0;
    disk.crashAt(() => seen++ === at, int(r, PAGE));
    await openSaves(new FakeFS(), DATA, { root, lockWaitMs: WAIT });
  }
  const last = await start(disk);
  assert.equal(last.api.problem, "");
  sameBytes(restored(last), expected, logComplete ? "the killed keep's state" : "the last kept state");
  sameBytes(disk.bytes(FILE), expected, "the file on the disk");
  assert.equal(disk.bytes(LOG).length, 0, "the log is emptied");
  return { dies, logComplete };
}

test("200 random histories killed in a random keep restore the last kept state or the killed keep's", async () => {
  const seen = { killed: 0, logComplete: 0, before: 0 };
  for (let trial = 0; trial < 200; trial++) {
    const seed = 20240 + trial;
    try {
      const { dies, logComplete } = await killedHistory(rng(seed));
      seen.killed += dies ? 1 : 0;
      seen[logComplete ? "logComplete" : "before"] += 1;
    } catch (error) {
      error.message = `history seed ${seed}: ${error.message}`;
      throw error;
    }
  }
  // the histories reach both outcomes often enough to mean something
  assert.ok(seen.killed > 120, JSON.stringify(seen));
  assert.ok(seen.before > 40 && seen.logComplete > 40, JSON.stringify(seen));
});

// The same with the storage refusing an operation now and then (full, or gone for a moment),
// Python keeping again afterwards: a keep that failed is a state a start may have (its log was
// complete) or not (it was not), and the keeps after it start from there.
async function failingHistory(r) {
  const disk = new FakeDisk();
  let app = await start(disk, { again: false });
  let logical = new Uint8Array(0); // what a start would have now
  let failures = 0;
  const logWrite = (mark) => disk.ops.slice(mark).find((op) => op.file === `${NAME}.redo` && op.kind === "write");
  for (let i = 0, keeps = 1 + int(r, 8); i < keeps; i++) {
    const state = nextState(r, logical);
    if (r() < 0.4) {
      const at = int(r, 14);
      let seen = 0;
      const error = r() < 0.5 ? new DOMException("full", "QuotaExceededError")
        : new DOMException("gone", "InvalidStateError");
      disk.refuse = () => (seen++ === at ? error : null);
      const mark = disk.ops.length;
      try {
        keep(app, state);
        logical = state;
      } catch (thrown) {
        assert.equal(thrown, error);
        assert.equal(app.api.problem, thrown.name === "QuotaExceededError" ? PROBLEMS.full : PROBLEMS.failed);
        failures += 1;
        if (logWrite(mark)) {
          logical = state; // its log is complete: a start replays it
        }
      }
      disk.refuse = null;
    } else {
      keep(app, state);
      logical = state;
      sameBytes(disk.bytes(FILE), logical, `keep ${i}`);
    }
    if (r() < 0.15) {
      app = await start(disk);
      sameBytes(restored(app), logical, `start after keep ${i}`);
    }
  }
  const killed = nextState(r, logical);
  const mark = disk.ops.length;
  if (r() < 0.5) {
    const at = r() < 0.3 ? 0 : int(r, 20);
    let seen = 0;
    disk.crashAt(() => seen++ === at, int(r, PAGE + 200));
  } else {
    disk.crashAfterBytes(int(r, 2 * killed.length + 2 * PAGE));
  }
  let threw = false;
  try {
    keep(app, killed);
  } catch (error) {
    assert.equal(error.name, "Crash");
    threw = true;
  }
  const logged = logWrite(mark);
  const expected = !threw || (logged && logged.applied === logged.length) ? killed : logical;
  const last = await start(disk);
  assert.equal(last.api.problem, "");
  sameBytes(restored(last), expected, expected === killed ? "the killed keep's state" : "the state before it");
  assert.equal(disk.bytes(LOG).length, 0, "the log is emptied");
  return failures;
}

test("200 random histories with refused writes along the way, then killed, restore one of their states", async () => {
  let failures = 0;
  for (let trial = 0; trial < 200; trial++) {
    const seed = 40480 + trial;
    try {
      failures += await failingHistory(rng(seed));
    } catch (error) {
      error.message = `history seed ${seed}: ${error.message}`;
      throw error;
    }
  }
  assert.ok(failures > 100, `only ${failures} keeps failed`);
});
