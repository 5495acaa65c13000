import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Employee, ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { createHandlers, makeEmployee, renderWithProviders, setupMswServer } from '@portal/testing';
import { EditEmployeePage } from './edit-employee-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

beforeEach(async () => {
  await act(() => activateLocale('th', 'all'));
});

afterEach(async () => {
  await act(() => activateLocale('en', 'all'));
});

/** A registered nurse, working, without a second factor. */
const NURSE = makeEmployee(
  {
    employee_id: 'E002',
    first_name: 'Chaiwat',
    last_name: 'Saetang',
    position_id: 'P002',
    hire_date: '2016-06-04',
    work_status: 'yes',
    resignation_date: null,
    registered: true,
    second_factor: false,
  },
  2,
);

function serveEmployees(...employees: Employee[]) {
  server.use(...createHandlers({ employees }));
}

/** Renders the page with the employee of `?employee_id=` loaded (the table's Edit link). */
async function renderLoaded(employeeId: string) {
  const user = userEvent.setup();
  renderWithProviders(<EditEmployeePage />, {
    route: `${ROUTES.editEmployee}?employee_id=${employeeId}`,
    session: { role: 'HR' },
  });
  await waitFor(() =>
    expect(screen.getAllByRole('textbox', { name: 'ชื่อ' }).at(-1)).toHaveValue('Chaiwat'),
  );
  const form = screen.getAllByRole('textbox', { name: 'ชื่อ' }).at(-1)!.closest('form')!;
  return { user, form };
}

describe('EditEmployeePage in Thai', () => {
  it('labels the fields in Thai, offers the positions by their Thai names, and says the account’s state', async () => {
    serveEmployees(NURSE);
    const { form } = await renderLoaded('E002');
    const inForm = within(form);
    expect(inForm.getByRole('textbox', { name: 'นามสกุล' })).toHaveValue('Saetang');
    expect(inForm.getByRole('spinbutton', { name: 'เงินเดือน' })).toBeInTheDocument();
    const position = inForm.getByRole('combobox', { name: 'ตำแหน่ง' });
    expect(position).toHaveValue('nurse');
    expect(
      within(position)
        .getAllByRole('option')
        .slice(1, 4)
        .map((o) => o.textContent),
    ).toEqual(['แพทย์', 'พยาบาล', 'เจ้าหน้าที่ทรัพยากรบุคคล']);
    expect(screen.getByText(/^บัญชีพอร์ทัล:/)).toHaveTextContent(
      'บัญชีพอร์ทัล: ลงทะเบียนแล้ว การยืนยันตัวตนสองขั้นตอน: ปิด',
    );
    expect(screen.getByRole('link', { name: 'เวลาออกตรวจของ Chaiwat Saetang' })).toHaveAttribute(
      'href',
      `${ROUTES.clinicHours}?employee_id=E002`,
    );
  });

  it('asks for the resignation date in Thai and says in Thai that a leaver’s access ended', async () => {
    serveEmployees(NURSE);
    const { user, form } = await renderLoaded('E002');
    const no = within(form)
      .getAllByRole('radio')
      .find((radio) => (radio as HTMLInputElement).value === 'no')!;
    await user.click(no);
    const resignation = within(form).getByLabelText(/^วันที่ลาออก/);
    expect(resignation).toHaveAccessibleDescription(/ตั้งแต่วันที่เริ่มงานเป็นต้นไป/);
    await user.type(resignation, '2026-10-31');
    await user.click(form.querySelector<HTMLElement>('button[type="submit"]')!);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'ยกเลิกสิทธิ์เข้าใช้พอร์ทัลของ Chaiwat Saetang แล้ว และปิดเซสชันที่เปิดอยู่ทั้งหมด',
    );
  });
});
