// Words every page and game module shares.

/** The text with its first letter a capital: "the Lapis guessed" → "The Lapis guessed". @param {string} text */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
