//! carcspec without a Rust toolchain: the binary wheel (`pyproject.toml`), the GitHub Action
//! that installs it (`action.yml`), the workflows the documentation shows, the release
//! workflow, and the pre-commit hooks that install the wheel (docs/ci.md).
//!
//! The workflows and hooks are read as YAML and checked without the wheel. The tests of the
//! wheel itself need one built from this tree: `.ci/run` builds it (`maturin build`, a release
//! build) into `target/wheels` and names that folder in `CARCSPEC_WHEEL_DIR`; without it they
//! print why they did not run and pass. They install it as a user would, into a fresh virtual
//! environment from a folder outside the checkout, with pip told to use no index (so no
//! network) and no cargo on `PATH`.

mod common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::json;
use serde_yaml::Value;

use common::{stderr, stdout};

/// The folders a command may find programs in where cargo must not be one of them.
const SYSTEM_PATH: &str = "/usr/bin:/bin";

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn text(output: &Output) -> String {
    format!("{}{}", stdout(output), stderr(output))
}

/// The package's version, as Cargo.toml states it (and the wheel takes it).
fn cargo_version() -> String {
    let manifest = read("Cargo.toml");
    let package = manifest.split("\n[").next().unwrap();
    package
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("Cargo.toml's [package] has a version")
        .to_string()
}

/// The fenced blocks of `language` in a Markdown file, in order.
fn fenced_blocks(markdown: &str, language: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line.trim_start() == format!("```{language}") => current = Some(String::new()),
            Some(block) if line.trim_start() == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

fn yaml(text: &str, source: &str) -> Value {
    serde_yaml::from_str(text).unwrap_or_else(|error| panic!("{source}: not YAML: {error}"))
}

/// The value at `key` of a mapping.
fn get<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    value.as_mapping()?.get(Value::from(key))
}

fn string_at<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    get(value, key)?.as_str()
}

/// The GitHub workflows among the YAML blocks of the documentation: the blocks with `jobs`.
fn documented_workflows() -> Vec<(String, Value)> {
    let mut workflows = Vec::new();
    for doc in ["docs/ci.md", "docs/simulation.md"] {
        for (index, block) in fenced_blocks(&read(doc), "yaml").iter().enumerate() {
            let source = format!("{doc}, YAML block {}", index + 1);
            let value = yaml(block, &source);
            if get(&value, "jobs").is_some() {
                workflows.push((source, value));
            }
        }
    }
    workflows
}

/// A GitHub workflow's structure: triggers, and jobs of steps that each use an action or run
/// a script. Returns the jobs by name.
fn check_workflow<'a>(source: &str, workflow: &'a Value) -> BTreeMap<String, &'a Value> {
    assert!(
        get(workflow, "on").is_some(),
        "{source}: a workflow without `on:` never runs"
    );
    let jobs = get(workflow, "jobs")
        .and_then(Value::as_mapping)
        .unwrap_or_else(|| panic!("{source}: `jobs` is not a mapping"));
    assert!(!jobs.is_empty(), "{source}: no jobs");
    let mut by_name = BTreeMap::new();
    for (name, job) in jobs {
        let name = name.as_str().expect("a job's name is a string").to_string();
        assert!(
            get(job, "runs-on").is_some(),
            "{source}: job {name} has no `runs-on`"
        );
        let steps = get(job, "steps")
            .and_then(Value::as_sequence)
            .unwrap_or_else(|| panic!("{source}: job {name} has no steps"));
        assert!(!steps.is_empty(), "{source}: job {name} has no steps");
        for step in steps {
            let uses = get(step, "uses").is_some();
            let run = string_at(step, "run").is_some();
            assert!(
                uses != run,
                "{source}: a step of {name} must either use an action or run a script: {step:?}"
            );
        }
        if let Some(needs) = get(job, "needs") {
            let needed: Vec<&str> = match needs {
                Value::String(one) => vec![one.as_str()],
                other => other
                    .as_sequence()
                    .expect("`needs` is a name or a list")
                    .iter()
                    .map(|n| n.as_str().expect("a job name"))
                    .collect(),
            };
            for needed in needed {
                assert!(
                    jobs.contains_key(Value::from(needed)),
                    "{source}: job {name} needs {needed}, which is not a job"
                );
            }
        }
        by_name.insert(name, job);
    }
    by_name
}

fn steps(job: &Value) -> &Vec<Value> {
    get(job, "steps").and_then(Value::as_sequence).unwrap()
}

