import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

/**
 * The parts of each catalogue a page fetches with its own chunk rather than every page at the
 * app's start: by area (the id's second word, `clinical.today.title` → `today`). A page asks for
 * the packs its screens show (`await requirePack(…)` in its module, from
 * `@portal/i18n/packs/<scope>-<pack>`); an area no pack names is the scope's `base`, which every
 * page of the app fetches at the start (with `common`'s base: the frame, the forms' words).
 * Add an area here only with the pages that show it (the bundle-budget check fails a page that
 * can show a text its packs do not hold).
 */
export const PACKS = {
  common: {
    account: ['account'],
    twoStep: ['twoStep'],
    recordEditor: ['recordEditor', 'activationCode', 'lookup'],
    records: ['records'],
    search: ['search'],
    forms: ['form', 'leaveGuard'],
  },
  contract: {},
  public: {
    landing: ['landing'],
    login: ['login', 'mfa', 'register'],
    accessLog: ['accessLog'],
    myInfo: ['myInfo', 'appointments', 'downloadRecord'],
  },
  clinical: {
    addPatient: ['addPatient', 'patient'],
    entry: ['entry', 'addAppointment', 'addHistory', 'appointments', 'chart', 'patient'],
    booking: ['booking'],
    chart: [
      'chart',
      'chartAppointments',
      'appointments',
      'patient',
      'rescheduleDialog',
      'cancelDialog',
    ],
    editPatient: ['chart', 'patient'],
    search: ['search', 'patient'],
    today: ['today', 'appointments'],
  },
  hr: {
    addEmployee: ['addEmployee', 'employeeFields'],
    editEmployee: ['editEmployee', 'employeeFields'],
    search: ['search', 'employeeList', 'employeeTable', 'accessApprovals'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

/** A scope's catalogue. */
export type PackScope = keyof typeof PACKS;

/** The areas of a pack of `scope`'s catalogue; `base` is every area no other pack names. */
export function packAreas(
  scope: PackScope,
  pack: string,
  allAreas: readonly string[],
): readonly string[] {
  const packs: Readonly<Record<string, readonly string[]>> = PACKS[scope];
  if (pack !== 'base') {
    const areas = packs[pack];
    if (!areas) throw new Error(`No pack ${pack} in the ${scope} catalogue`);
    return areas;
  }
  const named = new Set(Object.values(packs).flat());
  return allAreas.filter((area) => !named.has(area));
}

/** A message's area: its id's second word. */
export const areaOf = (id: string): string => id.split('.')[1] ?? '';

/** A pack in each language, compiled (`?pack=` imports, tools/vite/lingui.ts). */
export type Pack = Readonly<Record<Locale, () => Promise<{ messages: Messages }>>>;
