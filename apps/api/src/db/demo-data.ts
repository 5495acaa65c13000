import { sql } from 'drizzle-orm';
import { ALLERGY_SEVERITIES, type AppointmentStatus } from '@portal/contract';
import { ALLOWED_EMAIL_DOMAINS, DISEASE_IDS, DRUG_IDS, SAMPLE_TEXT } from '@portal/reference-data';
import { type HashParams, hashPassword } from '../security/passwords';
import { type Db, queryRows } from './database';
import {
  appointment,
  appUser,
  employee,
  medicalHistory,
  patient,
  patientChronicDisease,
  patientDrugAllergy,
} from './schema';

/** The password of every demo account (printed at start and listed in the README). */
export const DEMO_PASSWORD = 'demo-password-2026';

/** The ready demo accounts, one per role (two for medical personnel). */
export const DEMO_ACCOUNTS = [
  { username: 'demo.patient', role: 'patient', recordId: 'P001' },
  { username: 'demo.doctor', role: 'medical_personnel', recordId: 'E001' },
  { username: 'demo.nurse', role: 'medical_personnel', recordId: 'E002' },
  { username: 'demo.hr', role: 'HR', recordId: 'E003' },
  // A second HR person: the two-person rule needs one to approve what demo.hr asks for.
  { username: 'demo.hr2', role: 'HR', recordId: 'E017' },
] as const;

const FIRST = [
  'Somchai',
  'Anong',
  'Kittisak',
  'Malee',
  'Niran',
  'Pimchanok',
  'Arthit',
  'Sunisa',
  'Wichai',
  'Ratana',
  'Chaiwat',
  'Kanya',
  'Preecha',
  'Duangjai',
  'Surasak',
  'Orawan',
  'Thanawat',
  'Jintana',
  'Boonmee',
  'Siriporn',
];
const LAST = [
  'Srisuk',
  'Chaiyaporn',
  'Wongsawat',
  'Rattanakul',
  'Thongdee',
  'Phromma',
  'Kaewmanee',
  'Boonyasit',
  'Suksawat',
  'Charoenrat',
  'Intharasombat',
  'Saetang',
];

/** An appointment of the demo data, its clinician and author by employee id. */
interface Visit {
  patientId: number;
  date: string;
  time: string;
  topic: string;
  status: AppointmentStatus;
  clinician: string;
  durationMinutes: number;
  cancelReason: string | null;
}

/** A history entry of the demo data, its author by employee id (null: before authors). */
interface Entry {
  patientId: number;
  date: string;
  time: string;
  detail: string;
  author: string | null;
}

const REACTIONS = ['Hives', 'Rash and itching', 'Swelling of the lips', 'Nausea', 'Wheezing'];

