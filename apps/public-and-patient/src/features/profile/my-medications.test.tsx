import { act, screen, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { type Medication, ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import {
  createHandlers,
  makePatientRecord,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { PatientProfilePage } from './patient-profile-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();
afterEach(() => activateLocale('en', 'all'));

/** P001's current amoxicillin, its instructions written in Thai by the prescriber. */
const AMOXICILLIN: Medication = {
  id: '20000000-0000-4000-8000-000000000001',
  drug_id: 'rxn:723',
  name: 'amoxicillin',
  name_th: 'อะม็อกซีซิลลิน',
  codes: [
    { system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '723', display: 'amoxicillin' },
  ],
  dose: 500,
  unit: 'mg',
  route: 'oral',
  frequency: 'three_times_daily',
  duration_days: 7,
  quantity: 21,
  instructions: 'รับประทานครั้งละ 1 แคปซูล หลังอาหาร เช้า กลางวัน เย็น',
  status: 'active',
  stopped: null,
  override_reason: null,
  prescribed_by: { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa' },
  created_at: '2026-12-02T03:00:00.000Z',
  ends_at: '2026-12-09T03:00:00.000Z',
  allergy_conflicts: [],
};

function renderMyInfo(medications: Medication[] = [AMOXICILLIN], ...extra: HttpHandler[]) {
  server.use(
    ...createHandlers({
      patients: [makePatientRecord({ patient: { patient_id: 'P001', first_name: 'Malee' } })],
      appointments: { P001: [] },
      medications: { P001: medications },
    }),
  );
  // In front of the mock API.
  server.use(...extra);
  return renderWithProviders(<PatientProfilePage />, {
    route: ROUTES.patientProfile,
    session: { role: 'patient', patient_id: 'P001' },
  });
}

describe('MyInfo’s medications', () => {
  it('lists the current ones by generic name, with the dose and the instructions', async () => {
    renderMyInfo();
    const section = await screen.findByRole('region', { name: 'My medications' });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent(/^amoxicillin500 mg, By mouth, three times daily, for 7 days/);
    expect(item).toHaveTextContent('How to take it: รับประทานครั้งละ 1 แคปซูล หลังอาหาร เช้า กลางวัน เย็น');
    expect(item).toHaveTextContent('Until 2026-12-09');
    // Nothing the clinicians read: no override, no prescriber's note.
    expect(item).not.toHaveTextContent('Anan Wongsa');
  });

  it('says when there are none', async () => {
    renderMyInfo([]);
    expect(await screen.findByText('No current medications.')).toBeInTheDocument();
  });

  it('says when they could not be loaded', async () => {
    renderMyInfo([AMOXICILLIN], problemHandler('myMedications', 500, 'Internal error'));
    expect(await screen.findByText('Error: Could not load your medications')).toBeInTheDocument();
  });

  it('in Thai: the generic name with the Thai name beside it, the dose in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    renderMyInfo();
    const section = await screen.findByRole('region', { name: 'ยาของฉัน' });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('amoxicillin (อะม็อกซีซิลลิน)');
    expect(item).toHaveTextContent('รับประทาน ครั้งละ 500 มก. วันละ 3 ครั้ง เป็นเวลา 7 วัน');
    expect(item).toHaveTextContent('วิธีใช้: รับประทานครั้งละ 1 แคปซูล หลังอาหาร');
    expect(item).toHaveTextContent(/ใช้ถึงวันที่ 9 ธ\.ค\. 2569/);
  });
});
