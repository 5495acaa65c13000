/*
 * The answer schemas of the visit's calls (vital signs, signed notes), fetched with their first
 * call: the chart loads these calls after it shows, so neither the API layer every page shares
 * (answers.ts) nor any first visit carries them.
 */
export {
  clinicalNoteListSchema,
  clinicalNoteSchema,
  vitalSignsListSchema,
  vitalSignsSchema,
} from '@portal/contract';