/** A small deterministic generator, so the demo data is the same on every machine. */
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pad = (n: number) => String(n).padStart(3, '0');
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Whether the database holds no patients, employees or accounts yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists(select 1 from patient) and not exists(select 1 from employee)
          and not exists(select 1 from app_user) as empty`,
  );
  return row!.empty;
}

/**
 * Loads the demo data set: 36 patients with diseases, allergies, history and appointments
 * (past and future); an employee in every position, some resigned; one account per role (two
 * for HR, so that one can approve what the other asks for).
 */
export async function loadDemoData(db: Db, passwordHashing: HashParams): Promise<void> {
  const random = rng(20_261_121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const passwordHash = await hashPassword(DEMO_PASSWORD, passwordHashing);
  await db.transaction(async (tx) => {
    const patients = Array.from({ length: 36 }, (_, i) => {
      const age = 3 + Math.floor(random() * 85);
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[(i * 7) % LAST.length]!;
      return {
        patientId: `P${pad(i + 1)}`,
        firstName: first,
        lastName: last,
        age,
        dateOfBirth: isoDay(-(age * 365 + Math.floor(random() * 300))),
        gender: i % 2 === 0 ? 'male' : 'female',
        bloodType: i % 9 === 8 ? null : pick(['A', 'B', 'AB', 'O']),
        email: `${first}.${last}${i + 1}@${pick(ALLOWED_EMAIL_DOMAINS)}`.toLowerCase(),
        healthInsurance: random() < 0.7 ? 'yes' : 'no',
        address: i % 7 === 6 ? null : `${10 + i} Rama IV Road, Bangkok`,
        phoneNumber: `08${String(10_000_000 + Math.floor(random() * 89_999_999))}`,
        idCardNumber: `1${String(100_000_000_000 + i * 7_919_113)}`,
        ongoingTreatment: pick(SAMPLE_TEXT.ongoingTreatments),
        unhealthyHabits: pick(SAMPLE_TEXT.unhealthyHabits),
      };
    });
    const inserted = await tx.insert(patient).values(patients).returning({ id: patient.id });
    const diseases: { patientId: number; diseaseId: string }[] = [];
    const allergies: {
      patientId: number;
      drugId: string;
      reaction: string | null;
      severity: string | null;
    }[] = [];
    const visits: Visit[] = [];
    const history: Entry[] = [];
    inserted.forEach(({ id }, i) => {
      // Every fourth patient has none of each, so the empty states show too.
      if (i % 4 !== 3) {
        for (const d of new Set([pick(DISEASE_IDS), pick(DISEASE_IDS)]))
          diseases.push({ patientId: id, diseaseId: d });
      }
      if (i % 4 !== 2) {
        const drugId = pick(DRUG_IDS);
        // Some allergies say what happened and how badly; the others are not known.
        const known = i % 3 !== 0;
        allergies.push({
          patientId: id,
          drugId,
          reaction: known ? REACTIONS[i % REACTIONS.length]! : null,
          severity: known ? ALLERGY_SEVERITIES[i % ALLERGY_SEVERITIES.length]! : null,
        });
      }
      if (i % 5 !== 4) {
        const pastDate = isoDay(-30 - Math.floor(random() * 300));
        visits.push({
          patientId: id,
          date: pastDate,
          time: '09:30:00',
          topic: pick(SAMPLE_TEXT.appointmentTopics),
          // Past visits were attended, but for the odd missed one.
          status: i % 7 === 3 ? 'noshow' : 'fulfilled',
          clinician: i % 2 ? 'E002' : 'E001',
          durationMinutes: 15,
          cancelReason: null,
        });
        const cancelled = i % 6 === 1;
        visits.push({
          patientId: id,
          date: isoDay(1 + Math.floor(random() * 60)),
          time: `${10 + (i % 6)}:00:00`,
          topic: pick(SAMPLE_TEXT.appointmentTopics),
          status: cancelled ? 'cancelled' : 'booked',
          clinician: i % 3 === 0 ? 'E004' : 'E001',
          durationMinutes: i % 4 === 0 ? 30 : 15,
          cancelReason: cancelled ? 'The patient asked to come another week' : null,
        });
      }
      // Today's clinic, computed as the data is loaded, so the Today page shows something on
      // any day: eight patients from 09:00, every half hour, with the doctor and the nurse.
      if (i < 8) {
        visits.push({
          patientId: id,
          date: isoDay(0),
          time: `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`,
          topic: pick(SAMPLE_TEXT.appointmentTopics),
          status: i === 0 ? 'fulfilled' : i === 5 ? 'cancelled' : 'booked',
          clinician: i % 2 ? 'E002' : 'E001',
          durationMinutes: i === 2 ? 30 : 15,
          cancelReason: i === 5 ? 'Unwell; will call to book again' : null,
        });
      }
      const entries = i % 6 === 5 ? 0 : 1 + Math.floor(random() * 4);
      for (let k = 0; k < entries; k++) {
        history.push({
          patientId: id,
          date: isoDay(-10 - Math.floor(random() * 900)),
          time: `${String(8 + k * 2).padStart(2, '0')}:15:00`,
          detail: pick(SAMPLE_TEXT.historyDetails),
          // The oldest entries predate the portal's recording of authors: shown as a dash.
          author: k === 3 ? null : k % 2 ? 'E002' : 'E001',
        });
      }
    });
    await tx.insert(patientChronicDisease).values(diseases);
    await tx.insert(patientDrugAllergy).values(allergies);

    // E001 doctor, E002 nurse, E003 HR (the demo accounts), then one of every position, and leavers.
    const positions = [
      'P001',
      'P002',
      'P011',
      'P001',
      'P002',
      'P003',
      'P004',
      'P005',
      'P006',
      'P007',
      'P008',
      'P009',
      'P010',
      'P011',
      'P002',
      'P001',
    ];
    const employees = positions.map((positionId, i) => {
      const resigned = i >= positions.length - 3;
      const hired = isoDay(-400 - i * 97);
      const first = FIRST[(i * 3 + 5) % FIRST.length]!;
      const last = LAST[(i * 5 + 3) % LAST.length]!;
      return {
        employeeId: `E${pad(i + 1)}`,
        firstName: first,
        lastName: last,
        positionId,
        phoneNumber: `09${String(10_000_000 + i * 3_331_117)}`,
        salary: 25_000 + Math.floor(random() * 90) * 1000,
        email:
          `${first}.${last}.staff@${ALLOWED_EMAIL_DOMAINS[i % ALLOWED_EMAIL_DOMAINS.length]}`.toLowerCase(),
        hireDate: hired,
        resignationDate: resigned ? isoDay(-30 - i) : null,
        workStatus: resigned ? 'no' : 'yes',
      };
    });
    // E017: the second HR person (demo.hr2), after the leavers so the earlier ids stay as they were.
    employees.push({
      employeeId: 'E017',
      firstName: 'Pranee',
      lastName: 'Sombat',
      positionId: 'P011',
      phoneNumber: '0923456789',
      salary: 52_000,
      email: 'pranee.sombat.staff@gmail.com',
      hireDate: isoDay(-700),
      resignationDate: null,
      workStatus: 'yes',
    });
    const staff = await tx
      .insert(employee)
      .values(employees)
      .returning({ id: employee.id, employeeId: employee.employeeId });
    const staffRow = (employeeId: string) => staff.find((s) => s.employeeId === employeeId)!.id;
    // Appointments and history with their clinicians and authors, booked or written a week
    // before the day they name (at the time they name, for history).
    const weekBefore = (date: string) => new Date(Date.parse(`${date}T08:00:00Z`) - 7 * 86_400_000);
    await tx.insert(appointment).values(
      visits.map((v) => ({
        patientId: v.patientId,
        date: v.date,
        time: v.time,
        topic: v.topic,
        status: v.status,
        clinicianId: staffRow(v.clinician),
        durationMinutes: v.durationMinutes,
        cancelReason: v.cancelReason,
        recordedBy: staffRow(v.clinician),
        recordedAt: weekBefore(v.date),
      })),
    );
    await tx.insert(medicalHistory).values(
      history.map((h) => ({
        patientId: h.patientId,
        date: h.date,
        time: h.time,
        detail: h.detail,
        recordedBy: h.author ? staffRow(h.author) : null,
        recordedAt: h.author ? new Date(`${h.date}T${h.time}Z`) : null,
      })),
    );
    // Every working employee with portal access is approved (by no one: the demo's history), so
    // each demo login works and the rest register as staff would; leavers are approved by no one.
    await tx.execute(sql`update employee e set access_role = pos.portal_role, access_approved_at = now()
        from position pos
        where pos.id = e.position_id and pos.portal_role is not null and e.work_status = 'yes'`);
    await tx.insert(appUser).values(
      DEMO_ACCOUNTS.map((account) => ({
        username: account.username,
        passwordHash,
        role: account.role,
        patientId:
          account.role === 'patient' ? inserted[Number(account.recordId.slice(1)) - 1]!.id : null,
        employeeId: account.role === 'patient' ? null : staffRow(account.recordId),
      })),
    );
  });
}

/** Which demo accounts exist in this database (to print them at start). */
export async function existingDemoAccounts(db: Db) {
  const names = DEMO_ACCOUNTS.map((a) => a.username);
  const rows = await db
    .select({ username: appUser.username })
    .from(appUser)
    .where(
      sql`${appUser.username} in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  const present = new Set(rows.map((r) => r.username));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.username));
}
