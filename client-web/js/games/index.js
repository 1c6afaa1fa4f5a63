// The rule sets this client can draw: each rule-set name to its module, one line each
// (docs/client-games.md). A rule set the server offers without a line here gets a plain
// notice in its room.

import mehenPharaohs from './mehen-pharaohs/index.js';
import mehenSanMartin from './mehen-san-martin/index.js';

/** @type {Record<string, import('../types.js').GameModule<any, any>>} */
export const games = {
  'mehen-pharaohs': mehenPharaohs,
  'mehen-san-martin': mehenSanMartin,
};
