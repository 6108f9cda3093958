// An in-memory stand-in for what tools/phone/storage.js touches in the browser: the origin's
// private file system (directory handles, file handles, synchronous access handles) and
// Pyodide's Emscripten file system. No npm packages: plain Node.js.
//
// FakeDisk holds the bytes of every file. It can be told to
//   - refuse a write for want of space (`quota`: the bytes all its files may hold together),
//     or any operation with any error (`refuse`);
//   - hold a file as another worker would (`hold`: createSyncAccessHandle throws
//     NoModificationAllowedError, for a number of tries or for ever); a file with an open
//     sync handle is held too, as in a browser;
//   - crash, as a browser killed mid-keep: after `crashAfterBytes(n)` bytes were written, or at
//     the operation `crashAt(test)` picks (optionally with part of that write applied). From
//     the crash on nothing more reaches the disk and every operation throws Crash;
//     `restart()` is the next start: the bytes stay, the dead worker's handles are gone.
// Every write, truncate and flush is recorded in `ops` ({kind, file, at, length, data}).

export class Crash extends Error {
  constructor() {
    super("the browser was killed here (simulated)");
    this.name = "Crash";
  }
}

function domError(name, message) {
  return new DOMException(message, name);
}

function asBytes(buffer) {
  if (buffer instanceof Uint8Array) {
    return buffer;
  }
  if (ArrayBuffer.isView(buffer)) {
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
  return new Uint8Array(buffer);
}

export class FakeDisk {
  constructor() {
    this.files = new Map(); // "card-companion/games.sqlite3" -> Uint8Array
    this.dirs = new Set([""]);
    this.open = new Map(); // path -> the open FakeSyncHandle
    this.held = new Map(); // path -> tries left to refuse (Infinity: held for good)
    this.ops = [];
    this.quota = Infinity;
    this.refuse = null; // (op) => an error to throw instead of doing op, or null
    this.crash = null;
    this.dead = false;
    this.lockTries = 0;
  }

  root() {
    return new FakeDirectoryHandle(this, "");
  }

  // the next start of the app: the files as the crash (if any) left them, no handle open
  restart() {
    for (const handle of this.open.values()) {
      handle.closed = true;
    }
    this.open.clear();
    this.crash = null;
    this.dead = false;
    this.refuse = null;
    this.quota = Infinity;
    return this.root();
  }

  hold(path, tries = Infinity) {
    this.held.set(path, tries);
  }

  release(path) {
    this.held.delete(path);
  }

  crashAfterBytes(bytes) {
    this.crash = { bytes };
  }

  // die at the first operation ({kind, file, at, length}) `test` accepts, before it is done;
  // a write it dies at has its first `partial` bytes on the disk
  crashAt(test, partial = 0) {
    this.crash = { test, partial };
  }

  bytes(path) {
    return this.files.get(path);
  }

  used() {
    let total = 0;
    for (const data of this.files.values()) {
      total += data.length;
    }
    return total;
  }

  opsOn(name) {
    return this.ops.filter((op) => op.file === name);
  }

  // one write, truncate or flush of `handle`: the crash and the refusals are decided here;
  // answers how many of `length` bytes to apply
  step(handle, kind, at, length, data) {
    if (this.dead) {
      throw new Crash();
    }
    if (handle.closed) {
      throw domError("InvalidStateError", "the access handle is closed");
    }
    const op = { kind, file: handle.name, path: handle.path, at, length };
    if (this.refuse) {
      const error = this.refuse(op);
      if (error) {
        throw error;
      }
    }
    if (kind === "write" || kind === "truncate") {
      const size = this.files.get(handle.path).length;
      const grows = Math.max(0, (kind === "write" ? at + length : length) - size);
      if (this.used() + grows > this.quota) {
        throw domError("QuotaExceededError", "the fake disk is full");
      }
    }
    let apply = length;
    if (this.crash && this.crash.test && this.crash.test(op)) {
      apply = kind === "write" ? Math.min(this.crash.partial, length) : 0;
      this.dead = true;
    } else if (this.crash && this.crash.bytes !== undefined) {
      if (kind === "write" && length > this.crash.bytes) {
        apply = this.crash.bytes;
        this.dead = true;
      } else if (kind === "write") {
        this.crash.bytes -= length;
      } else if (this.crash.bytes === 0) {
        this.dead = true; // every byte allowed is written: the next operation is not done
        apply = 0;
      }
    }
    if (this.dead && kind !== "write") {
      throw new Crash();
    }
    this.ops.push({ ...op, applied: apply, data: data ? data.slice(0, apply) : undefined });
    return apply;
  }
}

class FakeDirectoryHandle {
  constructor(disk, path) {
    this.disk = disk;
    this.path = path;
    this.kind = "directory";
    this.name = path.split("/").pop();
  }

  child(name) {
    return this.path ? `${this.path}/${name}` : name;
  }

  async getDirectoryHandle(name, { create = false } = {}) {
    const path = this.child(name);
    if (this.disk.files.has(path)) {
      throw domError("TypeMismatchError", `${path} is a file`);
    }
    if (!this.disk.dirs.has(path)) {
      if (!create) {
        throw domError("NotFoundError", `no folder ${path}`);
      }
      this.disk.dirs.add(path);
    }
    return new FakeDirectoryHandle(this.disk, path);
  }

  async getFileHandle(name, { create = false } = {}) {
    const path = this.child(name);
    if (this.disk.dirs.has(path)) {
      throw domError("TypeMismatchError", `${path} is a folder`);
    }
    if (!this.disk.files.has(path)) {
      if (!create) {
        throw domError("NotFoundError", `no file ${path}`);
      }
      this.disk.files.set(path, new Uint8Array(0));
    }
    return new FakeFileHandle(this.disk, path);
  }

  async *entries() {
    const prefix = this.path ? `${this.path}/` : "";
    const children = [];
    for (const path of this.disk.files.keys()) {
      if (path.startsWith(prefix) && !path.slice(prefix.length).includes("/")) {
        children.push([path.slice(prefix.length), new FakeFileHandle(this.disk, path)]);
      }
    }
    for (const path of this.disk.dirs) {
      if (path && path.startsWith(prefix) && !path.slice(prefix.length).includes("/")) {
        children.push([path.slice(prefix.length), new FakeDirectoryHandle(this.disk, path)]);
      }
    }
    for (const child of children) {
      yield child;
    }
  }
}

class FakeFileHandle {
  constructor(disk, path) {
    this.disk = disk;
    this.path = path;
    this.kind = "file";
    this.name = path.split("/").pop();
  }

  async createSyncAccessHandle() {
    const disk = this.disk;
    disk.lockTries += 1;
    if (disk.dead) {
      throw new Crash();
    }
    const tries = disk.held.get(this.path);
    if (tries !== undefined) {
      if (tries <= 1) {
        disk.held.delete(this.path);
      } else {
        disk.held.set(this.path, tries - 1);
      }
      throw domError("NoModificationAllowedError", `${this.path} is held by another worker`);
    }
    if (disk.open.has(this.path)) {
      throw domError("NoModificationAllowedError", `${this.path} has an open access handle`);
    }
    const handle = new FakeSyncHandle(disk, this.path);
    disk.open.set(this.path, handle);
    return handle;
  }
}

class FakeSyncHandle {
  constructor(disk, path) {
    this.disk = disk;
    this.path = path;
    this.name = path.split("/").pop();
    this.closed = false;
    this.cursor = 0;
  }

  data() {
    if (this.closed) {
      throw domError("InvalidStateError", "the access handle is closed");
    }
    return this.disk.files.get(this.path);
  }

  getSize() {
    if (this.disk.dead) {
      throw new Crash();
    }
    return this.data().length;
  }

  read(buffer, { at = this.cursor } = {}) {
    if (this.disk.dead) {
      throw new Crash();
    }
    const data = this.data();
    const into = asBytes(buffer);
    const got = Math.max(0, Math.min(into.length, data.length - at));
    into.set(data.subarray(at, at + got));
    this.cursor = at + got;
    return got;
  }

  write(buffer, { at = this.cursor } = {}) {
    const from = asBytes(buffer);
    const apply = this.disk.step(this, "write", at, from.length, from);
    const data = this.data();
    if (apply > 0) {
      const grown = at + apply > data.length ? new Uint8Array(at + apply) : data;
      if (grown !== data) {
        grown.set(data);
      }
      grown.set(from.subarray(0, apply), at);
      this.disk.files.set(this.path, grown);
    }
    if (this.disk.dead) {
      throw new Crash();
    }
    this.cursor = at + apply;
    return apply;
  }

  truncate(size) {
    this.disk.step(this, "truncate", 0, size);
    const data = this.data();
    const cut = new Uint8Array(size);
    cut.set(data.subarray(0, Math.min(size, data.length)));
    this.disk.files.set(this.path, cut);
    this.cursor = Math.min(this.cursor, size);
  }

  flush() {
    this.disk.step(this, "flush", 0, 0);
  }

  close() {
    if (!this.closed) {
      this.closed = true;
      if (this.disk.open.get(this.path) === this) {
        this.disk.open.delete(this.path);
      }
    }
  }
}

// Pyodide's Emscripten file system, as far as storage.js uses it
export class FakeFS {
  constructor() {
    this.files = new Map();
    this.dirs = new Set(["/"]);
  }

  mkdirTree(path) {
    let at = "";
    for (const part of path.split("/").filter(Boolean)) {
      at += `/${part}`;
      this.dirs.add(at);
    }
  }

  readFile(path) {
    const data = this.files.get(path);
    if (!data) {
      const error = new Error(`FS error: no file ${path}`);
      error.name = "ErrnoError";
      throw error;
    }
    return data.slice(); // a fresh copy, as Emscripten's
  }

  writeFile(path, data) {
    const folder = path.slice(0, path.lastIndexOf("/")) || "/";
    if (!this.dirs.has(folder)) {
      const error = new Error(`FS error: no folder ${folder}`);
      error.name = "ErrnoError";
      throw error;
    }
    this.files.set(path, Uint8Array.from(data));
  }
}
