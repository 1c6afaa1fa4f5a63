use super::*;

const GAME: GameId = GameId([7; 16]);

/// A chain of `length` links from `seed`: `chain[d]` is the link at depth `d`, `chain[0]`
/// the anchor.
fn chain_from(seed: [u8; 32], length: u32) -> Vec<Hash32> {
    HashChain::from_seed(Hash32(seed), length).links
}

#[test]
fn a_hash_chain_reveals_each_link_once_in_order() {
    let mut chain = HashChain::from_seed(Hash32([2; 32]), 2);
    let mut checked = Chain::new(chain.anchor(), chain.length()).unwrap();
    for depth in 1..=2 {
        let link = chain.reveal_next().unwrap();
        assert_eq!(link.depth, depth);
        checked.check(Seat(0), &link).unwrap();
        checked.reveal(link);
    }
    assert_eq!(chain.reveal_next(), None);
    assert_eq!(
        chain.links[2],
        Hash32([2; 32]),
        "the deepest link is the seed"
    );
    assert!(!format!("{chain:?}").contains(&"02".repeat(32)));
}

fn seat_link(seat: u8, chain: &[Hash32], depth: u32) -> SeatLink {
    SeatLink {
        seat: Seat(seat),
        anchor: chain[0],
        depth,
        value: chain[depth as usize],
    }
}

#[test]
fn the_layout_is_the_documented_bytes() {
    let server = Hash32([0xaa; 32]);
    let links = [SeatLink {
        seat: Seat(1),
        anchor: Hash32([0; 32]),
        depth: 258,
        value: Hash32([0xbb; 32]),
    }];
    let mut layout = Vec::new();
    layout.extend_from_slice(b"hesy-throw-v1\0\0\0");
    layout.extend_from_slice(&[7; 16]);
    layout.extend_from_slice(&[0, 0, 0, 9]);
    layout.extend_from_slice(&[0xaa; 32]);
    layout.push(1);
    layout.push(1);
    layout.extend_from_slice(&[0, 0, 1, 2]);
    layout.extend_from_slice(&[0xbb; 32]);
    assert_eq!(layout.len(), 16 + 16 + 4 + 32 + 1 + 37);
    assert_eq!(digest(&GAME, 9, &server, &links), sha256(&layout));
}

#[test]
fn known_vectors_stay_fixed() {
    // Written down in docs/fair-throws.md so other clients can test themselves.
    let server = ServerDraw::from_value(Hash32([0; 32]));
    assert_eq!(
        hex::encode(server.commitment().0),
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    );
    let chain = chain_from([1; 32], 3);
    assert_eq!(
        hex::encode(chain[0].0),
        "bbe795b2c096a5467f832ac2352bf83402adac02ee8f3d68e75296a6afddc618"
    );
    assert_eq!(
        hex::encode(chain[1].0),
        "a0d4a0b8484643488c45836275bdcf2ca1bf542239aa6ba72bbc5a5951cfb044"
    );
    let proof = ThrowProof::make(
        &GameId([0; 16]),
        1,
        &server,
        vec![seat_link(0, &chain, 1)],
        Sticks::FourSenet,
    );
    assert_eq!(
        hex::encode(digest(&GameId([0; 16]), 1, &server.value(), &proof.links).0),
        "d2038bfa57052764d5e6d95da37e0836b7271db0227cb5ea3991fb14af3e9a25"
    );
    assert_eq!(proof.faces, Faces(2));
}

#[test]
fn a_chain_accepts_each_deeper_link_once() {
    let links = chain_from([3; 32], 8);
    let mut chain = Chain::new(links[0], 8).unwrap();
    let at = |depth: u32| ChainLink {
        depth,
        value: links[depth as usize],
    };
    chain.check(Seat(0), &at(1)).unwrap();
    chain.reveal(at(1));
    // Links may be skipped (a link sent to a server that lost it is never sent again).
    chain.check(Seat(0), &at(4)).unwrap();
    chain.reveal(at(4));
    assert_eq!(chain.depth(), 4);
    assert_eq!(
        chain.check(Seat(0), &at(4)),
        Err(ThrowError::Revealed {
            depth: 4,
            revealed: 4
        })
    );
    assert_eq!(
        chain.check(Seat(0), &at(2)),
        Err(ThrowError::Revealed {
            depth: 2,
            revealed: 4
        })
    );
    let forged = ChainLink {
        depth: 5,
        value: links[6],
    };
    assert_eq!(
        chain.check(Seat(0), &forged),
        Err(ThrowError::NotInChain {
            seat: Seat(0),
            depth: 5
        })
    );
    assert_eq!(
        chain.check(
            Seat(0),
            &ChainLink {
                depth: 9,
                value: links[8]
            }
        ),
        Err(ThrowError::PastTheEnd {
            depth: 9,
            length: 8
        })
    );
    chain.reveal(at(8));
    assert!(chain.spent());
}

#[test]
fn a_chain_has_a_bounded_length() {
    assert_eq!(
        Chain::new(Hash32([0; 32]), 0),
        Err(ThrowError::ChainLength(0))
    );
    assert_eq!(
        Chain::new(Hash32([0; 32]), MAX_CHAIN + 1),
        Err(ThrowError::ChainLength(MAX_CHAIN + 1))
    );
    assert!(Chain::new(Hash32([0; 32]), MAX_CHAIN).is_ok());
}

