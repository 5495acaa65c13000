import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_API_BASE,
  DOSE_MESSAGE,
  ENDPOINTS,
  IDEMPOTENCY_KEY_HEADER,
  patientChartPath,
} from '@portal/contract';
import { createHandlers, renderWithProviders, setupMswServer } from '@portal/testing';
import { CHART_RECORD } from '../chart/chart-fixtures';
import { MEDICATIONS } from './medications-fixtures';
import { MedicationsSection } from './medications-section';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();
afterEach(() => vi.restoreAllMocks());

/** P037's medications, as a Doctor (P001) or a Nurse (P002). */
function renderSection(
  position_id: 'P001' | 'P002' = 'P001',
  medications = MEDICATIONS,
  prescribingFirst = false,
) {
  server.use(...createHandlers({ patients: [CHART_RECORD], medications: { P037: medications } }));
  const user = userEvent.setup();
  renderWithProviders(<MedicationsSection patientId="P037" prescribingFirst={prescribingFirst} />, {
    route: patientChartPath('P037'),
    session: { role: 'medical_personnel', position_id },
  });
  return { user };
}

const section = () => screen.findByRole('region', { name: 'Medications' });

/** Every prescription sent, with its Idempotency-Key; the mock API answers. */
function recordPrescriptions() {
  const sent: { body: Record<string, unknown>; key: string | null }[] = [];
  server.use(
    http.post(`*${DEFAULT_API_BASE}${ENDPOINTS.prescribe.path}`, async ({ request }) => {
      sent.push({
        body: (await request.clone().json()) as Record<string, unknown>,
        key: request.headers.get(IDEMPOTENCY_KEY_HEADER),
      });
    }),
  );
  return sent;
}

/** Opens the form, picks a drug by typing its start, and fills in a whole prescription. */
async function fillPrescription(
  user: ReturnType<typeof userEvent.setup>,
  card: HTMLElement,
  drug: string,
) {
  await user.click(await within(card).findByRole('button', { name: 'Prescribe' }));
  const form = await within(card).findByRole('form', { name: 'Prescribe' });
  await user.type(within(form).getByRole('combobox', { name: 'Drug' }), drug.slice(0, 4));
  await user.click(await within(form).findByRole('option', { name: new RegExp(`^${drug}`) }));
  await user.type(within(form).getByLabelText(/^Dose/), '500');
  await user.selectOptions(within(form).getByLabelText(/^Unit/), 'mg');
  await user.selectOptions(within(form).getByLabelText(/^Route/), 'oral');
  await user.selectOptions(within(form).getByLabelText(/^Frequency/), 'three_times_daily');
  await user.type(within(form).getByLabelText(/^Duration \(days\)/), '7');
  await user.type(within(form).getByLabelText(/^Quantity to dispense/), '21');
  await user.type(
    within(form).getByLabelText(/^Instructions for the patient/),
    'One tablet three times a day after meals',
  );
  return form;
}

