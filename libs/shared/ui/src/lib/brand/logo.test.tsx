import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HospitalName, Logo } from './logo';

describe('Logo', () => {
  it('is hidden from assistive technology unless labelled', () => {
    const { container } = render(<Logo />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    render(<Logo label="Hospital home" />);
    expect(screen.getByRole('img', { name: 'Hospital home' })).toBeInTheDocument();
  });

  it('shows the hospital name on two lines', () => {
    render(<HospitalName />);
    expect(screen.getByText('Riverside General')).toBeInTheDocument();
    expect(screen.getByText('Hospital')).toBeInTheDocument();
  });
});
