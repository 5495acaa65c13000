import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  type Allergy,
  type AllergyList,
  patientChartPath,
  ROUTES,
  todayUtc,
} from '@portal/contract';
import { activateLocale, formatDay, t } from '@portal/i18n';
import {
  createHandlers,
  MOCK_API_BASE,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { CHART_APPOINTMENTS, CHART_RECORD } from './chart-fixtures';
import { PatientChartPage } from './patient-chart-page';
import { LOADING_CHART } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

afterEach(() => activateLocale('en', 'all'));

async function renderChartInThai(...first: HttpHandler[]) {
  server.use(
    ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
  );
  server.use(...first);
  await act(() => activateLocale('th', 'all'));
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.patientChart} element={<PatientChartPage />} />
    </Routes>,
    { route: patientChartPath('P037'), session: { role: 'medical_personnel' } },
  );
  expect(screen.getByRole('status')).toHaveTextContent('กำลังโหลดเวชระเบียน...');
  await screen.findByRole('heading', { level: 1, name: 'Malee Srisuk' });
  return { user };
}

/** An active, confirmed allergy of the chart's list, to a substance of `kind`. */
function allergy(id: string, kind: Allergy['kind'], name: string, name_th: string): Allergy {
  const state = {
    reaction: null,
    severity: null,
    criticality: null,
    onset_date: null,
    clinical_status: 'active',
    verification_status: 'confirmed',
    error_reason: null,
  } as const;
  return {
    id,
    substance_id: `sct:${id}`,
    kind,
    seed_code: null,
    name,
    name_th,
    codes: [{ system: 'http://snomed.info/sct', code: id, display: name }],
    ...state,
    recorded_by: null,
    recorded_at: '2026-01-05T03:00:00.000Z',
    changed_by: null,
    changed_at: '2026-01-05T03:00:00.000Z',
    history: [],
  };
}

describe('PatientChartPage in Thai', () => {
  it('names a drug allergy by its English generic name, as Thai clinicians read it; a food in Thai', async () => {
    const list: AllergyList = {
      state: 'listed',
      no_known_allergies: null,
      allergies: [
        allergy('1001', 'drug', 'Amoxicillin', 'อะม็อกซีซิลลิน'),
        allergy('1002', 'food', 'Peanut', 'ถั่วลิสง'),
      ],
    };
    await renderChartInThai(
      http.get(`${MOCK_API_BASE}/patient/P037/allergies`, () => HttpResponse.json(list)),
    );
    const banner = screen.getByRole('alert');
    expect(await within(banner).findByText(/^Amoxicillin/)).toBeInTheDocument();
    expect(within(banner).getByText(/^ถั่วลิสง/)).toBeInTheDocument();
    expect(screen.queryByText(/อะม็อกซีซิลลิน/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Peanut/)).not.toBeInTheDocument();
  });

  it('names the allergies, diseases and fields in Thai, dates in the Buddhist era', async () => {
    await renderChartInThai();
    expect(screen.getByText('เวชระเบียน · P037')).toBeInTheDocument();

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('ยาที่แพ้');
    const drugs = within(alert).getAllByRole('listitem');
    // The severe one first, each drug by its English generic name, as Thai clinicians read it.
    expect(drugs[0]).toHaveTextContent('amoxicillin (R003)');
    expect(drugs[0]).not.toHaveTextContent('อะม็อกซีซิลลิน');
    expect(drugs[0]).toHaveTextContent('อาการที่แพ้: Swelling of the lips and throat');
    expect(drugs[1]).toHaveTextContent('paracetamol (R002)');

    const details = screen.getByRole('region', { name: 'ข้อมูลส่วนตัว' });
    for (const text of ['รหัสผู้ป่วย', 'เพศ', 'หญิง', 'ประกันสุขภาพ', 'มี', 'หมู่เลือด']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(details).getByText(formatDay(CHART_RECORD.patient.date_of_birth, 'th')),
    ).toBeInTheDocument();

    const diseases = screen.getByRole('region', { name: 'โรคประจำตัว' });
    expect(within(diseases).getByRole('listitem')).toHaveTextContent('ไวรัสตับอักเสบบี (I003)');

    const history = screen.getByRole('region', { name: 'ประวัติการรักษา' });
    expect(within(history).getByText('บันทึกโดย Anan Wongsa')).toBeInTheDocument();
    const entryDay = formatDay(addDays(todayUtc(), -10), 'th');
    expect(within(history).getByText(`${entryDay} 09:15`)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'แก้ไข' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'เพิ่มนัดหมาย' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'เพิ่มประวัติการรักษา' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'พิมพ์เวชระเบียน' })).toBeInTheDocument();
  });

  it('lists the appointments and opens the cancel dialog in Thai', async () => {
    const { user } = await renderChartInThai();
    const upcoming = await screen.findByRole('table', { name: 'นัดหมายที่กำลังจะถึง' });
    expect(screen.getByRole('table', { name: 'นัดหมายที่ผ่านมา' })).toBeInTheDocument();
    expect(screen.getByText('แสดง 4 จาก 4 รายการ')).toBeInTheDocument();
    const soon = formatDay(addDays(todayUtc(), 7), 'th');
    expect(within(upcoming).getByText(soon)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `ยกเลิกนัด: ${soon} เวลา 10:30` }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกนัดหมาย' });
    expect(dialog).toHaveAccessibleDescription(
      `นัดหมายวันที่ ${soon} เวลา 10:30 จะถูกยกเลิกแต่ไม่ถูกลบ เขียนข้อความถึงผู้ป่วย บันทึกสำหรับเจ้าหน้าที่ หรือทั้งสองอย่าง`,
    );
    expect(within(dialog).getByRole('textbox', { name: /^ข้อความถึงผู้ป่วย/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'คงนัดหมายไว้' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the English loading words the tests look for equal to the catalogue’s', async () => {
    await act(() => activateLocale('en', 'all'));
    expect(LOADING_CHART).toBe(t('clinical.chart.loading'));
  });
});
