import { EMPLOYEE_SECTION_LINKS, PATIENT_SECTION_LINKS, ROUTES, TIMINGS } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, within } from 'storybook/test';
import { TopBar } from './top-bar';

const meta = {
  title: 'Components/Navigation/TopBar',
  tags: ['autodocs'],
  // Fixed or modal: drawn in its own frame on the Docs page, not over it.
  parameters: { docs: { story: { inline: false, height: '320px' } } },
  argTypes: { pathname: { control: 'text' }, authenticated: { control: 'boolean' } },
  component: TopBar,
  args: {
    pathname: ROUTES.home,
    authenticated: false,
    onLogin: fn(),
    onLogout: fn(),
  },
  decorators: [
    (Story, { args }) => (
      <MemoryRouter initialEntries={[args.pathname]}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The phone menu's panel, reached as assistive technology does: through aria-controls. */
function menuOf(toggle: HTMLElement): HTMLElement {
  const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('the menu toggle controls no element');
  return panel;
}

/** Waits for the menu's opening animation to finish: until then it is partly transparent. */
async function animationsDone(panel: HTMLElement) {
  await Promise.all(panel.getAnimations().map((animation) => animation.finished));
}

/** Signed out on the home page: Login, no System link. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'System' })).not.toBeInTheDocument();
  },
};

export const SignedInOnHome: Story = {
  args: { authenticated: true },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'System' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const SignedInElsewhere: Story = {
  args: { authenticated: true, pathname: ROUTES.patientProfile },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'System' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

export const SignedOutOnLoginPage: Story = {
  args: { pathname: ROUTES.login },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const PatientsSectionMenuOpen: Story = {
  args: { authenticated: true, pathname: ROUTES.addPatient, sectionLinks: PATIENT_SECTION_LINKS },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The spec's 0.5 s opening animation.
    const animations = menuOf(toggle).getAnimations();
    await expect(animations.map((animation) => animation.effect?.getTiming().duration)).toEqual([
      TIMINGS.menuAnimationMs,
    ]);
    await animationsDone(menuOf(toggle));
    const menu = within(menuOf(toggle));
    await expect(menu.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Today',
      'Add Patient',
      'Edit Patient',
      'Patient Appointment',
      'Patient History',
      'Patient Information',
      'System',
      'Logout',
    ]);
    const lastSectionLink = menu.getByRole('link', { name: 'Patient Information' });
    const system = menu.getByRole('link', { name: 'System' });
    await expect(system).toBeVisible();
    await expect(
      lastSectionLink.compareDocumentPosition(system) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add Patient' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const EmployeesSectionMenuOpen: Story = {
  args: {
    authenticated: true,
    pathname: ROUTES.searchEmployee,
    sectionLinks: EMPLOYEE_SECTION_LINKS,
  },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await animationsDone(menuOf(toggle));
    const menu = within(menuOf(toggle));
    await expect(menu.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Add Employee',
      'Edit Employee',
      'Employee Information',
      'System',
      'Logout',
    ]);
  },
};

/** A choice in the menu closes it; so does Escape, which gives focus back to the toggle. */
export const PhoneMenuClosesOnChoice: Story = {
  args: { authenticated: true, pathname: ROUTES.addEmployee, sectionLinks: EMPLOYEE_SECTION_LINKS },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await userEvent.click(within(menuOf(toggle)).getByRole('link', { name: 'Edit Employee' }));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menuOf(toggle)).not.toBeVisible();

    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveFocus();
  },
};

export const PhoneClosed: Story = {
  args: { authenticated: true },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Inline links are for large screens; on a phone they wait in the menu.
    await expect(canvas.queryByRole('link', { name: 'System' })).not.toBeInTheDocument();
    await expect(canvas.getByText('Riverside General')).toBeVisible();
  },
};

export const Tablet: Story = {
  args: { authenticated: true, pathname: ROUTES.editPatient, sectionLinks: PATIENT_SECTION_LINKS },
  globals: { viewport: { value: 'tablet768' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
  },
};

/** Who is signed in: the name and role, on a button that opens My account and Logout. */
export const SignedInWithName: Story = {
  args: {
    authenticated: true,
    pathname: ROUTES.searchPatient,
    sectionLinks: PATIENT_SECTION_LINKS,
    user: { name: 'Anan Wongsa', roleLabel: 'Medical Personnel' },
  },
  globals: { viewport: { value: 'desktop1280' } },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Anan Wongsa/ });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // The spec's Logout stays where it was.
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

/** The account menu open with the keyboard: My account, then Logout; Escape closes it. */
export const AccountMenuOpen: Story = {
  args: SignedInWithName.args,
  globals: SignedInWithName.globals,
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: /Anan Wongsa/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = within(menuOf(button));
    await expect(panel.getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

/** On a phone the menu names who is signed in above the spec's links; Logout stays last. */
export const PhoneSignedInWithName: Story = {
  args: {
    authenticated: true,
    pathname: ROUTES.patientProfile,
    user: { name: 'Malee Srisuk', roleLabel: 'Patient' },
  },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    const panel = menuOf(toggle);
    await animationsDone(panel);
    await expect(within(panel).getByText('Malee Srisuk')).toBeVisible();
    await expect(within(panel).getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(within(panel).getAllByRole('listitem').at(-1)).toHaveTextContent('Logout');
  },
};
