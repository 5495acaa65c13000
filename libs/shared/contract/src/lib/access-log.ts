import type { Role } from '@portal/reference-data';

/*
 * "Who opened my record": the one place where an audit event about a patient's record becomes
 * something a patient can read. The API turns each event's action and outcome into a stable
 * `kind` ({@link accessKindOf}); the app words a kind and its actor ({@link describeAccess}).
 * Plain code only (no zod): the page that shows the log imports it.
 */

/** What was done with the record, as the access log names it. */
export const ACCESS_KINDS = [
  'viewed',
  'viewed-appointments',
  'listed',
  'created',
  'changed',
  'appointment-added',
  'history-added',
  'activation-code',
  'refused',
  'failed',
  'other',
  'listed-summary',
  'listed-appointments',
  'appointment-cancelled',
  'appointment-rescheduled',
  'appointment-status',
  'appointment-status-undone',
  'vitals-recorded',
  'note-written',
  'note-addendum',
  'note-entered-in-error',
  'prescribed',
  'prescription-stopped',
] as const;

/** One kind of access. */
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** Who acted: the patient themself, a staff member, another patient, or nobody signed in. */
export const ACCESS_ACTORS = ['you', 'staff', 'patient', 'system'] as const;

/** One kind of actor. */
export type AccessActor = (typeof ACCESS_ACTORS)[number];

/**
 * The audit action recorded when a patient reads their access log. It concerns their record,
 * so it is kept with the record's id, but the log itself leaves it out: reading the list is
 * not an access to the record, and a page that listed its own reading would never be stable.
 */
export const ACCESS_LOG_READ_ACTION = 'patient.access-log.read';

/** The audit action recorded when a patient reads their upcoming appointments. */
export const APPOINTMENTS_READ_ACTION = 'patient.appointment.list';

/** The audit action recorded when staff read all of a patient's appointments (the chart). */
export const CHART_APPOINTMENTS_READ_ACTION = 'patient.appointment.read';

/** The audit actions of the patient list and search with `?view=summary` (names, no record). */
export const SUMMARY_LIST_ACTION = 'patient.list.summary';
/** See {@link SUMMARY_LIST_ACTION}. */
export const SUMMARY_SEARCH_ACTION = 'patient.search.summary';

/** The audit action recorded, per patient shown, for a clinician's day list. */
export const DAY_LIST_ACTION = 'patient.appointment.day-list';

/** The audit actions of the appointment calls beyond booking. */
export const APPOINTMENT_ACTIONS = {
  cancel: 'patient.appointment.cancel',
  reschedule: 'patient.appointment.reschedule',
  status: 'patient.appointment.status',
  statusUndo: 'patient.appointment.status-undo',
} as const;

/** The audit actions of the visit: vital signs and signed notes, read and written. */
export const VISIT_ACTIONS = {
  vitalsRead: 'patient.vitals.read',
  vitalsRecord: 'patient.vitals.create',
  notesRead: 'patient.notes.read',
  noteWrite: 'patient.note.create',
  noteAddendum: 'patient.note.addendum',
  noteEnteredInError: 'patient.note.entered-in-error',
} as const;

/**
 * The audit actions of prescriptions: a read, a prescription (with an override reason given
 * past an allergy or a duplicate therapy, its own action), a stop.
 */
export const MEDICATION_ACTIONS = {
  read: 'patient.medication.read',
  prescribe: 'patient.medication.create',
  prescribeOverride: 'patient.medication.create-override',
  stop: 'patient.medication.stop',
} as const;

/** The audit actions of the problem list and the allergy list (a read is a view, a write a change). */
export const CLINICAL_LIST_ACTIONS = {
  conditionsRead: 'patient.condition.read',
  conditionCreate: 'patient.condition.create',
  conditionUpdate: 'patient.condition.update',
  allergiesRead: 'patient.allergy.read',
  allergyCreate: 'patient.allergy.create',
  allergyUpdate: 'patient.allergy.update',
  allergyNone: 'patient.allergy.none',
} as const;

/** The audit actions of a patient's contact details: a change, and the chart's list of changes. */
export const CONTACT_ACTIONS = {
  update: 'patient.contact.update',
  list: 'patient.contact-change.list',
} as const;

