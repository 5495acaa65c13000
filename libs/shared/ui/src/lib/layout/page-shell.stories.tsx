import { MESSAGES, ROUTES } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn } from 'storybook/test';
import { HOSPITAL_NAME } from '../brand/logo';
import { TopBar } from '../navigation/top-bar';
import { Notice } from '../notice/notice';
import { Card } from './card';
import { PageHeading } from './page-heading';
import { PageShell } from './page-shell';

const profile: readonly [string, string][] = [
  ['Patient ID', 'P001'],
  ['First Name', 'Somchai'],
  ['Last Name', 'Jaidee'],
  ['Age', '42'],
  ['Gender', 'male'],
  ['Date of Birth', '1983-02-17'],
  ['Blood Type', 'O'],
  ['Health Insurance', 'yes'],
  ['ID card number', '1103700012345'],
  ['Ongoing treatment', 'Hypertension follow-up'],
  ['Latest Appointment', '2025-09-14 10:30:00'],
];

function ProfilePage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeading description="Your record at the hospital.">MyInfo</PageHeading>
      <Card title="Personal details">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {profile.map(([term, value]) => (
            <div key={term}>
              <dt className="font-medium text-muted">{term}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title="Drug allergies">
        <p className="text-sm text-muted">{MESSAGES.noDrugAllergies}</p>
      </Card>
      <Notice tone="info" title="Help Desk">
        <p>Something wrong in your record? Call the Help Desk on 02 123 4567.</p>
      </Notice>
    </div>
  );
}

const meta = {
  title: 'Components/Layout/PageShell',
  tags: ['autodocs'],
  argTypes: {
    topBar: { control: false },
    children: { control: false },
    footer: { control: false },
  },
  component: PageShell,
  // The top bar is fixed: each story gets its own frame on the Docs page.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '640px' } } },
  args: {
    topBar: <TopBar pathname={ROUTES.patientProfile} authenticated onLogout={fn()} />,
    children: <ProfilePage />,
    footer: (
      <footer className="border-t border-line bg-surface px-4 py-6 text-center text-sm text-muted">
        © {new Date().getFullYear()} {HOSPITAL_NAME}
      </footer>
    ),
  },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={[ROUTES.patientProfile]}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof PageShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A patient's profile page on a desktop; the skip link takes the keyboard to the content. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'MyInfo' })).toBeVisible();
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'MyInfo' })).toBeVisible();
  },
};
