import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { renderWithProviders, setupMswServer } from '@portal/testing';
import { App } from './app';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
setupMswServer();

function renderApp(route: string) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading page…</p>}>
      <App />
    </Suspense>,
    { route, session: null },
  );
}

describe('App routes', () => {
  it.each([
    [ROUTES.home, 'Care that knows you, wherever you meet us'],
    [ROUTES.login, 'Login'],
    [ROUTES.system, 'Login'],
  ])('shows %s', async (route, heading) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/patient-profile/extra', '/login/old'])(
    "shows 'Page not found' with a way home at %s",
    async (route) => {
      renderApp(route);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
        'href',
        ROUTES.home,
      );
    },
  );

  it.each([
    ['patient', ROUTES.account],
    ['HR', ROUTES.account],
    // The second factor's old address leads to My account.
    ['patient', ROUTES.patientTwoStep],
  ] as const)('shows My account to a signed-in %s at %s', async (role, route) => {
    renderWithProviders(
      <Suspense fallback={<p>Loading page…</p>}>
        <App />
      </Suspense>,
      { route, session: { role } },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My account' }),
    ).toBeInTheDocument();
  });

  it('goes home from /account without a session', async () => {
    renderApp(ROUTES.account);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Care that knows you, wherever you meet us',
      }),
    ).toBeInTheDocument();
  });

  it('goes home from the not-found page', async () => {
    renderApp('/no-such-page');
    await userEvent.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Care that knows you, wherever you meet us',
      }),
    ).toBeInTheDocument();
  });
});
