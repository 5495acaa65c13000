/**
 * The question under the login form in English, for the tests and stories that look for it
 * (the spec's words). The page shows the catalogue's `public.login.forgotPassword.question`,
 * which reads the same in English (english-texts.test.ts holds the two equal).
 */
export const FORGOT_PASSWORD_QUESTION = 'Forgot your password?';
