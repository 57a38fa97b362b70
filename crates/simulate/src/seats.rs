//! Each seat its own policy (`--policy mcts,greedy`), and how each policy fared: the games it
//! won, with a 95 % interval (Wilson's score interval) on its share.

use super::Policy;
use super::mcts::{Playout, Prior, Search};

/// The most policies a table lists (one a seat).
pub const MAX_SEATS: usize = 6;

/// The policies of the seats: seat `s` plays the `s`-th of the list (round the list when the
/// table has more seats), and with `alternate` the seats turn by one each game — in game `i`
/// seat `s` plays what seat `(s + i) mod players` plays in game 0 — so that each policy sits
/// in every seat equally often over the games, and no seat's advantage (the first move) is
/// counted to a policy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seats {
    policies: [SeatPolicy; MAX_SEATS],
    len: usize,
    pub alternate: bool,
}

/// A policy one seat plays (a [`Policy`] but the seats' own).
#[derive(Debug, Clone, Copy, PartialEq)]
enum SeatPolicy {
    Random,
    Greedy,
    Mcts(Search),
}

impl SeatPolicy {
    fn policy(self) -> Policy {
        match self {
            SeatPolicy::Random => Policy::Random,
            SeatPolicy::Greedy => Policy::Greedy,
            SeatPolicy::Mcts(search) => Policy::Mcts(search),
        }
    }
}

impl Seats {
    /// The seats of `policies` (one to six, none of them [`Policy::Seats`]).
    pub fn new(policies: &[Policy], alternate: bool) -> Option<Seats> {
        if policies.is_empty() || policies.len() > MAX_SEATS {
            return None;
        }
        let mut list = [SeatPolicy::Random; MAX_SEATS];
        for (seat, policy) in list.iter_mut().zip(policies) {
            *seat = match policy {
                Policy::Random => SeatPolicy::Random,
                Policy::Greedy => SeatPolicy::Greedy,
                Policy::Mcts(search) => SeatPolicy::Mcts(*search),
                Policy::Seats(_) => return None,
            };
        }
        Some(Seats {
            policies: list,
            len: policies.len(),
            alternate,
        })
    }

    /// The policies as listed.
    pub fn policies(&self) -> Vec<Policy> {
        self.policies[..self.len]
            .iter()
            .map(|p| p.policy())
            .collect()
    }

    /// Which of the listed policies `seat` plays in game `index` of a table of `players`.
    pub fn listed(&self, index: usize, seat: usize, players: usize) -> usize {
        let turned = if self.alternate {
            (seat + index) % players.max(1)
        } else {
            seat
        };
        turned % self.len
    }

    /// The policy of `seat` in game `index`.
    pub fn policy(&self, index: usize, seat: usize, players: usize) -> Policy {
        self.policies[self.listed(index, seat, players)].policy()
    }
}

