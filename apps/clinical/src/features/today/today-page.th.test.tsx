import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type DayAppointment,
  DEFAULT_API_BASE,
  ENDPOINTS,
  hospitalToday,
  ROUTES,
} from '@portal/contract';
import { activateLocale, formatDay, t } from '@portal/i18n';
import { pageResponse, renderWithProviders, setupMswServer } from '@portal/testing';
import { DOCTOR, morning } from './today-fixtures';
import { TodayPage } from './today-page';
import { LOADING_TODAY, TODAY_FAILED } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

// The hospital's day, as the page shows it (its clock, not this machine's time zone).
const today = () => hospitalToday();
const url = (path: string) => `*${DEFAULT_API_BASE}${path}`;

function serveDay(items: DayAppointment[]) {
  const day = structuredClone(items);
  server.use(
    http.get(url(ENDPOINTS.dayAppointments.path), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const clinician = query.get('clinician_id');
      return pageResponse(
        request,
        day.filter(
          (a) =>
            a.date === query.get('date') && (!clinician || a.clinician?.employee_id === clinician),
        ),
      );
    }),
    http.post(url(ENDPOINTS.setAppointmentStatus.path), async ({ request, params }) => {
      const body = (await request.json()) as { status: DayAppointment['status'] };
      const item = day.find((a) => a.appointment_id === params['appointment_id'])!;
      item.status = body.status;
      return HttpResponse.json(item);
    }),
  );
}

afterEach(() => activateLocale('en', 'all'));

describe('TodayPage in Thai', () => {
  it('shows the day, the switch, the columns and the actions in Thai', async () => {
    serveDay(morning(today()));
    await act(() => activateLocale('th', 'all'));
    const user = userEvent.setup();
    renderWithProviders(<TodayPage />, {
      route: ROUTES.today,
      session: { role: 'medical_personnel', employee_id: DOCTOR.employee_id },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'วันนี้' })).toBeInTheDocument();
    expect(screen.getByText(`นัดหมายวันที่ ${formatDay(today(), 'th')}`)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('กำลังโหลดนัดหมายวันนี้...');
    expect(screen.getByRole('group', { name: 'นัดหมายของใคร' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ของฉัน' })).toBeChecked();

    const table = await screen.findByRole('table', { name: 'นัดหมายของฉันวันนี้' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['เวลา', 'ระยะเวลา', 'ผู้ป่วย', 'สถานะ', 'ผู้ให้การรักษา']);
    expect(within(table).getAllByText('15 นาที').length).toBeGreaterThan(0);
    expect(screen.getByText('แสดง 3 จาก 3 รายการ')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'บันทึกว่ามาตามนัด: Somchai Boonmee เวลา 08:15' }),
    );
    expect(await screen.findByText(/^Somchai Boonmee เวลา 08:15: /)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'ทั้งหมด' }));
    expect(await screen.findByRole('table', { name: 'นัดหมายทั้งหมดวันนี้' })).toBeInTheDocument();
  });

  it('says so in Thai when there is nothing today', async () => {
    serveDay([]);
    await act(() => activateLocale('th', 'all'));
    renderWithProviders(<TodayPage />, {
      route: ROUTES.today,
      session: { role: 'medical_personnel', employee_id: DOCTOR.employee_id },
    });
    expect(
      await screen.findByText('วันนี้ไม่มีนัดหมายกับคุณ เลือก “ทั้งหมด” เพื่อดูนัดหมายของทุกคน'),
    ).toBeInTheDocument();
  });

  it('keeps the English words the tests look for equal to the catalogue’s', async () => {
    await act(() => activateLocale('en', 'all'));
    expect(LOADING_TODAY).toBe(t('clinical.today.loading'));
    expect(TODAY_FAILED).toBe(t('clinical.today.failed'));
  });
});
