import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Allergy, ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import {
  createHandlers,
  MOCK_API_BASE,
  makePatientRecord,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { PatientProfilePage } from './patient-profile-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

/** P001, the signed-in patient, with two drug allergies and a chronic disease. */
function serveRecord() {
  server.use(
    ...createHandlers({
      patients: [
        makePatientRecord({
          patient: { patient_id: 'P001', first_name: 'Malee', last_name: 'Srisuk' },
          patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'R010' }],
          patient_chronic_disease: [{ disease_id: 'I003' }],
        }),
      ],
      appointments: { P001: [] },
    }),
  );
}

function renderProfile() {
  return renderWithProviders(<PatientProfilePage />, {
    route: ROUTES.patientProfile,
    session: { role: 'patient', patient_id: 'P001' },
  });
}

/** An active, confirmed allergy of the patient's list, to a substance of `kind`. */
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

beforeEach(() => act(() => activateLocale('th', 'all')));
afterEach(() => activateLocale('en', 'all'));

describe('PatientProfilePage (MyInfo) in Thai', () => {
  it('is headed in Thai with the Help Desk hint in Thai, at once', () => {
    server.use(pendingHandler('profile'));
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'ข้อมูลของฉัน' })).toBeInTheDocument();
    expect(
      screen.getByText('ศูนย์บริการผู้ป่วย (Help Desk)').closest('[role="status"]'),
    ).toHaveTextContent(/โทรแจ้งศูนย์บริการผู้ป่วย \(Help Desk\) ที่หมายเลข 02 123 4567/);
  });

  it('greets the patient and offers the appointments, the links and the download in Thai', async () => {
    serveRecord();
    renderProfile();
    expect(await screen.findByText('สวัสดี คุณ Malee')).toBeVisible();
    const appointments = screen.getByRole('region', { name: 'นัดหมายที่จะถึง' });
    expect(await within(appointments).findByText('ไม่มีนัดหมายที่จะถึง')).toBeVisible();
    expect(screen.getByRole('link', { name: 'ใครเปิดดูข้อมูลของฉัน' })).toHaveAttribute(
      'href',
      ROUTES.patientAccessLog,
    );
    expect(
      screen.getByRole('link', { name: 'บัญชีของฉัน: รหัสผ่าน การยืนยันตัวตนสองขั้นตอน และเซสชัน' }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'นำข้อมูลสุขภาพของคุณติดตัวไปได้' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' })).toBeEnabled();
  });

  it('names drugs in English with the Thai beside, as on the box; a food in Thai', async () => {
    serveRecord();
    const allergies = [
      allergy('1001', 'drug', 'Amoxicillin', 'อะม็อกซีซิลลิน'),
      allergy('1002', 'food', 'Peanut', 'ถั่วลิสง'),
    ];
    server.use(
      http.get(`${MOCK_API_BASE}/patient/P001/allergies`, () =>
        HttpResponse.json({ state: 'listed', no_known_allergies: null, allergies }),
      ),
    );
    renderProfile();
    const mine = await screen.findByRole('region', { name: 'การแพ้ของฉัน' });
    expect(await within(mine).findByText('Amoxicillin (อะม็อกซีซิลลิน)')).toBeVisible();
    expect(within(mine).getByText('ถั่วลิสง')).toBeVisible();
    const record = screen.getByRole('region', { name: 'ยาที่แพ้' });
    expect(
      within(record)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['paracetamol (พาราเซตามอล) (R002)', 'insulin (อินซูลิน) (R010)']);
  });

  it('says in Thai that the appointments could not be loaded', async () => {
    serveRecord();
    server.use(problemHandler('myAppointments', 500, 'Something went wrong on our side.'));
    renderProfile();
    expect(await screen.findByText('เกิดข้อผิดพลาด: โหลดนัดหมายที่จะถึงของคุณไม่สำเร็จ')).toBeVisible();
  });

  it('says in Thai when the record could not be downloaded', async () => {
    serveRecord();
    server.use(
      http.get('*/fhir/R4/Patient/:id/$everything', () => new HttpResponse(null, { status: 500 })),
    );
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^ดาวน์โหลดข้อมูลของคุณไม่สำเร็จ/);
  });
});
