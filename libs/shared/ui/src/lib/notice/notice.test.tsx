import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Notice, type NoticeTone } from './notice';

describe('Notice', () => {
  it.each<[NoticeTone, 'status' | 'alert']>([
    ['success', 'status'],
    ['info', 'status'],
    ['warning', 'status'],
    ['error', 'alert'],
  ])('a %s notice has role %s', (tone, role) => {
    render(
      <Notice tone={tone} title="Headline">
        Body text
      </Notice>,
    );
    const notice = screen.getByRole(role);
    expect(notice).toHaveTextContent('Headline');
    expect(notice).toHaveTextContent('Body text');
  });

  it('can take focus from code but is not a tab stop', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <Notice ref={ref} tone="error">
        Could not perform search
      </Notice>,
    );
    const notice = screen.getByRole('alert');
    expect(notice).toHaveAttribute('tabindex', '-1');
    expect(ref.current).toBe(notice);
    ref.current?.focus();
    expect(notice).toHaveFocus();
  });
});