#[test]
fn every_part_of_a_throw_changes_its_digest() {
    let chain = chain_from([5; 32], 4);
    let server = Hash32([9; 32]);
    let links = vec![seat_link(0, &chain, 1), seat_link(2, &chain, 2)];
    let base = digest(&GAME, 3, &server, &links);
    assert_ne!(base, digest(&GameId([8; 16]), 3, &server, &links));
    assert_ne!(base, digest(&GAME, 4, &server, &links));
    assert_ne!(base, digest(&GAME, 3, &Hash32([1; 32]), &links));
    assert_ne!(base, digest(&GAME, 3, &server, &links[..1]));
    let mut other_seat = links.clone();
    other_seat[1].seat = Seat(3);
    assert_ne!(base, digest(&GAME, 3, &server, &other_seat));
    let mut other_depth = links.clone();
    other_depth[1].depth = 3;
    assert_ne!(base, digest(&GAME, 3, &server, &other_depth));
}

#[test]
fn a_tampered_proof_fails_and_names_what() {
    let chain = chain_from([5; 32], 4);
    let draw = ServerDraw::from_value(Hash32([9; 32]));
    let proof = ThrowProof::make(
        &GAME,
        1,
        &draw,
        vec![seat_link(1, &chain, 1), seat_link(0, &chain, 1)],
        Sticks::Three,
    );
    assert_eq!(proof.links[0].seat, Seat(0), "links are sorted by seat");
    proof.check(&GAME, Sticks::Three).unwrap();

    let mut faces = proof.clone();
    faces.faces = Faces(faces.faces.0 ^ 1);
    assert_eq!(faces.check(&GAME, Sticks::Three), Err(ThrowError::Faces));
    let mut server = proof.clone();
    server.server.value = Hash32([8; 32]);
    assert_eq!(
        server.check(&GAME, Sticks::Three),
        Err(ThrowError::ServerCommitment)
    );
    let mut twice = proof.clone();
    twice.links[1].seat = Seat(0);
    assert_eq!(
        twice.check(&GAME, Sticks::Three),
        Err(ThrowError::SeatTwice(Seat(0)))
    );
}

#[test]
fn an_audit_follows_each_chain_through_a_game() {
    let chain = chain_from([6; 32], 5);
    let throw = |index: u32, depth: u32| {
        ThrowProof::make(
            &GAME,
            index,
            &ServerDraw::from_value(Hash32([index as u8; 32])),
            vec![seat_link(0, &chain, depth)],
            Sticks::FourSenet,
        )
    };
    let mut audit = Audit::default();
    audit.check(&GAME, Sticks::FourSenet, &throw(1, 1)).unwrap();
    audit.check(&GAME, Sticks::FourSenet, &throw(2, 3)).unwrap();
    assert_eq!(
        audit.check(&GAME, Sticks::FourSenet, &throw(3, 3)),
        Err(ThrowError::Revealed {
            depth: 3,
            revealed: 3
        })
    );
    let mut forged = throw(3, 4);
    forged.links[0].value = Hash32([0; 32]);
    let forged = ThrowProof::make(
        &GAME,
        3,
        &ServerDraw::from_value(Hash32([3; 32])),
        forged.links,
        Sticks::FourSenet,
    );
    assert_eq!(
        audit.check(&GAME, Sticks::FourSenet, &forged),
        Err(ThrowError::NotInChain {
            seat: Seat(0),
            depth: 4
        })
    );
}

/// Pearson's chi-square of the scores of 100,000 derived throws against the distribution the
/// seeds state, below the 0.1% critical value for the degrees of freedom.
fn chi_square(sticks: Sticks) -> (f64, usize) {
    const THROWS: u32 = 100_000;
    let expected = sticks.distribution();
    let mut seen = vec![0u32; expected.len()];
    for index in 1..=THROWS {
        let server = sha256(&index.to_be_bytes());
        let faces = faces_of(&digest(&GAME, index, &server, &[]), sticks);
        let score = sticks.score(faces);
        let slot = expected.iter().position(|(s, _, _)| *s == score).unwrap();
        seen[slot] += 1;
    }
    let statistic = expected
        .iter()
        .zip(&seen)
        .map(|((_, ways, of), &count)| {
            let want = f64::from(THROWS) * f64::from(*ways) / f64::from(*of);
            (f64::from(count) - want).powi(2) / want
        })
        .sum();
    (statistic, expected.len() - 1)
}

#[test]
fn derived_throws_follow_the_seeds_distributions() {
    // 0.1% critical values of chi-square for 3 and 4 degrees of freedom.
    let critical = |df: usize| if df == 3 { 16.27 } else { 18.47 };
    for sticks in [Sticks::Three, Sticks::FourMen, Sticks::FourSenet] {
        let (statistic, df) = chi_square(sticks);
        assert!(
            statistic < critical(df),
            "{sticks:?}: chi-square {statistic:.2} with {df} degrees of freedom"
        );
    }
}