/// How a policy is named in reports and on the command line.
pub fn policy_name(policy: &Policy) -> String {
    match policy {
        Policy::Random => "random".into(),
        Policy::Greedy => "greedy".into(),
        Policy::Mcts(Search {
            playouts,
            exploration,
            playout,
            prior_kind,
            prior: weight,
            ..
        }) => {
            let playout = match playout {
                Playout::Random => "random",
                Playout::Greedy => "greedy",
            };
            let prior = match prior_kind {
                Prior::Immediate => "immediate",
                Prior::Standing => "standing",
                Prior::Prospect => "prospect",
            };
            format!(
                "mcts ({playouts} playouts, exploration {exploration}, {playout} playouts, {prior} prior of weight {weight})"
            )
        }
        Policy::Seats(seats) => seats
            .policies()
            .iter()
            .map(policy_name)
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// The games each listed policy played, won, tied for first and the points it scored, over
/// the games of a run: counted game by game in the order of the games.
#[derive(Debug, Clone, serde::Serialize)]
pub struct WinRates {
    pub policies: Vec<PolicyRecord>,
}

/// One listed policy's record (a policy listed twice has two records, one for each place).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PolicyRecord {
    /// Its place in the list (0 for the first).
    pub listed: usize,
    pub policy: String,
    /// Seats it played (a game with several of its seats counts each).
    pub seats_played: u64,
    /// Seats of it that scored more than every other seat.
    pub wins: u64,
    /// Seats of it that tied for the most points with another seat.
    pub ties: u64,
    /// The points its seats scored, summed.
    pub points: i64,
    /// The decisions its seats searched (`mcts`), summed.
    pub decisions_searched: u64,
    /// Its share of outright wins, in [0, 1], and Wilson's 95 % interval of it.
    pub win_rate: f64,
    pub win_rate_low: f64,
    pub win_rate_high: f64,
}

impl WinRates {
    pub fn new(seats: &Seats) -> WinRates {
        WinRates {
            policies: seats
                .policies()
                .iter()
                .enumerate()
                .map(|(listed, policy)| PolicyRecord {
                    listed,
                    policy: policy_name(policy),
                    seats_played: 0,
                    wins: 0,
                    ties: 0,
                    points: 0,
                    decisions_searched: 0,
                    win_rate: 0.0,
                    win_rate_low: 0.0,
                    win_rate_high: 0.0,
                })
                .collect(),
        }
    }

    /// Counts game `index` with its final `scores` and the decisions `searched`, by seat.
    pub fn add(&mut self, seats: &Seats, index: usize, scores: &[i64], searched: &[usize]) {
        let best = scores.iter().copied().max().unwrap_or(0);
        let at_best = scores.iter().filter(|&&s| s == best).count();
        for (seat, &score) in scores.iter().enumerate() {
            let record = &mut self.policies[seats.listed(index, seat, scores.len())];
            record.seats_played += 1;
            record.points += score;
            record.decisions_searched += searched.get(seat).copied().unwrap_or(0) as u64;
            if score == best && at_best == 1 {
                record.wins += 1;
            } else if score == best {
                record.ties += 1;
            }
        }
        for record in &mut self.policies {
            (record.win_rate_low, record.win_rate_high) = wilson(record.wins, record.seats_played);
            record.win_rate = if record.seats_played == 0 {
                0.0
            } else {
                record.wins as f64 / record.seats_played as f64
            };
        }
    }

    /// The report's lines.
    pub fn render(&self) -> String {
        let mut text = String::from("policies (outright wins, Wilson 95 % interval):\n");
        for record in &self.policies {
            let mean = if record.seats_played == 0 {
                0.0
            } else {
                record.points as f64 / record.seats_played as f64
            };
            text.push_str(&format!(
                "  {}. {}: {} of {} won ({:.1} %, 95 % CI {:.1}–{:.1} %), {} tied, {:.1} points a seat{}\n",
                record.listed + 1,
                record.policy,
                record.wins,
                record.seats_played,
                100.0 * record.win_rate,
                100.0 * record.win_rate_low,
                100.0 * record.win_rate_high,
                record.ties,
                mean,
                if record.decisions_searched > 0 {
                    format!(", {} decisions searched", record.decisions_searched)
                } else {
                    String::new()
                },
            ));
        }
        text
    }
}

/// Wilson's score interval at 95 % (z = 1.96) of `wins` in `n` trials: unlike the normal
/// approximation it stays inside [0, 1] and is sound near 0 % and 100 %.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_published_values() {
        // 81 of 100: 0.7222–0.8749 (Wilson 1927, as tabulated by Newcombe 1998's method 3).
        let (low, high) = wilson(81, 100);
        assert!((low - 0.7222).abs() < 1e-3, "{low}");
        assert!((high - 0.8749).abs() < 1e-3, "{high}");
        let (low, high) = wilson(0, 10);
        assert_eq!(low, 0.0);
        assert!((high - 0.2775).abs() < 1e-3, "{high}");
    }

    #[test]
    fn alternated_seats_turn_every_game() {
        let seats = Seats::new(&[Policy::Greedy, Policy::Random], true).unwrap();
        assert_eq!(seats.policy(0, 0, 2), Policy::Greedy);
        assert_eq!(seats.policy(0, 1, 2), Policy::Random);
        assert_eq!(seats.policy(1, 0, 2), Policy::Random);
        assert_eq!(seats.policy(1, 1, 2), Policy::Greedy);
        let fixed = Seats::new(&[Policy::Greedy, Policy::Random], false).unwrap();
        assert_eq!(fixed.policy(1, 0, 2), Policy::Greedy);
        // Three seats, two policies: each policy sits in every seat over three games.
        let listed: Vec<usize> = (0..3).map(|game| seats.listed(game, 2, 3)).collect();
        // Seat 2 plays what seats 2, 0 and 1 play in game 0: policies 0, 0 and 1.
        assert_eq!(listed, vec![0, 0, 1]);
    }
}
