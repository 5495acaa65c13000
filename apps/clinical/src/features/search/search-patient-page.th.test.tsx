import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { activateLocale, formatDay } from '@portal/i18n';
import {
  createHandlers,
  makePatientRecord,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { SearchPatientPage } from './search-patient-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

afterEach(() => activateLocale('en', 'all'));

describe('SearchPatientPage in Thai', () => {
  it('shows the title, fields and each patient’s line in Thai', async () => {
    const record = makePatientRecord(
      { patient: { first_name: 'Malee', last_name: 'Srisuk', gender: 'female' } },
      1,
    );
    server.use(...createHandlers({ patients: [record] }));
    await act(() => activateLocale('th', 'all'));
    const user = userEvent.setup();
    renderWithProviders(<SearchPatientPage />, {
      route: ROUTES.searchPatient,
      session: { role: 'medical_personnel' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'ข้อมูลผู้ป่วย' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'รหัสผู้ป่วย' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ชื่อ' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'นามสกุล' })).toBeInTheDocument();

    const p = record.patient;
    const line = `อายุ ${p.age} ปี · หญิง · เกิด ${formatDay(p.date_of_birth, 'th')}`;
    // The date of birth sits in its own span (kept on one line): match the whole paragraph.
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === line,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ดูข้อมูลทั้งหมด ของ Malee Srisuk' }));
    expect(
      await screen.findByRole('button', { name: 'ซ่อนข้อมูล ของ Malee Srisuk' }),
    ).toBeInTheDocument();
  });
});
