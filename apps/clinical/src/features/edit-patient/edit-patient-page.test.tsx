import { screen, waitFor, within } from '@testing-library/react';
import { forgottenPasswordText } from '@portal/shell';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type PatientRecord, patientChartPath, ROUTES } from '@portal/contract';
import {
  createHandlers,
  makeActivationCode,
  makePatientRecord,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { EditPatientPage } from './edit-patient-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A patient who has not registered yet: no blood type, no address, two diseases, one allergy. */
const ANONG: PatientRecord = makePatientRecord(
  {
    patient: {
      patient_id: 'P002',
      first_name: 'Anong',
      last_name: 'Chaiyaporn',
      age: 41,
      date_of_birth: '1985-06-02',
      gender: 'female',
      blood_type: null,
      email: 'anong.c@hotmail.com',
      health_insurance: 'no',
      address: null,
      phone_number: '089-555-1234',
      id_card_number: '3-1001-00234-56-7',
      ongoing_treatment: 'antiviral course',
      unhealthy_habits: 'smoking',
    },
    patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I007' }],
    patient_drug_allergy: [{ drug_id: 'R003' }],
    registered: false,
  },
  2,
);

/** A patient with an account already. */
const SOMCHAI: PatientRecord = makePatientRecord(
  {
    patient: { patient_id: 'P001', first_name: 'Somchai', last_name: 'Srisuk' },
    registered: true,
  },
  1,
);

/** Serves the two records above (and nothing else) from a fresh mock API. */
function serveRecords() {
  server.use(...createHandlers({ patients: [SOMCHAI, ANONG] }));
}

function renderPage(route: string = ROUTES.editPatient) {
  const user = userEvent.setup();
  renderWithProviders(<EditPatientPage />, {
    route,
    session: { role: 'medical_personnel' },
  });
  return { user };
}

const lookupForm = () => screen.getByRole('form', { name: 'Find a patient' });
const lookupId = () => within(lookupForm()).getByRole('textbox', { name: 'Patient ID' });
const editForm = () => screen.getByRole('form', { name: 'Edit Patient' });
const text = (name: string) => within(editForm()).getByRole('textbox', { name });
const age = () => within(editForm()).getByRole('spinbutton', { name: 'Age' });
const dateOfBirth = () => within(editForm()).getByLabelText(/^Date of Birth/);
const combobox = (name: string) => within(editForm()).getByRole('combobox', { name });
const radio = (name: 'Yes' | 'No') =>
  within(within(editForm()).getByRole('group', { name: 'Health Insurance' })).getByRole('radio', {
    name,
  });
const count = (name: string) => within(editForm()).getByRole('spinbutton', { name });
const done = () => within(editForm()).getByRole('button', { name: /^Done/ });

async function load(user: UserEvent, id: string) {
  await user.clear(lookupId());
  await user.type(lookupId(), id);
  await user.click(screen.getByRole('button', { name: /^Load patient/ }));
}

async function loadAnong(user: UserEvent) {
  await load(user, 'P002');
  await waitFor(() => expect(text('First Name')).toHaveValue('Anong'));
}

describe('EditPatientPage', () => {
  it('loads the patient of ?patient_id= at once, and leads back to the chart after saving', async () => {
    serveRecords();
    const { user } = renderPage(`${ROUTES.editPatient}?patient_id=P002`);
    expect(lookupId()).toHaveValue('P002');
    await waitFor(() => expect(text('First Name')).toHaveValue('Anong'));
    await user.clear(text('Ongoing treatment'));
    await user.type(text('Ongoing treatment'), 'physiotherapy');
    await user.click(done());
    const back = await screen.findByRole('link', { name: "Back to P002's chart" });
    expect(back).toHaveAttribute('href', patientChartPath('P002'));
  });

  it('waits for a patient id before anything can be edited, and requires nothing', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Patient' })).toBeInTheDocument();
    expect(lookupId()).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
    expect(screen.getByText('Load a patient to edit their record.')).toBeInTheDocument();
    expect(text('First Name')).toBeDisabled();
    expect(done()).toBeDisabled();
    for (const name of ['First Name', 'Last Name', 'Email', 'Phone Number', 'ID card number']) {
      expect(text(name)).not.toBeRequired();
    }
    expect(age()).not.toBeRequired();
    expect(combobox('Gender')).not.toBeRequired();
  });

  it('fills every field and the pickers from the record', async () => {
    serveRecords();
    const { user } = renderPage();
    await loadAnong(user);

    expect(text('Patient ID')).toHaveValue('P002');
    expect(text('Patient ID')).toBeDisabled();
    expect(text('Last Name')).toHaveValue('Chaiyaporn');
    expect(age()).toHaveValue(41);
    expect(dateOfBirth()).toHaveValue('1985-06-02');
    expect(combobox('Gender')).toHaveValue('female');
    expect(combobox('Blood Type')).toHaveValue('');
    expect(text('Email')).toHaveValue('anong.c@hotmail.com');
    expect(text('Phone Number')).toHaveValue('089-555-1234');
    expect(text('Address')).toHaveValue('');
    expect(text('ID card number')).toHaveValue('3-1001-00234-56-7');
    expect(radio('No')).toBeChecked();
    expect(text('Ongoing treatment')).toHaveValue('antiviral course');
    expect(text('Unhealthy habits')).toHaveValue('smoking');
    expect(count('Number of chronic diseases')).toHaveValue(2);
    expect(combobox('Disease 1')).toHaveValue('I002');
    expect(combobox('Disease 2')).toHaveValue('I007');
    expect(count('Number of drug allergies')).toHaveValue(1);
    expect(combobox('Drug allergy 1')).toHaveValue('R003');
    expect(text('First Name')).toBeEnabled();
    expect(screen.queryByText('Load a patient to edit their record.')).not.toBeInTheDocument();
  });

  it('checks the id before asking the server', async () => {
    const { user } = renderPage();
    await load(user, 'X1');
    await waitFor(() =>
      expect(lookupId()).toHaveAccessibleDescription('Patient ID is P followed by digits, as P001'),
    );
  });

  it('says so when no patient has that id, and leaves the form empty', async () => {
    serveRecords();
    const { user } = renderPage();
    await load(user, 'P999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the patient');
    expect(alert).toHaveTextContent('No patient with ID P999');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(text('First Name')).toHaveValue('');
    expect(text('First Name')).toBeDisabled();
  });

  it('sends only the fields that changed, and says how many', async () => {
    serveRecords();
    const bodies = recordBodies(server, 'updatePatient');
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(text('Last Name'));
    await user.type(text('Last Name'), 'Wongsawat');
    await user.clear(text('Email'));
    await user.type(text('Email'), 'anong.w@gmail.com');
    await user.clear(age());
    await user.type(age(), '42');
    await user.click(done());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Patient P002 updated (3 changes).',
    );
    expect(bodies).toHaveLength(1);
    const sent = bodies[0] as { patient: Record<string, unknown> };
    expect(Object.keys(sent)).toEqual(['patient']);
    expect(Object.keys(sent.patient).sort()).toEqual(
      ['age', 'email', 'last_name', 'patient_id'].sort(),
    );
    expect(sent.patient).toMatchObject({
      patient_id: 'P002',
      last_name: 'Wongsawat',
      email: 'anong.w@gmail.com',
    });
    // The age goes as typed (the contract reads a whole-number string as that number).
    expect(Number(sent.patient['age'])).toBe(42);
  });

  it('says nothing was changed, and sends nothing, when nothing was', async () => {
    serveRecords();
    const bodies = recordBodies(server, 'updatePatient');
    const { user } = renderPage();
    await loadAnong(user);
    await user.click(done());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nothing was changed, so nothing was saved.',
    );
    expect(bodies).toEqual([]);
    // The record stays loaded, to change something after all.
    expect(text('First Name')).toHaveValue('Anong');
  });

  it('sends a changed disease list whole as a merge patch, and leaves the allergy list out', async () => {
    serveRecords();
    const updates = recordBodies(server, 'updatePatient');
    const patches = recordBodies(server, 'patchPatient');
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(count('Number of chronic diseases'));
    await user.type(count('Number of chronic diseases'), '3');
    await user.tab();
    await user.selectOptions(combobox('Disease 3'), 'I011');
    await user.clear(text('Ongoing treatment'));
    await user.type(text('Ongoing treatment'), 'physiotherapy');
    await user.click(done());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Patient P002 updated (2 changes).',
    );
    expect(updates).toEqual([]);
    expect(patches).toEqual([
      {
        patient: { ongoing_treatment: 'physiotherapy' },
        patient_chronic_disease: [
          { disease_id: 'I002' },
          { disease_id: 'I007' },
          { disease_id: 'I011' },
        ],
      },
    ]);
  });

  it('removes the last allergy and every disease: the record then has none', async () => {
    serveRecords();
    const patches = recordBodies(server, 'patchPatient');
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(count('Number of drug allergies'));
    await user.type(count('Number of drug allergies'), '0');
    await user.clear(count('Number of chronic diseases'));
    await user.type(count('Number of chronic diseases'), '0');
    await user.click(done());
    await screen.findByText('Patient P002 updated (2 changes).');
    expect(patches).toEqual([{ patient_chronic_disease: [], patient_drug_allergy: [] }]);

    // Loaded again, the record has no disease and no allergy left.
    await loadAnong(user);
    expect(count('Number of drug allergies')).toHaveValue(0);
    expect(count('Number of chronic diseases')).toHaveValue(0);
    expect(within(editForm()).queryByRole('combobox', { name: 'Drug allergy 1' })).toBeNull();
    expect(within(editForm()).queryByRole('combobox', { name: 'Disease 1' })).toBeNull();
  });

  it('keeps the email rule: only the three allowed domains', async () => {
    serveRecords();
    const bodies = recordBodies(server, 'updatePatient');
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(text('Email'));
    await user.type(text('Email'), 'anong@yahoo.com');
    await user.click(done());
    await waitFor(() =>
      expect(text('Email')).toHaveAccessibleDescription(
        /Email must end in @gmail\.com, @hotmail\.com, @email\.com$/,
      ),
    );
    expect(bodies).toEqual([]);
  });

  it('keeps the age limits', async () => {
    serveRecords();
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(age());
    await user.type(age(), '121');
    await user.click(done());
    await waitFor(() => expect(age()).toHaveAccessibleDescription('Age must be at most 120'));
  });

  it('clears the form after saving, keeping the confirmation', async () => {
    serveRecords();
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(text('Unhealthy habits'));
    await user.type(text('Unhealthy habits'), 'none');
    await user.click(done());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Patient P002 updated (1 change).');
    expect(status).toHaveFocus();
    // The id box clears as the lookup sees its reset key change, a render after the notice.
    await waitFor(() => expect(lookupId()).toHaveValue(''));
    expect(text('Patient ID')).toHaveValue('');
    expect(text('First Name')).toHaveValue('');
    expect(text('First Name')).toBeDisabled();
    expect(count('Number of chronic diseases')).toHaveValue(0);
    expect(screen.getByText('Load a patient to edit their record.')).toBeInTheDocument();

    // The change was saved: loading the patient again shows it.
    await loadAnong(user);
    expect(text('Unhealthy habits')).toHaveValue('none');
  });

  it('on a refusal shows the server’s message, keeps the changes and marks the field', async () => {
    serveRecords();
    const taken = 'A patient with this ID card number already exists';
    server.use(
      problemHandler('updatePatient', 409, taken, [
        { field: 'patient.id_card_number', message: taken },
      ]),
    );
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(text('ID card number'));
    await user.type(text('ID card number'), '1-1111-11111-11-1');
    await user.click(done());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The patient was not updated');
    expect(alert).toHaveTextContent(taken);
    await waitFor(() => expect(text('ID card number')).toHaveAttribute('aria-invalid', 'true'));
    expect(text('ID card number')).toHaveAccessibleDescription(taken);
    expect(text('ID card number')).toHaveFocus();
    expect(text('ID card number')).toHaveValue('1-1111-11111-11-1');
    expect(text('First Name')).toHaveValue('Anong');
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.editPatientFailed);
  });

  it('disables Done and Reset while the update runs', async () => {
    serveRecords();
    server.use(pendingHandler('updatePatient'));
    const { user } = renderPage();
    await loadAnong(user);
    await user.clear(text('First Name'));
    await user.type(text('First Name'), 'Anongnat');
    await user.click(done());
    await waitFor(() => expect(done()).toBeDisabled());
    expect(done()).toHaveAccessibleName('Done Working…');
    expect(within(editForm()).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('disables Load patient while the record loads', async () => {
    server.use(pendingHandler('getPatient'));
    const { user } = renderPage();
    await load(user, 'P002');
    const button = await screen.findByRole('button', { name: 'Load patient Working…' });
    expect(button).toBeDisabled();
  });

  it('issues a new activation code for a patient who has not registered', async () => {
    serveRecords();
    const { user } = renderPage();
    await loadAnong(user);
    expect(
      screen.getByText('Anong Chaiyaporn has not registered for the portal yet.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('New activation code (the previous one no longer works)');
    expect(within(notice).getByText(makeActivationCode(1))).toBeInTheDocument();
    expect(notice).toHaveTextContent('Give this code to Anong Chaiyaporn (P002)');
    expect(within(notice).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('disables the reissue button while the new code is being issued', async () => {
    serveRecords();
    server.use(pendingHandler('reissuePatientCode'));
    const { user } = renderPage();
    await loadAnong(user);
    await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
    expect(
      await screen.findByRole('button', { name: 'Issue a new activation code Working…' }),
    ).toBeDisabled();
  });

  it('shows why a new code could not be issued', async () => {
    serveRecords();
    server.use(
      problemHandler('reissuePatientCode', 409, 'This patient has already registered an account'),
    );
    const { user } = renderPage();
    await loadAnong(user);
    await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This patient has already registered an account',
    );
  });

  it('offers a patient who has registered a new code for a forgotten password', async () => {
    serveRecords();
    const { user } = renderPage();
    await load(user, 'P001');
    await waitFor(() => expect(text('First Name')).toHaveValue('Somchai'));
    expect(screen.queryByText(/has not registered/)).not.toBeInTheDocument();
    expect(screen.getByText(forgottenPasswordText('Somchai Srisuk'))).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
    expect(
      await screen.findByText('New activation code (the previous one no longer works)'),
    ).toBeVisible();
  });

  it('Reset empties both forms and hides the new code', async () => {
    serveRecords();
    const { user } = renderPage();
    await loadAnong(user);
    await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
    await screen.findByText(makeActivationCode(1));
    await user.click(within(editForm()).getByRole('button', { name: 'Reset' }));
    expect(lookupId()).toHaveValue('');
    expect(text('First Name')).toHaveValue('');
    expect(text('First Name')).toBeDisabled();
    expect(screen.queryByText(makeActivationCode(1))).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Issue a new activation code' }),
    ).not.toBeInTheDocument();
  });
});
