// Tokenizes sample files (`test/fixtures/`) with the extension's TextMate grammars (as VS Code
// does, through vscode-textmate and the Oniguruma regex engine) and checks the scopes of a few
// words, so that a grammar that does not load or misreads the languages fails `npm test`. The
// samples live beside the test, so it runs wherever the extension's folder is copied.

const fs = require("fs");
const path = require("path");
const assert = require("assert");
const oniguruma = require("vscode-oniguruma");
const textmate = require("vscode-textmate");

const fixture = (name) => fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8");
const grammars = {
  "source.carcspec-tiles": "syntaxes/carcspec-tiles.tmLanguage.json",
  "source.carcspec-game": "syntaxes/carcspec-game.tmLanguage.json",
};

async function main() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => {
      const file = grammars[scope];
      if (!file) return null;
      const text = fs.readFileSync(path.join(__dirname, "..", file), "utf8");
      return textmate.parseRawGrammar(text, file);
    },
  });

  // The scopes of every token of `text`, as [text, innermost scope] pairs.
  async function tokens(scope, text) {
    const grammar = await registry.loadGrammar(scope);
    assert.ok(grammar, `grammar ${scope} loads`);
    let state = textmate.INITIAL;
    const out = [];
    for (const line of text.split("\n")) {
      const result = grammar.tokenizeLine(line, state);
      for (const token of result.tokens) {
        out.push([line.slice(token.startIndex, token.endIndex), token.scopes[token.scopes.length - 1]]);
      }
      state = result.ruleStack;
    }
    return out;
  }
  const scopeOf = (list, word) => {
    const found = list.find(([text]) => text.trim() === word);
    assert.ok(found, `token ${word}`);
    return found[1];
  };

  const game = await tokens(
    "source.carcspec-game",
    fixture("sample.game"),
  );
  assert.match(scopeOf(game, "turn"), /keyword\.control/);
  assert.match(scopeOf(game, "BA/CFc+"), /entity\.name\.type\.tile/);
  assert.match(scopeOf(game, "r270"), /rotation/);
  assert.match(scopeOf(game, "knight"), /figure/);
  assert.match(scopeOf(game, "supply"), /keyword/);
  assert.match(scopeOf(game, "stands"), /keyword/);
  assert.match(scopeOf(game, "# A game in carcspec's game language, for the grammar test: a comment line, the header, a"), /comment/);

  const local = await tokens("source.carcspec-game", "players a b\ntile A {\n  city c: N E\n}\nturn a\ndeploy knight on NL\n");
  assert.match(scopeOf(local, "city"), /storage\.type\.feature/);
  assert.match(scopeOf(local, "NL"), /anchor/);

  const tiles = await tokens(
    "source.carcspec-tiles",
    fixture("sample.tiles"),
  );
  assert.match(scopeOf(tiles, "BA/RCr"), /entity\.name\.type\.tile/);
  assert.match(scopeOf(tiles, "monastery"), /storage\.type\.feature/);
  assert.match(scopeOf(tiles, "touches"), /attribute-name/);
  assert.match(scopeOf(tiles, "ruleset"), /header/);
  console.log("grammars: ok");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
