import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  hospitalNow,
  patientChartPath,
  TAKEN_AT_FUTURE_MESSAGE,
  VITAL_FIELDS,
  VITAL_LIMITS,
  zonedInstant,
} from '@portal/contract';
import { createHandlers, recordBodies, renderWithProviders, setupMswServer } from '@portal/testing';
import { CHART_APPOINTMENTS, CHART_RECORD } from '../chart/chart-fixtures';
import { VITAL_LABELS } from './vital-words';
import { VisitSections } from './visit-sections';
import { t } from '@portal/i18n';

beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

/** The vital signs' form of P037's chart, opened by a Nurse. */
async function openForm() {
  server.use(
    ...createHandlers({
      patients: [CHART_RECORD],
      appointments: { P037: CHART_APPOINTMENTS },
      vitals: { P037: [] },
      notes: { P037: [] },
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(<VisitSections patientId="P037" />, {
    route: patientChartPath('P037'),
    session: { role: 'medical_personnel', position_id: 'P002' },
  });
  const card = await screen.findByRole('region', { name: 'Vital signs' }, { timeout: 5000 });
  await user.click(await within(card).findByRole('button', { name: 'Record vital signs' }));
  const form = await within(card).findByRole('form', { name: 'Record vital signs' });
  return { user, card, form };
}

/** The hospital's wall time as the field holds it. */
const wall = (date: string, time: string) => `${date}T${time.slice(0, 5)}`;

describe('the vital signs’ form', () => {
  it('asks for a phone’s number keypad: whole numbers numeric, the rest decimal', async () => {
    const { form } = await openForm();
    for (const field of VITAL_FIELDS) {
      expect(within(form).getByLabelText(t(VITAL_LABELS[field]))).toHaveAttribute(
        'inputmode',
        VITAL_LIMITS[field].whole ? 'numeric' : 'decimal',
      );
    }
  });

  it('says when the set was taken: the hospital’s now, or the time given', async () => {
    const { user, card, form } = await openForm();
    const before = hospitalNow();
    const takenAt = within(form).getByLabelText('Taken at');
    // The hospital's now as the form opened (the minute may have turned since).
    expect((takenAt as HTMLInputElement).value.slice(0, 10)).toBe(before.date);
    expect(takenAt).toHaveAttribute('type', 'datetime-local');
    const sent = recordBodies(server, 'recordVitals');

    // A time ahead of now is refused beside the field, what was typed kept.
    const tomorrow = addDays(before.date, 1);
    // A browser's date-and-time control takes a whole value at once (jsdom drops one typed).
    fireEvent.change(takenAt, { target: { value: wall(tomorrow, '08:00') } });
    await user.type(within(form).getByLabelText('Pulse (/min)'), '72');
    await user.click(within(form).getByRole('button', { name: 'Save vital signs' }));
    await waitFor(() =>
      expect(takenAt).toHaveAccessibleDescription(expect.stringContaining(TAKEN_AT_FUTURE_MESSAGE)),
    );
    expect(sent).toHaveLength(0);

    // Earlier today (or yesterday just after midnight): sent as the instant of that wall time.
    const earlier = addDays(before.date, -1);
    fireEvent.change(takenAt, { target: { value: wall(earlier, '07:45') } });
    await user.click(within(form).getByRole('button', { name: 'Save vital signs' }));
    expect(await within(card).findByText('Vital signs saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { pulse: 72, taken_at: new Date(zonedInstant(earlier, 7 * 60 + 45)!).toISOString() },
    ]);
    // Emptied for the next set, which is taken now again.
    expect(within(form).getByLabelText('Pulse (/min)')).toHaveValue('');
    expect((takenAt as HTMLInputElement).value.slice(0, 10)).toBe(hospitalNow().date);
  });
});
