import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect } from 'storybook/test';
import { type PatientRecord, type Problem, TOTAL_COUNT_HEADER, MESSAGES } from '@portal/contract';
import { ErrorState } from '@portal/ui';
import { emptyListHandler, handlers, pendingHandler, problemHandler } from './handlers';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; detail: string }
  | { kind: 'loaded'; records: PatientRecord[]; total: string | null };

/**
 * The first page of GET /api/patient, fetched in the browser and answered by the mock API's
 * handlers through MSW's service worker: a living example of `parameters: { msw: … }`.
 */
function PatientListProbe() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/patient?limit=5', { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) {
          const problem = (await response.json()) as Problem;
          setState({ kind: 'failed', detail: problem.detail });
          return;
        }
        setState({
          kind: 'loaded',
          records: (await response.json()) as PatientRecord[],
          total: response.headers.get(TOTAL_COUNT_HEADER),
        });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (state.kind === 'loading') return <p role="status">Loading patients…</p>;
  if (state.kind === 'failed') return <ErrorState variant="inline">{state.detail}</ErrorState>;
  if (state.records.length === 0) return <p>{MESSAGES.noPatientData}</p>;
  return (
    <section aria-label="Patients" className="p-4">
      <p>{`${state.total ?? '?'} patients in all`}</p>
      <ul className="list-disc pl-5">
        {state.records.map(({ patient }) => (
          <li key={patient.patient_id}>
            {`${patient.patient_id} ${patient.first_name} ${patient.last_name}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

const meta = {
  title: 'Testing/Mock API',
  // A developers' example, not a design: out of the sidebar ('!dev'), still run as a test.
  tags: ['!dev'],
  component: PatientListProbe,
  parameters: { msw: handlers.default },
} satisfies Meta<typeof PatientListProbe>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('region', { name: 'Patients' });
    await expect(list).toHaveTextContent('24 patients in all');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
  },
};

export const Empty: Story = {
  parameters: { msw: [emptyListHandler('listPatients')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(MESSAGES.noPatientData)).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: [problemHandler('listPatients', 403, 'You are not allowed to do this')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'You are not allowed to do this',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('listPatients')] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading patients…');
  },
};
