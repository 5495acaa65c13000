import { PATIENT_SECTION_LINKS, ROUTES, SECTION_TITLES } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, within } from 'storybook/test';
import { Button } from '../button/button';
import { Sidebar } from '../navigation/sidebar';
import { TopBar } from '../navigation/top-bar';
import { ActivationCodeNotice } from '../notice/activation-code-notice';
import { Card } from './card';
import { ManagementLayout } from './management-layout';
import { PageShell } from './page-shell';

const fieldClasses =
  'mt-1 block min-h-11 w-full rounded-lg border border-muted bg-surface px-3 text-sm text-ink';

function Field({
  label,
  type = 'text',
  placeholder,
}: {
  label: string;
  type?: string;
  placeholder?: string;
}) {
  return (
    <label className="block text-sm font-medium text-ink">
      {label}
      <input type={type} placeholder={placeholder} className={fieldClasses} />
    </label>
  );
}

function AddPatientForm() {
  return (
    <div className="space-y-6">
      <ActivationCodeNotice
        code="K7M2P9QX4TRW"
        expiresAt="2025-10-14T09:30:00Z"
        personLabel="Somchai Jaidee (P051)"
        title="Patient P051 added"
      />
      <Card>
        <form aria-label="Add Patient" className="space-y-4" onSubmit={(e) => e.preventDefault()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Patient ID" placeholder="PXXX" />
            <Field label="First Name" />
            <Field label="Last Name" />
            <Field label="Age" type="number" />
            <Field label="Date of Birth" type="date" />
            <Field label="Email" type="email" />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" type="reset">
              Reset
            </Button>
            <Button type="submit">Done</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

const meta = {
  title: 'Components/Layout/ManagementLayout',
  tags: ['autodocs'],
  argTypes: {
    title: { control: 'text' },
    sidebar: { control: false },
    children: { control: false },
  },
  component: ManagementLayout,
  // The top bar is fixed: each story gets its own frame on the Docs page.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '640px' } } },
  args: {
    sidebar: (
      <Sidebar
        title={SECTION_TITLES.patients}
        links={PATIENT_SECTION_LINKS}
        pathname={ROUTES.addPatient}
      />
    ),
    title: 'Add Patient',
    children: <AddPatientForm />,
  },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={[ROUTES.addPatient]}>
        <PageShell
          topBar={
            <TopBar
              pathname={ROUTES.addPatient}
              sectionLinks={PATIENT_SECTION_LINKS}
              authenticated
              onLogout={fn()}
            />
          }
        >
          <Story />
        </PageShell>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof ManagementLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The add-patient page on a desktop: sidebar on the left, the form beside it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('navigation', { name: 'Patients Management System' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'New Patient' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  },
};

/** On a phone the sidebar gives way to the top bar's menu, and the form takes the full width. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.queryByRole('navigation', { name: 'Patients Management System' }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('the menu toggle controls no element');
    // Visible once the opening animation (from transparent) is over.
    await Promise.all(menu.getAnimations().map((animation) => animation.finished));
    await expect(within(menu).getByRole('link', { name: 'Add Patient' })).toBeVisible();
  },
};
