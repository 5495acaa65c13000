import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREFILL_PARAMS, ROUTES, type Schedule } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { MOCK_API_BASE, renderWithProviders, setupMswServer } from '@portal/testing';
import { ClinicHoursPage } from './clinic-hours-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

beforeEach(async () => {
  await act(() => activateLocale('th', 'all'));
});

afterEach(async () => {
  await act(() => activateLocale('en', 'all'));
});

const SCHEDULE: Schedule = {
  employee_id: 'E001',
  sessions: [],
  exceptions: [],
  leave: [
    {
      leave_id: 'L1',
      from: '2026-12-24',
      to: '2026-12-31',
      note: null,
      recorded_by: null,
      recorded_at: '2026-12-01T03:00:00.000Z',
      withdrawn_at: null,
    },
  ],
};

describe('ClinicHoursPage in Thai', () => {
  it('writes leave dates as the Thai screens write days, in the Buddhist era', async () => {
    server.use(
      http.get(`${MOCK_API_BASE}/employee/E001/schedule`, () => HttpResponse.json(SCHEDULE)),
    );
    renderWithProviders(<ClinicHoursPage />, {
      route: `${ROUTES.clinicHours}?${PREFILL_PARAMS.employee}=E001`,
      session: { role: 'HR' },
    });
    expect(await screen.findByText('24 ธ.ค. 2569 ถึง 31 ธ.ค. 2569')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'ยกเลิกวันลา 24 ธ.ค. 2569 ถึง 31 ธ.ค. 2569' }),
    ).toBeVisible();
    expect(screen.queryByText(/2026-12-24/)).not.toBeInTheDocument();
  });
});