#[test]
fn the_wheel_is_the_binary_and_takes_cargo_toml_s_version() {
    let pyproject = read("pyproject.toml");
    let lines: Vec<&str> = pyproject.lines().map(str::trim).collect();
    for line in [
        "build-backend = \"maturin\"",
        "name = \"carcspec\"",
        "bindings = \"bin\"",
    ] {
        assert!(lines.contains(&line), "pyproject.toml lacks `{line}`");
    }
    // The version is Cargo.toml's: pyproject.toml declares it dynamic and states none.
    let dynamic = lines
        .iter()
        .find(|line| line.starts_with("dynamic = "))
        .expect("pyproject.toml's [project] has `dynamic`");
    assert!(dynamic.contains("\"version\""), "{dynamic}");
    assert!(
        !lines.iter().any(|line| line.starts_with("version")),
        "pyproject.toml states a version of its own"
    );
}

/// Every version pinned in the documentation, the action and the hooks' manifest is
/// Cargo.toml's: a release moves them all, and this fails until it does.
#[test]
fn every_pinned_version_is_cargo_toml_s() {
    let version = cargo_version();
    let tag = format!("v{version}");
    // What precedes a pin, and what must follow it: a release tag (`rev:` never a branch) or
    // the version.
    let pins = [
        ("carcspec/carcspec@", &tag),
        ("rev: ", &tag),
        ("--tag ", &tag),
        ("carcspec==", &version),
    ];
    let mut found = 0;
    for file in [
        "README.md",
        "docs/ci.md",
        "docs/simulation.md",
        "docs/editors.md",
        "action.yml",
        ".pre-commit-hooks.yaml",
    ] {
        let content = read(file);
        for (pin, expected) in pins {
            for (at, _) in content.match_indices(pin) {
                let rest = &content[at + pin.len()..];
                // A shell variable, or `X.Y.Z` in prose for any version.
                if rest.starts_with('$') || rest.starts_with("X.Y.Z") || rest.starts_with("vX.Y.Z")
                {
                    continue;
                }
                let pinned: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
                    .collect();
                assert_eq!(&pinned, expected, "{file}: `{pin}{pinned}`");
                found += 1;
            }
        }
    }
    assert!(found >= 8, "only {found} pinned versions found");
}

#[test]
fn the_documented_workflows_are_valid_and_install_carcspec_with_the_action() {
    let action = format!("carcspec/carcspec@v{}", cargo_version());
    let workflows = documented_workflows();
    assert_eq!(
        workflows.len(),
        2,
        "the workflows of docs/ci.md and docs/simulation.md"
    );
    for (source, workflow) in &workflows {
        for (name, job) in check_workflow(source, workflow) {
            let steps = steps(job);
            let runs_carcspec = steps
                .iter()
                .position(|step| string_at(step, "run").is_some_and(|r| r.contains("carcspec ")));
            let installs = steps
                .iter()
                .position(|step| string_at(step, "uses") == Some(action.as_str()));
            if let Some(first_run) = runs_carcspec {
                assert!(
                    installs.is_some_and(|install| install < first_run),
                    "{source}: job {name} runs carcspec without installing it with {action} first"
                );
            }
            for step in steps {
                let script = string_at(step, "run").unwrap_or("");
                assert!(
                    !script.contains("cargo "),
                    "{source}: job {name} builds from source: {script}"
                );
            }
        }
    }
}

/// The action is a composite action whose one step installs the wheel; its script is run
/// against the local wheel in `the_action_installs_the_wheel_and_puts_carcspec_on_path`.
fn action_script() -> String {
    let action = yaml(&read("action.yml"), "action.yml");
    let runs = get(&action, "runs").expect("action.yml has `runs`");
    assert_eq!(string_at(runs, "using"), Some("composite"));
    let steps = get(runs, "steps").and_then(Value::as_sequence).unwrap();
    assert_eq!(steps.len(), 1, "one step: the install");
    assert_eq!(string_at(&steps[0], "shell"), Some("bash"));
    let input = get(&action, "inputs")
        .and_then(|inputs| get(inputs, "version"))
        .expect("an input `version`");
    assert_eq!(
        string_at(input, "default"),
        Some(""),
        "by default the action's own release"
    );
    let script = string_at(&steps[0], "run").unwrap();
    assert!(script.contains("pip install"), "{script}");
    script.to_string()
}

/// docs/ci.md's install step for a workflow without the action.
fn documented_install_step() -> String {
    let step = fenced_blocks(&read("docs/ci.md"), "yaml")
        .into_iter()
        .find(|block| block.contains("carcspec-venv") && !block.contains("jobs:"))
        .expect("docs/ci.md shows the install step without the action");
    let step = yaml(&step, "docs/ci.md, the install step");
    string_at(&step[0], "run").unwrap().to_string()
}

