//! Fair throws: `cargo bench --bench throws`.
//!
//! - `derive/*`: the faces of a throw from the server's value and the seats' links (one
//!   SHA-256 of the layout), as the room makes it. Throughput in throws per second.
//! - `audit/*`: checking a game's throws in order as a verifier does: the server's
//!   commitment, each link against its chain, the digest against the faces.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hesy::fair::throw::{Audit, HashChain, SeatLink, ServerDraw, ThrowProof};
use hesy::fair::{GameId, Hash32};
use hesy::rules::Seat;
use hesy::rules::sticks::Sticks;

const GAME: GameId = GameId([3; 16]);
const THROWS: u32 = 1000;

/// A game's throws with `seats` chains each giving a link to every throw.
fn proofs(seats: u8) -> Vec<ThrowProof> {
    let mut chains: Vec<HashChain> = (0..seats)
        .map(|seat| HashChain::from_seed(Hash32([seat; 32]), THROWS))
        .collect();
    (1..=THROWS)
        .map(|index| {
            let links = chains
                .iter_mut()
                .zip(0..)
                .map(|(chain, seat)| {
                    let link = chain.reveal_next().unwrap();
                    SeatLink {
                        seat: Seat(seat),
                        anchor: chain.anchor(),
                        depth: link.depth,
                        value: link.value,
                    }
                })
                .collect();
            let draw = ServerDraw::from_value(Hash32([index as u8; 32]));
            ThrowProof::make(&GAME, index, &draw, links, Sticks::FourSenet)
        })
        .collect()
}

fn derive(c: &mut Criterion) {
    let mut group = c.benchmark_group("derive");
    group.throughput(Throughput::Elements(1));
    for seats in [2u8, 6] {
        let links = proofs(seats)[0].links.clone();
        let draw = ServerDraw::from_value(Hash32([1; 32]));
        group.bench_function(format!("{seats}-seats"), |b| {
            b.iter(|| {
                ThrowProof::make(
                    black_box(&GAME),
                    1,
                    &draw,
                    black_box(links.clone()),
                    Sticks::FourSenet,
                )
            })
        });
    }
    group.finish();
}

fn audit(c: &mut Criterion) {
    let mut group = c.benchmark_group("audit");
    group.throughput(Throughput::Elements(u64::from(THROWS)));
    for seats in [2u8, 6] {
        let proofs = proofs(seats);
        group.bench_function(format!("{seats}-seats"), |b| {
            b.iter(|| {
                let mut audit = Audit::default();
                for proof in &proofs {
                    audit.check(&GAME, Sticks::FourSenet, proof).unwrap();
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, derive, audit);
criterion_main!(benches);
