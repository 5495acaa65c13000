import { MESSAGES } from '@portal/contract';
import { act, render, screen } from '@testing-library/react';
import { activateLocale } from '@portal/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState, ErrorState, LoadingState } from './states';

describe('LoadingState', () => {
  it('is a status with the visible loading text', () => {
    render(<LoadingState label={MESSAGES.loadingProfile} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
  });
});

describe('EmptyState', () => {
  it('shows its text without interrupting', () => {
    render(<EmptyState>{MESSAGES.noPatientData}</EmptyState>);
    expect(screen.getByText('No patient data available.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it('is an alert', () => {
    render(<ErrorState>Error: {MESSAGES.profileLoadFailed}</ErrorState>);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Could not load profile');
  });

  it('inline, is the same alert as a line a form or field can name', () => {
    render(
      <form aria-label="Add a problem" aria-describedby="save-failed">
        <ErrorState variant="inline" id="save-failed">
          {MESSAGES.profileLoadFailed}
        </ErrorState>
      </form>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load profile');
    expect(alert).not.toHaveClass('rounded-lg');
    expect(screen.getByRole('form', { name: 'Add a problem' })).toHaveAccessibleDescription(
      'Could not load profile',
    );
  });
});

describe('states in Thai', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('show a catalogue’s English text in the language chosen, and again after a switch', async () => {
    await act(() => activateLocale('th', 'all'));
    render(<LoadingState label="Loading…" />);
    expect(screen.getByRole('status')).toHaveTextContent('กำลังโหลด…');
    await act(() => activateLocale('en', 'all'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('leave a text no catalogue has as it came', async () => {
    await act(() => activateLocale('th', 'all'));
    render(<EmptyState>Nothing here yet</EmptyState>);
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
  });
});
