// The carcspec extension: languages and grammars for `.tiles` and `.game` files (declared in
// package.json), and a client that starts `carcspec lsp` for diagnostics, hover, go to
// definition, references, completion, formatting, symbols and quick fixes.

import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { findServer } from "./server";

let client: LanguageClient | undefined;

async function start(): Promise<void> {
  // Read at every start, so that "Restart the language server" takes a changed setting.
  const setting = vscode.workspace.getConfiguration("carcspec").get<string>("path");
  const command = findServer(setting);
  if (!command) {
    const wanted = (setting ?? "").trim() || "carcspec";
    const choice = await vscode.window.showErrorMessage(
      `carcspec: the language server \`${wanted}\` was not found (looked on PATH and in ~/.cargo/bin). ` +
        "Install it with `cargo install --path .` in a clone of carcspec, or set `carcspec.path` to the executable.",
      "Open Settings",
    );
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "carcspec.path");
    }
    return;
  }
  const serverOptions: ServerOptions = {
    command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "carcspec-tiles" },
      { scheme: "file", language: "carcspec-game" },
      { scheme: "file", language: "jcz" },
      { scheme: "untitled", language: "carcspec-tiles" },
      { scheme: "untitled", language: "carcspec-game" },
    ],
    // The server's settings (hoverPictures, debounceMs, maxDiagnostics) are sent at the start
    // and whenever they change (workspace/didChangeConfiguration).
    synchronize: { configurationSection: "carcspec" },
  };
  client = new LanguageClient("carcspec", "carcspec", serverOptions, clientOptions);
  await client.start();
}

async function restart(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
  await start();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("carcspec.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("carcspec.path")) {
        await restart();
      }
    }),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
