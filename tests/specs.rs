//! Every rulebook example under `spec/` is an executable spec: it replays clean (no violation
//! that it does not expect, every expectation holding), and its report is snapshotted in
//! `snapshots/spec/`. A spec with a deliberately wrong number must fail, clearly.

use std::path::{Path, PathBuf};

use carcspec::check::{self, CheckReport};

fn specs() -> Vec<PathBuf> {
    fn collect(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                collect(&path, found);
            } else if path.extension().is_some_and(|e| e == "game") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    collect(Path::new("spec"), &mut found);
    found.sort();
    found
}

fn rendered(report: &CheckReport) -> String {
    carcspec::cli::render_check_report(report, false)
}

/// Replays the spec at `path` (below `spec/`): it must replay clean, state at least one
/// expectation, and render the report of its snapshot (`snapshots/spec/`, named after the path).
fn check_spec(path: &str) {
    let path = Path::new("spec").join(path);
    let report = check::check_file(&path);
    let text = rendered(&report);
    assert!(report.ok(), "{}\n{text}", path.display());
    assert!(
        report.expectations_passed > 0,
        "{} states no expectation",
        path.display()
    );
    let name = path
        .strip_prefix("spec")
        .unwrap()
        .with_extension("")
        .to_string_lossy()
        .replace(['/', '\\'], "__");
    insta::with_settings!({
        snapshot_path => "../snapshots/spec",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// One test a spec, in a module a folder of `spec/`: a failing spec names itself, the others
/// still run, and `cargo test specs::the_river::` (a folder) or
/// `cargo test specs::the_river::no_u_turn` (one spec) selects them.
macro_rules! specs {
    ($($path:literal => $name:ident,)* $(mod $folder:ident { $($inner:tt)* })*) => {
        $(
            #[test]
            fn $name() {
                crate::specs::check_spec($path);
            }
        )*
        $(
            mod $folder {
                specs! { $($inner)* }
            }
        )*
    };
}

// Every `.game` file under `spec/`, by its path (`every_spec_has_a_test_of_its_own` holds the
// list to the folder).
specs! {
    mod abbey_and_mayor {
        "abbey-and-mayor/abbey-is-a-monastery.game" => abbey_is_a_monastery,
        "abbey-and-mayor/abbey-is-never-drawn.game" => abbey_is_never_drawn,
        "abbey-and-mayor/abbey-only-into-a-hole.game" => abbey_only_into_a_hole,
        "abbey-and-mayor/barn-needs-four-field-corners.game" => barn_needs_four_field_corners,
        "abbey-and-mayor/barn-not-in-a-barn-field.game" => barn_not_in_a_barn_field,
        "abbey-and-mayor/example-1-barn-placed.game" => example_1_barn_placed,
        "abbey-and-mayor/example-2-field-joined-to-a-barn.game" => example_2_field_joined_to_a_barn,
        "abbey-and-mayor/example-3-mayor-of-three-pennants.game" => example_3_mayor_of_three_pennants,
        "abbey-and-mayor/example-4-mayor-in-an-incomplete-city.game" => example_4_mayor_in_an_incomplete_city,
        "abbey-and-mayor/example-7-wagon-moves-on.game" => example_7_wagon_moves_on,
        "abbey-and-mayor/example-8-abbey-closes-each-side.game" => example_8_abbey_closes_each_side,
        "abbey-and-mayor/example-9-three-way-road.game" => example_9_three_way_road,
        "abbey-and-mayor/mayor-alone-without-pennants.game" => mayor_alone_without_pennants,
        "abbey-and-mayor/mayor-without-pennants.game" => mayor_without_pennants,
        "abbey-and-mayor/no-farmer-in-a-barn-field.game" => no_farmer_in_a_barn_field,
        "abbey-and-mayor/variant-barn-placement-occupied.game" => variant_barn_placement_occupied,
        "abbey-and-mayor/wagon-moves-in-another-players-turn.game" => wagon_moves_in_another_players_turn,
        "abbey-and-mayor/wagon-to-a-neighbouring-feature.game" => wagon_to_a_neighbouring_feature,
    }
    mod abbot_and_gardens {
        "abbot-and-gardens/abbot-not-on-road.game" => abbot_not_on_road,
        "abbot-and-gardens/example-1-garden-surrounded.game" => example_1_garden_surrounded,
        "abbot-and-gardens/example-1-monastery-surrounded.game" => example_1_monastery_surrounded,
        "abbot-and-gardens/example-2-incomplete-garden-final.game" => example_2_incomplete_garden_final,
        "abbot-and-gardens/example-3-return-scores-at-once.game" => example_3_return_scores_at_once,
        "abbot-and-gardens/follower-not-on-garden.game" => follower_not_on_garden,
        "abbot-and-gardens/garden-does-not-cut-the-field.game" => garden_does_not_cut_the_field,
        "abbot-and-gardens/garden-no-vineyard-bonus.game" => garden_no_vineyard_bonus,
        "abbot-and-gardens/one-abbot-each.game" => one_abbot_each,
        "abbot-and-gardens/return-and-deploy.game" => return_and_deploy,
        "abbot-and-gardens/return-needs-an-abbot.game" => return_needs_an_abbot,
        "abbot-and-gardens/return-when-complete.game" => return_when_complete,
        "abbot-and-gardens/variant-vineyards-for-garden.game" => variant_vineyards_for_garden,
    }
    mod carcassonne {
        "carcassonne/city-with-pennant.game" => city_with_pennant,
        "carcassonne/early-end-of-a-recorded-game.game" => early_end_of_a_recorded_game,
        "carcassonne/farms.game" => farms,
        "carcassonne/field-touches-a-city-twice.game" => field_touches_a_city_twice,
        "carcassonne/incomplete-features-at-the-end.game" => incomplete_features_at_the_end,
        "carcassonne/meeple-on-the-tile-just-placed.game" => meeple_on_the_tile_just_placed,
        "carcassonne/monastery-completed.game" => monastery_completed,
        "carcassonne/monastery-listed-after-its-road.game" => monastery_listed_after_its_road,
        "carcassonne/must-draw-and-place.game" => must_draw_and_place,
        "carcassonne/occupied-feature.game" => occupied_feature,
        "carcassonne/road-completed.game" => road_completed,
        "carcassonne/road-majority.game" => road_majority,
        "carcassonne/shared-city-tie.game" => shared_city_tie,
        "carcassonne/variant-tiny-city.game" => variant_tiny_city,
        mod fan_expansion {
            "carcassonne/fan-expansion/city-gate-road.game" => city_gate_road,
            "carcassonne/fan-expansion/cloister-crossing.game" => cloister_crossing,
            "carcassonne/fan-expansion/garden-and-cathedral-decoration.game" => garden_and_cathedral_decoration,
            "carcassonne/fan-expansion/inn-without-its-expansion.game" => inn_without_its_expansion,
            "carcassonne/fan-expansion/keep-city.game" => keep_city,
            "carcassonne/fan-expansion/twin-cities-farms.game" => twin_cities_farms,
            "carcassonne/fan-expansion/walled-cloister.game" => walled_cloister,
        }
    }
    mod hills_and_sheep {
        "hills-and-sheep/both-tied-players-on-hills.game" => both_tied_players_on_hills,
        "hills-and-sheep/closed-flock-before-the-draw.game" => closed_flock_before_the_draw,
        "hills-and-sheep/closing-the-field-stable-at-once.game" => closing_the_field_stable_at_once,
        "hills-and-sheep/example-1-shepherd-and-token.game" => example_1_shepherd_and_token,
        "hills-and-sheep/example-2-two-shepherds-stable.game" => example_2_two_shepherds_stable,
        "hills-and-sheep/example-2-wolf.game" => example_2_wolf,
        "hills-and-sheep/example-3-closing-the-field.game" => example_3_closing_the_field,
        "hills-and-sheep/hill-as-the-last-tile.game" => hill_as_the_last_tile,
        "hills-and-sheep/hill-breaks-a-three-way-tie.game" => hill_breaks_a_three_way_tie,
        "hills-and-sheep/hill-breaks-the-tie.game" => hill_breaks_the_tie,
        "hills-and-sheep/hill-tile-under-unrecorded.game" => hill_tile_under_unrecorded,
        "hills-and-sheep/house-rule-number-of-followers.game" => house_rule_number_of_followers,
        "hills-and-sheep/inner-field.game" => inner_field,
        "hills-and-sheep/shepherd-blocks-shepherd.game" => shepherd_blocks_shepherd,
        "hills-and-sheep/two-city-stretch-tiles-side-by-side.game" => two_city_stretch_tiles_side_by_side,
        "hills-and-sheep/two-city-stretches.game" => two_city_stretches,
        "hills-and-sheep/two-separate-field-tiles-side-by-side.game" => two_separate_field_tiles_side_by_side,
        "hills-and-sheep/two-separate-fields.game" => two_separate_fields,
        "hills-and-sheep/variant-closed-flock-after-draws.game" => variant_closed_flock_after_draws,
        "hills-and-sheep/vineyard-incomplete-monastery.game" => vineyard_incomplete_monastery,
        "hills-and-sheep/vineyards-18.game" => vineyards_18,
        "hills-and-sheep/without-hills.game" => without_hills,
        "hills-and-sheep/without-vineyards.game" => without_vineyards,
    }
    mod hunters_gatherers {
        "hunters-gatherers/bonus-aurochs.game" => bonus_aurochs,
        "hunters-gatherers/bonus-fire.game" => bonus_fire,
        "hunters-gatherers/bonus-mushrooms.game" => bonus_mushrooms,
        "hunters-gatherers/bonus-shrine.game" => bonus_shrine,
        "hunters-gatherers/bonus-stack-used-up.game" => bonus_stack_used_up,
        "hunters-gatherers/bonus-tile-fits-nowhere.game" => bonus_tile_fits_nowhere,
        "hunters-gatherers/bonus-tile-not-drawn.game" => bonus_tile_not_drawn,
        "hunters-gatherers/closed-meadow-not-scored.game" => closed_meadow_not_scored,
        "hunters-gatherers/deploy-score-return.game" => deploy_score_return,
        "hunters-gatherers/discard-unplaceable.game" => discard_unplaceable,
        "hunters-gatherers/end-of-game.game" => end_of_game,
        "hunters-gatherers/final-scoring-sends-figures-home.game" => final_scoring_sends_figures_home,
        "hunters-gatherers/five-deployments.game" => five_deployments,
        "hunters-gatherers/forest-10-gold-one-bonus.game" => forest_10_gold_one_bonus,
        "hunters-gatherers/forest-scores-4.game" => forest_scores_4,
        "hunters-gatherers/huts-and-fishermen.game" => huts_and_fishermen,
        "hunters-gatherers/huts-score-5.game" => huts_score_5,
        "hunters-gatherers/joined-meadows-no-hunter.game" => joined_meadows_no_hunter,
        "hunters-gatherers/last-land-tile-not-bonus-tile.game" => last_land_tile_not_bonus_tile,
        "hunters-gatherers/legal-placements.game" => legal_placements,
        "hunters-gatherers/meadows-a-to-d.game" => meadows_a_to_d,
        "hunters-gatherers/must-draw-and-place.game" => must_draw_and_place,
        "hunters-gatherers/no-chain-reaction.game" => no_chain_reaction,
        "hunters-gatherers/one-bonus-tile-per-turn.game" => one_bonus_tile_per_turn,
        "hunters-gatherers/only-a-hunter-forest-occupied.game" => only_a_hunter_forest_occupied,
        "hunters-gatherers/only-a-hunter-large-meadow-occupied.game" => only_a_hunter_large_meadow_occupied,
        "hunters-gatherers/placement-rules.game" => placement_rules,
        "hunters-gatherers/returned-figure-not-on-bonus-tile.game" => returned_figure_not_on_bonus_tile,
        "hunters-gatherers/returned-figure-of-another-player.game" => returned_figure_of_another_player,
        "hunters-gatherers/returned-figure-on-bonus-tile-variant.game" => returned_figure_on_bonus_tile_variant,
        "hunters-gatherers/river-closed-circle.game" => river_closed_circle,
        "hunters-gatherers/river-scores-3-completed-by-blue.game" => river_scores_3_completed_by_blue,
        "hunters-gatherers/river-scores-6.game" => river_scores_6,
        "hunters-gatherers/several-gatherers-majority.game" => several_gatherers_majority,
        "hunters-gatherers/several-gatherers-tie.game" => several_gatherers_tie,
        "hunters-gatherers/short-complete-game.game" => short_complete_game,
        "hunters-gatherers/third-hut.game" => third_hut,
        "hunters-gatherers/two-lakes-on-one-tile.game" => two_lakes_on_one_tile,
        "hunters-gatherers/v2-tiles-menhir-and-powers.game" => v2_tiles_menhir_and_powers,
    }
    mod hunters_gatherers_2020 {
        "hunters-gatherers-2020/2002-contents-ignored.game" => _2002_contents_ignored,
        "hunters-gatherers-2020/end-of-game.game" => end_of_game,
        "hunters-gatherers-2020/ex01-fishers.game" => ex01_fishers,
        "hunters-gatherers-2020/ex01b-occupied-river.game" => ex01b_occupied_river,
        "hunters-gatherers-2020/ex02-river-completed-by-blue.game" => ex02_river_completed_by_blue,
        "hunters-gatherers-2020/ex03-forest-of-4.game" => ex03_forest_of_4,
        "hunters-gatherers-2020/ex03b-menhir-tile-is-due.game" => ex03b_menhir_tile_is_due,
        "hunters-gatherers-2020/ex04-no-second-menhir-tile.game" => ex04_no_second_menhir_tile,
        "hunters-gatherers-2020/ex05-hunter-in-a-separate-meadow.game" => ex05_hunter_in_a_separate_meadow,
        "hunters-gatherers-2020/ex06-two-fishers-share.game" => ex06_two_fishers_share,
        "hunters-gatherers-2020/ex07-gatherer-majority.game" => ex07_gatherer_majority,
        "hunters-gatherers-2020/ex08-huts.game" => ex08_huts,
        "hunters-gatherers-2020/ex09-meadows.game" => ex09_meadows,
        "hunters-gatherers-2020/ex10-logboat.game" => ex10_logboat,
        "hunters-gatherers-2020/ex11-hunting-trap.game" => ex11_hunting_trap,
        "hunters-gatherers-2020/ex12-pit-trap.game" => ex12_pit_trap,
        "hunters-gatherers-2020/final-scoring-sends-figures-home.game" => final_scoring_sends_figures_home,
        "hunters-gatherers-2020/fisher-does-not-block-hut.game" => fisher_does_not_block_hut,
        "hunters-gatherers-2020/forest-mushrooms.game" => forest_mushrooms,
        "hunters-gatherers-2020/hunting-trap-covered-not-doubled.game" => hunting_trap_covered_not_doubled,
        "hunters-gatherers-2020/hunting-trap-covers-an-aurochs.game" => hunting_trap_covers_an_aurochs,
        "hunters-gatherers-2020/hunting-trap-tiger-without-deer.game" => hunting_trap_tiger_without_deer,
        "hunters-gatherers-2020/hut-blocks-hut.game" => hut_blocks_hut,
        "hunters-gatherers-2020/huts-deployed-in-turns.game" => huts_deployed_in_turns,
        "hunters-gatherers-2020/menhir-pile-empty.game" => menhir_pile_empty,
        "hunters-gatherers-2020/placement-forest-against-forest.game" => placement_forest_against_forest,
        "hunters-gatherers-2020/power-raft.game" => power_raft,
        "hunters-gatherers-2020/power-shaman.game" => power_shaman,
        "hunters-gatherers-2020/power-shaman-optional.game" => power_shaman_optional,
        "hunters-gatherers-2020/power-shaman-supply-before-redeploy.game" => power_shaman_supply_before_redeploy,
        "hunters-gatherers-2020/power-shaman-wrong-uses.game" => power_shaman_wrong_uses,
        "hunters-gatherers-2020/power-wild-fire.game" => power_wild_fire,
        "hunters-gatherers-2020/power-wild-fire-no-tiger.game" => power_wild_fire_no_tiger,
        "hunters-gatherers-2020/river-between-two-forests.game" => river_between_two_forests,
        "hunters-gatherers-2020/river-ends-not-a-forest.game" => river_ends_not_a_forest,
        "hunters-gatherers-2020/river-forest-end-and-circle.game" => river_forest_end_and_circle,
        "hunters-gatherers-2020/v2-tiles-hunting-trap.game" => v2_tiles_hunting_trap,
        "hunters-gatherers-2020/variant-hunting-trap-lone-tigers.game" => variant_hunting_trap_lone_tigers,
        "hunters-gatherers-2020/variant-hunting-trap-lone-tigers-covered.game" => variant_hunting_trap_lone_tigers_covered,
        "hunters-gatherers-2020/variant-lake-at-both-ends.game" => variant_lake_at_both_ends,
        "hunters-gatherers-2020/variant-lake-at-both-ends-twice.game" => variant_lake_at_both_ends_twice,
        "hunters-gatherers-2020/variant-named-at-its-default.game" => variant_named_at_its_default,
        "hunters-gatherers-2020/variant-pit-trap-deer-eaten.game" => variant_pit_trap_deer_eaten,
        "hunters-gatherers-2020/variant-pit-trap-deer-eaten-inside-first.game" => variant_pit_trap_deer_eaten_inside_first,
        "hunters-gatherers-2020/variant-returned-figures-forbidden.game" => variant_returned_figures_forbidden,
        "hunters-gatherers-2020/variant-returned-figures-on-bonus-tile.game" => variant_returned_figures_on_bonus_tile,
        "hunters-gatherers-2020/variant-shaman-figure-on-tile.game" => variant_shaman_figure_on_tile,
        "hunters-gatherers-2020/variant-unplaceable-menhir-tile.game" => variant_unplaceable_menhir_tile,
        "hunters-gatherers-2020/variant-unplaceable-menhir-tile-lost.game" => variant_unplaceable_menhir_tile_lost,
        "hunters-gatherers-2020/variant-wild-fire-and-hunting-trap.game" => variant_wild_fire_and_hunting_trap,
        "hunters-gatherers-2020/variant-wild-fire-and-hunting-trap-no-tiger.game" => variant_wild_fire_and_hunting_trap_no_tiger,
        "hunters-gatherers-2020/variant-wild-fire-and-hunting-trap-tigers-flee.game" => variant_wild_fire_and_hunting_trap_tigers_flee,
        "hunters-gatherers-2020/variant-wild-fire-elsewhere-and-hunting-trap.game" => variant_wild_fire_elsewhere_and_hunting_trap,
        "hunters-gatherers-2020/winner-shared.game" => winner_shared,
    }
    mod inns_and_cathedrals {
        "inns-and-cathedrals/cathedrals-do-not-stack.game" => cathedrals_do_not_stack,
        "inns-and-cathedrals/example-1-inn-road-of-5-tiles.game" => example_1_inn_road_of_5_tiles,
        "inns-and-cathedrals/example-3-large-follower-majority.game" => example_3_large_follower_majority,
        "inns-and-cathedrals/example-4-cathedral-city-of-12-tiles.game" => example_4_cathedral_city_of_12_tiles,
        "inns-and-cathedrals/example-5-incomplete-inn-road.game" => example_5_incomplete_inn_road,
        "inns-and-cathedrals/example-6-large-followers-tie.game" => example_6_large_followers_tie,
        "inns-and-cathedrals/example-6-tie-broken-by-a-hill.game" => example_6_tie_broken_by_a_hill,
        "inns-and-cathedrals/example-7-large-follower-scores-as-one.game" => example_7_large_follower_scores_as_one,
        "inns-and-cathedrals/farm-with-a-large-farmer.game" => farm_with_a_large_farmer,
        "inns-and-cathedrals/incomplete-cathedral-city.game" => incomplete_cathedral_city,
        "inns-and-cathedrals/inns-do-not-stack.game" => inns_do_not_stack,
        "inns-and-cathedrals/large-farmer-ties-two-farmers.game" => large_farmer_ties_two_farmers,
        "inns-and-cathedrals/one-large-follower-each.game" => one_large_follower_each,
        "inns-and-cathedrals/six-players-pink.game" => six_players_pink,
        "inns-and-cathedrals/t-junction-inn-on-one-arm.game" => t_junction_inn_on_one_arm,
        "inns-and-cathedrals/variant-cathedrals-off.game" => variant_cathedrals_off,
        "inns-and-cathedrals/variant-final-scoring-ignore.game" => variant_final_scoring_ignore,
        "inns-and-cathedrals/variant-inns-off.game" => variant_inns_off,
    }
    mod the_river {
        "the-river/both-rivers.game" => both_rivers,
        "the-river/excerpt-after-the-river.game" => excerpt_after_the_river,
        "the-river/river-2-branch-turns-after-the-fork.game" => river_2_branch_turns_after_the_fork,
        "the-river/river-2-volcano-no-abbot-return.game" => river_2_volcano_no_abbot_return,
        "the-river/no-figure-on-the-river.game" => no_figure_on_the_river,
        "the-river/no-third-turn-the-same-way.game" => no_third_turn_the_same_way,
        "the-river/no-u-turn-to-the-left.game" => no_u_turn_to_the_left,
        "the-river/no-u-turn.game" => no_u_turn,
        "the-river/river-2-branches-never-join.game" => river_2_branches_never_join,
        "the-river/river-2-fork-drawn-late.game" => river_2_fork_drawn_late,
        "the-river/river-2-inn-is-decoration.game" => river_2_inn_is_decoration,
        "the-river/river-2-inn-with-inns-and-cathedrals.game" => river_2_inn_with_inns_and_cathedrals,
        "the-river/river-2-the-fork-first.game" => river_2_the_fork_first,
        "the-river/river-2-volcano-another-turn.game" => river_2_volcano_another_turn,
        "the-river/river-2-volcano-no-figure.game" => river_2_volcano_no_figure,
        "the-river/river-2-volcano-turn-is-the-same-player.game" => river_2_volcano_turn_is_the_same_player,
        "the-river/river-not-continued.game" => river_not_continued,
        "the-river/river-tiles-before-land-tiles.game" => river_tiles_before_land_tiles,
        "the-river/spring-and-lake-fields-go-round.game" => spring_and_lake_fields_go_round,
        "the-river/spring-starts-and-the-river-continues.game" => spring_starts_and_the_river_continues,
        "the-river/the-lake-is-last.game" => the_lake_is_last,
        "the-river/variant-jcloisterzone-look-ahead-lane.game" => variant_jcloisterzone_look_ahead_lane,
        "the-river/variant-jcloisterzone-look-ahead-left.game" => variant_jcloisterzone_look_ahead_left,
        "the-river/variant-jcloisterzone-look-ahead-one-coordinate.game" => variant_jcloisterzone_look_ahead_one_coordinate,
        "the-river/variant-jcloisterzone-look-ahead-right.game" => variant_jcloisterzone_look_ahead_right,
        "the-river/variant-jcloisterzone-look-ahead-side-by-side.game" => variant_jcloisterzone_look_ahead_side_by_side,
        "the-river/variant-jcloisterzone-look-ahead.game" => variant_jcloisterzone_look_ahead,
    }
    mod traders_and_builders {
        "traders-and-builders/builder-needs-a-follower.game" => builder_needs_a_follower,
        "traders-and-builders/builder-not-in-the-majority.game" => builder_not_in_the_majority,
        "traders-and-builders/builder-on-a-completed-road.game" => builder_on_a_completed_road,
        "traders-and-builders/builder-on-a-hill-breaks-no-tie.game" => builder_on_a_hill_breaks_no_tie,
        "traders-and-builders/double-turn-after-completion.game" => double_turn_after_completion,
        "traders-and-builders/double-turn-with-the-last-tile.game" => double_turn_with_the_last_tile,
        "traders-and-builders/example-1-goods-to-the-completer.game" => example_1_goods_to_the_completer,
        "traders-and-builders/example-2-final-goods.game" => example_2_final_goods,
        "traders-and-builders/example-3-pig-in-a-tied-field.game" => example_3_pig_in_a_tied_field,
        "traders-and-builders/example-4-double-turn.game" => example_4_double_turn,
        "traders-and-builders/example-5-bridge-two-roads.game" => example_5_bridge_two_roads,
        "traders-and-builders/example-5-inner-field.game" => example_5_inner_field,
        "traders-and-builders/example-6-goods-of-a-city-scoring-nobody.game" => example_6_goods_of_a_city_scoring_nobody,
        "traders-and-builders/large-farmer-and-pig.game" => large_farmer_and_pig,
        "traders-and-builders/pig-herd.game" => pig_herd,
        "traders-and-builders/pig-needs-a-farmer.game" => pig_needs_a_farmer,
        "traders-and-builders/pig-without-the-majority.game" => pig_without_the_majority,
        "traders-and-builders/variant-builder-on-completed-refused.game" => variant_builder_on_completed_refused,
        "traders-and-builders/variant-goods-off.game" => variant_goods_off,
        "traders-and-builders/variant-pig-herd-off.game" => variant_pig_herd_off,
    }
}

/// The list above is every spec on disk: a spec added to `spec/` without its line would never
/// run.
#[test]
fn every_spec_has_a_test_of_its_own() {
    let source = include_str!("specs.rs");
    let mut listed: Vec<&str> = source
        .lines()
        .filter_map(|line| line.trim().strip_prefix('"'))
        .filter_map(|line| line.split_once("\" => "))
        .map(|(path, _)| path)
        .filter(|path| path.ends_with(".game") && !path.contains(' '))
        .collect();
    listed.sort_unstable();
    let on_disk: Vec<String> = specs()
        .iter()
        .map(|path| {
            let relative = path.strip_prefix("spec").unwrap();
            relative.to_string_lossy().replace('\\', "/")
        })
        .collect();
    assert!(on_disk.len() >= 29, "only {} specs found", on_disk.len());
    for path in &on_disk {
        assert!(
            listed.contains(&path.as_str()),
            "spec/{path} has no test: add `\"{path}\" => <name>,` to `specs!` in tests/specs.rs \
             (in the module of its folder)"
        );
    }
    for path in &listed {
        assert!(
            on_disk.iter().any(|p| p == path),
            "tests/specs.rs lists spec/{path}, which does not exist"
        );
    }
}

#[test]
fn every_spec_quotes_its_source() {
    for path in specs() {
        let text = std::fs::read_to_string(&path).unwrap();
        let comment: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(
            comment.len() >= 2 && comment.iter().any(|l| l.contains('"') || l.contains('“')),
            "{} should open with a comment naming its source and quoting the rulebook",
            path.display()
        );
    }
}

/// Replays a copy of a spec with one number changed.
fn check_changed(spec: &str, from: &str, to: &str) -> CheckReport {
    let path = Path::new("spec/hunters-gatherers").join(spec);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{spec} has no `{from}`");
    check::check_text(spec, text.replacen(from, to, 1), path.parent().unwrap())
}

#[test]
fn a_wrong_turn_score_fails_clearly() {
    let report = check_changed(
        "river-scores-6.game",
        "expect score red 6",
        "expect score red 7",
    );
    assert!(!report.ok());
    assert_eq!(report.expectations_failed, 1);
    let text = rendered(&report);
    assert!(text.contains("X001 score-mismatch"), "{text}");
    assert!(
        text.contains("red scored 6 in this turn, the game expects 7"),
        "{text}"
    );
    assert!(text.contains("river of 3 segments + 3 fish = 6"), "{text}");
}

#[test]
fn a_wrong_final_score_fails_clearly() {
    let report = check_changed("meadows-a-to-d.game", "red 10", "red 12");
    assert!(!report.ok());
    let text = rendered(&report);
    assert!(text.contains("X003 final-mismatch"), "{text}");
    assert!(
        text.contains("red has 10 after final scoring, the game expects 12"),
        "{text}"
    );
}

#[test]
fn an_expected_violation_that_does_not_happen_fails() {
    let report = check_changed(
        "joined-meadows-no-hunter.game",
        "place at 0,0\ndeploy hunter on N",
        "place at 0,0\npass",
    );
    assert!(!report.ok());
    assert!(rendered(&report).contains("X004 violation-not-found"));
}

#[test]
fn an_illegal_move_is_reported_and_the_replay_goes_on() {
    // Without its `expect violation`, the occupied forest is a violation; the later turns are
    // still replayed and checked.
    let report = check_changed(
        "only-a-hunter-forest-occupied.game",
        "expect violation feature-occupied\n",
        "",
    );
    assert!(!report.ok());
    let text = rendered(&report);
    assert!(text.contains("V110 feature-occupied"), "{text}");
    assert!(text.contains("red's gatherer stands here"), "{text}");
    assert_eq!(report.diagnostics.len(), 1, "{text}");
}

#[test]
fn every_spec_is_in_the_rules_coverage() {
    let coverage = std::fs::read_to_string("docs/rules-coverage.md").unwrap();
    for path in specs() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            coverage.contains(&format!("`{name}`")),
            "{name} is not listed in docs/rules-coverage.md"
        );
    }
}

/// The messages about the forest that earns a bonus tile name the ruleset's own find: the
/// 2020 rules' menhir, the 2002 rules' gold nugget.
#[test]
fn bonus_messages_name_the_menhir_under_the_2020_rules() {
    // Blue completes a forest with a menhir, draws no menhir tile (V113) and expects no bonus
    // (X010); red then draws a menhir tile it did not earn (V112).
    let game = "ruleset hunters-gatherers-2020\ntiles rulebook.tiles\nplayers blue red\n\
             lay FOREST-END at 0,0 r180\nlay FOREST-WE-MENHIR at 1,0\nlay FOREST-WE at 2,0\n\
             turn blue\ndraw FOREST-END\nplace at 3,0\npass\nexpect bonus none\n\
             turn red\ndraw MEADOW\nplace at 3,1\npass\nbonus M-MEADOW\nplace at 4,1\npass\nstop\n";
    let texts = |report: &CheckReport| -> Vec<(&str, String)> {
        report
            .diagnostics
            .iter()
            .map(|d| {
                let label = d.primary.as_ref().map_or("", |l| l.message.as_str());
                let help = d.help.as_deref().unwrap_or("");
                (d.code.code, format!("{} | {label} | {help}", d.message))
            })
            .collect()
    };
    let report = check::check_text(
        "menhir.game",
        game.to_string(),
        Path::new("spec/hunters-gatherers-2020"),
    );
    let found = texts(&report);
    let codes: Vec<&str> = found.iter().map(|(code, _)| *code).collect();
    assert_eq!(codes, ["X010", "V113", "V112"], "{found:#?}");
    for (code, text) in &found {
        assert!(text.contains("menhir"), "{code}: {text}");
        assert!(!text.contains("gold"), "{code}: {text}");
    }
    assert!(
        found[1]
            .1
            .starts_with("blue completed a forest with a menhir but drew")
    );
}
