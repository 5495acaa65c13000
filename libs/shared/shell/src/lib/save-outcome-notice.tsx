import type { ReactNode, Ref } from 'react';
import { Notice, useT } from '@portal/ui';

/** What an edit page's save did: the record updated (how many fields), or nothing to send. */
export type SaveOutcome = { kind: 'updated'; id: string; fields: number } | { kind: 'unchanged' };

/**
 * An edit page's notice after Done: "Patient P002 updated (1 change)." or that nothing was
 * changed, so nothing was saved. `children` add to it (HR: whose access ended; the way back to a patient's chart).
 */
export function SaveOutcomeNotice({
  noun,
  outcome,
  noticeRef,
  children,
}: {
  /** The record's kind, as the sentence starts: "Patient", "Employee" (in the language shown). */
  noun: string;
  outcome: SaveOutcome;
  /** The submit feedback's ref, so focus moves to the notice. */
  noticeRef: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const t = useT();
  if (outcome.kind === 'unchanged') {
    return (
      <Notice ref={noticeRef} tone="info" title={t('common.recordEdit.nothingChanged')}>
        {children}
      </Notice>
    );
  }
  const title = t('common.recordEdit.updated', {
    noun,
    id: outcome.id,
    fields: outcome.fields,
  });
  return (
    <Notice ref={noticeRef} tone="success" title={title}>
      {children}
    </Notice>
  );
}
