-- The proof of a throw of sticks (docs/fair-throws.md), NULL for any other action.
ALTER TABLE actions ADD COLUMN throw_proof TEXT;
