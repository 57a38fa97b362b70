// Checks where the extension looks for the language server (`src/server.ts`, compiled to
// `out/server.js` by `npm run compile`): a full path is taken as it is, a name is looked up on
// PATH and then in cargo's install folder, and nothing is invented when neither has it.

const fs = require("fs");
const os = require("os");
const path = require("path");
const assert = require("assert");
const { findServer } = require("../out/server.js");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "carcspec-vscode-"));
const folder = (...parts) => {
  const dir = path.join(root, ...parts);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
const program = (dir, name, mode = 0o755) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, "#!/bin/sh\n");
  fs.chmodSync(file, mode);
  return file;
};

try {
  const onPath = folder("on-path");
  const home = folder("home");
  const cargoBin = folder("home", ".cargo", "bin");
  const inCargo = program(cargoBin, "carcspec");
  const env = (extra) => ({ HOME: home, PATH: "", ...extra });

  // A name: PATH first, then ~/.cargo/bin (or $CARGO_HOME/bin).
  assert.strictEqual(findServer(undefined, env({})), inCargo, "found in ~/.cargo/bin");
  const first = program(onPath, "carcspec");
  assert.strictEqual(findServer("carcspec", env({ PATH: onPath })), first, "PATH comes first");
  assert.strictEqual(findServer("", env({ PATH: onPath })), first, "an empty setting means carcspec");
  const otherCargo = folder("cargo-home", "bin");
  const inOtherCargo = program(otherCargo, "carcspec");
  assert.strictEqual(findServer("carcspec", env({ CARGO_HOME: path.dirname(otherCargo) })), inOtherCargo);
  assert.strictEqual(findServer("carcspec-nightly", env({ PATH: onPath })), undefined, "no such name");

  // A file that is not executable, or a folder of that name, is not a server.
  const plain = folder("plain");
  program(plain, "carcspec", 0o644);
  folder("dir", "carcspec");
  assert.strictEqual(findServer("carcspec", { HOME: folder("empty"), PATH: plain }), undefined);
  assert.strictEqual(findServer("carcspec", { HOME: folder("empty"), PATH: path.join(root, "dir") }), undefined);

  // A path: taken as it is (with ~ for the home folder), never looked up elsewhere.
  assert.strictEqual(findServer(first, env({})), first);
  assert.strictEqual(findServer("~/.cargo/bin/carcspec", env({})), path.join(home, ".cargo/bin/carcspec"));
  assert.strictEqual(findServer(path.join(root, "missing", "carcspec"), env({ PATH: onPath })), undefined);
  assert.strictEqual(findServer(path.join(plain, "carcspec"), env({})), undefined, "not executable");
  console.log("server lookup: ok");
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
