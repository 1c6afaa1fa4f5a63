// The rule sets this client can draw: each rule-set name to its module, one line each
// (docs/client-games.md). A rule set the server offers without a line here gets a plain
// notice in its room.

import mehenKendallSkiryuk from './mehen-kendall-skiryuk/index.js';
import mehenPharaohs from './mehen-pharaohs/index.js';
import mehenSanMartin from './mehen-san-martin/index.js';
import menAsymmetric from './men-asymmetric/index.js';
import menSymmetric from './men-symmetric/index.js';
import senet from './senet/index.js';

/** @type {Record<string, import('../types.js').GameModule<any, any>>} */
export const games = {
  'mehen-kendall-skiryuk': mehenKendallSkiryuk,
  'mehen-pharaohs': mehenPharaohs,
  'mehen-san-martin': mehenSanMartin,
  'men-asymmetric': menAsymmetric,
  'men-symmetric': menSymmetric,
  senet,
};
