import {
  accountPath,
  EMPLOYEES_SECTION,
  PATIENT_SECTION_LINKS,
  PATIENTS_SECTION,
  ROUTES,
  sectionLinksOn,
  sectionServing,
} from '@portal/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@portal/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopBar, type TopBarProps } from './top-bar';

/** The top bar as its app's frame gives it: the links of the section of the path's app. */
function renderTopBar(props: Partial<TopBarProps> & { pathname: string }) {
  const onLogout = vi.fn();
  const section = sectionServing(props.pathname);
  const result = render(
    <MemoryRouter initialEntries={[props.pathname]}>
      <TopBar
        authenticated={false}
        onLogout={onLogout}
        sectionLinks={sectionLinksOn(props.pathname, section)}
        {...props}
      />
    </MemoryRouter>,
  );
  return { ...result, onLogout, user: userEvent.setup() };
}

const toggle = () => screen.getByRole('button', { name: 'Menu' });

/** The phone menu's panel, found the way assistive technology does: through aria-controls. */
function menu() {
  const id = toggle().getAttribute('aria-controls') ?? '';
  const panel = document.getElementById(id);
  if (!panel) throw new Error(`no menu panel #${id}`);
  return panel;
}

/** The names of the open menu's items, in order. */
function menuItems() {
  return within(menu())
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

/** The inline (large-screen) list: the Main navigation's first list. */
function inline() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const list = within(nav).getAllByRole('list')[0];
  if (!list) throw new Error('no inline list');
  return within(list);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TopBar', () => {
  it('is a header with a Main navigation and a logo link home', () => {
    renderTopBar({ pathname: ROUTES.login });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Riverside General/ })).toHaveAttribute('href', '/');
  });

  it('offers Login, a link to /login, when nobody is signed in', () => {
    renderTopBar({ pathname: ROUTES.home });
    expect(inline().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers Logout, a button calling onLogout, when signed in', async () => {
    const { user, onLogout } = renderTopBar({ pathname: ROUTES.home, authenticated: true });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(inline().getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('calls onLogin when Login is chosen', async () => {
    const onLogin = vi.fn();
    const { user } = renderTopBar({ pathname: ROUTES.home, onLogin });
    await user.click(inline().getByRole('link', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  describe('System link', () => {
    it('is shown on the home page to a signed-in user', () => {
      renderTopBar({ pathname: ROUTES.home, authenticated: true });
      expect(inline().getByRole('link', { name: 'System' })).toHaveAttribute('href', '/system');
    });

    it('is not shown on the home page to an anonymous visitor', () => {
      renderTopBar({ pathname: ROUTES.home });
      expect(screen.queryByRole('link', { name: 'System' })).not.toBeInTheDocument();
    });

    it.each([
      [ROUTES.patientProfile, true],
      [ROUTES.addPatient, true],
      [ROUTES.searchEmployee, true],
      [ROUTES.login, false],
    ])('is shown away from the home page (%s, signed in: %s)', (pathname, authenticated) => {
      renderTopBar({ pathname, authenticated });
      expect(inline().getByRole('link', { name: 'System' })).toBeInTheDocument();
    });
  });

  describe('phone menu', () => {
    it('opens and closes with the toggle, which reports its state', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.home, authenticated: true });
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(menu()).not.toBeVisible();

      await user.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(menu()).toBeVisible();
      expect(menu()).toHaveClass('animate-menu-open');

      await user.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(menu()).not.toBeVisible();
    });

    it('lists the patients section links (Today, then the spec’s five), in order, above System and Logout', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.editPatient, authenticated: true });
      await user.click(toggle());
      expect(menuItems()).toEqual([
        'Today',
        'Add Patient',
        'Edit Patient',
        'Patient Appointment',
        'Patient History',
        'Patient Information',
        'System',
        'Logout',
      ]);
      expect(within(menu()).getByRole('link', { name: 'Edit Patient' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    it('lists the employees section links above System and Logout', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.addEmployee, authenticated: true });
      await user.click(toggle());
      expect(menuItems()).toEqual([
        'Add Employee',
        'Edit Employee',
        'Employee Information',
        'System',
        'Logout',
      ]);
    });

    it('holds only System and Login/Logout outside the two sections', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.patientProfile, authenticated: true });
      await user.click(toggle());
      expect(menuItems()).toEqual(['System', 'Logout']);
    });

    it('holds only Login on the home page for an anonymous visitor', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.home });
      await user.click(toggle());
      expect(menuItems()).toEqual(['Login']);
    });

    it('closes when a link in it is chosen', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.addPatient, authenticated: true });
      await user.click(toggle());
      await user.click(within(menu()).getByRole('link', { name: 'Patient History' }));
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(menu()).not.toBeVisible();
    });

    it('closes when Logout in it is chosen, keeping focus on the toggle', async () => {
      const { user, onLogout } = renderTopBar({ pathname: ROUTES.addPatient, authenticated: true });
      await user.click(toggle());
      await user.click(within(menu()).getByRole('button', { name: 'Logout' }));
      expect(onLogout).toHaveBeenCalledTimes(1);
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveFocus();
    });

    it('closes on Escape and gives focus back to the toggle', async () => {
      const { user } = renderTopBar({ pathname: ROUTES.addEmployee, authenticated: true });
      await user.click(toggle());
      await user.tab();
      expect(within(menu()).getByRole('link', { name: 'Add Employee' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveFocus();
    });

    it('lists the section links its app gives, and none in the public app', async () => {
      // A section's links on a path of another app (the public one) are not listed.
      expect(sectionLinksOn(ROUTES.home, PATIENTS_SECTION)).toEqual([]);
      expect(sectionLinksOn(ROUTES.addEmployee, PATIENTS_SECTION)).toEqual([]);
      expect(sectionLinksOn(ROUTES.addEmployee, EMPLOYEES_SECTION)).toBe(EMPLOYEES_SECTION.links);
      // A top bar given none lists System and Logout only, whatever the path.
      const { user } = renderTopBar({
        pathname: ROUTES.addPatient,
        authenticated: true,
        sectionLinks: [],
      });
      await user.click(toggle());
      const menu = document.getElementById(toggle().getAttribute('aria-controls') ?? '')!;
      expect(
        within(menu)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['System', 'Logout']);
    });

    it('closes when the page changes under it', async () => {
      const { user, rerender, onLogout } = renderTopBar({
        pathname: ROUTES.addPatient,
        authenticated: true,
      });
      await user.click(toggle());
      rerender(
        <MemoryRouter initialEntries={[ROUTES.editPatient]}>
          <TopBar
            pathname={ROUTES.editPatient}
            sectionLinks={PATIENT_SECTION_LINKS}
            authenticated
            onLogout={onLogout}
          />
        </MemoryRouter>,
      );
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe('logo', () => {
    it('scrolls to the top when chosen on the home page', async () => {
      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      const { user } = renderTopBar({ pathname: ROUTES.home });
      await user.click(screen.getByRole('link', { name: /Riverside General/ }));
      expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    });

    it('does not scroll elsewhere: it is an ordinary link home', async () => {
      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      const { user } = renderTopBar({ pathname: ROUTES.login });
      await user.click(screen.getByRole('link', { name: /Riverside General/ }));
      expect(scrollTo).not.toHaveBeenCalled();
    });

    it('calls onLogoClick instead when given', async () => {
      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      const onLogoClick = vi.fn();
      const { user } = renderTopBar({ pathname: ROUTES.home, onLogoClick });
      await user.click(screen.getByRole('link', { name: /Riverside General/ }));
      expect(onLogoClick).toHaveBeenCalledTimes(1);
      expect(scrollTo).not.toHaveBeenCalled();
    });
  });

  describe('who is signed in', () => {
    const MALEE = { name: 'Malee Srisuk', roleLabel: 'Patient' };
    const accountButton = () => screen.getByRole('button', { name: /Malee Srisuk/ });

    it('shows the name and role on a button that opens My account and Logout', async () => {
      const { user, onLogout } = renderTopBar({
        pathname: ROUTES.patientProfile,
        authenticated: true,
        user: MALEE,
      });
      expect(accountButton()).toHaveAccessibleName(/^Malee Srisuk\s*Patient\s*, account menu$/);
      expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
      await user.click(accountButton());
      expect(accountButton()).toHaveAttribute('aria-expanded', 'true');
      const panel = document.getElementById(accountButton().getAttribute('aria-controls')!)!;
      expect(panel).toBeVisible();
      expect(within(panel).getByRole('link', { name: 'My account' })).toHaveAttribute(
        'href',
        ROUTES.account,
      );
      await user.click(within(panel).getByRole('button', { name: 'Logout' }));
      expect(onLogout).toHaveBeenCalledTimes(1);
      expect(panel).not.toBeVisible();
    });

    it.each([
      [ROUTES.searchPatient, 'clinical'],
      [ROUTES.searchEmployee, 'hr'],
    ] as const)("on %s links to the %s app's own My account", async (pathname, app) => {
      const { user } = renderTopBar({ pathname, authenticated: true, user: MALEE });
      await user.click(accountButton());
      const panel = document.getElementById(accountButton().getAttribute('aria-controls')!)!;
      expect(within(panel).getByRole('link', { name: 'My account' })).toHaveAttribute(
        'href',
        accountPath(app),
      );
    });

    it('is keyboard operable: Enter opens, Tab reaches the items, Escape closes', async () => {
      const { user } = renderTopBar({
        pathname: ROUTES.addEmployee,
        authenticated: true,
        user: { name: 'Anan Wongsa', roleLabel: 'HR' },
      });
      const button = screen.getByRole('button', { name: /Anan Wongsa/ });
      button.focus();
      await user.keyboard('{Enter}');
      expect(button).toHaveAttribute('aria-expanded', 'true');
      await user.tab();
      expect(screen.getByRole('link', { name: 'My account' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
    });

    it('names the person in the phone menu too, where the spec’s Logout stays last', async () => {
      const { user } = renderTopBar({
        pathname: ROUTES.patientProfile,
        authenticated: true,
        user: MALEE,
      });
      await user.click(toggle());
      expect(within(menu()).getByText('Malee Srisuk')).toBeVisible();
      expect(within(menu()).getByRole('link', { name: 'My account' })).toBeVisible();
      expect(menuItems()).toEqual(['System', 'Logout']);
    });

    it('shows no one when signed out, or without a name', () => {
      renderTopBar({ pathname: ROUTES.home, authenticated: false, user: MALEE });
      expect(screen.queryByRole('button', { name: /Malee/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    });
  });
});

describe('TopBar in Thai', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('names its links, buttons and navigation in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    renderTopBar({ pathname: ROUTES.home });
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    expect(within(nav).getAllByRole('link', { name: 'เข้าสู่ระบบ' })[0]).toHaveAttribute(
      'href',
      ROUTES.login,
    );
    expect(screen.getByRole('button', { name: 'เมนู' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ริเวอร์ไซด์ เจเนอรัล/ })).toHaveAttribute('href', '/');
  });

  it('shows who is signed in, My account, System and Logout in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    const { user, onLogout } = renderTopBar({
      pathname: ROUTES.patientProfile,
      authenticated: true,
      user: { name: 'Malee Srisuk', roleLabel: 'Patient' },
    });
    const accountButton = screen.getByRole('button', { name: /Malee Srisuk/ });
    expect(accountButton).toHaveAccessibleName(/, เมนูบัญชี$/);
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    expect(within(nav).getAllByRole('link', { name: 'ระบบ' })[0]).toHaveAttribute(
      'href',
      ROUTES.system,
    );
    const toggleTh = screen.getByRole('button', { name: 'เมนู' });
    await user.click(toggleTh);
    const menuTh = document.getElementById(toggleTh.getAttribute('aria-controls') ?? '')!;
    expect(menuTh).toHaveTextContent('เข้าสู่ระบบในชื่อ Malee Srisuk (');
    expect(within(menuTh).getByRole('link', { name: 'บัญชีของฉัน' })).toBeVisible();
    await user.click(within(menuTh).getByRole('button', { name: 'ออกจากระบบ' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
