/** The only email domains the portal accepts (the original portal's list). */
export const ALLOWED_EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'email.com'] as const;
