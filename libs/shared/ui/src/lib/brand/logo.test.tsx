import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@portal/i18n';
import { HospitalName, Logo } from './logo';

afterEach(() => activateLocale('en', 'all'));

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

  it('puts "โรงพยาบาล" first in Thai, as Thai writes the name', async () => {
    await act(() => activateLocale('th', 'all'));
    const { container } = render(<HospitalName />);
    expect(container).toHaveTextContent(/^โรงพยาบาลริเวอร์ไซด์ เจเนอรัล$/);
  });
});
