//! What the checker reports of a game: its findings, expectations and scorings, and the
//! lines they stand on.

use serde::Serialize;

use crate::diagnostic::{self, Diagnostic, Omitted, Span};

/// Points scored by one event, for the report: or paid by one player to another.
#[derive(Debug, Clone, Serialize)]
pub struct ReportedEvent {
    /// The line of the move (or `end`) that caused the scoring.
    pub line: usize,
    /// Who gained the points: a payment's payee.
    pub players: Vec<String>,
    /// What each of `players` gained.
    pub points: u32,
    pub breakdown: String,
    /// A payment's payer (The Tower's ransom), who lost `points` for each of `players`;
    /// absent for a scoring.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paid_by: Option<String>,
    /// What kind of scoring it is: the feature scored (`city`, a tiny city's too) or `flock`
    /// ([`crate::rules::ScoreEvent::family`]); `expect scored` names it.
    #[serde(skip)]
    pub family: String,
    /// True for final scoring.
    pub is_final: bool,
    #[serde(skip)]
    pub span: Span,
}

impl ReportedEvent {
    /// The report's event of a scoring the runner kept, caused by the step at `span` (on
    /// `line`).
    pub(crate) fn of(scored: crate::play::Scored, line: usize, span: Span) -> ReportedEvent {
        ReportedEvent {
            line,
            players: scored.players,
            points: scored.points,
            breakdown: scored.breakdown,
            paid_by: scored.paid_by,
            family: scored.family,
            is_final: scored.is_final,
            span,
        }
    }

    /// What the event changed the score of the player named `name` by: its points for a
    /// player who gained them, less them for a payer (less them for each payee), `None` for a
    /// player it left alone.
    pub fn points_of(&self, name: &str) -> Option<i64> {
        let gained = self.players.iter().filter(|p| *p == name).count() as i64;
        let paid = match &self.paid_by {
            Some(payer) if payer == name => self.players.len() as i64,
            _ => 0,
        };
        (gained > 0 || paid > 0).then(|| (gained - paid) * i64::from(self.points))
    }

    /// Who the event concerns, as the reports write it: "red, blue", "nobody", or for a
    /// payment "red, paid by blue".
    pub fn players_text(&self) -> String {
        let mut text = String::new();
        self.write_players(&mut text);
        text
    }

    /// [`ReportedEvent::players_text`] written at the end of `text` (the check report writes
    /// every scoring's line into one string).
    pub fn write_players(&self, text: &mut String) {
        match self.players.split_first() {
            None => text.push_str("nobody"),
            Some((first, others)) => {
                text.push_str(first);
                for player in others {
                    text.push_str(", ");
                    text.push_str(player);
                }
            }
        }
        if let Some(payer) = &self.paid_by {
            text.push_str(", paid by ");
            text.push_str(payer);
        }
    }
}

/// Everything the checker found in one game.
#[derive(Debug)]
pub struct CheckReport {
    pub origin: String,
    pub text: String,
    pub players: Vec<String>,
    /// Problems: game-language errors, rule violations no expectation names, expectations
    /// that do not hold, and warnings.
    pub diagnostics: Vec<Diagnostic>,
    /// Violations that an `expect violation` names (the rulebook's "not like this!").
    pub expected_violations: Vec<Diagnostic>,
    pub expectations_passed: usize,
    pub expectations_failed: usize,
    pub events: Vec<ReportedEvent>,
    /// Scores at the end of the replay.
    pub scores: Vec<i64>,
    /// Whether final scoring took place.
    pub final_scored: bool,
    /// Assertions of the game that carcspec cannot check (listed, never counted as passed).
    pub not_applicable: Vec<String>,
}

impl CheckReport {
    pub(crate) fn failed(origin: &str, text: String, diagnostics: Vec<Diagnostic>) -> CheckReport {
        Self::failed_with(origin, text, diagnostics, Omitted::default())
    }

    /// A report of diagnostics only (the game was not replayed); `omitted` counts those left
    /// out already.
    pub(crate) fn failed_with(
        origin: &str,
        text: String,
        mut diagnostics: Vec<Diagnostic>,
        omitted: Omitted,
    ) -> CheckReport {
        diagnostic::limit_with(&mut diagnostics, omitted);
        CheckReport {
            origin: origin.to_string(),
            text,
            players: Vec::new(),
            diagnostics,
            expected_violations: Vec::new(),
            expectations_passed: 0,
            expectations_failed: 0,
            events: Vec::new(),
            scores: Vec::new(),
            final_scored: false,
            not_applicable: Vec::new(),
        }
    }

    /// Clean: no error (warnings allowed) and every expectation holds.
    pub fn ok(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error) && self.expectations_failed == 0
    }
}

/// The 1-based line of byte offsets of a text, counted on from the last offset asked for. The
/// replay asks in the order of the text, so a game's line breaks are counted once in all (a
/// scan from the start for each scoring would make long games quadratic) and nothing is kept
/// per line (an index of line starts is built for every game and costs 8 bytes a line).
#[derive(Debug, Default, Clone)]
pub(crate) struct LineCursor {
    offset: usize,
    /// Line breaks before `offset`.
    breaks: usize,
}

