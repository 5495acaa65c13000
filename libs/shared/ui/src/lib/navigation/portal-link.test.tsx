import { ROUTES } from '@portal/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PortalLink } from './portal-link';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(pathname: string, to: string) {
  render(
    <MemoryRouter initialEntries={[pathname]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <PortalLink to={to}>Go</PortalLink>
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

// Records whether the click reached the browser's default action (a full page load), then
// stops it: jsdom cannot load pages.
let reachedBrowser: boolean | undefined;
const recordAndStop = (event: MouseEvent) => {
  reachedBrowser = !event.defaultPrevented;
  event.preventDefault();
};
beforeEach(() => {
  reachedBrowser = undefined;
  document.addEventListener('click', recordAndStop);
});
afterEach(() => document.removeEventListener('click', recordAndStop));

describe('PortalLink', () => {
  it('moves inside the same app without a page load', () => {
    renderAt(ROUTES.addPatient, ROUTES.searchPatient);
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link).toHaveAttribute('href', ROUTES.searchPatient);
    fireEvent.click(link);
    expect(reachedBrowser).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.searchPatient);
  });

  it('leaves for another app with a full page load', () => {
    renderAt(ROUTES.addPatient, ROUTES.system);
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link).toHaveAttribute('href', ROUTES.system);
    fireEvent.click(link);
    expect(reachedBrowser).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.addPatient);
  });

  it('treats the public pages as one app', () => {
    renderAt(ROUTES.home, ROUTES.login);
    fireEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(reachedBrowser).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.login);
  });

  it('passes anchor props through', () => {
    render(
      <MemoryRouter>
        <PortalLink to={ROUTES.addEmployee} aria-current="page" className="x">
          Here
        </PortalLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Here' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveClass('x');
  });
});
