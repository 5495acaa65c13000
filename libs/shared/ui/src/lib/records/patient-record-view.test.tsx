import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, type PatientRecord } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { appointmentText, PatientRecordView } from './patient-record-view';

/** A record with every field known and something in every list. */
const FILLED: PatientRecord = {
  patient: {
    patient_id: 'P001',
    first_name: 'Malee',
    last_name: 'Srisuk',
    age: 34,
    date_of_birth: '1992-03-14',
    gender: 'female',
    blood_type: 'AB',
    email: 'malee.srisuk@gmail.com',
    health_insurance: 'yes',
    address: '12/3 Sukhumvit Road, Bangkok',
    phone_number: '081-234-5678',
    id_card_number: '1-1037-02345-67-8',
    ongoing_treatment: 'physiotherapy twice a week',
    unhealthy_habits: 'none',
  },
  patient_appointment: { date: '2026-11-20', time: '10:30:00', topic: null },
  patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'R010' }],
  patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I099' }],
  medical_history: [
    { date: '2026-10-01', time: '09:15:00', details: 'Routine check-up, all normal.' },
    { date: '2025-12-24', time: '16:45:00', details: null },
  ],
  registered: true,
};

/** The same patient with empty values, no appointment and nothing in any list. */
const EMPTY: PatientRecord = {
  ...FILLED,
  patient: {
    ...FILLED.patient,
    gender: 'male',
    blood_type: null,
    health_insurance: 'no',
    id_card_number: '',
    ongoing_treatment: '',
  },
  patient_appointment: { date: '', time: '', topic: null },
  patient_drug_allergy: [],
  patient_chronic_disease: [],
  medical_history: [],
};

/** The personal details as label → value, in the order shown. */
function details(): [string, string][] {
  const section = screen.getByRole('region', { name: 'Personal details' });
  const labels = within(section).getAllByRole('term');
  const values = within(section).getAllByRole('definition');
  expect(values).toHaveLength(labels.length);
  return labels.map((label, i) => [label.textContent ?? '', values[i]?.textContent ?? '']);
}

const items = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('PatientRecordView', () => {
  it('shows every detail of the record in the spec’s order', () => {
    render(<PatientRecordView record={FILLED} reader="patient" />);
    expect(details()).toEqual([
      ['Patient ID', 'P001'],
      ['First Name', 'Malee'],
      ['Last Name', 'Srisuk'],
      ['Age', '34'],
      ['Gender', 'Female'],
      ['Date of Birth', '1992-03-14'],
      ['Blood Type', 'AB'],
      ['Health Insurance', 'Yes'],
      ['ID card number', '1-1037-02345-67-8'],
      ['Ongoing treatment', 'physiotherapy twice a week'],
      ['Latest Appointment', '2026-11-20 10:30'],
    ]);
  });

  it('heads each part of the record, for navigation by headings and regions', () => {
    render(<PatientRecordView record={FILLED} reader="patient" />);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Personal details', 'Drug allergies', 'Chronic diseases', 'Medical history']);
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('lists allergies and diseases by catalogue name, the id after it (an unknown id alone)', () => {
    render(<PatientRecordView record={FILLED} reader="patient" />);
    expect(items('Drug allergies')).toEqual(['paracetamol (R002)', 'insulin (R010)']);
    expect(items('Chronic diseases')).toEqual(['tuberculosis (I002)', 'I099']);
  });

  it('shows the history under Date & Time and Details, with - for an entry without detail', () => {
    render(<PatientRecordView record={FILLED} reader="patient" />);
    const table = within(screen.getByRole('region', { name: 'Medical history' })).getByRole(
      'table',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date & Time', 'Details']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2026-10-01 09:15:00', 'Routine check-up, all normal.'],
      ['2025-12-24 16:45:00', '-'],
    ]);
  });

  it("shows '-' for empty values and 'No appointment' when there is none", () => {
    render(<PatientRecordView record={EMPTY} reader="patient" />);
    const shown = new Map(details());
    expect(shown.get('Blood Type')).toBe(MESSAGES.emptyValue);
    expect(shown.get('ID card number')).toBe('-');
    expect(shown.get('Ongoing treatment')).toBe('-');
    expect(shown.get('Latest Appointment')).toBe('No appointment');
    expect(shown.get('Gender')).toBe('Male');
    expect(shown.get('Health Insurance')).toBe('No');
    expect(shown.get('First Name')).toBe('Malee');
  });

  it('says so when a list is empty, instead of showing an empty list or table', () => {
    render(<PatientRecordView record={EMPTY} reader="patient" />);
    const allergies = screen.getByRole('region', { name: 'Drug allergies' });
    expect(allergies).toHaveTextContent(MESSAGES.noDrugAllergies);
    expect(within(allergies).queryByRole('list')).not.toBeInTheDocument();
    const diseases = screen.getByRole('region', { name: 'Chronic diseases' });
    expect(diseases).toHaveTextContent('No chronic diseases.');
    expect(within(diseases).queryByRole('list')).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Medical history' });
    expect(history).toHaveTextContent('No medical history available');
    expect(within(history).queryByRole('table')).not.toBeInTheDocument();
  });

  it('gives two records on one page their own labels', () => {
    render(
      <>
        <PatientRecordView record={FILLED} reader="patient" />
        <PatientRecordView record={EMPTY} reader="patient" />
      </>,
    );
    const regions = screen.getAllByRole('region', { name: 'Drug allergies' });
    expect(regions).toHaveLength(2);
    const labelIds = regions.map((region) => region.getAttribute('aria-labelledby'));
    expect(new Set(labelIds).size).toBe(2);
    for (const [index, region] of regions.entries()) {
      expect(document.getElementById(labelIds[index]!)).toBe(
        within(region).getByRole('heading', { level: 2 }),
      );
    }
  });
});

