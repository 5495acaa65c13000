import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountPath, ROUTES, SECTION_TITLES } from '@portal/contract';
import { PortalFrame } from '@portal/shell';
import { type FakeSession, renderWithProviders, setupMswServer } from '@portal/testing';
import { App, section } from './app';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
setupMswServer();

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(route: string, session: FakeSession | null = { role: 'HR' }) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading page…</p>}>
      <App />
    </Suspense>,
    { route, session },
  );
}

describe('App routes', () => {
  it.each([
    [ROUTES.addEmployee, 'Add Employee'],
    [ROUTES.editEmployee, 'Edit Employee'],
    [ROUTES.searchEmployee, 'Employee Information'],
    [accountPath('hr'), 'My account'],
  ])('shows %s to HR', async (route, heading) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('registers the bare /employees-management and leads to Add Employee', async () => {
    renderApp(ROUTES.employeesManagement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add Employee' }),
    ).toBeInTheDocument();
  });

  it('has the sidebar with New Employee, Edit Employee and Employee Information', async () => {
    const user = userEvent.setup();
    renderApp(ROUTES.addEmployee);
    await screen.findByRole('heading', { level: 1, name: 'Add Employee' });
    const sidebar = screen.getByRole('navigation', { name: SECTION_TITLES.employees });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['New Employee', ROUTES.addEmployee],
      ['Edit Employee', ROUTES.editEmployee],
      ['Employee Information', ROUTES.searchEmployee],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    await user.click(within(sidebar).getByRole('link', { name: 'Employee Information' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Employee Information' }),
    ).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Employee Information' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("lists the employees' links in the top bar's menu, above System and Logout", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <PortalFrame section={section}>
        <Suspense fallback={<p>Loading page…</p>}>
          <App />
        </Suspense>
      </PortalFrame>,
      { route: ROUTES.searchEmployee, session: { role: 'HR' } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Employee Information' });
    const menu = screen.getByRole('navigation', { name: 'Main' });
    const toggle = within(menu).getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    const items = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Add Employee',
      'Edit Employee',
      'Employee Information',
      'System',
      'Logout',
    ]);
    expect(within(panel).getByRole('link', { name: 'Add Employee' })).toHaveAttribute(
      'href',
      ROUTES.addEmployee,
    );
  });

  it.each<[string, FakeSession | null]>([
    ['a signed-out visitor', null],
    ['medical personnel', { role: 'medical_personnel' }],
    ['a patient', { role: 'patient' }],
  ])('sends %s to / without showing a page', (_, session) => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign: vi.fn() });
    renderApp(ROUTES.editEmployee, session);
    expect(replace).toHaveBeenCalledWith(ROUTES.home);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it.each(['/employees-management/nothing-here', '/employees-management/add-employee/extra'])(
    "shows 'Page not found' at %s",
    async (route) => {
      renderApp(route);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument();
    },
  );
});
