import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { activateLocale, formatDayTime } from '@portal/i18n';
import {
  createHandlers,
  makeAccessLog,
  makeAccessLogEntry,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { localDateTime } from './access-log-text';
import { PatientAccessLogPage } from './patient-access-log-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

function renderPage() {
  return renderWithProviders(<PatientAccessLogPage />, {
    route: ROUTES.patientAccessLog,
    session: { role: 'patient', patient_id: 'P001' },
  });
}

beforeEach(() => act(() => activateLocale('th', 'all')));
afterEach(() => activateLocale('en', 'all'));

describe('PatientAccessLogPage in Thai', () => {
  it('says in Thai up to when the log was checked for changes', async () => {
    const at = '2026-11-25T09:15:00.000Z';
    const checked = '2026-11-25T10:00:00.000Z';
    server.use(
      ...createHandlers({
        accessLog: { P001: [makeAccessLogEntry({ occurred_at: at, verified_at: checked })] },
      }),
    );
    renderPage();
    expect(
      await screen.findByText(
        `ตรวจสอบการแก้ไขเมื่อ ${formatDayTime(localDateTime(checked), 'th')}: บันทึกจนถึง ${formatDayTime(localDateTime(at), 'th')} ยังเป็นไปตามที่บันทึกไว้`,
      ),
    ).toBeVisible();
  });

  it('reads in Thai, with Buddhist-era dates and the count of a visit', async () => {
    const at = '2026-11-25T09:15:00.000Z';
    server.use(
      ...createHandlers({
        accessLog: {
          P001: [
            makeAccessLogEntry({
              occurred_at: at,
              name: 'Anan Wongsa',
              kind: 'viewed',
              count: 3,
              kinds: ['viewed', 'viewed-appointments'],
            }),
          ],
        },
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'ใครเปิดดูข้อมูลของฉัน' })).toBeVisible();
    expect(screen.getByText(/^ทุกครั้งที่มีผู้เปิดดู แก้ไข/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'กลับไปที่ข้อมูลของฉัน' })).toHaveAttribute(
      'href',
      ROUTES.patientProfile,
    );

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['วันเวลา', 'ผู้เข้าถึง', 'สิ่งที่ทำ']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    const when = formatDayTime(localDateTime(at), 'th');
    expect(when).toMatch(/^\d{1,2} พ\.ย\. 2569 \d{2}:\d{2}$/);
    expect(cells[0]).toHaveTextContent(when);
    expect(cells[0]!.querySelector('time')).toHaveAttribute('datetime', at);
    // Who: the name as it is and the role read back (public.accessLog.staffActor); what: the
    // contract catalogue's message (read back by translateEnglish).
    expect(cells[1]).toHaveTextContent(/^Anan Wongsa บุคลากรทางการแพทย์$/);
    expect(cells[2]).toHaveTextContent(/3 รายการในการเข้าใช้ครั้งเดียว รวมถึง/);
    expect(screen.getByText('แสดง 1 จาก 1 รายการ')).toBeVisible();
  });

  it('counts beyond the thousand in Thai, and offers the older entries', async () => {
    server.use(...createHandlers({ accessLog: { P001: makeAccessLog(1_001) } }));
    renderPage();
    expect(await screen.findByText('แสดง 50 จากมากกว่า 1,000 รายการ')).toBeVisible();
    expect(screen.getByRole('button', { name: 'แสดงรายการที่เก่ากว่า' })).toBeEnabled();
  });

  it('says so in Thai when nobody has opened the record', async () => {
    server.use(...createHandlers({ accessLog: {} }));
    renderPage();
    expect(await screen.findByText('ยังไม่มีผู้ใดเปิดดูข้อมูลของคุณ')).toBeVisible();
  });
});
