import { describe, expect, it } from 'vitest';
import { ALLOWED_EMAIL_DOMAINS } from './email-domains';

describe('ALLOWED_EMAIL_DOMAINS', () => {
  it('are gmail.com, hotmail.com and email.com', () => {
    expect(ALLOWED_EMAIL_DOMAINS).toEqual(['gmail.com', 'hotmail.com', 'email.com']);
  });

  it('are bare lower-case domains, so that a lower-cased domain can be looked up', () => {
    for (const domain of ALLOWED_EMAIL_DOMAINS) {
      expect(domain).toBe(domain.toLowerCase());
      expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
  });
});
