import {
  EMPLOYEE_SECTION_LINKS,
  PATIENT_SECTION_LINKS,
  ROUTES,
  SECTION_TITLES,
} from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'storybook/test';
import { Sidebar } from './sidebar';

const meta = {
  title: 'Components/Navigation/Sidebar',
  tags: ['autodocs'],
  argTypes: {
    title: { control: 'text' },
    pathname: { control: 'text' },
    links: { control: 'object' },
  },
  component: Sidebar,
  args: {
    title: SECTION_TITLES.patients,
    links: PATIENT_SECTION_LINKS,
    pathname: ROUTES.addPatient,
  },
  decorators: [
    (Story, { args }) => (
      <MemoryRouter initialEntries={[args.pathname]}>
        <div className="max-w-xs p-4">
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The patients section, on New Patient. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Patients Management System' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'New Patient' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const PatientsOnSearch: Story = {
  args: { pathname: ROUTES.searchPatient },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Patient Information' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const Employees: Story = {
  args: {
    title: SECTION_TITLES.employees,
    links: EMPLOYEE_SECTION_LINKS,
    pathname: ROUTES.editEmployee,
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('navigation', { name: 'Employees Management System' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit Employee' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Below the lg breakpoint the sidebar hides; the top bar's menu carries its links. */
export const HiddenOnPhone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
};
