import { expect, type Page, test } from '@playwright/test';
import { ACCESS_AWAITING_APPROVAL_MESSAGE } from '@portal/contract';
import {
  apiToken,
  closeElsewhere,
  createEmployee,
  daysFromToday,
  logInThroughPage,
  openFromSidebar,
  registerAccount,
  unique,
  uniqueEmployeeId,
} from './support';

const CODE_PATTERN = /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;
const PASSWORD = 'a-long-and-private-passphrase';

/** The section's pages, reached as a person would: through the sidebar. */
async function openPage(page: Page, name: string) {
  await openFromSidebar(page, 'Employees Management System', name, name.replace('New', 'Add'));
}

/** On Edit Employee: enters the id and waits for the form to fill itself. */
async function loadEmployee(page: Page, employeeId: string, firstName: string) {
  await page
    .getByRole('form', { name: 'Find an employee' })
    .getByLabel(/^Employee ID/)
    .fill(employeeId);
  await page.getByRole('button', { name: 'Load employee' }).click();
  const form = page.getByRole('form', { name: 'Edit Employee' });
  await expect(form.getByLabel(/^First Name/)).toHaveValue(firstName);
  return form;
}

test('HR adds a nurse and hands over the code; a second HR person approves; the nurse registers and reaches the clinical app', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const n = unique();
  const employeeId = uniqueEmployeeId();
  const lastName = `Kongkaew${n}`;
  const username = `nurse.${n}`;
  let code = '';

  await test.step('HR signs in and lands on Add Employee', async () => {
    await logInThroughPage(page, 'demo.hr');
    await expect(page).toHaveURL(/\/employees-management\/add-employee$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
  });

  await test.step('leaving a half-filled Add Employee asks first (a sidebar link, and Back)', async () => {
    const sidebarLink = () =>
      page.getByRole('navigation', { name: 'Employees Management System' }).getByRole('link', {
        name: 'Employee Information',
      });
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await page.getByLabel(/^First Name/).fill('Jintana');
    await sidebarLink().click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Jintana');
    await sidebarLink().click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Employee Information' }),
    ).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
    await page.getByLabel(/^First Name/).fill('Jintana');
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Jintana');
    await page.goForward();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(/\/employees-management\/add-employee$/);
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Jintana');
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  await test.step('adds a nurse and gets the activation code', async () => {
    await page.getByLabel(/^Employee ID/).fill(employeeId);
    await page.getByLabel(/^First Name/).fill('Jintana');
    await page.getByLabel(/^Last Name/).fill(lastName);
    await page.getByLabel(/^Position/).selectOption({ label: 'P002 Nurse (Nursing)' });
    await page.getByLabel(/^Hire Date/).fill(daysFromToday());
    await page.getByLabel(/^Salary/).fill('38500');
    await page.getByLabel(/^Email/).fill(`jintana${n}@gmail.com`);
    await page.getByLabel(/^Phone Number/).fill('0867778888');
    await page.getByRole('button', { name: 'Done' }).click();

    const notice = page.getByRole('status').filter({ hasText: `Employee ${employeeId} added` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`Give this code to Jintana ${lastName} (${employeeId})`);
    code = (await notice.textContent())?.match(CODE_PATTERN)?.[0] ?? '';
    expect(code).toMatch(CODE_PATTERN);
    // The form clears after a success.
    await expect(page.getByLabel(/^Employee ID/)).toHaveValue('');
  });

  await test.step('the one who added her sees the access waiting for another HR person', async () => {
    await openPage(page, 'Employee Information');
    const row = page
      .getByRole('region', { name: 'Portal access waiting for approval' })
      .getByRole('listitem')
      .filter({ hasText: employeeId });
    await expect(row).toContainText('Waiting for another HR person');
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  await test.step('HR logs out', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the nurse registers as medical personnel with the code', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').first().fill(PASSWORD);
    await page.getByLabel(/^Role/).selectOption({ label: 'Medical Personnel' });
    await page.getByPlaceholder('Employee ID/Patient ID').fill(employeeId);
    await page.getByLabel(/^Activation code/).fill(code);
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(page.getByText('Registration successful! Please login.')).toBeVisible();
  });

  await test.step('the nurse cannot log in yet: her access waits for a second HR person', async () => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(ACCESS_AWAITING_APPROVAL_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('demo.hr2 approves it on Employee Information, where HR saw who asked', async () => {
    await logInThroughPage(page, 'demo.hr2');
    await openPage(page, 'Employee Information');
    const waiting = page.getByRole('region', { name: 'Portal access waiting for approval' });
    const row = waiting.getByRole('listitem').filter({ hasText: employeeId });
    // The person who asked, by name (demo.hr is E003), not by username.
    const asker = (await (
      await request.get('/api/employee/E003', {
        headers: { authorization: `Bearer ${await apiToken(request, 'demo.hr2')}` },
      })
    ).json()) as { first_name: string; last_name: string };
    await expect(row).toContainText(`Asked for by ${asker.first_name} ${asker.last_name} on `);
    await row.getByRole('button', { name: `Approve access of Jintana ${lastName}` }).click();
    await expect(waiting.getByRole('status')).toContainText(
      `Jintana ${lastName} (${employeeId}) can now sign in as Nurse.`,
    );
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the nurse logs in and reaches the clinical app', async () => {
    await logInThroughPage(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/patients-management\/add-patient$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Patients Management System' }),
    ).toBeVisible();
  });
});

test('HR sets a nurse’s work status to no: her open session is thrown out at the next call, and she cannot log in again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nurse = await createEmployee(request, { first_name: 'Duangjai' });
  const fullName = `Duangjai ${nurse.last_name}`;
  const username = await registerAccount(request, {
    role: 'medical_personnel',
    id: nurse.employeeId,
    code: nurse.code!,
    password: PASSWORD,
  });

  await test.step('the nurse is signed in to the clinical app', async () => {
    await logInThroughPage(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/patients-management\/add-patient$/);
  });
  // Her tab also asks every 4 s whether its session is still open (session-ended.spec.ts has
  // that journey), and would throw her out on its own while HR works; held back here (a failed
  // check just waits for the next), so that what this journey shows is her next call.
  await page.route('**/api/session', (route) => route.abort());

  const hrContext = await browser.newContext();
  const hr = await hrContext.newPage();
  try {
    await test.step('HR, elsewhere, sets her work status to no with a resignation date', async () => {
      await logInThroughPage(hr, 'demo.hr');
      await expect(hr).toHaveURL(/\/employees-management\/add-employee$/);
      await openPage(hr, 'Edit Employee');
      const form = await loadEmployee(hr, nurse.employeeId, 'Duangjai');
      await expect(form.getByLabel(/^Resignation Date/)).toHaveCount(0);
      await form
        .getByRole('group', { name: 'Work Status' })
        .getByRole('radio', { name: 'No' })
        .check();
      await form.getByLabel(/^Resignation Date/).fill(daysFromToday());
      await form.getByRole('button', { name: 'Done' }).click();
      const notice = hr
        .getByRole('status')
        .filter({ hasText: `Employee ${nurse.employeeId} updated` });
      await expect(notice).toContainText(
        `${fullName}'s access to the portal has been revoked; their open sessions were ended.`,
      );
    });
  } finally {
    await closeElsewhere(hrContext);
  }

  await test.step('the nurse’s next call throws her out to /, saying the hospital ended it', async () => {
    await page
      .getByRole('navigation', { name: 'Patients Management System' })
      .getByRole('link', { name: 'Patient Information' })
      .click();
    await expect(page).toHaveURL(/:\d+\/$/);
    // Her token had not expired: HR ended her access, and the page says so.
    await expect(
      page.getByText('Your access was ended by the hospital. Please contact HR or the Help Desk.'),
    ).toBeVisible();
    await expect(page.getByText('Token expired')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('myApp_authToken'))).toBeNull();
  });

  await test.step('and she cannot log in again', async () => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      page.getByText('This account is disabled. Please contact the Help Desk.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('myApp_authToken'))).toBeNull();
  });
});

test('HR edits a salary and finds the employee by a last-name fragment', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const n = unique();
  const lastName = `Phromsri${n}`;
  const employee = await createEmployee(request, { first_name: 'Orawan', last_name: lastName });
  const fullName = `Orawan ${lastName}`;

  await test.step('HR signs in and opens Edit Employee', async () => {
    await logInThroughPage(page, 'demo.hr');
    await expect(page).toHaveURL(/\/employees-management\/add-employee$/);
    await openPage(page, 'Edit Employee');
  });

  await test.step('changes the salary, and only that is saved', async () => {
    const form = await loadEmployee(page, employee.employeeId, 'Orawan');
    const salary = form.getByLabel(/^Salary/);
    await expect(salary).toHaveValue('38000');
    await salary.fill('61500');
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Employee ${employee.employeeId} updated` }),
    ).toContainText('(1 change)');
    // The form clears after a success.
    await expect(form.getByLabel(/^First Name/)).toHaveValue('');
  });

  await test.step('finds the employee by a fragment of the last name, with the new salary', async () => {
    await openPage(page, 'Employee Information');
    const results = page.getByRole('region', { name: 'Employees' });
    await expect(results.getByText(/^Showing \d+ of \d+ employees$/)).toBeVisible();
    const fragment = lastName.slice(3).toLowerCase();
    await page
      .getByRole('search')
      .getByLabel(/^Last Name/)
      .fill(fragment);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`Results for last name “${fragment}”.`)).toBeVisible();
    const rows = results.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('cell', { name: fullName, exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: employee.employeeId, exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: '61,500', exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: 'Nurse', exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: 'Nursing', exact: true })).toBeVisible();
  });
});

test('HR filters the list to Doctors, edits one to Porter and sees the change', async ({
  page,
  request,
}) => {
  const n = unique();
  const lastName = `Aardvark${n}`;
  // A doctor whose name sorts first, so the filtered, name-sorted table shows them on page one.
  const doctor = await createEmployee(request, {
    first_name: 'Anucha',
    last_name: lastName,
    position_id: 'P001',
  });
  const fullName = `Anucha ${lastName}`;
  const rowsOf = (table: ReturnType<Page['getByRole']>) =>
    table.getByRole('row').filter({ has: page.getByRole('cell') });

  await test.step('HR signs in and filters Employee Information to Doctors, by name', async () => {
    await logInThroughPage(page, 'demo.hr');
    await openPage(page, 'Employee Information');
    const controls = page.getByRole('form', { name: 'Sort and filter employees' });
    await controls.getByRole('combobox', { name: 'Position' }).selectOption({ label: 'Doctor' });
    await controls.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name' });
    await expect(page).toHaveURL(/position=P001/);
    const results = page.getByRole('region', { name: 'Employees' });
    const rows = rowsOf(results);
    await expect(rows.first().getByRole('cell', { name: fullName, exact: true })).toBeVisible();
    // Only doctors are listed.
    const positions = await results.locator('td[data-label="Position"]').allTextContents();
    expect(positions.length).toBeGreaterThan(0);
    expect(new Set(positions)).toEqual(new Set(['Doctor']));
  });

  await test.step('opens the doctor from the table and makes them a Porter', async () => {
    await page.getByRole('link', { name: `Edit ${fullName}` }).click();
    const form = page.getByRole('form', { name: 'Edit Employee' });
    await expect(form.getByLabel(/^First Name/)).toHaveValue('Anucha');
    await form.getByLabel(/^Position/).selectOption({ label: 'Porter' });
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Employee ${doctor.employeeId} updated` }),
    ).toBeVisible();
  });

  await test.step('back on the Doctors filter they are gone; on Porters they are there', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/position=P001/);
    const results = page.getByRole('region', { name: 'Employees' });
    await expect(results.getByText(/^Showing \d+ of \d+ employees$/)).toBeVisible();
    await expect(results.getByRole('cell', { name: fullName, exact: true })).toHaveCount(0);
    const controls = page.getByRole('form', { name: 'Sort and filter employees' });
    await controls.getByRole('combobox', { name: 'Position' }).selectOption({ label: 'Porter' });
    const row = rowsOf(results).filter({ hasText: fullName });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Porter', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Patient Services', exact: true })).toBeVisible();
  });
});
