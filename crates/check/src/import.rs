//! A JCloisterZone saved game read into a script of the game language (`carcspec import`,
//! and the state of a `.jcz` at a line).

use crate::diagnostic::{Diagnostic, Omitted};
use crate::model::Script;
use crate::{lower, syntax};

/// Reads a JCloisterZone saved game into a script.
pub fn import_jcz(text: &str) -> Result<Script, Vec<Diagnostic>> {
    read_jcz(text).map(|(script, _, _)| script)
}

/// As [`import_jcz`], with the warnings that do not keep the game from being imported
/// (elements declared but not played, `J004`; unknown keys, `J006`): the first ones, and a
/// line for the rest.
pub fn import_jcz_with_warnings(text: &str) -> Result<(Script, Vec<Diagnostic>), Vec<Diagnostic>> {
    let (script, mut warnings, omitted) = read_jcz(text)?;
    warnings.extend(omitted.summary());
    Ok((script, warnings))
}

/// The one reading of a saved game's text that every entry point shares (the import, the
/// check, the language server through the check): one parsed document, lowered once, with the
/// warnings of both stages. The document's warnings come with the errors too, since an unknown
/// key often explains them (`el;ments` for `elements`, and a shepherd without Hills & Sheep).
pub(crate) fn read_jcz(text: &str) -> Result<(Script, Vec<Diagnostic>, Omitted), Vec<Diagnostic>> {
    let document = syntax::jcz::parse(text)?;
    match lower::jcz::lower_with_warnings(&document) {
        Ok((script, warnings, omitted)) => {
            let mut all = document.warnings;
            all.extend(warnings);
            Ok((script, all, omitted))
        }
        Err(mut diagnostics) => {
            diagnostics.extend(document.warnings);
            Err(diagnostics)
        }
    }
}
