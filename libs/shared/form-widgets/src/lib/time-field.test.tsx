import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeSchema } from '@portal/contract';
import { FormHarness } from './form-harness';
import { CLOCK_TIME_HINT, TIME_HINT, TimeField } from './time-field';

describe('TimeField', () => {
  it('takes free text with an example and a hint, and refuses what is not a time', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ time: timeSchema })}>
        <TimeField name="time" label="Time" required placeholder="10:30:00" />
      </FormHarness>,
    );
    const input = screen.getByRole('textbox', { name: 'Time' });
    expect(input).toHaveAttribute('placeholder', '10:30:00');
    expect(input).toHaveAccessibleDescription(TIME_HINT);
    await user.type(input, '25:00');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        `${TIME_HINT} Use a time as HH:MM or HH:MM:SS (24-hour)`,
      ),
    );
    await user.clear(input);
    await user.type(input, '10:30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"time":"10:30"}',
      ),
    );
  });

  it("with clock, is the browser's time control to the minute, and typed 10:30 gives 10:30", async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ time: timeSchema })}>
        <TimeField name="time" label="Time" required clock />
      </FormHarness>,
    );
    const input = screen.getByLabelText(/^Time/);
    expect(input).toHaveAttribute('type', 'time');
    expect(input).toHaveAttribute('step', '60');
    expect(input).not.toHaveAttribute('placeholder');
    expect(input).toHaveAccessibleDescription(CLOCK_TIME_HINT);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(`${CLOCK_TIME_HINT} Required`));
    await user.type(input, '10:30');
    expect(input).toHaveValue('10:30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"time":"10:30"}',
      ),
    );
  });
});
