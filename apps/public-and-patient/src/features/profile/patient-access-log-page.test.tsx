import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { describeAccessActor, ROUTES } from '@portal/contract';
import {
  createHandlers,
  makeAccessLog,
  makeAccessLogEntry,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { App } from '../../app';
import { localDateTime } from './access-log-text';
import { accessCountText, PatientAccessLogPage } from './patient-access-log-page';
import {
  ACCESS_LOG_EMPTY,
  ACCESS_LOG_FAILED,
  ACCESS_LOG_LOADING,
} from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

function renderPage() {
  return renderWithProviders(<PatientAccessLogPage />, {
    route: ROUTES.patientAccessLog,
    session: { role: 'patient', patient_id: 'P001' },
  });
}

/** The table's rows as [when, who, what]. */
async function rows(): Promise<string[][]> {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('PatientAccessLogPage', () => {
  it('says up to when the log was checked for changes, and when; or that it was not yet', async () => {
    const older = '2026-11-25T09:15:00.000Z';
    const checked = '2026-11-25T10:00:00.000Z';
    server.use(
      ...createHandlers({
        accessLog: {
          P001: [
            makeAccessLogEntry({ occurred_at: '2026-11-25T10:20:00.000Z', verified_at: null }),
            makeAccessLogEntry({ occurred_at: older, verified_at: checked }),
          ],
        },
      }),
    );
    const { unmount } = renderPage();
    expect(
      await screen.findByText(
        `Checked for changes on ${localDateTime(checked)}: the log up to ${localDateTime(older)} is as it was written.`,
      ),
    ).toBeVisible();
    unmount();
    server.use(
      ...createHandlers({ accessLog: { P001: [makeAccessLogEntry({ verified_at: null })] } }),
    );
    renderPage();
    expect(
      await screen.findByText(
        'The newest accesses are not checked for changes yet (the log is checked every hour).',
      ),
    ).toBeVisible();
  });

  it('shows a loading text while the first page loads', () => {
    server.use(pendingHandler('myAccessLog'));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Who opened my record' })).toBeVisible();
    expect(screen.getByText(ACCESS_LOG_LOADING)).toBeInTheDocument();
  });

  it('lists who did what and when, newest first, in the contract’s words', async () => {
    const at = '2026-11-25T09:15:00.000Z';
    server.use(
      ...createHandlers({
        accessLog: {
          P001: [
            makeAccessLogEntry({ occurred_at: at, name: 'Anan Wongsa' }),
            { occurred_at: at, kind: 'viewed', actor: 'you', name: null, role: null },
            { occurred_at: at, kind: 'refused', actor: 'patient', name: null, role: null },
            makeAccessLogEntry({ occurred_at: at, kind: 'changed', name: 'Kanya Srisuk' }),
            makeAccessLogEntry({ occurred_at: at, kind: 'listed', name: 'Kanya Srisuk' }),
          ],
        },
      }),
    );
    renderPage();
    const when = localDateTime(at);
    expect(await rows()).toEqual([
      [when, 'Anan Wongsa, medical personnel', 'viewed your record'],
      [when, 'You', 'viewed your record'],
      [when, 'Another patient', 'tried to open your record — refused'],
      [when, 'Kanya Srisuk, medical personnel', 'changed your record'],
      [when, 'Kanya Srisuk, medical personnel', 'saw your record in a list or search result'],
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'Who',
      'What',
    ]);
    expect(screen.getAllByText(when)[0]!.closest('time')).toHaveAttribute('datetime', at);
  });

  it('puts a staff member’s name and role together as the contract words them', async () => {
    const at = '2026-11-25T09:15:00.000Z';
    const entries = [
      {
        occurred_at: at,
        kind: 'viewed',
        actor: 'staff',
        name: 'Anan Wongsa',
        role: 'medical_personnel',
      },
      { occurred_at: at, kind: 'viewed', actor: 'staff', name: 'Somsri Dee', role: 'HR' },
      { occurred_at: at, kind: 'viewed', actor: 'staff', name: 'Mali Chai', role: 'patient' },
      { occurred_at: at, kind: 'viewed', actor: 'staff', name: null, role: 'medical_personnel' },
      { occurred_at: at, kind: 'viewed', actor: 'staff', name: 'Preecha Kit', role: null },
    ] as const;
    server.use(...createHandlers({ accessLog: { P001: [...entries] } }));
    renderPage();
    const who = (await rows()).map(([, text]) => text);
    expect(who).toEqual(entries.map((entry) => describeAccessActor(entry)));
    expect(who).toEqual([
      'Anan Wongsa, medical personnel',
      'Somsri Dee, HR',
      'Mali Chai, patient',
      'A staff member, medical personnel',
      'Preecha Kit',
    ]);
  });

  it('shows one visit as one line, with how many actions and what else was done', async () => {
    const at = '2026-11-25T09:15:00.000Z';
    server.use(
      ...createHandlers({
        accessLog: {
          P001: [
            makeAccessLogEntry({
              occurred_at: at,
              name: 'Anan Wongsa',
              kind: 'viewed',
              count: 3,
              kinds: ['viewed', 'viewed-appointments', 'viewed-appointments'],
            }),
            makeAccessLogEntry({ occurred_at: at, name: 'Kanya Srisuk', kind: 'changed' }),
          ],
        },
      }),
    );
    renderPage();
    const when = localDateTime(at);
    expect(await rows()).toEqual([
      [
        when,
        'Anan Wongsa, medical personnel',
        `viewed your record ${accessCountText(3)}; also viewed your appointments`,
      ],
      [when, 'Kanya Srisuk, medical personnel', 'changed your record'],
    ]);
    expect(accessCountText(3)).toBe('3 actions in one visit');
  });

  it('loads older entries page by page', async () => {
    server.use(...createHandlers({ accessLog: { P001: makeAccessLog(60) } }));
    renderPage();
    expect(await rows()).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 60.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText('Showing 60 of 60.')).toBeInTheDocument();
    expect(await rows()).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
  });

  it('says "more than" beyond the 1,000 entries the server counts', async () => {
    server.use(...createHandlers({ accessLog: { P001: makeAccessLog(1_001) } }));
    renderPage();
    expect(await rows()).toHaveLength(50);
    expect(screen.getByText('Showing 50 of more than 1,000.')).toBeInTheDocument();
  });

  it('says so when nobody has opened the record', async () => {
    server.use(...createHandlers({ accessLog: {} }));
    renderPage();
    expect(await screen.findByText(ACCESS_LOG_EMPTY)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the log cannot be loaded', async () => {
    server.use(problemHandler('myAccessLog', 500, 'Something went wrong on our side.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_LOG_FAILED);
  });

  it('links back to MyInfo', async () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Back to MyInfo' })).toHaveAttribute(
      'href',
      ROUTES.patientProfile,
    );
    await rows();
  });

  it('is reached at /patient-profile/access by the patient only', async () => {
    renderWithProviders(
      <Suspense fallback={<p>Loading page…</p>}>
        <App />
      </Suspense>,
      { route: ROUTES.patientAccessLog, session: { role: 'patient' } },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Who opened my record' }),
    ).toBeVisible();
  });

  it('sends staff to the landing page', async () => {
    renderWithProviders(
      <Suspense fallback={<p>Loading page…</p>}>
        <App />
      </Suspense>,
      { route: ROUTES.patientAccessLog, session: { role: 'medical_personnel' } },
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Care that knows you, wherever you meet us',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Who opened my record' })).not.toBeInTheDocument();
  });
});
