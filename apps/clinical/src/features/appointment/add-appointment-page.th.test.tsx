import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, ROUTES, todayUtc } from '@portal/contract';
import { activateLocale, formatDay, t } from '@portal/i18n';
import {
  createHandlers,
  makePatientRecord,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddAppointmentPage } from './add-appointment-page';
import { PAST_DATE_QUESTION } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

afterEach(() => activateLocale('en', 'all'));

describe('AddAppointmentPage in Thai', () => {
  it('names the patient, asks about a past date and confirms in Thai', async () => {
    server.use(
      ...createHandlers({
        patients: [makePatientRecord({ patient: { first_name: 'Malee', last_name: 'Srisuk' } })],
      }),
    );
    await act(() => activateLocale('th', 'all'));
    const user = userEvent.setup();
    renderWithProviders(<AddAppointmentPage />, {
      route: ROUTES.addAppointment,
      session: { role: 'medical_personnel' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'นัดหมายผู้ป่วย' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'เรื่องที่นัด' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '15 นาที (มาตรฐาน)' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^รหัสผู้ป่วย/ }), 'P001');
    expect(await screen.findByText('ผู้ป่วย: Malee Srisuk')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^เวลา/), '10:30');
    const day = addDays(todayUtc(), -10);
    await user.type(screen.getByLabelText(/^วันที่/), day);
    await user.click(screen.getByRole('button', { name: /^เพิ่ม/ }));
    const question = await screen.findByRole('alertdialog', { name: 'วันที่ผ่านมาแล้ว' });
    expect(question).toHaveAccessibleDescription('วันที่นี้ผ่านมาแล้ว ต้องการเพิ่มต่อหรือไม่');
    await user.click(screen.getByRole('button', { name: 'เพิ่มต่อ' }));
    expect(
      await screen.findByText(
        new RegExp(
          `^เพิ่มนัดหมายของ Malee Srisuk \\(P001\\) .*วันที่ ${formatDay(day, 'th')} เวลา 10:30`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('keeps the English question the tests look for equal to the catalogue’s', async () => {
    await act(() => activateLocale('en', 'all'));
    expect(PAST_DATE_QUESTION).toBe(t('clinical.addAppointment.pastDateQuestion'));
  });
});
