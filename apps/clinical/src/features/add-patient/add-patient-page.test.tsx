import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  makeActivationCode,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddPatientPage } from './add-patient-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // The page logs the spec's internal failure message; keep it out of the test output.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What a clinician types for a new patient (every field, the optional ones too). */
const MALEE = {
  patientId: 'P100',
  idCard: '1-1037-02345-67-8',
  firstName: 'Malee',
  lastName: 'Srisuk',
  age: '34',
  // 1 January, 34 years back: the date gives the age 34, whatever today is.
  dateOfBirth: `${new Date().getUTCFullYear() - 34}-01-01`,
  gender: 'female',
  bloodType: 'AB',
  email: 'malee.srisuk@gmail.com',
  phone: '081-234-5678',
  address: '12/3 Sukhumvit Road, Bangkok 10110',
  treatment: 'physiotherapy twice a week',
  habits: 'late nights',
};

const text = (name: string) => screen.getByRole('textbox', { name });
const age = () => screen.getByRole('spinbutton', { name: 'Age' });
const dateOfBirth = () => screen.getByLabelText(/^Date of Birth/);
const gender = () => screen.getByRole('combobox', { name: 'Gender' });
const bloodType = () => screen.getByRole('combobox', { name: 'Blood Type' });
const insurance = () => screen.getByRole('group', { name: 'Health Insurance' });
const diseaseCount = () => screen.getByRole('spinbutton', { name: 'Number of chronic diseases' });
const drugCount = () => screen.getByRole('spinbutton', { name: 'Number of drug allergies' });
const done = () => screen.getByRole('button', { name: /^Done/ });
const reset = () => screen.getByRole('button', { name: 'Reset' });

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<AddPatientPage />, {
    route: ROUTES.addPatient,
    session: { role: 'medical_personnel' },
  });
  return { user };
}

async function setCount(user: UserEvent, input: HTMLElement, count: number) {
  await user.clear(input);
  await user.type(input, String(count));
  await user.tab();
}

async function fill(user: UserEvent, values: Partial<typeof MALEE> = {}) {
  const v = { ...MALEE, ...values };
  await user.type(text('Patient ID'), v.patientId);
  await user.type(text('ID card number'), v.idCard);
  await user.type(text('First Name'), v.firstName);
  await user.type(text('Last Name'), v.lastName);
  await user.type(age(), v.age);
  await user.type(dateOfBirth(), v.dateOfBirth);
  await user.selectOptions(gender(), v.gender);
  await user.selectOptions(bloodType(), v.bloodType);
  await user.type(text('Email'), v.email);
  await user.type(text('Phone Number'), v.phone);
  await user.type(text('Address'), v.address);
  await user.click(within(insurance()).getByRole('radio', { name: 'Yes' }));
  await user.type(text('Ongoing treatment'), v.treatment);
  await user.type(text('Unhealthy habits'), v.habits);
}

const DUPLICATE_ID = 'A patient with this Patient ID already exists';