/// The `language: python` hooks of docs/ci.md are the manifest's hooks (entry, files, name),
/// with the wheel pinned at Cargo.toml's version.
#[test]
fn the_python_hooks_of_the_docs_are_the_manifest_s() {
    let manifest = yaml(&read(".pre-commit-hooks.yaml"), ".pre-commit-hooks.yaml");
    let by_id: BTreeMap<&str, &Value> = manifest
        .as_sequence()
        .unwrap()
        .iter()
        .map(|hook| (string_at(hook, "id").unwrap(), hook))
        .collect();
    let config = yaml(&python_hooks_config(), "docs/ci.md, pre-commit");
    let repos = get(&config, "repos").and_then(Value::as_sequence).unwrap();
    assert_eq!(repos.len(), 1);
    assert_eq!(string_at(&repos[0], "repo"), Some("local"));
    let hooks = get(&repos[0], "hooks")
        .and_then(Value::as_sequence)
        .unwrap();
    assert_eq!(
        hooks.len(),
        3,
        "the hooks that check; carcspec-fmt rewrites"
    );
    let pin = format!("carcspec=={}", cargo_version());
    for hook in hooks {
        let id = string_at(hook, "id").unwrap();
        let published = by_id
            .get(id)
            .unwrap_or_else(|| panic!("{id} is not a hook of .pre-commit-hooks.yaml"));
        for key in ["name", "entry", "files"] {
            assert_eq!(
                string_at(hook, key),
                string_at(published, key),
                "{id}: {key}"
            );
        }
        assert_eq!(string_at(hook, "language"), Some("python"), "{id}");
        assert_eq!(string_at(published, "language"), Some("rust"), "{id}");
        let dependencies = get(hook, "additional_dependencies").unwrap();
        assert_eq!(dependencies, &Value::from(vec![pin.as_str()]), "{id}");
    }
}

/// The `.pre-commit-config.yaml` of docs/ci.md with the `language: python` hooks.
fn python_hooks_config() -> String {
    fenced_blocks(&read("docs/ci.md"), "yaml")
        .into_iter()
        .find(|block| block.contains("repo: local"))
        .expect("docs/ci.md shows the pre-commit hooks of the wheel")
}

#[test]
fn the_release_workflow_builds_every_platform_and_publishes_checksums() {
    let source = ".github/workflows/release.yml";
    let workflow = yaml(&read(source), source);
    let jobs = check_workflow(source, &workflow);
    let tags = get(&workflow, "on")
        .and_then(|on| get(on, "push"))
        .and_then(|push| get(push, "tags"));
    assert_eq!(tags, Some(&Value::from(vec!["v*"])), "released on a tag");

    // Every wheel is built by maturin's action with the arguments docs/ci.md shows.
    let arguments = string_at(get(&workflow, "env").unwrap(), "MATURIN_ARGS").unwrap();
    let docs = read("docs/ci.md");
    assert!(
        docs.contains(&format!("maturin build {arguments}\n")),
        "docs/ci.md does not show `maturin build {arguments}`"
    );
    let mut targets = Vec::new();
    for (name, job) in &jobs {
        let Some(build) = steps(job)
            .iter()
            .find(|step| string_at(step, "uses") == Some("PyO3/maturin-action@v1"))
        else {
            continue;
        };
        let with = get(build, "with").unwrap();
        if string_at(with, "command") == Some("sdist") {
            targets.push("sdist".to_string());
            continue;
        }
        assert_eq!(
            string_at(with, "args"),
            Some("${{ env.MATURIN_ARGS }}"),
            "{name}"
        );
        let matrix = get(job, "strategy").and_then(|s| get(s, "matrix"));
        let job_targets: Vec<String> = match matrix {
            None => vec![string_at(with, "target").unwrap().to_string()],
            Some(matrix) => {
                let listed = get(matrix, "target")
                    .and_then(Value::as_sequence)
                    .cloned()
                    .unwrap_or_else(|| {
                        get(matrix, "include")
                            .and_then(Value::as_sequence)
                            .unwrap()
                            .iter()
                            .map(|entry| get(entry, "target").unwrap().clone())
                            .collect()
                    });
                listed
                    .iter()
                    .map(|t| t.as_str().unwrap().to_string())
                    .collect()
            }
        };
        if name == "linux" {
            assert_eq!(string_at(with, "manylinux"), Some("2014"));
        }
        targets.extend(job_targets.iter().map(|target| format!("{name}-{target}")));
    }
    targets.sort();
    assert_eq!(
        targets,
        [
            "linux-aarch64",
            "linux-x86_64",
            "macos-aarch64",
            "macos-x86_64",
            "sdist",
            "windows-x64"
        ]
    );
    let binaries = string_at(&steps(jobs["binaries"])[1], "run").unwrap();
    assert!(binaries.contains("sha256sum"), "{binaries}");
    let publish = steps(jobs["publish"]);
    assert!(
        publish
            .iter()
            .any(|step| string_at(step, "uses") == Some("pypa/gh-action-pypi-publish@release/v1"))
    );
}

