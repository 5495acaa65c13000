/**
 * The hint under a new password's field, the server's rule in words (register, My account), in
 * English, kept for the pages and tests that name it: read back to its message
 * (`common.password.newHint`) in the language shown. Its own module, which only the password
 * field imports, so that a form without one holds neither it nor its translation.
 */
export const NEW_PASSWORD_HINT =
  "At least 12 characters and hard to guess: not a common password, your username or the hospital's name.";
