/** What is typed in the note form: the text and the appointment chosen (none: ''). */
export interface NoteDraft {
  readonly text: string;
  readonly appointment_id: string;
}

/** The note form as it starts. */
export const EMPTY_NOTE: NoteDraft = { text: '', appointment_id: '' };

/**
 * What is typed in the chart's note forms while they are closed: the new note's, each note's
 * addendum and each note's reason for Entered in error, by note id.
 */
export interface NoteDrafts {
  readonly note: NoteDraft;
  readonly addenda: Readonly<Record<string, string>>;
  readonly reasons: Readonly<Record<string, string>>;
}

export const EMPTY_NOTE_DRAFTS: NoteDrafts = { note: EMPTY_NOTE, addenda: {}, reasons: {} };

/** Whether anything typed would be lost by leaving the page. */
export function notesTyped({ note, addenda, reasons }: NoteDrafts): boolean {
  return (
    note.text.trim() !== '' ||
    Object.values(addenda).some((text) => text.trim() !== '') ||
    Object.values(reasons).some((text) => text.trim() !== '')
  );
}