describe('appointmentText', () => {
  it('names the clinician, and the status once it is no longer booked', () => {
    const clinician = { employee_id: 'E002', first_name: 'Anan', last_name: 'Wongsa' };
    expect(
      appointmentText({
        date: '2026-12-03',
        time: '10:30:00',
        topic: 'Follow-up',
        status: 'booked',
        clinician,
      }),
    ).toBe('2026-12-03 10:30 — Follow-up · with Anan Wongsa');
    expect(
      appointmentText({
        date: '2026-10-01',
        time: '09:00:00',
        topic: null,
        status: 'fulfilled',
        clinician: null,
      }),
    ).toBe('2026-10-01 09:00 (Attended)');
  });

  it('is the date and the time to the minute', () => {
    expect(appointmentText({ date: '2026-11-20', time: '10:30:00', topic: null })).toBe(
      '2026-11-20 10:30',
    );
  });

  it('adds the topic when there is one', () => {
    expect(appointmentText({ date: '2026-11-20', time: '08:05:00', topic: 'Follow-up' })).toBe(
      '2026-11-20 08:05 — Follow-up',
    );
  });

  it("is 'No appointment' when the date is empty", () => {
    expect(appointmentText({ date: '', time: '', topic: null })).toBe(MESSAGES.noAppointment);
    expect(appointmentText({ date: '', time: '10:30:00', topic: 'Orphan topic' })).toBe(
      'No appointment',
    );
  });
});

describe('PatientRecordView in Thai', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('labels the record in Thai, with Thai disease names, drugs in English with the Thai beside, Buddhist-era dates', async () => {
    await act(() => activateLocale('th', 'all'));
    render(<PatientRecordView record={FILLED} reader="patient" />);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['ข้อมูลส่วนตัว', 'ยาที่แพ้', 'โรคประจำตัว', 'ประวัติการรักษา']);
    const section = screen.getByRole('region', { name: 'ข้อมูลส่วนตัว' });
    const labels = within(section)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(section)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    const shown = new Map(labels.map((label, index) => [label, values[index]]));
    expect(labels[0]).toBe('รหัสผู้ป่วย');
    expect(shown.get('เพศ')).toBe('หญิง');
    expect(shown.get('ประกันสุขภาพ')).toBe('มี');
    expect(shown.get('วันเกิด')).toBe('14 มี.ค. 2535');
    expect(shown.get('หมู่เลือด')).toBe('AB');
    expect(shown.get('นัดหมายล่าสุด')).toBe('20 พ.ย. 2569 10:30');
    expect(items('ยาที่แพ้')).toEqual(['paracetamol (พาราเซตามอล) (R002)', 'insulin (อินซูลิน) (R010)']);
    expect(items('โรคประจำตัว')).toEqual(['วัณโรค (I002)', 'I099']);
    const table = within(screen.getByRole('region', { name: 'ประวัติการรักษา' })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['วันที่และเวลา', 'รายละเอียด']);
    expect(within(table).getByRole('cell', { name: '1 ต.ค. 2569 09:15:00' })).toBeInTheDocument();
  });

  it('names drugs by their English generic names to a clinician', async () => {
    await act(() => activateLocale('th', 'all'));
    render(<PatientRecordView record={FILLED} reader="clinician" />);
    expect(items('ยาที่แพ้')).toEqual(['paracetamol (R002)', 'insulin (R010)']);
    expect(items('โรคประจำตัว')).toEqual(['วัณโรค (I002)', 'I099']);
  });

  it('names the clinician in Thai in the latest appointment', async () => {
    await act(() => activateLocale('th', 'all'));
    const clinician = { employee_id: 'E002', first_name: 'Anan', last_name: 'Wongsa' };
    expect(
      appointmentText({
        date: '2026-12-03',
        time: '10:30:00',
        topic: 'Follow-up',
        status: 'booked',
        clinician,
      }),
    ).toBe('3 ธ.ค. 2569 10:30 — Follow-up · พบ Anan Wongsa');
  });
});
