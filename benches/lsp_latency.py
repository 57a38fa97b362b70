#!/usr/bin/env python3
"""How fast `carcspec lsp` answers an editor on a long game: a client script, not a test.

Plays one game of about 2,000 turns (`carcspec simulate --tiles carcassonne-base:x28`), opens
it in the server as an editor does and measures, from the client's side (time from writing a
message to reading its answer):

- diagnostics after an edit at the end of the game (the debounce of 150 ms included);
- hover, completion (`place at ` on a new last turn, the line changed before each request as
  when typing), inlay hints (the whole file, and the last 60 lines as an editor asks for the
  lines on screen), a whole-file code action with `only: ["quickfix"]` and all the
  diagnostics, document symbols (of the same version again, and of a new version after each
  edit), the code lens;
- a hover sent right behind a whole-file code action without `only`, behind document symbols
  and behind the code lens (how long a request waits behind another).

Usage: benches/lsp_latency.py [path/to/carcspec] [--repeat N]
(default: target/release/carcspec; build it with `cargo build --release`). Prints the median
and the slowest of N runs (default 10) of each, in milliseconds, the size of each answer
and, for the requests measured on their own, how long this script took to parse the answer
and the figures less that (the server's part: writing the request, answering, the pipe). The
parse is part of the figure, as an editor's own parse is part of its wait, but Python's is
slow (some 25 MB/s on a loaded machine), so for the large answers it is a good part of it.
"""

import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


