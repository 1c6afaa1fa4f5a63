//! Scenario tests, one or more for each rule sentence of the seed (sections 2–5).
