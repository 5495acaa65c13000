import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  makePatientRecord,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddHistoryPage } from './add-history-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // One patient with no history yet, so the answer names someone the test knows.
  server.use(
    ...createHandlers({
      patients: [
        makePatientRecord({
          patient: { patient_id: 'P001', first_name: 'Malee', last_name: 'Srisuk' },
          medical_history: [],
        }),
      ],
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Keeps every history body the page sends; the mock API still answers. */
function recordBodies(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/patient/add-patient-history', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<AddHistoryPage />, {
    route: ROUTES.addHistory,
    session: { role: 'medical_personnel' },
  });
  return { user };
}

const patientId = () => screen.getByRole('textbox', { name: 'Patient ID' });
const time = () => screen.getByRole('textbox', { name: 'Time' });
const date = () => screen.getByLabelText(/^Date/);
const detail = () => screen.getByRole('textbox', { name: 'Detail' });
const add = () => screen.getByRole('button', { name: /^Add/ });

async function fill(
  user: UserEvent,
  values: { id?: string; time?: string; date?: string; detail?: string } = {},
) {
  const v = {
    id: 'P001',
    time: '10:30:00',
    date: '2026-10-28',
    detail: 'Follow-up blood test reviewed.',
    ...values,
  };
  await user.type(patientId(), v.id);
  await user.type(time(), v.time);
  await user.type(date(), v.date);
  if (v.detail) await user.type(detail(), v.detail);
}

describe('AddHistoryPage', () => {
  it('asks for patient id, time and date (required) and a detail (optional), with Add and Reset', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Patient History' })).toBeInTheDocument();
    expect(patientId()).toBeRequired();
    expect(patientId()).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
    expect(time()).toBeRequired();
    expect(time()).toHaveAttribute('placeholder', '10:30:00');
    expect(date()).toBeRequired();
    expect(detail()).not.toBeRequired();
    expect(detail().tagName).toBe('TEXTAREA');
    expect(add()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
  });

  it('says what each required field needs and sends nothing', async () => {
    const bodies = recordBodies();
    const { user } = renderPage();
    await user.click(add());
    await waitFor(() => expect(patientId()).toHaveAccessibleDescription('Required'));
    expect(time()).toHaveAccessibleDescription('24-hour clock, as HH:MM or HH:MM:SS. Required');
    expect(date()).toHaveAccessibleDescription('Required');
    expect(detail()).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([]);
  });

  it('says what is wrong with a patient id in the wrong format', async () => {
    const { user } = renderPage();
    await user.type(patientId(), '001');
    await user.click(add());
    await waitFor(() =>
      expect(patientId()).toHaveAccessibleDescription(
        'Patient ID is P followed by digits, as P001',
      ),
    );
  });

  it.each(['103000', '24:00:00', '10:30:60', 'ten thirty'])(
    'refuses the time “%s”',
    async (typed) => {
      const { user } = renderPage();
      await user.type(time(), typed);
      await user.click(add());
      await waitFor(() =>
        expect(time()).toHaveAccessibleDescription(
          '24-hour clock, as HH:MM or HH:MM:SS. Use a time as HH:MM or HH:MM:SS (24-hour)',
        ),
      );
    },
  );

  it('adds the entry, names the patient and clears the form', async () => {
    const bodies = recordBodies();
    const { user } = renderPage();
    await fill(user);
    await user.click(add());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'History entry added for Malee Srisuk (P001) on 2026-10-28 at 10:30:00.',
    );
    expect(status).toHaveFocus();
    expect(bodies).toEqual([
      {
        patient_id: 'P001',
        time: '10:30:00',
        date: '2026-10-28',
        detail: 'Follow-up blood test reviewed.',
      },
    ]);
    expect(patientId()).toHaveValue('');
    expect(time()).toHaveValue('');
    expect(date()).toHaveValue('');
    expect(detail()).toHaveValue('');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('accepts 10:30 without seconds, and no detail as null', async () => {
    const bodies = recordBodies();
    const { user } = renderPage();
    await fill(user, { time: '10:30', detail: '' });
    await user.click(add());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'History entry added for Malee Srisuk (P001) on 2026-10-28 at 10:30:00.',
    );
    expect(bodies).toEqual([
      { patient_id: 'P001', time: '10:30', date: '2026-10-28', detail: null },
    ]);
  });

  it('keeps what was typed and shows the server’s words when the patient is unknown', async () => {
    const { user } = renderPage();
    await fill(user, { id: 'P999' });
    await user.click(add());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Patient History: not added');
    expect(alert).toHaveTextContent('No patient with ID P999');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(patientId()).toHaveValue('P999');
    expect(time()).toHaveValue('10:30:00');
    expect(date()).toHaveValue('2026-10-28');
    expect(detail()).toHaveValue('Follow-up blood test reviewed.');
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.addHistoryFailed);
  });

  it('marks the field the server names', async () => {
    server.use(
      problemHandler('addHistory', 400, 'time: Use a time as HH:MM or HH:MM:SS (24-hour)', [
        { field: 'time', message: 'Use a time as HH:MM or HH:MM:SS (24-hour)' },
      ]),
    );
    const { user } = renderPage();
    await fill(user);
    await user.click(add());
    await waitFor(() => expect(time()).toHaveAttribute('aria-invalid', 'true'));
    expect(time()).toHaveFocus();
    expect(time()).toHaveValue('10:30:00');
    expect(screen.getByRole('alert')).toHaveTextContent('Patient History: not added');
  });

  it('disables Add and Reset while the request runs', async () => {
    server.use(pendingHandler('addHistory'));
    const { user } = renderPage();
    await fill(user);
    await user.click(add());
    await waitFor(() => expect(add()).toBeDisabled());
    expect(add()).toHaveAccessibleName('Add Working…');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('Reset clears every field', async () => {
    const { user } = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(patientId()).toHaveValue('');
    expect(time()).toHaveValue('');
    expect(date()).toHaveValue('');
    expect(detail()).toHaveValue('');
  });
});
