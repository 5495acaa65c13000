import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { patientChartPath } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { createHandlers, renderWithProviders, setupMswServer } from '@portal/testing';
import { CHART_APPOINTMENTS, CHART_RECORD } from '../chart/chart-fixtures';
import { NOTES, VITALS } from './visit-fixtures';
import { VisitSections } from './visit-sections';

// jsdom draws no canvas: uPlot is stood in for (the stories draw the real plots in Chromium).
vi.mock('uplot', () => ({
  default: class {
    setSize() {}
    destroy() {}
  },
}));

beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => activateLocale('en', 'all'));

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

describe('the chart’s vital signs and notes in Thai', () => {
  it('names the measurements, flags, trend and notes in Thai, dates in the Buddhist era', async () => {
    server.use(
      ...createHandlers({
        patients: [CHART_RECORD],
        appointments: { P037: CHART_APPOINTMENTS },
        vitals: { P037: VITALS },
        notes: { P037: NOTES },
      }),
    );
    await act(() => activateLocale('th', 'all'));
    const user = userEvent.setup();
    renderWithProviders(<VisitSections patientId="P037" />, {
      route: patientChartPath('P037'),
      session: { role: 'medical_personnel', position_id: 'P002' },
    });
    const vitals = await screen.findByRole('region', { name: 'สัญญาณชีพ' });
    expect(await within(vitals).findByText(/^ล่าสุด วัดเมื่อ .*2569/)).toBeInTheDocument();
    expect(within(vitals).getAllByText('สูง').length).toBeGreaterThan(0);
    expect(within(vitals).getByRole('button', { name: 'บันทึกสัญญาณชีพ' })).toBeVisible();
    const plots = await within(vitals).findAllByRole('img');
    expect(plots[0]).toHaveAccessibleName(/^ความดันโลหิต \(mmHg\): 3 ค่า ตั้งแต่ /);

    await user.click(within(vitals).getByRole('button', { name: 'แสดงเป็นตาราง' }));
    const table = within(vitals).getByRole('table', { name: 'สัญญาณชีพตามช่วงเวลา ล่าสุดก่อน' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('152 (สูง)');
    expect(within(vitals).getByRole('button', { name: 'แสดงเป็นกราฟ' })).toBeVisible();

    const notes = screen.getByRole('region', { name: 'บันทึกการตรวจ' });
    const [first] = await within(notes).findAllByRole('article');
    expect(first).toHaveTextContent(/ลงนามโดย Anan Wongsa เมื่อ .*2569/);
    expect(within(notes).getByRole('button', { name: 'เขียนบันทึกการตรวจ' })).toBeVisible();
    expect(within(notes).getByLabelText('แสดงบันทึกที่บันทึกผิดพลาด')).not.toBeChecked();
  });
});
