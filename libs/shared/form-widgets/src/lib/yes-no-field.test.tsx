import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { yesNoSchema } from '@portal/contract';
import { FormHarness } from './form-harness';
import { YesNoField } from './yes-no-field';

function renderInsurance() {
  render(
    <FormHarness schema={z.object({ health_insurance: yesNoSchema })}>
      <YesNoField name="health_insurance" label="Health Insurance" required />
    </FormHarness>,
  );
  return screen.getByRole('group', { name: 'Health Insurance' });
}

describe('YesNoField', () => {
  it('is a group named by its legend with two required radios', () => {
    renderInsurance();
    const yes = screen.getByRole('radio', { name: 'Yes' });
    const no = screen.getByRole('radio', { name: 'No' });
    expect(yes).toBeRequired();
    expect(yes).not.toBeChecked();
    expect(no).not.toBeChecked();
  });

  it('ties the schema message to the group when nothing is chosen', async () => {
    const user = userEvent.setup();
    const group = renderInsurance();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(group).toHaveAccessibleDescription('Choose yes or no'));
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAccessibleDescription(
      'Choose yes or no',
    );
  });

  it('is chosen with the keyboard: space picks, arrows move the choice', async () => {
    const user = userEvent.setup();
    renderInsurance();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"health_insurance":"no"}',
      ),
    );
  });
});