impl LineCursor {
    pub(crate) fn line_of(&mut self, text: &str, offset: usize) -> usize {
        let offset = offset.min(text.len());
        if offset < self.offset {
            *self = LineCursor::default();
        }
        self.breaks += count_breaks(&text.as_bytes()[self.offset..offset]);
        self.offset = offset;
        self.breaks + 1
    }
}

/// The line breaks in `bytes`, eight bytes at a time: the count byte by byte took some four
/// instructions a byte, over the text of every game checked.
fn count_breaks(bytes: &[u8]) -> usize {
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    const LOW_SEVEN: u64 = u64::from_le_bytes([0x7F; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut breaks = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // A line break is a zero byte of `zeros`; the sum of a byte's low seven bits and 0x7F
        // cannot carry into the next byte, so the high bit below is set for exactly the zero
        // bytes, and nowhere else.
        let zeros = u64::from_le_bytes(word) ^ NEWLINES;
        let found = !(((zeros & LOW_SEVEN) + LOW_SEVEN) | zeros | LOW_SEVEN);
        breaks += found.count_ones() as usize;
    }
    breaks
        + chunks
            .remainder()
            .iter()
            .filter(|byte| **byte == b'\n')
            .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_counted_by_words_are_those_counted_by_bytes() {
        let mut rng = crate::simulate::Rng::new(3);
        for _ in 0..2_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| match rng.below(4) {
                    0 => b'\n',
                    1 => [0x0B, 0x8A, 0x09, 0x00, 0xFF][rng.below(5)],
                    _ => rng.below(256) as u8,
                })
                .collect();
            for start in 0..len.min(9) {
                let expected = bytes[start..].iter().filter(|b| **b == b'\n').count();
                assert_eq!(super::count_breaks(&bytes[start..]), expected, "{bytes:?}");
            }
        }
    }

    /// The report of a payment names its payer, and each event changes the players' scores by
    /// its points: the six scorings the runner keeps of The Tower's ransom paid back and forth
    /// (the runner's test `a_payment_moves_points_from_its_payer_to_its_payee_never_below_zero`
    /// plays them).
    #[test]
    fn a_payment_is_reported_with_its_payer() {
        let scored =
            |player: &str, points, breakdown: &str, paid_by: Option<&str>, family: &str| {
                crate::play::Scored {
                    players: vec![player.to_string()],
                    points,
                    breakdown: breakdown.to_string(),
                    family: family.to_string(),
                    paid_by: paid_by.map(str::to_string),
                    is_final: false,
                }
            };
        let kept = [
            scored("blue", 0, "ransom = 0", Some("red"), "ransom"),
            scored("red", 4, "city of 2 tiles = 4", None, "city"),
            scored("red", 0, "ransom = 0", Some("blue"), "ransom"),
            scored("blue", 3, "ransom = 3", Some("red"), "ransom"),
            scored("red", 1, "ransom = 1", Some("blue"), "ransom"),
            scored("blue", 2, "ransom = 2", Some("red"), "ransom"),
        ];
        // The report's lines, as the checker writes them from what the runner kept.
        let events: Vec<ReportedEvent> = kept
            .into_iter()
            .enumerate()
            .map(|(line, scored)| ReportedEvent::of(scored, line + 1, Default::default()))
            .collect();
        let lines: Vec<String> = events
            .iter()
            .map(|e| format!("{}: {} ({})", e.breakdown, e.players_text(), e.family))
            .collect();
        assert_eq!(
            lines,
            [
                "ransom = 0: blue, paid by red (ransom)",
                "city of 2 tiles = 4: red (city)",
                "ransom = 0: red, paid by blue (ransom)",
                "ransom = 3: blue, paid by red (ransom)",
                "ransom = 1: red, paid by blue (ransom)",
                "ransom = 2: blue, paid by red (ransom)",
            ]
        );
        // What each event changed each player's score by, which every reader of the report sums.
        let by_player =
            |name: &str| -> Vec<Option<i64>> { events.iter().map(|e| e.points_of(name)).collect() };
        assert_eq!(
            by_player("red"),
            [Some(0), Some(4), Some(0), Some(-3), Some(1), Some(-2)]
        );
        assert_eq!(
            by_player("blue"),
            [Some(0), None, Some(0), Some(3), Some(-1), Some(2)]
        );
        let json = serde_json::to_value(&events[3]).expect("an event serialises");
        assert_eq!(json["paid_by"], "red");
        assert_eq!(json["players"], serde_json::json!(["blue"]));
        assert_eq!(json["points"], 3);
        assert!(
            serde_json::to_value(&events[1]).expect("an event serialises")["paid_by"].is_null()
        );
    }

    #[test]
    fn line_cursor_counts_lines_forwards_and_backwards() {
        let text = "a\nbc\n\nd";
        let expected = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let mut cursor = LineCursor::default();
        for offset in [0, 1, 2, 5, 6, 7, 8, 3, 0, 99, 4] {
            assert_eq!(
                cursor.line_of(text, offset),
                expected(offset),
                "offset {offset}"
            );
        }
    }
}
