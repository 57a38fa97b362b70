//! Tile export → read: every tile set that loads is written (tile language, JSON, YAML) and
//! read back to the same model.
#![no_main]

use carcspec::interchange::{self, DocumentFormat};
use carcspec::model::TileSet;
use libfuzzer_sys::fuzz_target;

fn model(text: String, format: Option<DocumentFormat>) -> Option<TileSet> {
    let loaded = carcspec::load::from_text("fuzz", text, format);
    let mut set = loaded.usable()?.clone();
    for tile in &mut set.tiles {
        tile.spans = Default::default();
        for feature in &mut tile.features {
            feature.spans = Default::default();
        }
    }
    Some(set)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let Some(set) = model(text, None) else {
        return;
    };
    let printed = carcspec::format::tiles::print_model(&set);
    assert_eq!(
        model(printed.clone(), None).as_ref(),
        Some(&set),
        "{printed}"
    );
    for format in [DocumentFormat::Json, DocumentFormat::Yaml] {
        let document = interchange::write(&set, format);
        assert_eq!(
            model(document.clone(), Some(format)).as_ref(),
            Some(&set),
            "{document}"
        );
    }
});
