import type { Role } from '@portal/reference-data';

/** Every page route of the portal, across the three apps. */
export const ROUTES = {
  home: '/',
  login: '/login',
  system: '/system',
  /** A forgotten password: ask for a link by e-mail; the link opens it again with its token. */
  passwordReset: '/password-reset',
  patientProfile: '/patient-profile',
  patientAccessLog: '/patient-profile/access',
  /** Where the second factor's set-up used to be for patients; it opens My account now. */
  patientTwoStep: '/patient-profile/two-step',
  /**
   * My account (every role): password, second factor, sessions. The public app serves it at
   * this path; the clinical and HR apps at the same path under their prefix (`accountPath`).
   */
  account: '/account',
  patientsManagement: '/patients-management',
  addPatient: '/patients-management/add-patient',
  editPatient: '/patients-management/edit-patient',
  addAppointment: '/patients-management/add-patient-appointment',
  addHistory: '/patients-management/add-patient-medical-history',
  searchPatient: '/patients-management/search-patient',
  /** A patient's chart; `patientChartPath` fills the id. */
  patientChart: '/patients-management/patient/:patientId',
  /** One visit of a patient, an appointment's (`patientVisitPath` fills both ids). */
  patientVisit: '/patients-management/patient/:patientId/visit/:appointmentId',
  /** The clinician's day: today's appointments, mine or everyone's. */
  today: '/patients-management/today',
  employeesManagement: '/employees-management',
  addEmployee: '/employees-management/add-employee',
  editEmployee: '/employees-management/edit-employee',
  searchEmployee: '/employees-management/search-employee',
  /** A clinician's bookable hours (sessions, exceptions, leave); `?employee_id=` names them. */
  clinicHours: '/employees-management/clinic-hours',
  /** A patient books a free slot of a clinician. */
  bookAppointment: '/patient-profile/book',
} as const;

/** The query parameter that fills in a form's Patient ID (or Employee ID) when a page opens. */
export const PREFILL_PARAMS = { patient: 'patient_id', employee: 'employee_id' } as const;

/** The chart of one patient (`/patients-management/patient/P037`). */
export function patientChartPath(patientId: string): string {
  return ROUTES.patientChart.replace(':patientId', encodeURIComponent(patientId));
}

/** The visit view of one appointment (`/patients-management/patient/P037/visit/A12`). */
export function patientVisitPath(patientId: string, appointmentId: string): string {
  return ROUTES.patientVisit
    .replace(':patientId', encodeURIComponent(patientId))
    .replace(':appointmentId', encodeURIComponent(appointmentId));
}

/**
 * A form page opened for one record: `/patients-management/edit-patient?patient_id=P037`. The
 * page fills its id field from the parameter (also when the address is typed by hand).
 */
export function prefilledPath(
  route: RoutePath,
  kind: keyof typeof PREFILL_PARAMS,
  id: string,
): string {
  return `${route}?${PREFILL_PARAMS[kind]}=${encodeURIComponent(id)}`;
}

/** A page route. */
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** The three frontends, each a separate bundle on the one origin. */
export type AppName = 'public' | 'clinical' | 'hr';

/** The path prefix each management app owns; every other path belongs to the public app. */
export const APP_PREFIXES = {
  clinical: ROUTES.patientsManagement,
  hr: ROUTES.employeesManagement,
} as const;

/**
 * My account inside an app: `/account` in the public app, `/patients-management/account` and
 * `/employees-management/account` in the others, so that staff stay in their own app (its frame
 * and sidebar) instead of loading another bundle.
 */
export function accountPath(app: AppName): string {
  return app === 'public' ? ROUTES.account : `${APP_PREFIXES[app]}${ROUTES.account}`;
}

/** Which app serves a path (by its first segment). */
export function appForPath(pathname: string): AppName {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  if (first === APP_PREFIXES.clinical) return 'clinical';
  if (first === APP_PREFIXES.hr) return 'hr';
  return 'public';
}

/**
 * Whether moving from one path to another stays inside one app (a client-side route change)
 * or crosses into another bundle (a full-page navigation).
 */
export function isSameApp(fromPathname: string, toPathname: string): boolean {
  return appForPath(fromPathname) === appForPath(toPathname);
}

/** Who may open each guarded area (the spec's §6); the API enforces the same on its calls. */
export const AREA_ROLES = {
  [ROUTES.patientProfile]: ['patient'],
  [ROUTES.patientsManagement]: ['medical_personnel'],
  [ROUTES.employeesManagement]: ['HR'],
} as const satisfies Record<string, readonly Role[]>;

