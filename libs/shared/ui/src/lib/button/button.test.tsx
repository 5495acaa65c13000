import { ROUTES } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Button, LinkButton } from './button';

describe('Button', () => {
  it('is a non-submitting button that calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Reset</Button>);
    const button = screen.getByRole('button', { name: 'Reset' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('forwards type, so it can submit a form', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <form aria-label="Search" onSubmit={onSubmit}>
        <Button type="submit">Search</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is disabled while busy, says it is working and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" busy onClick={onClick}>
        Done
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Done/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAccessibleName('Done Working…');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is enabled and quiet when not busy', () => {
    render(<Button>Done</Button>);
    const button = screen.getByRole('button', { name: 'Done' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.queryByText('Working…')).not.toBeInTheDocument();
  });

  it('honours disabled on its own', () => {
    render(<Button disabled>Add</Button>);
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });
});

describe('LinkButton', () => {
  it('is a link, not a button', () => {
    render(
      <MemoryRouter>
        <LinkButton to={ROUTES.login}>Access the System</LinkButton>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Access the System' })).toHaveAttribute(
      'href',
      ROUTES.login,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
