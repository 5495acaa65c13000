import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { NotFoundPage } from './not-found-page';

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/" element={<h1>Landing page</h1>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * Whether the router takes the next click over: a client-side link prevents the browser's own
 * page load, a plain link does not. The load itself is then prevented (jsdom cannot load pages).
 */
function watchNextClick(): () => boolean | undefined {
  let prevented: boolean | undefined;
  window.addEventListener(
    'click',
    (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    },
    { once: true },
  );
  return () => prevented;
}

describe('NotFoundPage', () => {
  it('says the page does not exist and links home', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at this address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      ROUTES.home,
    );
  });

  it('goes home inside the public app, by a route change', async () => {
    renderAt('/no-such-page');
    const routerTookIt = watchNextClick();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(routerTookIt()).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Landing page' })).toBeInTheDocument();
  });

  it('leaves a management app for home with a full-page load, not a route change', async () => {
    renderAt('/patients-management/no-such-page');
    const link = screen.getByRole('link', { name: 'Go to the home page' });
    expect(link).toHaveAttribute('href', ROUTES.home);
    const routerTookIt = watchNextClick();
    await userEvent.click(link);
    expect(routerTookIt()).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Landing page' })).not.toBeInTheDocument();
  });
});
