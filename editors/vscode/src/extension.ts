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

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const command = vscode.workspace.getConfiguration("carcspec").get<string>("path") || "carcspec";
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
  };
  client = new LanguageClient("carcspec", "carcspec", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.commands.registerCommand("carcspec.restartServer", async () => {
      await client?.restart();
    }),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