/// The workflows, the action and the GitLab job validate against the schemas GitHub's and
/// GitLab's editors use (SchemaStore's, as `check-jsonschema` ships them: no network).
#[test]
fn the_workflows_validate_against_the_schemas_of_github_and_gitlab() {
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ci-venv/bin/check-jsonschema");
    if !tool.is_file() {
        common::skip("`check-jsonschema` is not installed (`.ci/run` installs it from PyPI)");
        return;
    }
    let temp = tempfile::tempdir().unwrap();
    let mut by_schema: BTreeMap<&str, Vec<PathBuf>> = BTreeMap::new();
    let mut add = |schema, name: String, content: String| {
        let file = temp.path().join(name);
        std::fs::write(&file, content).unwrap();
        by_schema.entry(schema).or_default().push(file);
    };
    add(
        "vendor.github-workflows",
        "release.yml".into(),
        read(".github/workflows/release.yml"),
    );
    add(
        "vendor.github-actions",
        "action.yml".into(),
        read("action.yml"),
    );
    for doc in ["docs/ci.md", "docs/simulation.md"] {
        for (index, block) in fenced_blocks(&read(doc), "yaml").into_iter().enumerate() {
            let name = format!("{}-{index}.yml", doc.replace('/', "-"));
            if block.lines().any(|line| line == "jobs:") {
                add("vendor.github-workflows", name, block);
            } else if block.starts_with("carcspec:\n") {
                add("vendor.gitlab-ci", name, block);
            }
        }
    }
    assert_eq!(by_schema["vendor.github-workflows"].len(), 3);
    assert_eq!(by_schema["vendor.gitlab-ci"].len(), 1);
    for (schema, files) in by_schema {
        let output = Command::new(&tool)
            .args(["--builtin-schema", schema])
            .args(&files)
            .output()
            .unwrap();
        assert!(output.status.success(), "{schema}: {}", text(&output));
    }
}

// ---------------------------------------------------------------------------------------------
// The commands of the documented workflows, run on a sample repository.

/// Copies the folder `from` into `to`, recursively.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A repository of a user's games and tile sets, all clean and in the canonical layout:
/// `games/` (rulebook examples), `tiles/` (a shipped set) and the fan expansion where
/// docs/simulation.md's workflow finds it.
fn sample_repository(root: &Path) {
    copy_folder(Path::new("spec/carcassonne"), &root.join("games"));
    std::fs::create_dir_all(root.join("tiles")).unwrap();
    std::fs::copy(
        "tiles/hills-and-sheep.tiles",
        root.join("tiles/hills-and-sheep.tiles"),
    )
    .unwrap();
    copy_folder(
        Path::new("spec/carcassonne/fan-expansion"),
        &root.join("spec/carcassonne/fan-expansion"),
    );
}

/// A `PATH` with the carcspec of this test run first and no cargo.
fn path_with_built_carcspec() -> String {
    let binaries = Path::new(env!("CARGO_BIN_EXE_carcspec")).parent().unwrap();
    format!("{}:{SYSTEM_PATH}", binaries.display())
}

