import { render, screen } from '@testing-library/react';
import { MemoryRouter, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Preloadable } from './preloadable';
import type { PageRoute } from './preload-route';
import { pageRoutes } from './route-table';

/** A page that says its name, with a preload to watch. */
function page(name: string): Preloadable<object> {
  return Object.assign(() => <p>{name}</p>, { preload: vi.fn(() => Promise.resolve()) });
}

describe('a route table', () => {
  it('renders each page at its path, inside its guard', () => {
    const pages: PageRoute[] = [
      { path: '/a', Page: page('Page A') },
      {
        path: '/b',
        Page: page('Page B'),
        guard: (p) => <section aria-label="guarded">{p}</section>,
      },
    ];
    render(
      <MemoryRouter initialEntries={['/b']}>
        <Routes>{pageRoutes(pages)}</Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'guarded' })).toHaveTextContent('Page B');
    expect(screen.queryByText('Page A')).not.toBeInTheDocument();
  });
});
