import type { Messages } from '@lingui/core';
import type { Locale } from './locales';
import type { ReadBackTable } from './read-back';

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
    // The add and edit pages' words by kind and page (the shell's record-kind.ts: each page's
    // code holds its own words only): what an edit page adds, the lookup and the save's notices.
    addPatient: ['recordEditor', 'patientAdd'],
    addEmployee: ['recordEditor', 'employeeAdd'],
    editPatient: ['recordEditor', 'recordEdit', 'lookup', 'patientEdit'],
    editEmployee: ['recordEditor', 'recordEdit', 'lookup', 'employeeEdit'],
    records: ['records'],
    search: ['search'],
    // What every form shows (its kit, the select, the e-mail and yes/no fields); the fields
    // that only some forms show bring their words with them: the password fields, the time
    // field, the diseases' and drug allergies' counted pickers.
    forms: ['form'],
    password: ['password'],
    time: ['time'],
    counted: ['counted'],
    // A prescription's words (units, routes, frequencies, the dose line): the chart's
    // Medications and MyInfo's, each loaded after its page shows.
    medicationWords: ['medication'],
    // The form harness of the tests and Storybook (form-widgets form-harness.tsx): no page.
    harness: ['harness'],
    // What no page shows as it opens, only after something happens (a new activation code,
    // the connection's notice, what was kept of a form when a session
    // ended), and the page of an unknown address: fetched by every page once it is shown
    // (PortalRoot), and waited for by what shows them (useLaterTexts).
    later: ['activationCode', 'notFound', 'connection', 'draft'],
  },
  contract: {},
  public: {
    landing: ['landing'],
    login: ['login', 'mfa', 'register'],
    accessLog: ['accessLog'],
    myInfo: ['myInfo', 'appointments', 'contact', 'downloadRecord'],
    forgotPassword: ['forgotPassword'],
    // What the server writes itself (mails, the record's PDF, @portal/i18n/server): no page.
    server: ['mail', 'recordPdf'],
    booking: ['booking'],
    // MyInfo's current medications, fetched with their code once MyInfo shows.
    myMedications: ['myMedications'],
  },
  clinical: {
    addPatient: ['addPatient', 'patient'],
    entry: ['entry', 'addAppointment', 'addHistory', 'appointments', 'chart', 'patient'],
    booking: ['booking'],
    chart: ['chart', 'chartAppointments', 'appointments'],
    // The chart's cancel and reschedule dialogs, fetched with a dialog's code when one opens.
    chartDialogs: ['rescheduleDialog', 'cancelDialog'],
    // The chart's vital signs, signed notes and medications, fetched with their code after the
    // chart shows.
    chartVisit: ['vitals', 'notes', 'medications'],
    // The visit view (its header, Finish visit), and its follow-up booking, fetched with the
    // booking's code once the visit is finished.
    visitPage: ['visitPage'],
    followUp: ['followUp'],
    editPatient: ['chart', 'patient'],
    search: ['search', 'patient'],
    today: ['today', 'appointments'],
  },
  hr: {
    addEmployee: ['addEmployee', 'employeeFields'],
    editEmployee: ['editEmployee', 'employeeFields'],
    search: ['search', 'employeeList', 'employeeTable', 'accessApprovals'],
    clinicHours: ['clinicHours'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

/**
 * The packs of each page that asks for more than one, merged into one module a language
 * (`catalogs/<locale>/common.json?page=<name>&messages`, tools/vite/lingui.ts): one request
 * and one compression window, each message and read-back text once. By `<scope>.<pack>`; the
 * page's module names it (`@portal/i18n/packs/page-<name>` in its `PAGE_TEXTS`).
 */
export const PAGE_PACKS = {
  account: ['common.forms', 'common.password', 'common.account', 'common.twoStep'],
  login: ['common.forms', 'common.password', 'public.login'],
  passwordReset: ['common.forms', 'common.password', 'public.forgotPassword'],
  myInfo: ['common.records', 'public.myInfo'],
  // The patient forms' time texts: the time field rides in clinical's chunk of the form pages'
  // fields (apps/clinical/vite.config.ts), which the patient forms load and do not show.
  addPatient: [
    'common.forms',
    'common.time',
    'common.counted',
    'common.addPatient',
    'clinical.addPatient',
  ],
  addAppointment: ['common.forms', 'common.time', 'clinical.entry', 'clinical.booking'],
  addHistory: ['common.forms', 'common.time', 'clinical.entry'],
  editPatient: [
    'common.forms',
    'common.time',
    'common.counted',
    'common.editPatient',
    'clinical.editPatient',
  ],
  // The chart shows no form until a dialog opens (chartDialogs).
  chart: ['common.records', 'clinical.chart'],
  // Not a page: MyInfo's cancel dialog (its words are MyInfo's own; the form's kit is not).
  myInfoDialogs: ['common.forms', 'common.password'],
  // Not a page: HR's refusal dialog (its words are the list's; the form's kit is not).
  hrDialogs: ['common.forms'],
  // Not a page: the chart's dialogs (the reschedule dialog's clinician picker is the booking's).
  chartDialogs: ['common.forms', 'common.time', 'clinical.chartDialogs', 'clinical.booking'],
  // Not a page: the chart's vital signs, notes and medications (their forms' kit with them).
  chartVisit: ['common.forms', 'common.medicationWords', 'clinical.chartVisit'],
  // Not a page: MyInfo's current medications (loaded once MyInfo shows).
  myMedications: ['common.medicationWords', 'public.myMedications'],
  // The visit view: the chart's allergy alert and lists, its own header; the vital signs,
  // notes and medications come with their code (chartVisit), the follow-up booking once the
  // visit is finished.
  visit: ['common.records', 'clinical.chart', 'clinical.visitPage'],
  // Not a page: the visit view's follow-up booking (the booking's clinician and length fields).
  followUp: ['common.forms', 'common.time', 'clinical.booking', 'clinical.followUp'],
  searchPatient: ['common.forms', 'common.records', 'common.search', 'clinical.search'],
  addEmployee: ['common.forms', 'common.addEmployee', 'hr.addEmployee'],
  editEmployee: ['common.forms', 'common.editEmployee', 'hr.editEmployee'],
  searchEmployee: ['common.forms', 'common.search', 'hr.search'],
  clinicHours: ['common.forms', 'common.time', 'hr.clinicHours'],
  bookAppointment: ['common.forms', 'common.password', 'public.booking'],
} as const satisfies Record<string, readonly `${string}.${string}`[]>;

/** The packs (`[scope, pack]`) of a page's merged module ({@link PAGE_PACKS}). */
export function packsOfPage(page: string): readonly (readonly [PackScope, string])[] {
  const named: Readonly<Record<string, readonly string[]>> = PAGE_PACKS;
  const packs = named[page];
  if (!packs) throw new Error(`No page ${page} in PAGE_PACKS`);
  return packs.map((each) => {
    const [scope = '', pack = ''] = each.split('.');
    if (!(scope in PACKS) || !(pack in PACKS[scope as PackScope])) {
      throw new Error(`No pack ${each} (page ${page})`);
    }
    return [scope as PackScope, pack] as const;
  });
}

/** A scope's catalogue. */
export type PackScope = keyof typeof PACKS;

/**
 * The contract's texts a pack brings in another language than English, by id prefix: the
 * read-back table (`translateEnglish`, lib/read-back-tables.ts) of what the pack's pages show
 * in the contract's English on their first paint, beside the pack's messages in the same
 * module. What every page shows (the frame: routes, roles, sessions, the spec's messages,
 * dates) comes with the app's start (READ_BACK_FIRST); what a page shows once it is used
 * (rules, problems) once it is shown (the `rest` table). The bundle-budget check fails a page
 * whose code holds a first-paint text that neither its packs nor the start read back.
 */
/**
 * An appointment's words a page shows as it opens (its status, a history entry's severity);
 * the booking's refusals (`contract.appointment.clinicianBusy`, …) answer a request, once the
 * rest of the tables is there.
 */
const APPOINTMENT_WORDS = ['contract.appointment.status.', 'contract.appointment.severity.'];

/** The spec's messages a patient's record shows when a part of it is empty or fails to load. */
const RECORD_VIEW =
  'patientLoadFailed noAppointment noDrugAllergies noChronicDiseases noMedicalHistory emptyValue';

/** The spec's messages of clinical's form pages and search (contract spec-messages/staff.ts). */
const STAFF = 'searchFailed noResult noPatientData addPatientFailed addHistoryFailed';

/** The ids of the spec's messages named (`contract.message.<name>`, space-separated). */
const message = (names: string): readonly string[] =>
  names.split(' ').map((name) => `contract.message.${name}`);

/** The ids of a section's links and title (`contract.route.<name>`, space-separated). */
const routes = (names: string): readonly string[] =>
  names.split(' ').map((name) => `contract.route.${name}`);

/** The access log's words, whole texts only (the roles come with READ_BACK_FIRST). */
const ACCESS_LOG_WORDS = [
  'contract.accessLog.kind.',
  'contract.accessLog.actor.you',
  'contract.accessLog.actor.anotherPatient',
  'contract.accessLog.actor.portal',
  'contract.accessLog.actor.staffMember',
];

/** MyInfo's words: appointments, the patient's cancel dialog's rule, the record's messages. */
const MY_INFO_WORDS = [
  ...APPOINTMENT_WORDS,
  'contract.appointment.patientCancel',
  ...message(
    'loadingProfile profileLoadFailed patientLoadFailed noAppointment noDrugAllergies noChronicDiseases noMedicalHistory emptyValue',
  ),
];

export const PACK_READ_BACK: {
  readonly [S in PackScope]?: {
    readonly [P in keyof (typeof PACKS)[S] | 'base']?: readonly string[];
  };
} = {
  common: {
    // The fields' hints kept in English (form-widgets' password-hint.ts and time-hints.ts,
    // beside their fields), which a field given one as its `hint` reads back (the new
    // password's); the fields' other texts are messages by id. The e-mail hint (a pattern: its
    // domains) is shown by id; no page passes it in English.
    password: ['common.password.newHint'],
    time: ['common.time.hint', 'common.time.clockHint'],
    account: ['contract.account.'],
  },
  // An app's `base` pack (with the frame's, READ_BACK_FIRST): the spec's messages its code
  // holds (lib/messages.ts in @portal/contract: its constants the app imports).
  public: {
    base: message('tokenExpired'),
    login: message('loginSuccess registrationSuccess wrongCredentials idPlaceholder'),
    // The access log's words, whole texts only: a staff member's name and role are put together
    // by the page's own message (public.accessLog.staffActor), not read back as a pattern (the
    // roles come with the frame's table, READ_BACK_FIRST).
    accessLog: ACCESS_LOG_WORDS,
    myInfo: MY_INFO_WORDS,
    // Booking shares MyInfo's API layer and lists (the access log's, the appointments') and
    // My account's session words.
    booking: [...ACCESS_LOG_WORDS, ...MY_INFO_WORDS, 'contract.account.notSessionId'],
  },
  clinical: {
    // The management pages' messages (contract spec-messages/staff.ts, a chunk of its own) with
    // the pages that load them, the form pages and the search; a record's
    // (spec-messages/record-view.ts) with the pages that show one.
    base: [
      ...routes(
        'today addPatient newPatient editPatient patientAppointment patientHistory patientInformation patientsSection',
      ),
      ...message('tokenExpired'),
    ],
    addPatient: [...APPOINTMENT_WORDS, ...message(`idPlaceholder ${STAFF}`)],
    entry: [...APPOINTMENT_WORDS, ...message(`patientLoadFailed ${STAFF}`)],
    booking: APPOINTMENT_WORDS,
    chart: [...APPOINTMENT_WORDS, ...message(RECORD_VIEW)],
    visitPage: [...APPOINTMENT_WORDS, ...message(RECORD_VIEW)],
    editPatient: [...APPOINTMENT_WORDS, ...message(`patientLoadFailed idPlaceholder ${STAFF}`)],
    search: [...APPOINTMENT_WORDS, ...message(`${RECORD_VIEW} ${STAFF}`)],
    today: APPOINTMENT_WORDS,
  },
  hr: {
    // And the edit form's hint on one's own record (HR's only).
    base: [
      ...routes('addEmployee newEmployee editEmployee employeeInformation employeesSection'),
      'contract.session.ownAccessFields',
      ...message(
        'tokenExpired employeeLoadFailed searchFailed noResult noPatientData addEmployeeFailed editEmployeeFailed idPlaceholder patientIdPlaceholder employeeIdPlaceholder emptyValue',
      ),
    ],
    addEmployee: ['contract.position.'],
    editEmployee: ['contract.position.'],
    search: ['contract.position.'],
    clinicHours: ['contract.position.'],
  },
};

/** Ids of reference-data's entries: diseases and drugs (I…, R…); departments and positions (D…, P…). */
const CATALOGUE_NAMES = ['I', 'R'] as const;
const ORGANISATION_NAMES = ['D', 'P'] as const;

/**
 * The names of reference-data's entries a pack brings in another language than English, by id
 * prefix (`LOCAL_NAMES` of @portal/reference-data, registered for `localName` as the pack
 * arrives): for the pages whose own code holds the entries (the pickers, the chart, the lists),
 * not those whose API layer only holds them (to check the ids a request sends: My account, the
 * access log, Today). An English page carries no Thai name. The bundle-budget check fails a
 * page whose first paint's code holds entries its Thai packs name not.
 */
export const PACK_LOCAL_NAMES: {
  readonly [S in PackScope]?: { readonly [P in keyof (typeof PACKS)[S]]?: readonly string[] };
} = {
  public: { myInfo: CATALOGUE_NAMES, booking: [...CATALOGUE_NAMES, ...ORGANISATION_NAMES] },
  clinical: {
    addPatient: CATALOGUE_NAMES,
    editPatient: CATALOGUE_NAMES,
    // The clinician picker (Add Appointment's, and the chart's reschedule dialog's).
    booking: ORGANISATION_NAMES,
    chart: CATALOGUE_NAMES,
    search: CATALOGUE_NAMES,
  },
  hr: {
    clinicHours: ORGANISATION_NAMES,
    addEmployee: ORGANISATION_NAMES,
    editEmployee: ORGANISATION_NAMES,
    search: ORGANISATION_NAMES,
  },
};

/** The id prefixes of the names `scope`'s pack `pack` brings ({@link PACK_LOCAL_NAMES}). */
export function packLocalNames(scope: PackScope, pack: string): readonly string[] {
  const packs: Readonly<Record<string, readonly string[] | undefined>> =
    PACK_LOCAL_NAMES[scope] ?? {};
  return packs[pack] ?? [];
}

/** The id prefixes of the contract's texts that `scope`'s pack `pack` reads back ({@link PACK_READ_BACK}). */
export function packReadBack(scope: PackScope, pack: string): readonly string[] {
  const packs: Readonly<Record<string, readonly string[] | undefined>> =
    PACK_READ_BACK[scope] ?? {};
  return packs[pack] ?? [];
}

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

/**
 * A pack compiled in one language (`?pack=` imports, tools/vite/lingui.ts): its messages and,
 * in another language than English, the read-back table of the contract's texts its pages show
 * ({@link PACK_READ_BACK}; an app's `base` pack: the frame's, READ_BACK_FIRST).
 */
export interface CompiledPack {
  readonly messages: Messages;
  readonly readBack?: ReadBackTable;
  /** In another language than English, reference-data's names the pack's pages show, by id. */
  readonly names?: Readonly<Record<string, string>>;
}

/** A pack in each language, compiled (`?pack=` imports, tools/vite/lingui.ts). */
export type Pack = Readonly<Record<Locale, () => Promise<CompiledPack>>>;