/** Where /system sends each role. */
export const SYSTEM_DESTINATION: Readonly<Record<Role, RoutePath>> = {
  patient: ROUTES.patientProfile,
  HR: ROUTES.addEmployee,
  medical_personnel: ROUTES.addPatient,
};

/** A link of a management section: its top-bar label and its sidebar label. */
export interface SectionLink {
  readonly to: RoutePath;
  readonly label: string;
  readonly sidebarLabel: string;
}

/**
 * The patients section's links: Today first (where a clinician's day starts; beyond the spec),
 * then the spec's five in the spec's order.
 */
export const PATIENT_SECTION_LINKS: readonly SectionLink[] = [
  { to: ROUTES.today, label: 'Today', sidebarLabel: 'Today' },
  { to: ROUTES.addPatient, label: 'Add Patient', sidebarLabel: 'New Patient' },
  { to: ROUTES.editPatient, label: 'Edit Patient', sidebarLabel: 'Edit Patient' },
  { to: ROUTES.addAppointment, label: 'Patient Appointment', sidebarLabel: 'Patient Appointment' },
  { to: ROUTES.addHistory, label: 'Patient History', sidebarLabel: 'Patient History' },
  { to: ROUTES.searchPatient, label: 'Patient Information', sidebarLabel: 'Patient Information' },
];

/** The employees section's links, in the spec's order. */
export const EMPLOYEE_SECTION_LINKS: readonly SectionLink[] = [
  { to: ROUTES.addEmployee, label: 'Add Employee', sidebarLabel: 'New Employee' },
  { to: ROUTES.editEmployee, label: 'Edit Employee', sidebarLabel: 'Edit Employee' },
  {
    to: ROUTES.searchEmployee,
    label: 'Employee Information',
    sidebarLabel: 'Employee Information',
  },
];

/** The patients section's sidebar title. */
export const PATIENTS_SECTION_TITLE = 'Patients Management System';
/** The employees section's sidebar title. */
export const EMPLOYEES_SECTION_TITLE = 'Employees Management System';

/** Sidebar titles of the management sections, by section (the tests' and the stories'). */
export const SECTION_TITLES = {
  patients: PATIENTS_SECTION_TITLE,
  employees: EMPLOYEES_SECTION_TITLE,
} as const;

/**
 * A management section as its app shows it: the app, the sidebar's title, the links of the
 * sidebar and of the top bar's menu, and the roles let in. Each app names its own
 * (managementApp in @portal/shell, and through PortalApp the top bar), so that an app's code
 * holds its own section's words only, and the public app none.
 */
export interface ManagementSectionInfo {
  readonly app: Exclude<AppName, 'public'>;
  readonly title: string;
  readonly links: readonly SectionLink[];
  readonly roles: readonly Role[];
}

/** The patients section, the clinical app's. */
export const PATIENTS_SECTION: ManagementSectionInfo = {
  app: 'clinical',
  title: PATIENTS_SECTION_TITLE,
  links: PATIENT_SECTION_LINKS,
  roles: AREA_ROLES[ROUTES.patientsManagement],
};

/** The employees section, the HR app's. */
export const EMPLOYEES_SECTION: ManagementSectionInfo = {
  app: 'hr',
  title: EMPLOYEES_SECTION_TITLE,
  links: EMPLOYEE_SECTION_LINKS,
  roles: AREA_ROLES[ROUTES.employeesManagement],
};

/**
 * The section of the app that serves a path (none: the public app's), for the tests and
 * Storybook, which render any app's pages in one frame. The apps name their own section
 * instead, so that none holds the other's words.
 */
export function sectionServing(pathname: string): ManagementSectionInfo | undefined {
  return [PATIENTS_SECTION, EMPLOYEES_SECTION].find(
    (section) => section.app === appForPath(pathname),
  );
}

/**
 * The links the top bar's menu lists on a path of an app whose section is `section` (none
 * outside it: a path of the public app, or an app without a section).
 */
export function sectionLinksOn(
  pathname: string,
  section: ManagementSectionInfo | undefined,
): readonly SectionLink[] {
  return section && appForPath(pathname) === section.app ? section.links : [];
}

/** The two browser-storage entries of a session. */
export const STORAGE_KEYS = {
  token: 'myApp_authToken',
  role: 'myApp_userRole',
} as const;
