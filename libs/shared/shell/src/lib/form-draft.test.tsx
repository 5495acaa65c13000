import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '@portal/api-client';
import { renderWithSession, storeSession } from '../test/harness';
import { draftReturnPath, draftWasKept, useFormDraft } from './form-draft';

function NoteForm() {
  const form = useForm({ defaultValues: { detail: '' } });
  const draft = useFormDraft(form, 'detail');
  // Read as the portal's forms do, so the form tracks it.
  const dirty = form.formState.isDirty;
  return (
    <form>
      <label>
        Detail <input {...form.register('detail')} />
      </label>
      {draft.restored && <p>Restored</p>}
      <p>{dirty ? 'Dirty' : 'Clean'}</p>
    </form>
  );
}

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('useFormDraft', () => {
  it('keeps what was typed when the session ends, for this tab only, and gives it back to its owner', async () => {
    storeSession('medical_personnel');
    const first = renderWithSession(<NoteForm />, { route: '/patients-management/history' });
    await userEvent.type(screen.getByLabelText('Detail'), 'BP 150/95');
    await screen.findByText('Dirty');
    act(() => endSession('signed-out'));
    expect(draftWasKept()).toBe(true);
    expect(Object.keys(window.localStorage).some((k) => k.startsWith('portal_draft'))).toBe(false);
    first.unmount();

    // Signed in again as the same person: back to the page, the text back in the form.
    storeSession('medical_personnel');
    expect(draftReturnPath('account-medical_personnel')).toBe('/patients-management/history');
    renderWithSession(<NoteForm />, { route: '/patients-management/history' });
    await waitFor(() => expect(screen.getByLabelText('Detail')).toHaveValue('BP 150/95'));
    expect(screen.getByText('Restored')).toBeInTheDocument();
    expect(screen.getByText('Dirty')).toBeInTheDocument();
    // Given back once: it is no longer kept.
    expect(Object.keys(window.sessionStorage).filter((k) => k.startsWith('portal_draft:'))).toEqual(
      [],
    );
  });

  it('never gives one person’s draft to another who signs in on the tab', async () => {
    storeSession('medical_personnel');
    const first = renderWithSession(<NoteForm />, { route: '/patients-management/history' });
    await userEvent.type(screen.getByLabelText('Detail'), 'Private note');
    await screen.findByText('Dirty');
    act(() => endSession('expired'));
    first.unmount();

    expect(draftReturnPath('someone-else')).toBeNull();
    storeSession('HR');
    renderWithSession(<NoteForm />, { route: '/patients-management/history' });
    await screen.findByText('Clean');
    expect(screen.getByLabelText('Detail')).toHaveValue('');
    expect(screen.queryByText('Restored')).not.toBeInTheDocument();
  });
});