/// Runs a workflow's script as GitHub runs a `run:` step (`bash -e -o pipefail`), with the
/// matrix's shard, in `folder`.
fn run_step(script: &str, shard: u32, folder: &Path, path: &str) -> Output {
    let script = script.replace("${{ matrix.shard }}", &shard.to_string());
    assert!(!script.contains("${{"), "an expression left: {script}");
    Command::new("bash")
        .args([
            "--noprofile",
            "--norc",
            "-e",
            "-o",
            "pipefail",
            "-c",
            &script,
        ])
        .current_dir(folder)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Every `run:` of the documented workflows runs clean on a sample repository with the
/// carcspec of this test run on `PATH` (each shard of a matrix; the simulation with fewer
/// games than the 400,000 the documentation plays). The GitLab job's script too.
#[test]
fn the_documented_workflows_commands_run_clean_on_a_sample_repository() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("repository");
    sample_repository(&root);
    let path = path_with_built_carcspec();
    let mut ran = 0;
    for (source, workflow) in documented_workflows() {
        // The jobs in the order of their `needs`: the merge after the shards.
        for (name, job) in check_workflow(&source, &workflow)
            .into_iter()
            .filter(|(_, job)| get(job, "needs").is_none())
            .chain(
                check_workflow(&source, &workflow)
                    .into_iter()
                    .filter(|(_, job)| get(job, "needs").is_some()),
            )
        {
            let shards: Vec<u32> = get(job, "strategy")
                .and_then(|strategy| get(strategy, "matrix"))
                .and_then(|matrix| get(matrix, "shard"))
                .and_then(Value::as_sequence)
                .map(|shards| shards.iter().map(|s| s.as_u64().unwrap() as u32).collect())
                .unwrap_or_else(|| vec![1]);
            for &shard in &shards {
                for step in steps(job) {
                    let Some(script) = string_at(step, "run") else {
                        continue;
                    };
                    let script = script.replace("--games 400000", "--games 40");
                    let output = run_step(&script, shard, &root, &path);
                    assert!(
                        output.status.success(),
                        "{source}, job {name}, shard {shard}: `{script}`\n{}",
                        text(&output)
                    );
                    ran += 1;
                }
            }
        }
    }
    // The GitLab job: its script with the node index and total of the first runner.
    let gitlab = fenced_blocks(&read("docs/ci.md"), "yaml")
        .into_iter()
        .map(|block| yaml(&block, "docs/ci.md"))
        .find(|block| get(block, "carcspec").is_some())
        .expect("docs/ci.md's GitLab job");
    let job = get(&gitlab, "carcspec").unwrap();
    assert_eq!(get(job, "parallel").and_then(Value::as_u64), Some(4));
    for line in get(job, "script").and_then(Value::as_sequence).unwrap() {
        let line = line.as_str().unwrap();
        let output = Command::new("bash")
            .args(["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", line])
            .current_dir(&root)
            .env("PATH", &path)
            .env("CI_NODE_INDEX", "1")
            .env("CI_NODE_TOTAL", "4")
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "GitLab: `{line}`\n{}",
            text(&output)
        );
        ran += 1;
    }
    assert!(ran >= 25, "only {ran} commands ran");
    // What the steps wrote is what the uploads take.
    for written in [
        "carcspec-junit.xml",
        "carcspec.sarif",
        "carcspec-report.html",
        "shard-4.json",
        "statistics.json",
    ] {
        assert!(root.join(written).is_file(), "{written} was not written");
    }
}

/// A sample game that breaks a rule: a tile laid where one lies already.
fn broken_game() -> String {
    let farms = read("spec/carcassonne/farms.game");
    let broken = farms.replace("\nlay BA/C at 1,0\n", "\nlay BA/C at 0,0\n");
    assert_ne!(broken, farms);
    broken
}

// ---------------------------------------------------------------------------------------------
// The wheel, installed.

/// The wheel `.ci/run` built, in the folder `CARCSPEC_WHEEL_DIR` names: (folder, wheel).
fn built_wheel() -> Option<(PathBuf, PathBuf)> {
    let Some(folder) = std::env::var_os("CARCSPEC_WHEEL_DIR") else {
        common::skip(
            "no wheel (`.ci/run` builds it with maturin and names its folder in \
             CARCSPEC_WHEEL_DIR)",
        );
        return None;
    };
    let folder = std::fs::canonicalize(PathBuf::from(folder)).expect("the wheel folder");
    let prefix = format!("carcspec-{}-", cargo_version());
    let wheels: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("carcspec-") && name.ends_with(".whl")
        })
        .collect();
    assert_eq!(
        wheels.len(),
        1,
        "one carcspec wheel in {}",
        folder.display()
    );
    let name = wheels[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with(&prefix),
        "{name}: not Cargo.toml's version"
    );
    Some((folder, wheels[0].clone()))
}

/// The Python that makes the virtual environments: the CI environment's (that of `.ci/run`),
/// or the system's.
fn python() -> PathBuf {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ci-venv/bin/python3");
    if venv.is_file() {
        venv
    } else {
        PathBuf::from("/usr/bin/python3")
    }
}

/// pip without an index, finding packages only in `folder`, and no cargo on `PATH`.
fn offline<'a>(command: &'a mut Command, folder: &Path) -> &'a mut Command {
    command
        .env("PIP_NO_INDEX", "1")
        .env("PIP_FIND_LINKS", folder)
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .env("PATH", SYSTEM_PATH)
}