describe('the chart’s medications', () => {
  it('lists the active ones with their dose, instructions, prescriber, override and conflict', async () => {
    renderSection();
    const card = await section();
    const items = await within(card).findAllByRole('listitem');
    // Two active; the stopped and completed ones wait behind the disclosure.
    const amoxicillin = items.find((li) => li.textContent?.startsWith('amoxicillin'))!;
    expect(amoxicillin).toHaveTextContent('1 capsule(s), By mouth, three times daily, for 7 days');
    expect(amoxicillin).toHaveTextContent('Quantity: 21');
    expect(amoxicillin).toHaveTextContent(
      'Instructions: One capsule three times a day until finished',
    );
    expect(amoxicillin).toHaveTextContent('Prescribed by Anan Wongsa on 2026-12-02');
    expect(amoxicillin).toHaveTextContent(
      'Allergy conflict: the patient has a recorded allergy to amoxicillin',
    );
    expect(amoxicillin).toHaveTextContent(
      'Prescribed despite a warning. Reason: Tolerated a full course last year under observation',
    );
    const past = within(card).getByText('Stopped and completed (2)');
    expect(past.closest('details')).not.toHaveAttribute('open');
    expect(
      within(card).getByText(/Stopped by Anan Wongsa on 2026-11-20\. Reason: Stomach pain/),
    ).not.toBeVisible();
    expect(within(card).getByText('Completed on 2026-10-06')).toBeInTheDocument();
  });

  it('shows a nurse no way to prescribe or stop, and the prints still', async () => {
    renderSection('P002');
    const card = await section();
    await within(card).findByText(/^Instructions: One tablet when in pain/);
    expect(within(card).queryByRole('button', { name: 'Prescribe' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Print prescription: paracetamol' }),
    ).toBeInTheDocument();
  });

  it('keeps what was typed when a field is refused, each error beside its field', async () => {
    const { user } = renderSection();
    const card = await section();
    const sent = recordPrescriptions();
    await user.click(await within(card).findByRole('button', { name: 'Prescribe' }));
    const form = await within(card).findByRole('form', { name: 'Prescribe' });
    const dose = within(form).getByLabelText(/^Dose/);
    expect(dose).toHaveAttribute('inputmode', 'decimal');
    expect(within(form).getByLabelText(/^Quantity to dispense/)).toHaveAttribute(
      'inputmode',
      'decimal',
    );
    expect(within(form).getByLabelText(/^Duration \(days\)/)).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    await user.type(dose, '0.0001');
    await user.type(within(form).getByLabelText(/^Instructions for the patient/), 'After meals');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    await waitFor(() => expect(dose).toHaveAccessibleDescription(DOSE_MESSAGE));
    expect(dose).toHaveValue('0.0001');
    expect(dose).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Unit/)).toHaveAccessibleDescription(
      'Choose a unit from the list',
    );
    expect(within(form).getByLabelText(/^Instructions for the patient/)).toHaveValue('After meals');
    expect(sent).toEqual([]);
  });

  it('stops at an allergy, names it, and prescribes anyway with a reason as a new action', async () => {
    const { user } = renderSection('P001', []);
    const card = await section();
    // The server's refusal for a recorded penicillin allergy, the first time only.
    server.use(
      http.post(
        `*${DEFAULT_API_BASE}${ENDPOINTS.prescribe.path}`,
        () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              detail: 'The patient has a recorded allergy to this drug or its class',
              errors: [{ field: 'allergy', message: 'The patient has a recorded allergy' }],
              prescription_conflicts: {
                allergies: [
                  {
                    allergy_id: '30000000-0000-4000-8000-000000000001',
                    substance_id: 'atc:J01C',
                    name: 'Beta-lactam antibacterials, penicillins',
                  },
                ],
                duplicates: [],
              },
            }),
            { status: 409, headers: { 'content-type': 'application/problem+json' } },
          ),
        { once: true },
      ),
    );
    // In front of the refusal: every try is seen.
    const sent = recordPrescriptions();
    const form = await fillPrescription(user, card, 'amoxicillin');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Check before prescribing');
    expect(alert).toHaveTextContent('Recorded allergy: Beta-lactam antibacterials, penicillins');
    // What was typed stays.
    expect(within(form).getByRole('combobox', { name: 'Drug' })).toHaveValue('amoxicillin');
    expect(within(form).getByLabelText(/^Dose/)).toHaveValue('500');

    // Anyway needs a reason.
    await user.click(within(alert).getByRole('button', { name: 'Prescribe anyway' }));
    const reason = within(alert).getByLabelText('Reason to prescribe anyway');
    expect(reason).toHaveAccessibleDescription('Give a reason to prescribe anyway');
    expect(sent).toHaveLength(1);

    await user.type(reason, 'Tolerated amoxicillin last year');
    await user.click(within(alert).getByRole('button', { name: 'Prescribe anyway' }));
    expect(await within(card).findByText('Prescription saved: amoxicillin')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).not.toHaveProperty('override_reason');
    expect(sent[1]!.body).toEqual({
      ...sent[0]!.body,
      override_reason: 'Tolerated amoxicillin last year',
    });
    // Another body, another action: its own key.
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    // Listed, with the reason beside it; the form emptied for the next one.
    expect(
      await within(card).findByText(
        'Prescribed despite a warning. Reason: Tolerated amoxicillin last year',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Dose/)).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Drug' })).toHaveValue('');
  });

  it('names a duplicate therapy; Change the prescription leaves the form as typed', async () => {
    const { user } = renderSection();
    const card = await section();
    const sent = recordPrescriptions();
    const form = await fillPrescription(user, card, 'paracetamol');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Already prescribed: paracetamol (the same ingredient or drug class)',
    );
    await user.click(within(alert).getByRole('button', { name: 'Change the prescription' }));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^Quantity to dispense/)).toHaveValue('21');
    expect(sent).toHaveLength(1);
  });

  it('stops a prescription with a reason; it moves to the stopped ones', async () => {
    const { user } = renderSection();
    const card = await section();
    await user.click(await within(card).findByRole('button', { name: 'Stop paracetamol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop paracetamol' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop medication' }));
    const reason = within(dialog).getByLabelText(/^Reason for stopping/);
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    await user.type(reason, 'Pain gone');
    await user.click(within(dialog).getByRole('button', { name: 'Stop medication' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('Stopped and completed (3)')).toBeInTheDocument();
    expect(
      within(card).getByText(/Stopped by Anong Sukjai on .*\. Reason: Pain gone/),
    ).toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: 'Stop paracetamol' }),
    ).not.toBeInTheDocument();
  });

  it('prints a prescription on a sheet of its own: patient, prescriber, date, drug, dose', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderSection('P002');
    const card = await section();
    await user.click(
      await within(card).findByRole('button', { name: 'Print prescription: amoxicillin' }),
    );
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sheet = document.querySelector<HTMLElement>('body > [data-print-handout]')!;
    expect(sheet).toHaveTextContent('Prescription');
    expect(sheet).toHaveTextContent('PatientMalee Srisuk');
    expect(sheet).toHaveTextContent('Patient IDP037');
    expect(sheet).toHaveTextContent(`Date of birth${CHART_RECORD.patient.date_of_birth}`);
    expect(sheet).toHaveTextContent('Date2026-12-02');
    expect(sheet).toHaveTextContent('PrescriberAnan Wongsa');
    expect(sheet).toHaveTextContent('Drugamoxicillin');
    expect(sheet).toHaveTextContent('Dose1 capsule(s), By mouth, three times daily, for 7 days');
    expect(sheet).toHaveTextContent('InstructionsOne capsule three times a day until finished');
    // Printed: the sheet goes.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('[data-print-handout]')).toBeNull());
  });

  it('starts by mouth and counts the quantity from the schedule until the prescriber types one', async () => {
    const { user } = renderSection();
    const card = await section();
    await user.click(await within(card).findByRole('button', { name: 'Prescribe' }));
    const form = await within(card).findByRole('form', { name: 'Prescribe' });
    expect(within(form).getByLabelText(/^Route/)).toHaveValue('oral');
    const quantity = within(form).getByLabelText(/^Quantity to dispense/);
    await user.type(within(form).getByLabelText(/^Dose/), '2');
    await user.selectOptions(within(form).getByLabelText(/^Unit/), 'tablet');
    await user.selectOptions(within(form).getByLabelText(/^Frequency/), 'every_6_hours');
    await user.type(within(form).getByLabelText(/^Duration \(days\)/), '5');
    // 2 tablets, 4 times a day, 5 days.
    expect(quantity).toHaveValue('40');
    expect(
      within(form).getByText(
        'Counted from the dose, the frequency and the days; change it if needed.',
      ),
    ).toBeInTheDocument();
    // Typed over by the prescriber, the quantity stays as typed when the schedule changes.
    await user.clear(quantity);
    await user.type(quantity, '36');
    await user.clear(within(form).getByLabelText(/^Duration \(days\)/));
    await user.type(within(form).getByLabelText(/^Duration \(days\)/), '7');
    expect(quantity).toHaveValue('36');
    expect(
      within(form).queryByText(
        'Counted from the dose, the frequency and the days; change it if needed.',
      ),
    ).not.toBeInTheDocument();
  });

  it('opens with the form ready in the visit view, leaving the focus where the page has it', async () => {
    renderSection('P001', MEDICATIONS, true);
    const card = await section();
    const form = await within(card).findByRole('form', { name: 'Prescribe' });
    expect(within(form).getByRole('combobox', { name: 'Drug' })).not.toHaveFocus();
    expect(within(card).queryByRole('button', { name: 'Prescribe' })).not.toBeInTheDocument();
  });

  it('opens no form in the visit view for a nurse', async () => {
    renderSection('P002', MEDICATIONS, true);
    const card = await section();
    await within(card).findByText(/^Instructions: One tablet when in pain/);
    expect(within(card).queryByRole('form', { name: 'Prescribe' })).not.toBeInTheDocument();
  });
});
