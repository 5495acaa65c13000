import { expect, type Locator, type Page, test } from '@playwright/test';
import { MESSAGES, PATIENT_SECTION_LINKS, ROUTES } from '@portal/contract';
import { DEMO, signInWithToken } from './quality-support';
import { createEmployee, createPatient, daysFromToday, unique, uniqueEmployeeId } from './support';

/**
 * Every form filled and submitted with the keyboard alone: Tab and Shift+Tab to move, typing,
 * Space for a radio button, arrow keys and type-ahead for number fields, radios and selects,
 * Enter on the submit button. Every control that Tab lands on must show where focus is, and
 * after a submit focus must be on the notice that says what happened.
 */

/** A date typed into Chromium's en-US date field, whose parts are month, day, year. */
const typedDate = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/** What has focus, in words, and whether it shows an outline or a ring. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    // A date or time field that is active but not :focus has focus on Chromium's own calendar
    // or clock button inside it, a Tab stop of the browser's that page styles cannot reach; the
    // browser draws its own dark ring around that button (seen on the screenshots).
    const calendarButton =
      element.matches('input[type="date"], input[type="time"]') && !element.matches(':focus');
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    const name =
      element.getAttribute('aria-label') ??
      label?.textContent ??
      element.textContent ??
      element.getAttribute('name') ??
      '';
    return {
      what: `<${element.tagName.toLowerCase()}> “${name.trim().slice(0, 40)}”`,
      indicated: outline || ring || calendarButton,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves through a page;
 * every stop on the way must show a focus indicator.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  // A person starts tabbing once the page shows the field: an app renders its first paint only
  // once the page the address names has arrived (mountPortalApp), not at the first `load`.
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    expect(now, `${key} left focus nowhere`).not.toBeNull();
    expect.soft(now!.indicated, `no visible focus indicator on ${now!.what}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/** Tabs to a field and types into it (after selecting what it holds, so the text replaces it). */
async function typeInto(
  page: Page,
  field: Locator,
  text: string,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
) {
  await tabTo(page, field, key);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a date field and types the date, part by part. */
async function typeDate(page: Page, field: Locator, iso: string) {
  await tabTo(page, field);
  await page.keyboard.type(typedDate(iso));
  await expect(field).toHaveValue(iso);
}

/** Tabs to a select and chooses by typing the start of an option, as type-ahead does. */
async function choose(page: Page, select: Locator, typed: string, value: string) {
  await tabTo(page, select);
  await page.keyboard.type(typed);
  await expect(select).toHaveValue(value);
}

/** Tabs to a button and presses Enter on it. */
async function press(page: Page, button: Locator) {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

test.describe('the login page', () => {
  test('logs in with the keyboard alone: a wrong password, then the right one', async ({
    page,
  }) => {
    await page.goto(ROUTES.login);
    await typeInto(page, page.getByLabel('Username'), DEMO.patient);
    await typeInto(page, page.getByLabel('Password').first(), 'not-the-right-password');
    await press(page, page.getByRole('button', { name: 'Login', exact: true }));
    const refused = page.getByRole('alert').filter({ hasText: MESSAGES.wrongCredentials });
    await expect(refused).toBeFocused();

    // From the notice, Tab goes on into the form.
    await typeInto(page, page.getByLabel('Password').first(), 'demo-password-2026');
    await press(page, page.getByRole('button', { name: 'Login', exact: true }));
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.loginSuccess })).toBeFocused();
    await expect(page).toHaveURL(/\/patient-profile$/);
  });

  test('registers with the keyboard alone, choosing the role with type-ahead', async ({
    page,
    request,
  }) => {
    const nurse = await createEmployee(request);
    await page.goto(ROUTES.login);
    await press(page, page.getByRole('button', { name: 'Register' }));
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();

    // The mode switch sits under the form: back up to its first field with Shift+Tab.
    await tabTo(page, page.getByLabel('Username'), 'Shift+Tab');
    await page.keyboard.type(`kb.nurse.${unique()}`);
    await typeInto(page, page.getByLabel('Password').first(), 'a-long-and-private-passphrase');
    await choose(page, page.getByLabel(/^Role/), 'M', 'medical_personnel');
    await typeInto(page, page.getByPlaceholder('Employee ID/Patient ID'), nurse.employeeId);
    await typeInto(page, page.getByLabel(/^Activation code/), nurse.code!);
    await press(page, page.getByRole('button', { name: 'Register', exact: true }).first());

    const notice = page.getByRole('status').filter({ hasText: MESSAGES.registrationSuccess });
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(notice).toBeFocused();
  });
});

