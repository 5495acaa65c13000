import { MESSAGES } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
