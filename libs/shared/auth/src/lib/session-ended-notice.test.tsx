import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_ENDED_BY_HOSPITAL_MESSAGE } from '@portal/contract';
import { rememberSessionEnded, useSessionEndedNotice } from './session-ended-notice';

afterEach(() => {
  window.sessionStorage.clear();
});

function Landing() {
  return <p role="status">{useSessionEndedNotice() ?? 'Welcome'}</p>;
}

describe('useSessionEndedNotice', () => {
  it('says nothing when no session ended', () => {
    render(<Landing />);
    expect(screen.getByRole('status')).toHaveTextContent('Welcome');
  });

  it.each(['expired', 'unauthorized'] as const)(
    'says "Token expired" once after a session ended as %s',
    (reason) => {
      rememberSessionEnded(reason);
      const first = render(
        <StrictMode>
          <Landing />
        </StrictMode>,
      );
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);

      first.unmount();
      render(<Landing />);
      expect(screen.getByRole('status')).toHaveTextContent('Welcome');
    },
  );

  it('says the hospital ended it, not "Token expired", when the server said so', () => {
    rememberSessionEnded('ended-by-hospital');
    render(<Landing />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your access was ended by the hospital. Please contact HR or the Help Desk.',
    );
    expect(SESSION_ENDED_BY_HOSPITAL_MESSAGE).toBe(screen.getByRole('status').textContent);
    expect(screen.getByRole('status')).not.toHaveTextContent(MESSAGES.tokenExpired);
  });

  it('shows up on a page that is already open', () => {
    render(<Landing />);
    act(() => rememberSessionEnded('expired'));
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
    expect(window.sessionStorage.length).toBe(0);
  });
});