/// `python3 -m venv` and `pip install carcspec` from the wheel folder, from `cwd`; returns
/// the environment's `bin` folder and the time the two took.
fn install_wheel(folder: &Path, venv: &Path, cwd: &Path) -> (PathBuf, Duration) {
    let start = Instant::now();
    let made = offline(
        Command::new(python()).arg("-m").arg("venv").arg(venv),
        folder,
    )
    .current_dir(cwd)
    .output()
    .unwrap();
    assert!(made.status.success(), "{}", text(&made));
    let bin = venv.join("bin");
    let installed = offline(
        Command::new(bin.join("pip")).args(["install", "--quiet", "carcspec"]),
        folder,
    )
    .current_dir(cwd)
    .output()
    .unwrap();
    assert!(installed.status.success(), "{}", text(&installed));
    (bin, start.elapsed())
}

/// One run of `program` with `args` in `folder`, without cargo on `PATH`.
fn run_in(program: &Path, args: &[&str], folder: &Path) -> Output {
    Command::new(program)
        .args(args)
        .current_dir(folder)
        .env("PATH", SYSTEM_PATH)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", folder.join("cache"))
        .output()
        .unwrap()
}

/// A language-server session: initialize, open a game that breaks a rule, wait for its
/// diagnostics, shut down. Returns the initialize result and the diagnostics.
fn lsp_session(program: &Path, folder: &Path) -> (serde_json::Value, serde_json::Value) {
    let mut child = Command::new(program)
        .arg("lsp")
        .current_dir(folder)
        .env("PATH", SYSTEM_PATH)
        .env("XDG_CACHE_HOME", folder.join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, messages) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                match line.trim_end() {
                    "" => break,
                    header => {
                        if let Some(n) = header.strip_prefix("Content-Length: ") {
                            length = n.parse().unwrap();
                        }
                    }
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            let message: serde_json::Value = serde_json::from_slice(&body).unwrap();
            if sender.send(message).is_err() {
                return;
            }
        }
    });
    let mut send = |message: serde_json::Value| {
        let body = message.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        stdin.flush().unwrap();
    };
    let next = || {
        messages
            .recv_timeout(Duration::from_secs(60))
            .expect("the server answers within a minute")
    };
    let game = folder.join("games/broken.game");
    let uri = format!("file://{}", game.display());
    send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": null, "rootUri": format!("file://{}", folder.display()), "capabilities": {}}}));
    let initialized = loop {
        let message = next();
        if message["id"] == 1 {
            break message["result"].clone();
        }
    };
    send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
        {"uri": uri, "languageId": "carcspec-game", "version": 1, "text": broken_game()}}}),
    );
    let diagnostics = loop {
        let message = next();
        if message["method"] == "textDocument/publishDiagnostics"
            && message["params"]["uri"] == uri.as_str()
            && !message["params"]["diagnostics"]
                .as_array()
                .unwrap()
                .is_empty()
        {
            break message["params"]["diagnostics"].clone();
        }
    };
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    while next()["id"] != 2 {}
    send(json!({"jsonrpc": "2.0", "method": "exit"}));
    assert!(child.wait().unwrap().success());
    (initialized, diagnostics)
}

