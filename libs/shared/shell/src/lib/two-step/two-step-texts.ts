import type { MessageId } from '@portal/i18n';

/**
 * The words of the second factor's set-up, where it is offered (a small module of its own): the
 * catalogue's ids (`common.twoStep.*`), shown with `t(id)` in the language chosen.
 */

/** What staff sent to enrol right after the password read first. */
export const STAFF_ENROLMENT_INTRO: MessageId = 'common.twoStep.staffEnrolmentIntro';

/** What a patient who turns it on for themselves reads first. */
export const PATIENT_ENROLMENT_INTRO: MessageId = 'common.twoStep.patientEnrolmentIntro';

/** What staff who may choose (STAFF_MFA=optional) read first in My account. */
export const STAFF_OPTIONAL_INTRO: MessageId = 'common.twoStep.staffOptionalIntro';

/** Shown when the set-up cannot start because the account already has a second factor. */
export const MFA_ALREADY_ON: MessageId = 'common.twoStep.alreadyOn';
