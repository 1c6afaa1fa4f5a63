//! Every lesson's steps hold against the rules: the position is legal, the set throw is
//! taken, the move asked for is legal and judged right, and the scripted wrong move is legal,
//! judged wrong and told why. A change of the rules that breaks a lesson fails here.

use serde_json::json;

use super::*;

/// Every step of every lesson, with its rule set and number.
fn every_step() -> Vec<(RuleSet, usize, Step)> {
    RuleSet::ALL
        .iter()
        .map(|&rule_set| (rule_set, lesson(rule_set)))
        .flat_map(|(rule_set, steps)| {
            steps
                .into_iter()
                .enumerate()
                .map(move |(i, step)| (rule_set, i, step))
        })
        .collect()
}

#[test]
fn every_rule_set_has_a_lesson_of_a_handful_of_steps() {
    for &rule_set in RuleSet::ALL {
        let steps = lesson(rule_set);
        assert!((3..=8).contains(&steps.len()), "{rule_set:?}");
    }
}

#[test]
fn every_step_opens_on_a_legal_position_with_its_throw_set() {
    for (rule_set, i, step) in every_step() {
        let opened = step
            .open()
            .unwrap_or_else(|e| panic!("{rule_set:?} {i}: {e}"));
        let legal = opened.legal();
        assert!(
            legal.contains(&step.right),
            "{rule_set:?} {i}: right not legal"
        );
        assert!(
            legal.contains(&step.wrong),
            "{rule_set:?} {i}: wrong not legal"
        );
        assert_ne!(step.right, step.wrong, "{rule_set:?} {i}");
        if let Some(number) = step.sets.concealed() {
            assert!(
                step.look.contains(&format!("conceals {number}")),
                "{rule_set:?} {i}: the lesson says the number it conceals"
            );
        }
        if let Sets::Hide { guess } = step.sets {
            assert!(
                step.look.contains(&format!("guess {guess}")),
                "{rule_set:?} {i}: the lesson says the guess it makes"
            );
        }
        if let Some(score) = step.sets.throw() {
            let thrown = opened.events.values();
            assert_eq!(thrown[0]["score"], json!(score), "{rule_set:?} {i}");
            assert!(
                step.look.contains(&format!("set to {score}")),
                "{rule_set:?} {i}: the lesson says the throw is set"
            );
        }
    }
}

#[test]
fn every_right_answer_is_judged_right_and_plays_on() {
    for (rule_set, i, step) in every_step() {
        let verdict = step.answer(&step.right).unwrap();
        assert!(verdict.right, "{rule_set:?} {i}");
        assert_eq!(verdict.says, step.right_says);
        let after = verdict.after.expect("the game after a right answer");
        assert!(!after.events.values().is_empty(), "{rule_set:?} {i}");
    }
}

#[test]
fn every_scripted_wrong_answer_is_judged_wrong_and_explained() {
    for (rule_set, i, step) in every_step() {
        let verdict = step.answer(&step.wrong).unwrap();
        assert!(!verdict.right, "{rule_set:?} {i}");
        assert_eq!(verdict.says, step.wrong_says);
        assert!(verdict.after.is_none());
    }
}

#[test]
fn a_move_the_rules_refuse_is_wrong_with_the_rules_reason() {
    let steps = lesson(RuleSet::Senet);
    let defended = &steps[2];
    let verdict = defended
        .answer(&json!({"type": "move", "piece": 7}))
        .unwrap();
    assert!(!verdict.right);
    assert_eq!(verdict.says, "Piece 7 is not yours.");
    let verdict = defended.answer(&json!({"type": "fly"})).unwrap();
    assert!(!verdict.right);
    assert!(verdict.says.ends_with('.'));
}

#[test]
fn a_learner_hides_through_the_rules_and_the_lesson_guesses_and_opens() {
    let steps = lesson(RuleSet::MehenSanMartin);
    let hiding = &steps[0];
    assert_eq!(hiding.sets, Sets::Hide { guess: 2 });
    let opened = hiding.open().unwrap();
    assert!(matches!(opened.game.awaiting(), Awaiting::Conceal { seat, .. } if seat == opened.you));
    let numbers: Vec<_> = (1..=5).map(Hiding::action).collect();
    assert_eq!(opened.legal(), numbers);

    let verdict = hiding.answer(&Hiding::action(4)).unwrap();
    let after = verdict.after.unwrap();
    let kinds: Vec<_> = after
        .events
        .values()
        .iter()
        .map(|e| e["type"].clone())
        .collect();
    assert_eq!(
        kinds[..3],
        [json!("concealed"), json!("guessed"), json!("revealed")]
    );
    assert_eq!(
        after.game.awaiting(),
        Awaiting::Action {
            seats: vec![Seat(0)]
        }
    );
    assert_eq!(after.game.view(), steps[1].open().unwrap().game.view());

    let caught = hiding.answer(&Hiding::action(2)).unwrap();
    assert!(!caught.right);
    let too_many = hiding.answer(&Hiding::action(6)).unwrap();
    assert!(!too_many.right);
    assert!(too_many.says.contains('6'), "{}", too_many.says);
    let not_hiding = hiding.answer(&json!({"type": "deploy"})).unwrap();
    assert_eq!(
        not_hiding.says,
        "This step asks you to hide a number of marbles."
    );
}

#[test]
fn players_at_a_table_of_more_than_two_have_the_names_the_steps_use() {
    assert_eq!(name(2, Seat(1)), None);
    assert_eq!(name(4, Seat(1)), Some("Hori"));
    assert_eq!(name(6, Seat(2)), Some("Meryt"));
    let steps = lesson(RuleSet::MehenSanMartin);
    let team_steps = steps
        .iter()
        .filter(|s| s.open().unwrap().game.table().seats.len() > 2);
    for step in team_steps {
        assert!(
            step.look.contains("Hori") || step.look.contains("Meryt"),
            "{}",
            step.idea
        );
    }
}
