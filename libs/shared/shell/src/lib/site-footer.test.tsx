import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.useRealTimers();
});

describe('SiteFooter', () => {
  it.each([2026, 2031])('shows the current year (%i)', (year) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${year}-06-15T12:00:00Z`));
    render(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${year} Riverside General Hospital. All rights reserved.`,
    );
  });
});
