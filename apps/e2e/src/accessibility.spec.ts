import { expect, type Page, test } from '@playwright/test';
import {
  EMPLOYEE_SECTION_LINKS,
  MESSAGES,
  PATIENT_SECTION_LINKS,
  patientChartPath,
  ROUTES,
  SESSION_SIGNED_OUT_MESSAGE,
  STORAGE_KEYS,
} from '@portal/contract';
import {
  axeFindings,
  DEMO,
  expectAccessible,
  openPhoneMenu,
  settle,
  signInWithToken,
} from './quality-support';
import {
  apiToken,
  createEmployee,
  createPatient,
  daysFromToday,
  unique,
  uniqueEmployeeId,
} from './support';

// Each test sweeps a page with axe four or five times (each sweep also opens the page again to
// measure its contrast): the Edit Patient test took 62 s on this two-core machine while other
// tests ran beside it. The limit guards against a hang; it does not time the pages.
test.describe.configure({ timeout: 180_000 });

/**
 * axe's WCAG 2.2 AA checks on every route of the three apps, in each of its main states: empty,
 * with field errors, refused by the server, with a list, with a record, after a success, and
 * with the phone menu open. Sign-in puts an API token where the app keeps it; the login form
 * itself is checked on /login.
 */

const PHONE = { width: 360, height: 740 };

/** A field with an error is marked invalid, the way a screen reader hears it. */
async function expectInvalid(page: Page, label: RegExp) {
  await expect(page.getByLabel(label).first()).toHaveAttribute('aria-invalid', 'true');
}

/** Opens the phone menu on this page and checks it; the section's links must be in it. */
async function checkPhoneMenu(page: Page, state: string, links: readonly string[]) {
  await page.setViewportSize(PHONE);
  const menu = await openPhoneMenu(page);
  for (const name of links) await expect(menu.getByRole('link', { name })).toBeVisible();
  await expectAccessible(page, state);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
}

