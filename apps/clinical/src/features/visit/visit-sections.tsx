import { MedicationsSection } from '../medications/medications-section';
import { ClinicalNotesSection } from './clinical-notes';
import { VitalSignsSection } from './vital-signs';

/** The sections' texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as VISIT_TEXTS } from '@portal/i18n/packs/page-chart-visit';

/**
 * The visit's records on the chart: the vital signs (latest set, recording, trend), the
 * signed notes and the medications (prescribing, stopping, printing a prescription). Loaded
 * after the chart shows, with their texts: no first visit carries them.
 */
export function VisitSections({
  patientId,
  appointmentId,
}: {
  patientId: string;
  /**
   * The visit view's appointment: the vital signs', the note's and the prescription's forms
   * start open there, and a note written there is tied to it.
   */
  appointmentId?: string;
}) {
  return (
    // One column that never grows past the page: the trend's table scrolls inside its own box.
    <div className="grid grid-cols-1 gap-6">
      <VitalSignsSection patientId={patientId} recordingFirst={appointmentId !== undefined} />
      <ClinicalNotesSection patientId={patientId} appointmentId={appointmentId} />
      <MedicationsSection patientId={patientId} prescribingFirst={appointmentId !== undefined} />
    </div>
  );
}