/// The wheel installs in a fresh virtual environment, from a folder outside the checkout, with
/// no index and no cargo on `PATH`, and its `carcspec` does what the binary cargo built for
/// this test run does, byte for byte: `check` (the rulebook examples clean), `render`,
/// `simulate`, `lsp` and `explain`.
#[test]
fn the_wheel_installs_offline_and_runs_as_the_cargo_built_binary() {
    let Some((folder, wheel)) = built_wheel() else {
        return;
    };
    let temp = tempfile::tempdir().unwrap();
    let work = temp.path().join("work");
    copy_folder(Path::new("spec"), &work.join("spec"));
    std::fs::create_dir_all(work.join("games")).unwrap();
    let (bin, took) = install_wheel(&folder, &temp.path().join("venv"), &work);
    println!(
        "the wheel: {} ({} bytes), installed with its environment in {:.1} s",
        wheel.file_name().unwrap().to_string_lossy(),
        std::fs::metadata(&wheel).unwrap().len(),
        took.as_secs_f64()
    );
    let installed = bin.join("carcspec");
    assert!(installed.is_file(), "no carcspec in {}", bin.display());
    let built = Path::new(env!("CARGO_BIN_EXE_carcspec"));

    let version = run_in(&installed, &["--version"], &work);
    assert_eq!(
        stdout(&version).trim(),
        format!("carcspec {}", cargo_version())
    );
    let check = run_in(&installed, &["check", "spec"], &work);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    let commands: &[&[&str]] = &[
        &["--version"],
        &["check", "spec"],
        &["check", "--format", "json", "spec/carcassonne"],
        &["tiles", "lint", "carcassonne-base", "hills-and-sheep"],
        &[
            "render",
            "carcassonne-base",
            "--tile",
            "BA/CRr",
            "--rotation",
            "r90",
        ],
        &["render", "spec/carcassonne/farms.game", "--format", "text"],
        &[
            "simulate",
            "--tiles",
            "carcassonne-base",
            "--games",
            "20",
            "--seed",
            "1",
            "--format",
            "json",
        ],
        &["explain", "V110"],
        &["explain", "--list"],
    ];
    for args in commands {
        let from_wheel = run_in(&installed, args, &work);
        let from_cargo = run_in(built, args, &work);
        assert_eq!(
            from_wheel.status.code(),
            from_cargo.status.code(),
            "carcspec {args:?}"
        );
        assert!(
            from_wheel.stdout == from_cargo.stdout && from_wheel.stderr == from_cargo.stderr,
            "carcspec {args:?}: the wheel's output differs\n{}\n---\n{}",
            text(&from_wheel),
            text(&from_cargo)
        );
        assert!(
            !from_wheel.stdout.is_empty(),
            "carcspec {args:?} printed nothing"
        );
    }
    // A PNG is written to a file only.
    let png = |program: &Path, name: &str| {
        let args = ["render", "spec/carcassonne/farms.game", "-o", name];
        let output = run_in(program, &args, &work);
        assert!(output.status.success(), "{}", text(&output));
        std::fs::read(work.join(name)).unwrap()
    };
    assert!(
        png(&installed, "wheel.png") == png(built, "cargo.png"),
        "the wheel's PNG differs"
    );
    let from_wheel = lsp_session(&installed, &work);
    assert_eq!(from_wheel, lsp_session(built, &work));
    assert_eq!(from_wheel.1[0]["code"], "V102", "{:?}", from_wheel.1);
}

/// action.yml's script, run as GitHub runs a composite step, and the step docs/ci.md shows
/// for a workflow without the action: each installs the wheel (pip pointed at the local
/// wheel, no index) and adds its folder to `GITHUB_PATH`.
#[test]
fn the_action_installs_the_wheel_and_puts_carcspec_on_path() {
    let Some((folder, _)) = built_wheel() else {
        return;
    };
    // The runner's Python is on its PATH; here, the one the tests use.
    let python_folder = std::fs::canonicalize(python())
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let version = cargo_version();
    for (source, script) in [
        ("action.yml", action_script()),
        ("docs/ci.md", documented_install_step()),
    ] {
        let temp = tempfile::tempdir().unwrap();
        let (github_path, github_output) = (temp.path().join("path"), temp.path().join("output"));
        let output = offline(
            Command::new("bash").args(["--noprofile", "--norc", "-e", "-c", &script]),
            &folder,
        )
        .current_dir(temp.path())
        .env("PATH", format!("{}:{SYSTEM_PATH}", python_folder.display()))
        .env("CARCSPEC_VERSION", "")
        .env(
            "GITHUB_ACTION_PATH",
            std::fs::canonicalize(env!("CARGO_MANIFEST_DIR")).unwrap(),
        )
        .env("RUNNER_TEMP", temp.path())
        .env("GITHUB_PATH", &github_path)
        .env("GITHUB_OUTPUT", &github_output)
        .output()
        .unwrap();
        assert!(output.status.success(), "{source}: {}", text(&output));
        if source == "action.yml" {
            assert_eq!(stdout(&output).trim(), format!("carcspec {version}"));
            assert_eq!(
                std::fs::read_to_string(&github_output).unwrap(),
                format!("version={version}\n")
            );
        }
        let added = std::fs::read_to_string(&github_path).unwrap();
        let carcspec = Path::new(added.trim()).join("carcspec");
        let installed = run_in(&carcspec, &["--version"], temp.path());
        assert_eq!(
            stdout(&installed).trim(),
            format!("carcspec {version}"),
            "{source}"
        );
    }
}