const SUCCESS_KINDS: Readonly<Record<string, AccessKind>> = {
  'patient.read': 'viewed',
  [APPOINTMENTS_READ_ACTION]: 'viewed-appointments',
  [CHART_APPOINTMENTS_READ_ACTION]: 'viewed-appointments',
  'patient.list': 'listed',
  'patient.search': 'listed',
  'patient.create': 'created',
  'patient.update': 'changed',
  'patient.appointment.create': 'appointment-added',
  'patient.history.create': 'history-added',
  'patient.activation-code.create': 'activation-code',
  [SUMMARY_LIST_ACTION]: 'listed-summary',
  [SUMMARY_SEARCH_ACTION]: 'listed-summary',
  [DAY_LIST_ACTION]: 'listed-appointments',
  [APPOINTMENT_ACTIONS.cancel]: 'appointment-cancelled',
  [APPOINTMENT_ACTIONS.reschedule]: 'appointment-rescheduled',
  [APPOINTMENT_ACTIONS.status]: 'appointment-status',
  [APPOINTMENT_ACTIONS.statusUndo]: 'appointment-status-undone',
  [VISIT_ACTIONS.vitalsRead]: 'viewed',
  [VISIT_ACTIONS.notesRead]: 'viewed',
  [VISIT_ACTIONS.vitalsRecord]: 'vitals-recorded',
  [VISIT_ACTIONS.noteWrite]: 'note-written',
  [VISIT_ACTIONS.noteAddendum]: 'note-addendum',
  [VISIT_ACTIONS.noteEnteredInError]: 'note-entered-in-error',
  [MEDICATION_ACTIONS.read]: 'viewed',
  [MEDICATION_ACTIONS.prescribe]: 'prescribed',
  [MEDICATION_ACTIONS.prescribeOverride]: 'prescribed',
  [MEDICATION_ACTIONS.stop]: 'prescription-stopped',
  [CLINICAL_LIST_ACTIONS.conditionsRead]: 'viewed',
  [CLINICAL_LIST_ACTIONS.allergiesRead]: 'viewed',
  [CLINICAL_LIST_ACTIONS.conditionCreate]: 'changed',
  [CLINICAL_LIST_ACTIONS.conditionUpdate]: 'changed',
  [CLINICAL_LIST_ACTIONS.allergyCreate]: 'changed',
  [CLINICAL_LIST_ACTIONS.allergyUpdate]: 'changed',
  [CLINICAL_LIST_ACTIONS.allergyNone]: 'changed',
  [CONTACT_ACTIONS.update]: 'changed',
  [CONTACT_ACTIONS.list]: 'viewed',
};

/**
 * The kinds from the weightiest down: one visit's line (same person, same minute) is named by
 * its weightiest kind. A refusal or failure first (the patient must see it), then writes, then
 * reads, then lists.
 */
export const ACCESS_KIND_PRIORITY: readonly AccessKind[] = [
  'refused',
  'failed',
  'created',
  'changed',
  // An outcome undone outweighs the booking it corrects: the patient should see the change.
  'appointment-status-undone',
  'note-entered-in-error',
  'appointment-added',
  'appointment-rescheduled',
  'appointment-cancelled',
  'appointment-status',
  'history-added',
  'prescribed',
  'prescription-stopped',
  'note-written',
  'note-addendum',
  'vitals-recorded',
  'activation-code',
  'viewed',
  'viewed-appointments',
  'listed',
  'listed-appointments',
  'listed-summary',
  'other',
];

/** The kind of an audit event about a record: refused and failed attempts first, by outcome. */
export function accessKindOf(action: string, outcome: string): AccessKind {
  if (outcome === 'denied') return 'refused';
  if (outcome === 'failure') return 'failed';
  return SUCCESS_KINDS[action] ?? 'other';
}

/** What each kind of access did, after its actor ("Anan Wongsa, medical personnel viewed …"). */
export const ACCESS_KIND_TEXT: Readonly<Record<AccessKind, string>> = {
  viewed: 'viewed your record',
  'viewed-appointments': 'viewed your appointments',
  listed: 'saw your record in a list or search result',
  created: 'created your record',
  changed: 'changed your record',
  'appointment-added': 'added an appointment',
  'history-added': 'added to your medical history',
  'activation-code': 'issued a new activation code for your account',
  refused: 'tried to open your record — refused',
  failed: 'tried to change your record — it did not go through',
  other: 'opened your record',
  'listed-summary': 'saw your name in a list or search result',
  'listed-appointments': "saw your appointment in a day's list",
  'appointment-cancelled': 'cancelled an appointment',
  'appointment-rescheduled': 'moved an appointment',
  'appointment-status': 'marked an appointment attended or missed',
  'appointment-status-undone': 'set an appointment back to booked',
  'vitals-recorded': 'recorded your vital signs',
  'note-written': 'wrote and signed a clinical note',
  'note-addendum': 'added an addendum to a clinical note',
  'note-entered-in-error': 'marked a clinical note entered in error',
  prescribed: 'prescribed a medication',
  'prescription-stopped': 'stopped a medication',
};

/** How a role reads after a staff member's name. */
export const ACCESS_ROLE_TEXT: Readonly<Record<Role, string>> = {
  medical_personnel: 'medical personnel',
  HR: 'HR',
  patient: 'patient',
};

/** The fields of a log entry that say who did what. */
export interface AccessEntryParts {
  readonly kind: AccessKind;
  readonly actor: AccessActor;
  readonly name: string | null;
  readonly role: Role | null;
}

/**
 * Who, in words: "You"; a staff member as "Anan Wongsa, medical personnel"; another patient
 * without a name (their identity is theirs); "The portal" when nobody was signed in.
 */
export function describeAccessActor(entry: Omit<AccessEntryParts, 'kind'>): string {
  switch (entry.actor) {
    case 'you':
      return 'You';
    case 'patient':
      return 'Another patient';
    case 'system':
      return 'The portal';
    case 'staff': {
      const name = entry.name?.trim() || 'A staff member';
      return entry.role ? `${name}, ${ACCESS_ROLE_TEXT[entry.role]}` : name;
    }
  }
}

/** The whole sentence of one entry: who, then what. */
export function describeAccess(entry: AccessEntryParts): { who: string; what: string } {
  return { who: describeAccessActor(entry), what: ACCESS_KIND_TEXT[entry.kind] };
}
