//! A JCloisterZone saved game read into a script of the game language (`carcspec import`,
//! and the state of a `.jcz` at a line).

use crate::diagnostic::Diagnostic;
use crate::model::Script;
use crate::{lower, syntax};

/// Reads a JCloisterZone saved game into a script.
pub fn import_jcz(text: &str) -> Result<Script, Vec<Diagnostic>> {
    let document = syntax::jcz::parse(text).map_err(|d| vec![d])?;
    lower::jcz::lower(&document)
}

/// As [`import_jcz`], with the warnings that do not keep the game from being imported
/// (elements declared but not played, `J004`): the first ones, and a line for the rest.
pub fn import_jcz_with_warnings(text: &str) -> Result<(Script, Vec<Diagnostic>), Vec<Diagnostic>> {
    let document = syntax::jcz::parse(text).map_err(|d| vec![d])?;
    let (script, mut warnings, omitted) = lower::jcz::lower_with_warnings(&document)?;
    warnings.extend(omitted.summary());
    Ok((script, warnings))
}
