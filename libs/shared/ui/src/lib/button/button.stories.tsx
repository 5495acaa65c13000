import { ROUTES } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn } from 'storybook/test';
import { Button, LinkButton } from './button';

const meta = {
  title: 'Components/Buttons/Button',
  tags: ['autodocs'],
  subcomponents: { LinkButton },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost'] },
    busy: { control: 'boolean' },
    disabled: { control: 'boolean' },
    type: { control: 'inline-radio', options: ['button', 'submit', 'reset'] },
    children: { control: 'text' },
  },
  component: Button,
  args: { children: 'Done', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Primary: the one main action of a form. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Reset' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeEnabled();
  },
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'Log out' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Log out' })).toBeVisible();
  },
};

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Cancel' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** While a request runs: disabled, with a spinner and "Working…" for screen readers. */
export const Busy: Story = {
  args: { busy: true, type: 'submit' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Done Working…' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: 'Search' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Search' })).toBeDisabled();
  },
};

/** A form's pair of buttons, as every management form has them, on a phone. */
export const FormActionsOnPhone: Story = {
  globals: { viewport: { value: 'phone360' } },
  render: (args) => (
    <div className="flex flex-wrap gap-3 p-4">
      <Button variant="secondary">Reset</Button>
      <Button {...args} type="submit" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Done' })).toBeVisible();
  },
};

/** A link styled as a button: it goes somewhere rather than doing something. */
export const AsLink: Story = {
  render: () => (
    <MemoryRouter>
      <div className="flex flex-wrap gap-3 p-4">
        <LinkButton to={ROUTES.login}>Access the System</LinkButton>
        <LinkButton to={ROUTES.login} variant="secondary">
          Our System
        </LinkButton>
      </div>
    </MemoryRouter>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Access the System' })).toHaveAttribute(
      'href',
      ROUTES.login,
    );
  },
};
