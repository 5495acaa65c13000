import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { patientChartPath, ROUTES } from '@portal/contract';
import { pdfPageTexts } from './pdf-text';
import { DEMO, measureOverflow, signInWithToken } from './quality-support';
import { apiToken, createPatient, daysFromToday, unique } from './support';

/**
 * The record's screens beyond their journeys: where a navigation leaves the page scrolled, the
 * printed chart's running header, and the record tables on a phone.
 */

/** Adds `count` history entries and appointments to a patient, as the demo doctor. */
async function fillRecord(request: APIRequestContext, patientId: string, count: number) {
  const token = await apiToken(request, DEMO.doctor);
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < count; i++) {
    const time = `${String(8 + (i % 10)).padStart(2, '0')}:30`;
    const history = await request.post('/api/patient/add-patient-history', {
      headers,
      data: {
        patient_id: patientId,
        date: daysFromToday(-10 - i),
        time,
        detail: `Visit ${i + 1}: blood pressure reviewed, medication continued, diet advice given again and written down for the patient to take home.`,
      },
    });
    expect(history.status()).toBe(201);
    if (i % 3 === 0) {
      const appointment = await request.post('/api/patient/add-patient-appointment', {
        headers,
        data: {
          patient_id: patientId,
          date: daysFromToday(5 + i),
          time: '14:30',
          topic: 'Review',
        },
      });
      expect(appointment.status()).toBe(201);
    }
  }
}

/**
 * For page.evaluate: the texts of RecordTable's whole-value cells split over two lines (a Range
 * over a text node gives one rectangle per line it runs over).
 */
function splitValues(): string[] {
  const split = (cell: Element) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('td[data-nowrap]')]
    .filter(split)
    .map((cell) => cell.textContent ?? '');
}

async function expectTablesWhole(page: Page, state: string) {
  const cells = await page.locator('td[data-nowrap]').count();
  expect(cells, `${state}: has whole-value cells`).toBeGreaterThan(0);
  expect(await page.evaluate(splitValues), `${state}: values split over two lines`).toEqual([]);
  const overflow = await page.evaluate(measureOverflow);
  expect(overflow.tooWide, `${state}: wider than the window`).toEqual([]);
  expect(overflow.scrollWidth, `${state}: sideways scrolling`).toBeLessThanOrEqual(overflow.width);
}

test('a chart opened from the bottom of the results opens at its top; Back returns to the results where they were left', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const surname = `Scroll${unique()}`;
  const patients = [];
  for (let i = 0; i < 12; i++)
    patients.push(await createPatient(request, { last_name: `${surname}x${i}` }));
  const last = patients.at(-1)!;
  const lastName = `${last.first_name} ${last.last_name}`;

  await page.setViewportSize({ width: 1280, height: 720 });
  await signInWithToken(page, request, DEMO.doctor);
  await page.goto(ROUTES.searchPatient);
  await page.getByLabel(/^Last Name/).fill(surname);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 12 of 12 patients')).toBeVisible();

  const link = page.getByRole('link', { name: lastName });
  await link.scrollIntoViewIfNeeded();
  const listPosition = await page.evaluate(() => window.scrollY);
  expect(listPosition).toBeGreaterThan(300);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`${patientChartPath(last.patientId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: lastName })).toBeInViewport();
  await expect(page.getByRole('alert')).toContainText('ibuprofen');
  await expect(page.getByRole('alert')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('link', { name: lastName })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listPosition - 2);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(listPosition + 2);
  await expect(page.getByRole('link', { name: lastName })).toBeInViewport();
});

test('the printed chart names the patient, the ID and the date of birth at the top of every page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  await fillRecord(request, patient.patientId, 30);

  await signInWithToken(page, request, DEMO.doctor);
  await page.goto(patientChartPath(patient.patientId));
  await expect(page.getByText('Visit 30:')).toBeVisible();

  const pages = pdfPageTexts(await page.pdf({ format: 'A4' }));
  expect(pages.length).toBeGreaterThan(2);
  const whole = (text: string) => text.replace(/\s+/g, ' ');
  const header = `${patient.first_name} ${patient.last_name} · Patient ID ${patient.patientId} · Date of birth ${patient.date_of_birth}`;
  for (const [index, text] of pages.entries())
    expect(whole(text), `printed page ${index + 1}`).toContain(header);
  // Not the page's own heading: the header is on the pages that do not have it.
  expect(whole(pages.at(-1)!)).not.toContain('Personal details');
});

for (const width of [360, 390]) {
  test(`at ${width} px the record's tables stack, with no date or time split and nothing too wide`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const patient = await createPatient(request);
    await fillRecord(request, patient.patientId, 4);
    await page.setViewportSize({ width, height: 800 });

    await signInWithToken(page, request, DEMO.doctor);
    await page.goto(patientChartPath(patient.patientId));
    await expect(page.getByRole('table', { name: 'Upcoming' })).toBeVisible();
    await expectTablesWhole(page, `the chart at ${width} px`);
    // Each cell is labelled by its column when the rows are stacked.
    const time = page.getByRole('table', { name: 'Upcoming' }).locator('td[data-label="Time"]');
    expect(await time.first().evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
      '"Time"',
    );
  });
}

test('at 360 and 390 px MyInfo and the access log stack their tables, with nothing split', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO.patient);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(ROUTES.patientProfile);
    await expect(page.getByRole('region', { name: 'Medical history' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming appointments' })).toBeVisible();
    await expect(page.getByText('Loading appointments...')).toBeHidden();
    await expectTablesWhole(page, `MyInfo at ${width} px`);

    await page.goto(ROUTES.patientAccessLog);
    await expect(page.getByRole('table')).toBeVisible();
    await expectTablesWhole(page, `the access log at ${width} px`);
  }
});