test.describe('public pages', () => {
  test('the landing page: for a visitor, with the phone menu open, and after a session ended', async ({
    page,
    request,
  }) => {
    await page.goto(ROUTES.home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('definition').first()).toContainText('50+', { timeout: 4000 });
    await expectAccessible(page, 'landing page, visitor');

    await checkPhoneMenu(page, 'landing page, phone menu open', ['Login']);

    // A session the server has ended: the next call throws the user out to / with the notice.
    const token = await apiToken(request, DEMO.patient);
    const logout = await request.post('/api/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.ok()).toBe(true);
    await page.evaluate(
      ({ keys, t }) => {
        localStorage.setItem(keys.token, t);
        localStorage.setItem(keys.role, 'patient');
      },
      { keys: STORAGE_KEYS, t: token },
    );
    await page.goto(ROUTES.patientProfile);
    // Logged out elsewhere (here, through the API): the notice says so.
    await expect(page.getByText(SESSION_SIGNED_OUT_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expectAccessible(page, 'landing page, session ended notice');
  });

  test('the login page: login and register, empty, with errors, refused, and after registering', async ({
    page,
    request,
  }) => {
    await page.goto(ROUTES.login);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, 'login, empty');

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectInvalid(page, /^Username/);
    await expectAccessible(page, 'login, field errors');

    await page.getByLabel('Username').fill(DEMO.patient);
    await page.getByLabel('Password').first().fill('not-the-right-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(MESSAGES.wrongCredentials)).toBeVisible();
    await expectAccessible(page, 'login, refused');

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectAccessible(page, 'register, empty');

    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expectInvalid(page, /^Username/);
    await expectInvalid(page, /^Activation code/);
    await expectAccessible(page, 'register, field errors');

    const patient = await createPatient(request);
    await page.getByLabel('Username').fill(`a11y.${unique()}`);
    await page.getByLabel('Password').first().fill('a-long-and-private-passphrase');
    await page.getByPlaceholder('Employee ID/Patient ID').fill(patient.patientId);
    await page.getByLabel('Activation code').fill('AAAA-BBBB-CCCC');
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'register, refused');

    await page.getByLabel('Activation code').fill(patient.code);
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(page.getByText(MESSAGES.registrationSuccess)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, 'login, after registering');
  });

  test('/system for a visitor, and the not-found page of each app', async ({ page }) => {
    await page.goto(ROUTES.system);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, '/system, visitor');

    for (const path of [
      '/no-such-page',
      `${ROUTES.patientsManagement}/no-such-page`,
      `${ROUTES.employeesManagement}/no-such-page`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectAccessible(page, `not found (${path})`);
    }
  });

  test('the patient’s own record, the signed-in phone menu, and the idle-session warning', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    await signInWithToken(page, request, DEMO.patient);
    await page.goto(ROUTES.patientProfile);
    await expect(page.getByRole('heading', { name: 'MyInfo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Medical history' })).toBeVisible();
    await expectAccessible(page, 'MyInfo, the record');

    await checkPhoneMenu(page, 'MyInfo, phone menu open', ['System']);

    // Nobody touches the page for 28½ of the token's 30 minutes: the warning opens.
    await page.clock.fastForward('28:30');
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await settle(page);
    await expectAccessible(page, 'MyInfo, idle-session warning');
  });
});

test.describe('the clinical app, as a doctor', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithToken(page, request, DEMO.doctor);
  });

  test('Add Patient: empty, with errors, refused, added; and the section’s phone menu', async ({
    page,
  }) => {
    await page.goto(ROUTES.addPatient);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
    await expectAccessible(page, 'Add Patient, empty');

    await page.getByLabel(/^Email/).fill('someone@example.org');
    await page.getByLabel(/^Age/).fill('200');
    await page.getByLabel(/^Number of chronic diseases/).fill('1');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectInvalid(page, /^Patient ID/);
    await expectInvalid(page, /^Email/);
    await expectInvalid(page, /^Disease 1/);
    await expectAccessible(page, 'Add Patient, field errors');

    const n = unique();
    const fillValid = async (patientId: string) => {
      await page.getByLabel(/^Patient ID/).fill(patientId);
      await page.getByLabel(/^ID card number/).fill(`A11Y${n}`);
      await page.getByLabel(/^First Name/).fill('Kanya');
      await page.getByLabel(/^Last Name/).fill(`Sweep${n}`);
      await page.getByLabel(/^Age/).fill('30');
      await page.getByLabel(/^Date of Birth/).fill(`${new Date().getUTCFullYear() - 30}-01-01`);
      await page.getByLabel(/^Gender/).selectOption('female');
      await page.getByLabel(/^Email/).fill(`kanya${n}@gmail.com`);
      await page.getByLabel(/^Phone Number/).fill('0812345678');
      await page.getByRole('radio', { name: 'No' }).check();
      await page.getByLabel(/^Ongoing treatment/).fill('none');
      await page.getByLabel(/^Unhealthy habits/).fill('none');
      await page.getByLabel(/^Number of chronic diseases/).fill('1');
      await page.getByLabel(/^Disease 1/).selectOption('I007');
      await page.getByLabel(/^Number of drug allergies/).fill('1');
      await page.getByLabel(/^Drug allergy 1/).selectOption('R002');
    };
    // P001 exists: the server refuses it, and the form says so in a notice.
    await fillValid('P001');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The patient was not added' }),
    ).toBeVisible();
    await expectAccessible(page, 'Add Patient, refused');

    await page.getByLabel(/^Patient ID/).fill(`P${n}`);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Patient P${n} added` })).toBeVisible();
    await expectAccessible(page, 'Add Patient, added (activation code)');

    await checkPhoneMenu(
      page,
      'Add Patient, phone menu open',
      PATIENT_SECTION_LINKS.map((link) => link.label),
    );
  });

  test('Edit Patient: empty, not found, loaded, with errors, saved', async ({ page, request }) => {
    const patient = await createPatient(request);
    await page.goto(ROUTES.editPatient);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Patient' })).toBeVisible();
    await expectAccessible(page, 'Edit Patient, empty');

    const lookup = page.getByRole('form', { name: 'Find a patient' });
    await lookup.getByLabel(/^Patient ID/).fill('P99999');
    await page.getByRole('button', { name: 'Load patient' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not load the patient' }),
    ).toBeVisible();
    await expectAccessible(page, 'Edit Patient, not found');

    await lookup.getByLabel(/^Patient ID/).fill(patient.patientId);
    await page.getByRole('button', { name: 'Load patient' }).click();
    const form = page.getByRole('form', { name: 'Edit Patient' });
    await expect(form.getByLabel(/^Last Name/)).toHaveValue(patient.last_name);
    await page.getByRole('button', { name: 'Issue a new activation code' }).click();
    await expect(
      page.getByText('New activation code (the previous one no longer works)'),
    ).toBeVisible();
    await expectAccessible(page, 'Edit Patient, loaded, with a new code');

    await form.getByLabel(/^Email/).fill('not-an-address');
    await form.getByRole('button', { name: 'Done' }).click();
    await expectInvalid(page, /^Email/);
    await expectAccessible(page, 'Edit Patient, field errors');

    await form.getByLabel(/^Email/).fill(patient.email);
    await form.getByLabel(/^Phone Number/).fill('0899999999');
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(`Patient ${patient.patientId} updated (1 change).`)).toBeVisible();
    await expectAccessible(page, 'Edit Patient, saved');
  });

  for (const entry of [
    {
      link: 'Patient Appointment',
      time: '10:30',
      // The browser's time control takes no impossible time: left empty, it is "Required".
      badTime: null,
      // Appointments are planned ahead; history is what has happened (not in the future).
      date: daysFromToday(7),
      textLabel: /^Topic/,
      added: 'Appointment added',
    },
    {
      link: 'Patient History',
      time: '09:15:00',
      badTime: '25:99',
      date: daysFromToday(-7),
      textLabel: /^Detail/,
      added: 'History entry added',
    },
  ]) {
    test(`${entry.link}: empty, with errors, refused, added`, async ({ page }) => {
      const route = PATIENT_SECTION_LINKS.find((link) => link.label === entry.link)!.to;
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: entry.link })).toBeVisible();
      await expectAccessible(page, `${entry.link}, empty`);

      if (entry.badTime) await page.getByLabel(/^Time/).fill(entry.badTime);
      await page.getByRole('button', { name: 'Add' }).click();
      await expectInvalid(page, /^Patient ID/);
      await expectInvalid(page, /^Time/);
      await expectAccessible(page, `${entry.link}, field errors`);

      await page.getByLabel(/^Patient ID/).fill('P99999');
      await page.getByLabel(/^Time/).fill(entry.time);
      await page.getByLabel(/^Date/).fill(entry.date);
      await page.getByLabel(entry.textLabel).fill('Checked by the accessibility sweep');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'not added' })).toBeVisible();
      await expectAccessible(page, `${entry.link}, refused`);

      await page.getByLabel(/^Patient ID/).fill('P001');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('status').filter({ hasText: entry.added })).toBeVisible();
      await expectAccessible(page, `${entry.link}, added`);
    });
  }

  test('the chart: a full record with the allergy alert, an unknown patient, the leave question, a phone', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await page.goto(patientChartPath(patient.patientId));
    await expect(page.getByRole('alert')).toContainText('ibuprofen');
    await expect(page.getByText('No appointments.')).toBeVisible();
    await expectAccessible(page, 'the chart, a full record');

    await page.getByRole('link', { name: 'Add history' }).click();
    await page.getByLabel(/^Time/).fill('09:00');
    await page
      .getByRole('navigation', { name: /Patients Management System/ })
      .getByRole('link', { name: 'Patient Information' })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Unsaved changes' })).toBeVisible();
    await settle(page);
    await expectAccessible(page, 'a dirty form, the leave question');
    await page.getByRole('button', { name: 'Stay on this page' }).click();

    await page.goto(patientChartPath('P99999999'));
    await expect(page.getByRole('alert')).toContainText('No patient with ID P99999999');
    await expectAccessible(page, 'the chart, an unknown patient');

    await page.setViewportSize(PHONE);
    await page.goto(patientChartPath(patient.patientId));
    await expect(page.getByRole('alert')).toContainText('ibuprofen');
    await expectAccessible(page, 'the chart, on a phone');
  });

  test('Patient Information: the list, a search with an open record, a search with no match', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await page.goto(ROUTES.searchPatient);
    const results = page.getByRole('region', { name: 'Patients' });
    await expect(results.getByText(/^Showing \d+ of \d+ patients$/)).toBeVisible();
    await expectAccessible(page, 'Patient Information, the list');

    await page
      .getByRole('search')
      .getByLabel(/^Last Name/)
      .fill(patient.last_name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/^Results for/)).toBeVisible();
    await results.getByRole('button', { name: /Show full record/ }).click();
    await expect(results.getByRole('heading', { name: 'Personal details' })).toBeVisible();
    await expectAccessible(page, 'Patient Information, a found record, open');

    await page
      .getByRole('search')
      .getByLabel(/^Last Name/)
      .fill('zzzz-nobody');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/No match for last name “zzzz-nobody”/)).toBeVisible();
    await expectAccessible(page, 'Patient Information, no match');
  });
});

test.describe('the HR app', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithToken(page, request, DEMO.hr);
  });

  test('Add Employee: empty, with errors, refused, added; and the section’s phone menu', async ({
    page,
  }) => {
    await page.goto(ROUTES.addEmployee);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
    await expectAccessible(page, 'Add Employee, empty');

    await page.getByLabel(/^Email/).fill('someone@example.org');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectInvalid(page, /^Employee ID/);
    await expectInvalid(page, /^Email/);
    await expectAccessible(page, 'Add Employee, field errors');

    const n = unique();
    await page.getByLabel(/^Employee ID/).fill('E001');
    await page.getByLabel(/^First Name/).fill('Malee');
    await page.getByLabel(/^Last Name/).fill(`Sweep${n}`);
    await page.getByLabel(/^Position/).selectOption({ label: 'P002 Nurse (Nursing)' });
    await page.getByLabel(/^Hire Date/).fill('2025-01-06');
    await page.getByLabel(/^Salary/).fill('36000');
    await page.getByLabel(/^Email/).fill(`malee${n}@gmail.com`);
    await page.getByLabel(/^Phone Number/).fill('0823456789');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /not added/ })).toBeVisible();
    await expectAccessible(page, 'Add Employee, refused');

    const employeeId = uniqueEmployeeId();
    await page.getByLabel(/^Employee ID/).fill(employeeId);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Employee ${employeeId} added` }),
    ).toBeVisible();
    await expectAccessible(page, 'Add Employee, added (activation code)');

    await checkPhoneMenu(
      page,
      'Add Employee, phone menu open',
      EMPLOYEE_SECTION_LINKS.map((link) => link.label),
    );
  });

  test('Edit Employee: empty, not found, loaded, work status no, saved', async ({
    page,
    request,
  }) => {
    const employee = await createEmployee(request);
    await page.goto(ROUTES.editEmployee);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Employee' })).toBeVisible();
    await expectAccessible(page, 'Edit Employee, empty');

    const lookup = page.getByRole('form', { name: 'Find an employee' });
    await lookup.getByLabel(/^Employee ID/).fill('E999999');
    await page.getByRole('button', { name: 'Load employee' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not load the employee' }),
    ).toBeVisible();
    await expectAccessible(page, 'Edit Employee, not found');

    await lookup.getByLabel(/^Employee ID/).fill(employee.employeeId);
    await page.getByRole('button', { name: 'Load employee' }).click();
    const form = page.getByRole('form', { name: 'Edit Employee' });
    await expect(form.getByLabel(/^First Name/)).toHaveValue(employee.first_name);
    await page.getByRole('button', { name: 'Issue a new activation code' }).click();
    await expect(
      page.getByText('New activation code (the previous one no longer works)'),
    ).toBeVisible();
    await expectAccessible(page, 'Edit Employee, loaded, with a new code');

    await form
      .getByRole('group', { name: 'Work Status' })
      .getByRole('radio', { name: 'No' })
      .check();
    await form.getByRole('button', { name: 'Done' }).click();
    await expectInvalid(page, /^Resignation Date/);
    await expectAccessible(page, 'Edit Employee, work status no, field errors');

    await form.getByLabel(/^Resignation Date/).fill(daysFromToday());
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(/access to the portal has been revoked/)).toBeVisible();
    await expectAccessible(page, 'Edit Employee, saved');
  });

  test('Employee Information: the list, a search, a search with no match', async ({
    page,
    request,
  }) => {
    const employee = await createEmployee(request);
    await page.goto(ROUTES.searchEmployee);
    const results = page.getByRole('region', { name: 'Employees' });
    await expect(results.getByText(/^Showing \d+ of \d+ employees$/)).toBeVisible();
    await expectAccessible(page, 'Employee Information, the list');

    await page
      .getByRole('search')
      .getByLabel(/^Last Name/)
      .fill(employee.last_name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/^Results for/)).toBeVisible();
    await expect(results.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(1);
    await expectAccessible(page, 'Employee Information, a found record');

    await page
      .getByRole('search')
      .getByLabel(/^Last Name/)
      .fill('zzzz-nobody');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/No match for last name “zzzz-nobody”/)).toBeVisible();
    await expectAccessible(page, 'Employee Information, no match');
  });
});

test('the sweep sees a violation when there is one', async ({ page }) => {
  await page.setContent(`
    <html lang="en"><title>Broken on purpose</title>
    <main>
      <p style="color: #aaa; background: #fff">Pale grey on white</p>
      <input type="text">
    </main></html>`);
  const rules = (await axeFindings(page)).map((finding) => finding.rule);
  expect(rules).toEqual(expect.arrayContaining(['color-contrast', 'label']));
});