test.describe('the clinical forms', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithToken(page, request, DEMO.doctor);
  });

  test('Add Patient: an empty submit, then every field filled with the keyboard', async ({
    page,
  }) => {
    await page.goto(ROUTES.addPatient);
    const form = page.getByRole('form', { name: 'Add Patient' });
    await press(page, form.getByRole('button', { name: 'Done' }));
    // A refused submit takes focus to the first field at fault.
    await expect(form.getByLabel(/^Patient ID/)).toBeFocused();

    const n = unique();
    await page.keyboard.type(`P${n}`);
    await typeInto(page, form.getByLabel(/^ID card number/), `KB${n}`);
    await typeInto(page, form.getByLabel(/^First Name/), 'Somsri');
    await typeInto(page, form.getByLabel(/^Last Name/), `Keyboard${n}`);
    await typeInto(page, form.getByLabel(/^Age/), '52');
    await typeDate(
      page,
      form.getByLabel(/^Date of Birth/),
      `${new Date().getUTCFullYear() - 52}-01-01`,
    );
    await choose(page, form.getByLabel(/^Gender/), 'F', 'female');
    await choose(page, form.getByLabel(/^Blood Type/), 'O', 'O');
    await typeInto(page, form.getByLabel(/^Email/), `somsri${n}@email.com`);
    await typeInto(page, form.getByLabel(/^Phone Number/), '0834445555');
    const insurance = form.getByRole('group', { name: /Health Insurance/ });
    await tabTo(page, insurance.getByRole('radio', { name: 'Yes' }));
    await page.keyboard.press('Space');
    await expect(insurance.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await typeInto(page, form.getByLabel(/^Ongoing treatment/), 'blood pressure tablets');
    await typeInto(page, form.getByLabel(/^Unhealthy habits/), 'none');
    await tabTo(page, form.getByLabel(/^Number of chronic diseases/));
    await page.keyboard.press('ArrowUp');
    await choose(page, form.getByLabel(/^Disease 1/), 'I005', 'I005');
    await tabTo(page, form.getByLabel(/^Number of drug allergies/));
    await page.keyboard.press('ArrowUp');
    await choose(page, form.getByLabel(/^Drug allergy 1/), 'R009', 'R009');
    await press(page, form.getByRole('button', { name: 'Done' }));

    await expect(page.getByRole('status').filter({ hasText: `Patient P${n} added` })).toBeFocused();
  });

  test('Edit Patient: finds a patient, changes a field, saves, with the keyboard', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await page.goto(ROUTES.editPatient);
    const lookup = page.getByRole('form', { name: 'Find a patient' });
    await typeInto(page, lookup.getByLabel(/^Patient ID/), 'P99999');
    await press(page, lookup.getByRole('button', { name: 'Load patient' }));
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not load the patient' }),
    ).toBeFocused();

    // The notice sits under the lookup (the form below is disabled): back up to the id.
    await typeInto(page, lookup.getByLabel(/^Patient ID/), patient.patientId, 'Shift+Tab');
    await press(page, lookup.getByRole('button', { name: 'Load patient' }));
    const form = page.getByRole('form', { name: 'Edit Patient' });
    await expect(form.getByLabel(/^Last Name/)).toHaveValue(patient.last_name);
    await typeInto(page, form.getByLabel(/^Phone Number/), '0877776666');
    await press(page, form.getByRole('button', { name: 'Done' }));

    await expect(
      page.getByRole('status').filter({ hasText: `Patient ${patient.patientId} updated` }),
    ).toBeFocused();
  });

  for (const entry of [
    {
      link: 'Patient Appointment',
      time: '14:45',
      date: daysFromToday(7),
      text: /^Topic/,
      added: 'Appointment added',
    },
    {
      link: 'Patient History',
      time: '08:05:30',
      // History is what has happened: a date in the future is refused.
      date: daysFromToday(-7),
      text: /^Detail/,
      added: 'History entry added',
    },
  ]) {
    test(`${entry.link}: refused for an unknown patient, then added, with the keyboard`, async ({
      page,
    }) => {
      await page.goto(PATIENT_SECTION_LINKS.find((link) => link.label === entry.link)!.to);
      const form = page.getByRole('form', { name: entry.link });
      await typeInto(page, form.getByLabel(/^Patient ID/), 'P99999');
      await typeInto(page, form.getByLabel(/^Time/), entry.time);
      await typeDate(page, form.getByLabel(/^Date/), entry.date);
      await typeInto(page, form.getByLabel(entry.text), 'Entered with the keyboard');
      await press(page, form.getByRole('button', { name: 'Add' }));
      await expect(page.getByRole('alert').filter({ hasText: 'not added' })).toBeFocused();

      await typeInto(page, form.getByLabel(/^Patient ID/), 'P001');
      await press(page, form.getByRole('button', { name: 'Add' }));
      await expect(page.getByRole('status').filter({ hasText: entry.added })).toBeFocused();
    });
  }

  test('Patient Information: searches and opens a record with the keyboard', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await page.goto(ROUTES.searchPatient);
    await expect(page.getByText(/^Showing \d+ of \d+ patients$/)).toBeVisible();
    const search = page.getByRole('search');
    await typeInto(page, search.getByLabel(/^Last Name/), patient.last_name);
    await press(page, search.getByRole('button', { name: 'Search' }));
    await expect(page.getByText(/^Results for/)).toBeFocused();

    // From the results line, Tab goes on into the results.
    const show = page.getByRole('button', { name: /Show full record/ });
    await press(page, show);
    await expect(page.getByRole('button', { name: /Hide record/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText(patient.ongoing_treatment)).toBeVisible();
  });
});

