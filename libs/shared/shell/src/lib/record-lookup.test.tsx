import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { patientIdParamsSchema } from '@portal/contract';
import { ApiError } from '@portal/api-client';
import { RecordLookup } from './record-lookup';

function Harness({
  onLoad,
  onStart = vi.fn(),
}: {
  onLoad: (id: string) => Promise<void>;
  onStart?: () => void;
}) {
  const [resetKey, setResetKey] = useState(0);
  return (
    <>
      <RecordLookup
        noun={{ article: 'a', word: 'patient' }}
        field={{ name: 'patient_id', label: 'Patient ID', placeholder: 'PXXX' }}
        schema={patientIdParamsSchema}
        resetKey={resetKey}
        onStart={onStart}
        onLoad={onLoad}
      />
      <button type="button" onClick={() => setResetKey((n) => n + 1)}>
        Saved
      </button>
    </>
  );
}

const idBox = () => screen.getByRole('textbox', { name: /^Patient ID/ });

describe('RecordLookup', () => {
  it('loads the record by its id, normalised by the contract, after telling the page it starts', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(
      <Harness onStart={() => calls.push('start')} onLoad={async (id) => void calls.push(id)} />,
    );
    expect(screen.getByRole('form', { name: 'Find a patient' })).toBeInTheDocument();
    await user.type(idBox(), 'p012');
    await user.click(screen.getByRole('button', { name: 'Load patient' }));
    await vi.waitFor(() => expect(calls).toEqual(['start', 'P012']));
  });

  it('refuses a malformed id without loading anything', async () => {
    const user = userEvent.setup();
    const onLoad = vi.fn(async () => {});
    render(<Harness onLoad={onLoad} />);
    await user.type(idBox(), 'X1');
    await user.click(screen.getByRole('button', { name: 'Load patient' }));
    expect(
      await screen.findByText('Patient ID is P followed by digits, as P001'),
    ).toBeInTheDocument();
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('says why a load failed, keeps the id, and clears both when the page saves', async () => {
    const user = userEvent.setup();
    const onLoad = () =>
      Promise.reject(
        new ApiError({ kind: 'http', status: 404, detail: 'No patient with ID P404' }),
      );
    render(<Harness onLoad={onLoad} />);
    await user.type(idBox(), 'P404');
    await user.click(screen.getByRole('button', { name: 'Load patient' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Could not load the patient');
    expect(notice).toHaveTextContent('No patient with ID P404');
    expect(idBox()).toHaveValue('P404');
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    expect(idBox()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