describe('AddPatientPage', () => {
  it('offers the next free id beside the field: one press fills it in, still editable', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Use P025' }));
    expect(text('Patient ID')).toHaveValue('P025');
    await user.clear(text('Patient ID'));
    await user.type(text('Patient ID'), 'P900');
    expect(text('Patient ID')).toHaveValue('P900');
    expect(screen.getByRole('button', { name: 'Use P025' })).toBeInTheDocument();
  });

  it('shows every field of a patient, the spec’s required ones marked, with Done and Reset', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add Patient' })).toBeInTheDocument();
    expect(text('Patient ID')).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
    for (const name of [
      'Patient ID',
      'ID card number',
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Ongoing treatment',
      'Unhealthy habits',
    ]) {
      expect(text(name)).toBeRequired();
    }
    expect(age()).toBeRequired();
    expect(age()).toHaveAttribute('min', '1');
    expect(age()).toHaveAttribute('max', '120');
    expect(dateOfBirth()).toBeRequired();
    expect(gender()).toBeRequired();
    expect(within(insurance()).getByRole('radio', { name: 'Yes' })).toBeRequired();
    // Blood type and address are optional.
    expect(bloodType()).not.toBeRequired();
    expect(text('Address')).not.toBeRequired();
    expect(
      within(gender())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Male', 'Female']);
    expect(
      within(bloodType())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'A', 'B', 'AB', 'O']);
    expect(done()).toHaveAttribute('type', 'submit');
    expect(reset()).toBeEnabled();
  });

  it('says what each required field needs and sends nothing', async () => {
    const bodies = recordBodies(server, 'addPatient');
    const { user } = renderPage();
    await user.click(done());
    await waitFor(() => expect(text('Patient ID')).toHaveAccessibleDescription('Required'));
    for (const name of [
      'ID card number',
      'First Name',
      'Last Name',
      'Phone Number',
      'Ongoing treatment',
      'Unhealthy habits',
    ]) {
      expect(text(name)).toHaveAccessibleDescription('Required');
    }
    // The email field's hint stays; the error follows it.
    expect(text('Email')).toHaveAccessibleDescription(
      'Use an address at gmail.com, hotmail.com or email.com. Required',
    );
    expect(age()).toHaveAccessibleDescription('Required');
    expect(dateOfBirth()).toHaveAccessibleDescription('Required');
    expect(gender()).toHaveAccessibleDescription('Choose male or female');
    expect(insurance()).toHaveAccessibleDescription('Choose yes or no');
    for (const optional of [bloodType(), text('Address')]) {
      expect(optional).not.toHaveAttribute('aria-invalid');
    }
    expect(bodies).toEqual([]);
  });

  it('says what is wrong with a value in the wrong format', async () => {
    const bodies = recordBodies(server, 'addPatient');
    const { user } = renderPage();
    await user.type(text('Patient ID'), 'X100');
    await user.type(text('ID card number'), '12');
    await user.type(text('Phone Number'), '0812');
    await user.type(age(), '34.5');
    await user.click(done());
    await waitFor(() =>
      expect(text('Patient ID')).toHaveAccessibleDescription(
        'Patient ID is P followed by digits, as P001',
      ),
    );
    expect(text('ID card number')).toHaveAccessibleDescription(
      'ID card number is 4 to 30 letters, digits or dashes',
    );
    expect(text('Phone Number')).toHaveAccessibleDescription(
      'Enter a phone number of 6 to 20 digits',
    );
    expect(age()).toHaveAccessibleDescription('Age must be a whole number');
    expect(bodies).toEqual([]);
  });

  it.each([
    ['0', 'Age must be at least 1'],
    ['121', 'Age must be at most 120'],
    ['-5', 'Age must be at least 1'],
  ])('refuses age %s: “%s”', async (typed, message) => {
    const { user } = renderPage();
    await user.type(age(), typed);
    await user.click(done());
    await waitFor(() => expect(age()).toHaveAccessibleDescription(message));
    expect(age()).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['1', '120'])('accepts age %s', async (typed) => {
    const { user } = renderPage();
    await user.type(age(), '0');
    await user.click(done());
    await waitFor(() => expect(age()).toHaveAttribute('aria-invalid', 'true'));
    await user.clear(age());
    await user.type(age(), typed);
    await waitFor(() => expect(age()).not.toHaveAttribute('aria-invalid'));
    expect(age()).not.toHaveAccessibleDescription();
  });

  it('accepts an email only at gmail.com, hotmail.com or email.com', async () => {
    const { user } = renderPage();
    const email = text('Email');
    expect(email).toHaveAccessibleDescription(
      'Use an address at gmail.com, hotmail.com or email.com.',
    );
    await user.type(email, 'malee@yahoo.com');
    await user.click(done());
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        /Email must end in @gmail\.com, @hotmail\.com, @email\.com$/,
      ),
    );
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Enter a valid email address$/));
    await user.clear(email);
    await user.type(email, 'malee@Hotmail.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
  });

  it('shows as many required disease and allergy pickers as the counts, with id and name', async () => {
    const { user } = renderPage();
    expect(diseaseCount()).toHaveValue(0);
    expect(diseaseCount()).toHaveAttribute('min', '0');
    expect(drugCount()).toHaveValue(0);
    expect(drugCount()).toHaveAttribute('min', '0');
    expect(screen.queryByRole('combobox', { name: /^Disease/ })).not.toBeInTheDocument();

    await setCount(user, diseaseCount(), 2);
    await setCount(user, drugCount(), 1);

    const diseases = screen.getAllByRole('combobox', { name: /^Disease \d/ });
    expect(diseases).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Disease 1' })).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Disease 2' })).toBeRequired();
    const drug = screen.getByRole('combobox', { name: 'Drug allergy 1' });
    expect(drug).toBeRequired();
    const diseaseOptions = within(diseases[0]!).getAllByRole('option');
    expect(diseaseOptions).toHaveLength(12);
    expect(within(diseases[0]!).getByRole('option', { name: 'I002 — tuberculosis' })).toHaveValue(
      'I002',
    );
    expect(within(drug).getByRole('option', { name: 'R002 — paracetamol' })).toHaveValue('R002');

    await setCount(user, diseaseCount(), 1);
    expect(screen.getAllByRole('combobox', { name: /^Disease \d/ })).toHaveLength(1);
  });

  it('refuses a picker left empty with the catalogue message', async () => {
    const bodies = recordBodies(server, 'addPatient');
    const { user } = renderPage();
    await fill(user);
    await setCount(user, diseaseCount(), 1);
    await setCount(user, drugCount(), 1);
    await user.click(done());
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Disease 1' })).toHaveAccessibleDescription(
        'Choose a disease from the catalogue',
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Drug allergy 1' })).toHaveAccessibleDescription(
      'Choose a drug from the catalogue',
    );
    expect(bodies).toEqual([]);
  });

  it('adds the patient, shows the activation code with what to do, and clears the form', async () => {
    const bodies = recordBodies(server, 'addPatient');
    const { user } = renderPage();
    await fill(user);
    await setCount(user, diseaseCount(), 1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Disease 1' }), 'I002');
    await setCount(user, drugCount(), 2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drug allergy 1' }), 'R002');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drug allergy 2' }), 'R010');
    await user.type(screen.getByRole('textbox', { name: 'Reaction to drug allergy 1' }), 'Hives');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Severity of drug allergy 1' }),
      'severe',
    );
    await user.click(done());

    const notice = await screen.findByRole('status');
    expect(notice).toHaveFocus();
    expect(notice).toHaveTextContent('Patient P100 added');
    expect(within(notice).getByText(makeActivationCode(1))).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(makeActivationCode(1));
    expect(within(notice).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      'Give this code to Malee Srisuk (P100): they register at /login with their ID and this code.',
    );

    expect(bodies).toEqual([
      {
        patient: {
          patient_id: 'P100',
          first_name: 'Malee',
          last_name: 'Srisuk',
          age: 34,
          date_of_birth: MALEE.dateOfBirth,
          gender: 'female',
          blood_type: 'AB',
          email: 'malee.srisuk@gmail.com',
          health_insurance: 'yes',
          address: '12/3 Sukhumvit Road, Bangkok 10110',
          phone_number: '081-234-5678',
          id_card_number: '1-1037-02345-67-8',
          ongoing_treatment: 'physiotherapy twice a week',
          unhealthy_habits: 'late nights',
        },
        patient_chronic_disease: [{ disease_id: 'I002' }],
        // The second allergy's reaction and severity were left blank: not known, not sent.
        patient_drug_allergy: [
          { drug_id: 'R002', reaction: 'Hives', severity: 'severe' },
          { drug_id: 'R010' },
        ],
      },
    ]);

    // The form is empty again, ready for the next patient.
    for (const name of ['Patient ID', 'First Name', 'Last Name', 'Email', 'Address']) {
      expect(text(name)).toHaveValue('');
    }
    expect(age()).toHaveValue(null);
    expect(dateOfBirth()).toHaveValue('');
    expect(gender()).toHaveValue('');
    expect(within(insurance()).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(diseaseCount()).toHaveValue(0);
    expect(drugCount()).toHaveValue(0);
    expect(screen.queryByRole('combobox', { name: /^Disease \d/ })).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('sends blood type and address as null when left empty, and upper-cases the id', async () => {
    const bodies = recordBodies(server, 'addPatient');
    const { user } = renderPage();
    await fill(user, { patientId: 'p101' });
    await user.selectOptions(bloodType(), '');
    await user.clear(text('Address'));
    await user.click(done());
    await screen.findByText('Patient P101 added');
    expect(bodies).toMatchObject([
      {
        patient: { patient_id: 'P101', blood_type: null, address: null },
        patient_chronic_disease: [],
        patient_drug_allergy: [],
      },
    ]);
  });

  it('on a refusal shows the server’s message, keeps every value and marks the field at fault', async () => {
    server.use(
      problemHandler('addPatient', 409, DUPLICATE_ID, [
        { field: 'patient.patient_id', message: DUPLICATE_ID },
      ]),
    );
    const { user } = renderPage();
    await fill(user);
    await setCount(user, diseaseCount(), 1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Disease 1' }), 'I004');
    await user.click(done());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The patient was not added');
    expect(alert).toHaveTextContent(DUPLICATE_ID);
    const patientId = text('Patient ID');
    await waitFor(() => expect(patientId).toHaveAttribute('aria-invalid', 'true'));
    expect(patientId).toHaveAccessibleDescription(DUPLICATE_ID);
    expect(patientId).toHaveFocus();
    expect(text('First Name')).not.toHaveAttribute('aria-invalid');

    expect(patientId).toHaveValue('P100');
    expect(text('First Name')).toHaveValue('Malee');
    expect(age()).toHaveValue(34);
    expect(dateOfBirth()).toHaveValue(MALEE.dateOfBirth);
    expect(gender()).toHaveValue('female');
    expect(within(insurance()).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Disease 1' })).toHaveValue('I004');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The spec's internal message goes to the console only.
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.addPatientFailed);
  });

  it('is refused by the mock API for an id that already exists (P001)', async () => {
    const { user } = renderPage();
    await fill(user, { patientId: 'P001' });
    await user.click(done());
    expect(await screen.findByRole('alert')).toHaveTextContent(DUPLICATE_ID);
    await waitFor(() => expect(text('Patient ID')).toHaveAccessibleDescription(DUPLICATE_ID));
    expect(text('Patient ID')).toHaveValue('P001');
  });

  it('focuses the error notice when the server names no field', async () => {
    server.use(
      problemHandler('addPatient', 500, 'Something went wrong on our side. Please try again.'),
    );
    const { user } = renderPage();
    await fill(user);
    await user.click(done());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(text('Last Name')).toHaveValue('Srisuk');
  });

  it('disables Done and Reset while the request runs', async () => {
    server.use(pendingHandler('addPatient'));
    const { user } = renderPage();
    await fill(user);
    await user.click(done());
    await waitFor(() => expect(done()).toBeDisabled());
    expect(done()).toHaveAccessibleName('Done Working…');
    expect(reset()).toBeDisabled();
    expect(text('First Name')).toHaveValue('Malee');
  });

  it('Reset clears every field, its error and the pickers', async () => {
    const { user } = renderPage();
    await fill(user);
    await setCount(user, diseaseCount(), 2);
    await setCount(user, drugCount(), 1);
    await user.click(done());
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Disease 1' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );

    await user.click(reset());

    for (const name of [
      'Patient ID',
      'ID card number',
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Address',
      'Ongoing treatment',
      'Unhealthy habits',
    ]) {
      expect(text(name)).toHaveValue('');
      expect(text(name)).not.toHaveAttribute('aria-invalid');
    }
    expect(age()).toHaveValue(null);
    expect(dateOfBirth()).toHaveValue('');
    expect(gender()).toHaveValue('');
    expect(bloodType()).toHaveValue('');
    for (const radio of within(insurance()).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(diseaseCount()).toHaveValue(0);
    expect(drugCount()).toHaveValue(0);
    expect(screen.queryByRole('combobox', { name: /^(Disease|Drug allergy) \d/ })).toBeNull();
  });

  it('keeps the activation code on screen through typing, Reset and a refused submit, until dismissed', async () => {
    const { user } = renderPage();
    await fill(user);
    await user.click(done());
    await screen.findByText('Patient P100 added');
    await user.type(text('First Name'), 'A');
    await user.click(reset());
    await user.click(done());
    expect(screen.getByText('Patient P100 added')).toBeInTheDocument();
    expect(screen.getAllByText(makeActivationCode(1)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Patient P100 added')).not.toBeInTheDocument();
  });

  it('prints a one-page handout with the name, ID, code, expiry and the steps to register', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderPage();
    await fill(user);
    await user.click(done());
    await screen.findByText('Patient P100 added');
    const handout = document.querySelector<HTMLElement>('body > [data-print-handout]')!;
    expect(handout).toHaveTextContent(`Name${MALEE.firstName} ${MALEE.lastName}`);
    expect(handout).toHaveTextContent('IDP100');
    expect(handout).toHaveTextContent(`Activation code${makeActivationCode(1)}`);
    expect(handout).toHaveTextContent('Valid until');
    expect(handout).toHaveTextContent('Choose the role “Patient”');
    await user.click(screen.getByRole('button', { name: 'Print handout' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(document.querySelector('[data-print-handout]')).toBeNull();
  });
});