test.describe('the HR forms', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithToken(page, request, DEMO.hr);
  });

  test('Add Employee: every field filled with the keyboard', async ({ page }) => {
    await page.goto(ROUTES.addEmployee);
    const form = page.getByRole('form', { name: 'Add Employee' });
    const employeeId = uniqueEmployeeId();
    const n = unique();
    await typeInto(page, form.getByLabel(/^Employee ID/), employeeId);
    await choose(page, form.getByLabel(/^Position/), 'P002', 'P002');
    await typeInto(page, form.getByLabel(/^First Name/), 'Pranee');
    await typeInto(page, form.getByLabel(/^Last Name/), `Keyboard${n}`);
    await typeDate(page, form.getByLabel(/^Hire Date/), '2025-03-03');
    await typeInto(page, form.getByLabel(/^Salary/), '41000');
    await typeInto(page, form.getByLabel(/^Email/), `pranee${n}@hotmail.com`);
    await typeInto(page, form.getByLabel(/^Phone Number/), '0845556666');
    await press(page, form.getByRole('button', { name: 'Done' }));

    await expect(
      page.getByRole('status').filter({ hasText: `Employee ${employeeId} added` }),
    ).toBeFocused();
  });

  test('Edit Employee: work status no with the arrow keys, a resignation date, saved', async ({
    page,
    request,
  }) => {
    const employee = await createEmployee(request);
    await page.goto(ROUTES.editEmployee);
    const lookup = page.getByRole('form', { name: 'Find an employee' });
    await typeInto(page, lookup.getByLabel(/^Employee ID/), employee.employeeId);
    await press(page, lookup.getByRole('button', { name: 'Load employee' }));
    const form = page.getByRole('form', { name: 'Edit Employee' });
    await expect(form.getByLabel(/^First Name/)).toHaveValue(employee.first_name);

    const status = form.getByRole('group', { name: 'Work Status' });
    await tabTo(page, status.getByRole('radio', { name: 'Yes' }));
    await page.keyboard.press('ArrowRight');
    await expect(status.getByRole('radio', { name: 'No' })).toBeChecked();
    await typeDate(page, form.getByLabel(/^Resignation Date/), daysFromToday());
    await press(page, form.getByRole('button', { name: 'Done' }));

    const notice = page
      .getByRole('status')
      .filter({ hasText: `Employee ${employee.employeeId} updated` });
    await expect(notice).toBeFocused();
    await expect(notice).toContainText('access to the portal has been revoked');
  });

  test('Employee Information: a search that finds nobody, then one that finds', async ({
    page,
    request,
  }) => {
    const employee = await createEmployee(request);
    await page.goto(ROUTES.searchEmployee);
    await expect(page.getByText(/^Showing \d+ of \d+ employees$/)).toBeVisible();
    const search = page.getByRole('search');
    await typeInto(page, search.getByLabel(/^First Name/), 'zzzz-nobody');
    await press(page, search.getByRole('button', { name: 'Search' }));
    await expect(page.getByRole('status').filter({ hasText: 'No match for' })).toBeFocused();

    // Back up from the notice to the id (each listed employee has an Edit link in its row).
    await typeInto(page, search.getByLabel(/^Employee ID/), employee.employeeId, 'Shift+Tab');
    await press(page, search.getByRole('button', { name: 'Search' }));
    await expect(page.getByText(/^Results for/)).toBeFocused();
    await expect(
      page
        .getByRole('region', { name: 'Employees' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') }),
    ).toHaveCount(1);
  });
});

test('the focus check sees a control that hides its focus', async ({ page }) => {
  await page.setContent(
    `<button style="outline: none">Hidden focus</button><button>Shown</button>`,
  );
  await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ what: '<button> “Hidden focus”', indicated: false });
  await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ what: '<button> “Shown”', indicated: true });
});
