// Where the language server's executable is: kept apart from the extension so that it runs
// (and is tested, `test/server.js`) under plain Node.js, without VS Code.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";

// The executable to start: the `carcspec.path` setting when it names a path, else the name
// (default `carcspec`) looked up on PATH and then in cargo's install folder, because
// `cargo install` puts it in `~/.cargo/bin`, which an editor started from a desktop menu often
// does not have on its PATH. `undefined` when nothing executable is found.
export function findServer(setting: string | undefined, env = process.env): string | undefined {
  const wanted = (setting ?? "").trim() || "carcspec";
  const home = env.HOME || env.USERPROFILE || os.homedir();
  const executable = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const suffixes = process.platform === "win32" ? ["", ".exe", ".cmd"] : [""];
  const candidates = (file: string) => suffixes.map((suffix) => file + suffix);
  if (wanted.includes("/") || wanted.includes(path.sep)) {
    const resolved = wanted.startsWith("~") ? path.join(home, wanted.slice(1)) : wanted;
    return candidates(resolved).find(executable);
  }
  const folders = (env.PATH ?? "").split(path.delimiter).filter((folder) => folder !== "");
  const cargoHome = env.CARGO_HOME || path.join(home, ".cargo");
  folders.push(path.join(cargoHome, "bin"));
  for (const folder of folders) {
    const found = candidates(path.join(folder, wanted)).find(executable);
    if (found) {
      return found;
    }
  }
  return undefined;
}
