import { render, screen } from '@testing-library/react';
import { MemoryRouter, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Preloadable } from './preloadable';
import { type PageRoute, pageRoutes, preloadPageRoutes } from './route-table';

const loadQueryLayer = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./query-layout', () => ({ loadQueryLayer }));
const preloadApiLayer = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@portal/api-client', () => ({ preloadApiLayer }));

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

  it('preloads the page the address names, or the one a redirect opens, and no other', () => {
    const today = page('Today');
    const add = page('Add');
    const pages: PageRoute[] = [
      { path: '/section/today', Page: today, callsOnOpen: true },
      { path: '/section/add', Page: add },
    ];
    void preloadPageRoutes('/section', pages, [['/section', '/section/today']]);
    expect(today.preload).toHaveBeenCalledTimes(1);
    expect(preloadApiLayer).toHaveBeenCalledTimes(1);
    void preloadPageRoutes('/section/add', pages);
    expect(add.preload).toHaveBeenCalledTimes(1);
    expect(today.preload).toHaveBeenCalledTimes(1);
  });
});
