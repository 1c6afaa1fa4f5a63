// The steps of each lesson this browser has finished, kept in localStorage.

/** @param {string} ruleSet */
const key = (ruleSet) => `hesy:lesson:${ruleSet}`;

/** The steps done, by index. @param {string} ruleSet @returns {Set<number>} */
export function done(ruleSet) {
  try {
    const raw = JSON.parse(localStorage.getItem(key(ruleSet)) || '[]');
    return new Set(Array.isArray(raw) ? raw.filter((n) => Number.isInteger(n)) : []);
  } catch {
    return new Set();
  }
}

/** Marks step `index` done. @param {string} ruleSet @param {number} index */
export function markDone(ruleSet, index) {
  const steps = done(ruleSet).add(index);
  try {
    localStorage.setItem(key(ruleSet), JSON.stringify([...steps].sort((a, b) => a - b)));
  } catch {
    // A browser that keeps nothing still plays the lesson.
  }
}
