import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { SaveOutcomeNotice } from './save-outcome-notice';

describe('SaveOutcomeNotice', () => {
  it('names the record and counts the changes, in the singular for one', () => {
    const { rerender } = render(
      <SaveOutcomeNotice
        noun="Patient"
        outcome={{ kind: 'updated', id: 'P002', fields: 1 }}
        noticeRef={null}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Patient P002 updated \(1 change\)\.$/);
    rerender(
      <SaveOutcomeNotice
        noun="Employee"
        outcome={{ kind: 'updated', id: 'E002', fields: 3 }}
        noticeRef={null}
      >
        <p>Access ended.</p>
      </SaveOutcomeNotice>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Employee E002 updated \(3 changes\)\.Access ended\.$/,
    );
  });

  it('says that nothing was saved when nothing changed, and takes the page’s ref for focus', () => {
    const ref = createRef<HTMLDivElement>();
    render(<SaveOutcomeNotice noun="Patient" outcome={{ kind: 'unchanged' }} noticeRef={ref} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(/^Nothing was changed, so nothing was saved\.$/);
    expect(ref.current).toBe(notice);
  });
});
