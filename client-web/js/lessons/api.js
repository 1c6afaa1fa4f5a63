// The lessons' requests (PROTOCOL.md, "Lessons"): which rule sets have a lesson, a lesson
// with every step opened, and one move judged. No room, no seat, no socket.

/**
 * @typedef {{seats: Array<{seat: number, team: number, side: string, name: string | null}>, you: number,
 *   awaiting: import('../types.js').Awaiting, game: any, legal: object[], events: import('../types.js').GameEvent[]}} LessonBoard
 * @typedef {{idea: string, look: string, ask: string, throw: number | null, concealed: number | null, guess: number | null,
 *   board: LessonBoard}} LessonStep
 * @typedef {{rule_set: string, title: string, steps: LessonStep[]}} Lesson
 * @typedef {{right: boolean, says: string, board: LessonBoard | null}} Judged
 * @typedef {{rule_set: string, title: string, steps: number}} LessonSummary
 */

/** @param {string} path @param {unknown} [body] */
async function call(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(data?.message || res.statusText);
  return data;
}

/** @type {Promise<LessonSummary[]> | null} */
let listed = null;

/** The rule sets that have a lesson (asked once per page load). @returns {Promise<LessonSummary[]>} */
export function lessons() {
  listed ??= call('/api/lessons').then((r) => r.lessons);
  return listed;
}

/** @param {string} ruleSet @returns {Promise<Lesson>} */
export const getLesson = (ruleSet) => call(`/api/lessons/${encodeURIComponent(ruleSet)}`);

/** @param {string} ruleSet @param {number} step @param {object} action @returns {Promise<Judged>} */
export const answer = (ruleSet, step, action) => call(`/api/lessons/${encodeURIComponent(ruleSet)}/${step}`, { action });

/** Where a rule set's lesson is. @param {string} ruleSet */
export const lessonPath = (ruleSet) => `/#learn/${ruleSet}`;
