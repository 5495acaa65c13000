import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { onSessionEnding } from '@portal/api-client';
import { useAuth } from '@portal/auth';
import { agreeToLeave } from './leave-guard';

/**
 * What a form held when the session ended under the person (revoked elsewhere, expired,
 * refused), kept for this tab only (sessionStorage: never localStorage, never the server) until
 * the same person signs in again in it: then /system brings them back to the page, and the form
 * gets its values back, not saved yet. Keyed by the page's path and the form's name; each draft
 * names its owner (the account's id), so nobody else who signs in on this tab ever sees it.
 */
const DRAFT_PREFIX = 'portal_draft:';
/** Where to go back to after signing in again, and whose it is. */
const RETURN_KEY = 'portal_draftReturn';

interface KeptDraft {
  readonly owner: string;
  readonly values: Record<string, unknown>;
}

interface DraftReturn {
  readonly owner: string;
  readonly path: string;
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const text = tabStorage()?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The forms on screen now that hold unsaved changes, each able to say what it holds. */
const openForms = new Map<
  string,
  { owner: string; path: string; values: () => Record<string, unknown> | null }
>();

/** Keeps every open form's unsaved values for this tab; true if any was kept. */
function keepOpenDrafts(): boolean {
  let kept: DraftReturn | null = null;
  for (const [key, form] of openForms) {
    const values = form.values();
    if (!values) continue;
    try {
      tabStorage()?.setItem(key, JSON.stringify({ owner: form.owner, values } satisfies KeptDraft));
      kept = { owner: form.owner, path: form.path };
    } catch {
      // Storage full or refused: nothing more can be done for it.
    }
  }
  if (kept) tabStorage()?.setItem(RETURN_KEY, JSON.stringify(kept));
  return kept !== null;
}

/**
 * Listens for the session's end once a form that keeps drafts is on screen (so no page without
 * one carries this), before the session's own handler moves the tab away: what was typed is
 * kept, and the move to the landing page is then let go without the unsaved-changes question.
 */
let listening = false;
function listenForSessionEnd(): void {
  if (listening) return;
  listening = true;
  onSessionEnding(() => {
    if (keepOpenDrafts()) agreeToLeave();
  });
}

/** Whether a form's values were kept in this tab when the session ended (the landing's notice). */
export function draftWasKept(): boolean {
  return readJson<DraftReturn>(RETURN_KEY) !== null;
}

/**
 * The page to go back to after signing in again as `owner`, where a form's values were kept;
 * null when there is none, or it is someone else's (then it is forgotten).
 */
export function draftReturnPath(owner: string | null | undefined): string | null {
  const kept = readJson<DraftReturn>(RETURN_KEY);
  if (!kept) return null;
  if (owner && kept.owner === owner && kept.path.startsWith('/')) return kept.path;
  tabStorage()?.removeItem(RETURN_KEY);
  return null;
}

/** Forgets the page to go back to (once gone back to). */
export function forgetDraftReturn(): void {
  tabStorage()?.removeItem(RETURN_KEY);
}

/**
 * Keeps the form's unsaved values for this tab if the session ends while it is on screen, and
 * gives them back (as unsaved changes) when the same person opens the page again after signing
 * in. Returns whether values were given back, for the page to say so. `clear` forgets a kept
 * draft (after a save).
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: string,
): { restored: boolean; clear: () => void } {
  const { pathname, search } = useLocation();
  const { claims } = useAuth();
  const owner = claims?.sub ?? null;
  const key = `${DRAFT_PREFIX}${pathname}#${name}`;
  const [restored, setRestored] = useState(false);
  const formRef = useRef(form);
  formRef.current = form;

  // Given back once, as the page opens for its owner; anyone else's is dropped unread.
  useEffect(() => {
    if (!owner) return;
    const kept = readJson<KeptDraft>(key);
    if (!kept) return;
    tabStorage()?.removeItem(key);
    if (kept.owner !== owner) return;
    for (const [field, value] of Object.entries(kept.values)) {
      formRef.current.setValue(field as Path<T>, value as PathValue<T, Path<T>>, {
        shouldDirty: true,
      });
    }
    setRestored(true);
  }, [key, owner]);

  useEffect(() => {
    if (!owner) return;
    listenForSessionEnd();
    openForms.set(key, {
      owner,
      path: `${pathname}${search}`,
      values: () => (formRef.current.formState.isDirty ? formRef.current.getValues() : null),
    });
    return () => {
      openForms.delete(key);
    };
  }, [key, owner, pathname, search]);

  return {
    restored,
    clear: () => {
      tabStorage()?.removeItem(key);
      setRestored(false);
    },
  };
}
