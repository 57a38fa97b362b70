//! Code actions, the code lens and its commands: the long requests that act on a document
//! (answered on the thread of long requests, `long.rs`, which `dispatch.rs` queues them on).

use super::analysis::DocumentKind;
use super::long::{Answer, Reply};
use super::{Context, game, tiles};

/// `textDocument/codeAction`: the game's or the tile set's actions of the kinds asked for.
pub(super) fn code_actions(cx: &Context<'_>, params: &lsp_types::CodeActionParams) -> Answer {
    let actions = match cx.document.kind {
        DocumentKind::Game => game::code_actions(cx, params),
        DocumentKind::Tiles => tiles::code_actions(cx, params),
        DocumentKind::Jcz => Vec::new(),
    };
    Ok(Reply::serialise(&actions))
}

/// `textDocument/codeLens`: a game's lenses (its replay), none on a tile set.
pub(super) fn code_lenses(cx: &Context<'_>) -> Answer {
    let lenses = match cx.document.kind {
        DocumentKind::Game => game::code_lenses(cx),
        DocumentKind::Tiles | DocumentKind::Jcz => Some(Vec::new()),
    };
    Ok(Reply::serialise(&lenses))
}

/// `workspace/executeCommand`: a command of the code lens ([`game::COMMANDS`]).
pub(super) fn execute_command(
    cx: &Context<'_>,
    params: &lsp_types::ExecuteCommandParams,
) -> Answer {
    game::execute_command(cx, &params.command, &params.arguments)
}

/// Whether a code action of `kind` answers the request: every kind when it names none in
/// `context.only`, else the kinds it names and their sub-kinds (`refactor` takes
/// `refactor.rewrite`).
pub(crate) fn kind_wanted(
    params: &lsp_types::CodeActionParams,
    kind: &lsp_types::CodeActionKind,
) -> bool {
    params.context.only.as_ref().is_none_or(|only| {
        only.iter().any(|asked| {
            let (kind, asked) = (kind.as_str(), asked.as_str());
            kind == asked
                || kind
                    .strip_prefix(asked)
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    })
}