class Client:
    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.next_id = 0
        self.pending = []
        # How long this script took to parse the last message it read (part of each figure,
        # as an editor's own parse is part of its wait).
        self.last_parse = 0.0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("the server ended")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        body = self.process.stdout.read(length)
        start = time.perf_counter()
        message = json.loads(body)
        self.last_parse = time.perf_counter() - start
        return message, len(body)

    def request(self, method, params):
        """Sends a request; returns (result, seconds until its answer, answer size in bytes)."""
        self.next_id += 1
        wanted = self.next_id
        start = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params})
        return self.wait_answer(wanted, start)

    def wait_answer(self, wanted, start):
        for at, message in enumerate(self.pending):
            if message.get("id") == wanted and "method" not in message:
                del self.pending[at]
                return message.get("result"), time.perf_counter() - start, 0
        while True:
            message, size = self.read()
            if message.get("id") == wanted and "method" not in message:
                return message.get("result"), time.perf_counter() - start, size
            self.pending.append(message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        for at, message in enumerate(self.pending):
            if self.is_diagnostics(message, uri, version):
                del self.pending[at]
                return message["params"]["diagnostics"]
        while True:
            message, _ = self.read()
            if self.is_diagnostics(message, uri, version):
                return message["params"]["diagnostics"]
            self.pending.append(message)

    @staticmethod
    def is_diagnostics(message, uri, version):
        return (
            message.get("method") == "textDocument/publishDiagnostics"
            and message["params"]["uri"] == uri
            and message["params"].get("version") == version
        )


def report(name, runs, sizes, target_ms, parses=None):
    median = statistics.median(runs) * 1000
    slowest = max(runs) * 1000
    if target_ms is None:
        target = "no target"
    else:
        target = f"target {target_ms} ms: " + ("met" if slowest <= target_ms else "MISSED")
    parsed = ""
    if parses:
        # The server's part: the figure less this script's parse of the answer.
        served = [run - parse for run, parse in zip(runs, parses)]
        parsed = (
            f"   parsing it here: median {statistics.median(parses) * 1000:.1f} ms; "
            f"less that: median {statistics.median(served) * 1000:.1f} ms, "
            f"slowest {max(served) * 1000:.1f} ms"
        )
    print(
        f"{name:<46} median {median:8.1f} ms   slowest {slowest:8.1f} ms   "
        f"answer {max(sizes):>9,} B   {target}{parsed}"
    )


def main():
    # Python's garbage collector ran now and then in the middle of parsing a large answer (tens
    # of thousands of objects), adding up to 50 ms to one figure: a pause of this script, not
    # of the server. The script is short; its garbage waits for the end.
    gc.disable()
    args = sys.argv[1:]
    repeat = 10
    if "--repeat" in args:
        at = args.index("--repeat")
        repeat = int(args[at + 1])
        del args[at : at + 2]
    binary = os.path.abspath(args[0] if args else "target/release/carcspec")
    folder = tempfile.mkdtemp(prefix="carcspec-lsp-latency-")
    subprocess.run(
        [binary, "simulate", "--tiles", "carcassonne-base:x28", "--games", "1", "--seed", "1",
         "--out", folder],
        check=True, stdout=subprocess.DEVNULL,
    )
    path = os.path.join(folder, "game-00001.game")
    with open(path) as file:
        text = file.read()
    lines = text.split("\n")
    turns = sum(1 for line in lines if line.startswith("turn "))
    uri = "file://" + path
    print(f"{path}: {turns} turns, {len(lines)} lines, {len(text):,} bytes")

    client = Client(binary)
    client.request("initialize", {"processId": None, "capabilities": {}})
    client.notify("initialized", {})
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "carcspec-game", "version": 1, "text": text}})
    client.diagnostics(uri, 1)
    print(f"{'first diagnostics after opening':<46} {1000 * (time.perf_counter() - start):8.1f} ms")

    # Edits at the end: a comment line typed there, one version per run.
    version = 1
    runs = []
    for _ in range(repeat):
        version += 1
        end = len(lines) - 1
        start = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": end, "character": 0},
                                          "end": {"line": end, "character": 0}},
                                "text": f"# edit {version}\n"}]})
        client.diagnostics(uri, version)
        runs.append(time.perf_counter() - start)
        lines.insert(end, f"# edit {version}")
    report("diagnostics after an edit (debounce included)", runs, [0], 200)
    text = "\n".join(lines)

    last_draw = max(i for i, line in enumerate(lines) if line.startswith("draw "))
    doc = {"uri": uri}

    def measure(name, method, params, target_ms=50):
        runs, sizes, parses = [], [], []
        for _ in range(repeat):
            _, seconds, size = client.request(method, params)
            runs.append(seconds)
            sizes.append(size)
            parses.append(client.last_parse)
        report(name, runs, sizes, target_ms, parses)

    measure("hover on the last drawn tile", "textDocument/hover",
            {"textDocument": doc, "position": {"line": last_draw, "character": 6}})
    # Completion of a placement: the tile in hand after the last draw.
    version += 1
    typed = lines[: last_draw + 1] + ["place at "]
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"text": "\n".join(typed) + "\n"}]})
    # Typing on that line: each keystroke a new version of the line, then a completion (the
    # text above the line is the same each time).
    runs, sizes = [], []
    for n in range(repeat):
        version += 1
        typed_line = "place at " + " " * (n % 2)
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": last_draw + 1, "character": 0},
                                          "end": {"line": last_draw + 1, "character": 99}},
                                "text": typed_line}]})
        _, seconds, size = client.request("textDocument/completion", {
            "textDocument": doc, "position": {"line": last_draw + 1, "character": len(typed_line)}})
        runs.append(seconds)
        sizes.append(size)
    report("completion after `place at `, a keystroke each", runs, sizes, 50)
    version += 1
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
    all_diagnostics = client.diagnostics(uri, version)
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}}
    measure("inlay hints, whole file", "textDocument/inlayHint",
            {"textDocument": doc, "range": whole})
    # What an editor asks for: the lines on screen, here the last 60.
    visible = {"start": {"line": len(lines) - 60, "character": 0},
               "end": {"line": len(lines), "character": 0}}
    measure("inlay hints, the last 60 lines", "textDocument/inlayHint",
            {"textDocument": doc, "range": visible})
    measure("code action, whole file, only quickfix", "textDocument/codeAction",
            {"textDocument": doc, "range": whole,
             "context": {"diagnostics": all_diagnostics, "only": ["quickfix"]}})
    measure("document symbols, the same version again", "textDocument/documentSymbol",
            {"textDocument": doc})
    # The outline of a new version: an edit (a comment typed at the end) before each request,
    # as an editor asks for it after each change; the last one is taken back afterwards.
    runs, sizes, parses = [], [], []
    for n in range(repeat):
        version += 1
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": len(lines), "character": 0},
                                          "end": {"line": len(lines), "character": 99}},
                                "text": f"# outline {n}"}]})
        _, seconds, size = client.request("textDocument/documentSymbol", {"textDocument": doc})
        runs.append(seconds)
        sizes.append(size)
        parses.append(client.last_parse)
    report("document symbols after an edit", runs, sizes, 50, parses)
    version += 1
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
    client.diagnostics(uri, version)
    measure("code lens, whole file", "textDocument/codeLens", {"textDocument": doc}, None)

    # A hover right behind each long request: how long a request waits behind another.
    behind = [
        ("a whole-file code action", "textDocument/codeAction",
         {"textDocument": doc, "range": whole, "context": {"diagnostics": all_diagnostics}}),
        ("document symbols", "textDocument/documentSymbol", {"textDocument": doc}),
        ("the code lens", "textDocument/codeLens", {"textDocument": doc}),
    ]
    for name, method, params in behind:
        runs = []
        for _ in range(repeat):
            client.next_id += 1
            slow = client.next_id
            client.send({"jsonrpc": "2.0", "id": slow, "method": method, "params": params})
            _, seconds, _ = client.request(
                "textDocument/hover",
                {"textDocument": doc, "position": {"line": last_draw, "character": 6}})
            runs.append(seconds)
            client.wait_answer(slow, time.perf_counter())
        report(f"hover behind {name}", runs, [0], 100)

    client.request("shutdown", None)
    client.notify("exit", None)
    client.process.wait(timeout=10)


if __name__ == "__main__":
    main()
