import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AGE_MAX, AGE_MIN, ageSchema } from '@portal/contract';
import { FormHarness } from './form-harness';
import { NumberField } from './number-field';

const schema = z.object({ age: ageSchema });

function renderAge() {
  render(
    <FormHarness schema={schema} defaultValues={{ age: '' }}>
      <NumberField name="age" label="Age" min={AGE_MIN} max={AGE_MAX} required />
    </FormHarness>,
  );
  return screen.getByRole('spinbutton', { name: 'Age' });
}

describe('NumberField', () => {
  it('offers the range given, from the contract', () => {
    const input = renderAge();
    expect(input).toHaveAttribute('min', String(AGE_MIN));
    expect(input).toHaveAttribute('max', String(AGE_MAX));
    expect(input).toBeRequired();
  });

  it('refuses a value over the maximum with the contract message', async () => {
    const user = userEvent.setup();
    const input = renderAge();
    await user.type(input, '130');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(`Age must be at most ${AGE_MAX}`);
    await user.clear(input);
    await user.type(input, '0');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(`Age must be at least ${AGE_MIN}`),
    );
  });

  it('submits a number parsed by the schema', async () => {
    const user = userEvent.setup();
    const input = renderAge();
    await user.type(input, '42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"age":42}',
      ),
    );
  });
});
