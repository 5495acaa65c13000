import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

afterEach(() => {
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('the page broke');
}

describe('ErrorBoundary', () => {
  it('shows its children while they render', () => {
    render(
      <ErrorBoundary>
        <p>A working page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('A working page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces a page that fails to render with a message, and logs to the console only', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>Outside the boundary</p>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong on this page. Reload it to try again; if it keeps happening, contact the Help Desk.',
    );
    expect(screen.getByText('Outside the boundary')).toBeInTheDocument();
    expect(screen.queryByText('the page broke')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Page failed to render',
      expect.objectContaining({ message: 'the page broke' }),
      expect.any(String),
    );
  });
});