/// The release workflow's script that takes the binaries out of the wheels, run on the local
/// wheel: an archive per platform with the binary in it, and checksums that verify.
#[test]
fn the_release_takes_the_binaries_out_of_the_wheels_with_checksums() {
    let Some((_, wheel)) = built_wheel() else {
        return;
    };
    let source = ".github/workflows/release.yml";
    let workflow = yaml(&read(source), source);
    let jobs = check_workflow(source, &workflow);
    let script = string_at(&steps(jobs["binaries"])[1], "run").unwrap();
    let temp = tempfile::tempdir().unwrap();
    let artifact = temp.path().join("wheels-linux-x86_64");
    std::fs::create_dir_all(&artifact).unwrap();
    std::fs::copy(&wheel, artifact.join(wheel.file_name().unwrap())).unwrap();
    let output = run_step(script, 1, temp.path(), SYSTEM_PATH);
    assert!(output.status.success(), "{}", text(&output));
    let binaries = temp.path().join("binaries");
    let archive = format!("carcspec-{}-linux-x86_64.tar.gz", cargo_version());
    let sums = std::fs::read_to_string(binaries.join("SHA256SUMS")).unwrap();
    assert_eq!(sums.lines().count(), 1, "{sums}");
    assert!(sums.trim_end().ends_with(&format!("  {archive}")), "{sums}");
    let verified = Command::new("sha256sum")
        .args(["--check", "SHA256SUMS"])
        .current_dir(&binaries)
        .output()
        .unwrap();
    assert!(verified.status.success(), "{}", text(&verified));
    let unpacked = Command::new("tar")
        .args(["-xzf", &archive, "-C"])
        .arg(temp.path())
        .current_dir(&binaries)
        .output()
        .unwrap();
    assert!(unpacked.status.success(), "{}", text(&unpacked));
    let version = run_in(&temp.path().join("carcspec"), &["--version"], temp.path());
    assert_eq!(
        stdout(&version).trim(),
        format!("carcspec {}", cargo_version())
    );
}

/// pre-commit runs the `language: python` hooks of docs/ci.md, as written there, on a sample
/// repository: it installs carcspec from the wheel (pip pointed at the wheel's folder, no
/// index; no cargo on `PATH`), the clean files pass, and a broken game fails `carcspec-check`.
#[test]
fn pre_commit_installs_the_python_hooks_from_the_wheel() {
    let Some((folder, _)) = built_wheel() else {
        return;
    };
    let pre_commit = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ci-venv/bin/pre-commit");
    if !pre_commit.is_file() {
        common::skip("`pre-commit` is not installed (`.ci/run` installs it from PyPI)");
        return;
    }
    let temp = tempfile::tempdir().unwrap();
    let sample = temp.path().join("sample");
    sample_repository(&sample);
    std::fs::write(
        sample.join(".pre-commit-config.yaml"),
        python_hooks_config(),
    )
    .unwrap();
    let git = |args: &[&str]| {
        let output = Command::new("git")
            .args([
                "-c",
                "user.name=carcspec tests",
                "-c",
                "user.email=tests@carcspec.invalid",
            ])
            .args([
                "-c",
                "init.defaultBranch=main",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .current_dir(&sample)
            .output()
            .unwrap();
        assert!(output.status.success(), "git {args:?}: {}", text(&output));
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "sample"]);

    let home = temp.path().join("pre-commit-home");
    let run = |files: &[&str]| {
        let mut command = Command::new(&pre_commit);
        command.args(["run", "--files"]).args(files);
        offline(&mut command, &folder)
            .current_dir(&sample)
            .env("PRE_COMMIT_HOME", &home)
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let every_file = [
        "tiles/hills-and-sheep.tiles",
        "games/farms.game",
        "games/fan-expansion/fan-keep.tiles",
        "games/fan-expansion/keep-city.game",
    ];
    let start = Instant::now();
    let clean = run(&every_file);
    println!(
        "pre-commit installed the hooks' environment from the wheel and ran them in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean));
    for hook in [
        "carcspec tiles lint",
        "carcspec fmt --check",
        "carcspec check",
    ] {
        assert!(
            text(&clean)
                .lines()
                .any(|line| line.starts_with(hook) && line.ends_with("Passed")),
            "{hook} did not pass:\n{}",
            text(&clean)
        );
    }
    // The hooks' carcspec is the wheel's, in pre-commit's environment of it.
    let environments: Vec<PathBuf> = std::fs::read_dir(&home)
        .unwrap()
        .flat_map(|repo| {
            std::fs::read_dir(repo.unwrap().path())
                .into_iter()
                .flatten()
        })
        .map(|entry| entry.unwrap().path().join("bin/carcspec"))
        .filter(|carcspec| carcspec.is_file())
        .collect();
    assert_eq!(environments.len(), 1, "{environments:?}");

    std::fs::write(sample.join("games/broken.game"), broken_game()).unwrap();
    let failed = run(&["games/broken.game"]);
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed));
    assert!(
        text(&failed).contains("games/broken.game") && text(&failed).contains("FAILED"),
        "{}",
        text(&failed)
    );
}
