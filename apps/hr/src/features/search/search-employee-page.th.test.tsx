import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Employee, ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import {
  createHandlers,
  makeEmployee,
  makePendingAccess,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { SearchEmployeePage } from './search-employee-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

beforeEach(async () => {
  await act(() => activateLocale('th', 'all'));
});

afterEach(async () => {
  await act(() => activateLocale('en', 'all'));
});

const NURSE = makeEmployee(
  {
    employee_id: 'E002',
    first_name: 'Chaiwat',
    last_name: 'Saetang',
    position_id: 'P002',
    salary: 36500,
    hire_date: '2016-06-04',
    work_status: 'yes',
  },
  2,
);
const LEAVER = makeEmployee(
  {
    employee_id: 'E007',
    first_name: 'Arthit',
    last_name: 'Wongsawat',
    position_id: 'P009',
    work_status: 'no',
    hire_date: '2021-09-16',
    resignation_date: '2021-12-16',
  },
  7,
);
const WAITING = makePendingAccess(
  {
    employee_id: 'E013',
    first_name: 'Somchai',
    last_name: 'Srisuk',
    position_id: 'P001',
    position_name: 'Doctor',
    role: 'medical_personnel',
    requested_by: 'demo.hr2',
  },
  13,
);

function serve(employees: Employee[]) {
  server.use(...createHandlers({ employees, pendingAccess: [WAITING] }));
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<SearchEmployeePage />, { session: { role: 'HR' } });
  return { user };
}

/** The table's rows of employees (the heading row left out). */
async function employeeRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'รายชื่อพนักงาน' });
  await waitFor(() => expect(within(table).queryAllByRole('cell').length).toBeGreaterThan(0));
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0);
}

/** A row's cells by their column's Thai name (the label each stacked cell shows on a phone). */
function cellsOf(row: HTMLElement): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const cell of within(row).getAllByRole('cell')) {
    const label = cell.dataset['label'];
    if (label) cells[label] = cell.textContent ?? '';
  }
  return cells;
}

describe('SearchEmployeePage in Thai', () => {
  it('shows the employee table in Thai: headings, positions, departments, status and Buddhist-era dates', async () => {
    serve([NURSE, LEAVER]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'ข้อมูลพนักงาน' })).toBeVisible();
    const [nurse, leaver] = await employeeRows();
    expect(cellsOf(nurse!)).toEqual({
      'ชื่อ-นามสกุล': 'Chaiwat Saetang',
      รหัสพนักงาน: 'E002',
      ตำแหน่ง: 'พยาบาล',
      แผนก: 'การพยาบาล',
      สถานะการทำงาน: 'ทำงานอยู่',
      วันที่เริ่มงาน: '4 มิ.ย. 2559',
      เงินเดือน: '36,500',
      อีเมล: NURSE.email,
      โทรศัพท์: NURSE.phone_number,
    });
    expect(cellsOf(leaver!)).toMatchObject({
      แผนก: 'เทคโนโลยีสารสนเทศ',
      สถานะการทำงาน: 'ลาออกแล้ว (เมื่อ 16 ธ.ค. 2564)',
    });
    const edit = within(nurse!).getByRole('link', { name: 'แก้ไขข้อมูลของ Chaiwat Saetang' });
    expect(edit).toHaveAttribute('href', `${ROUTES.editEmployee}?employee_id=E002`);
    expect(within(nurse!).getByRole('cell', { name: /^แก้ไข/ })).toBeInTheDocument();
    const hours = within(nurse!).getByRole('link', { name: 'เวลาออกตรวจของ Chaiwat Saetang' });
    expect(hours).toHaveAttribute('href', `${ROUTES.clinicHours}?employee_id=E002`);
  });

  it('sorts and filters in Thai, and marks the sorted column by its Thai heading', async () => {
    serve([NURSE, LEAVER]);
    const { user } = renderPage();
    await employeeRows();
    const controls = screen.getByRole('form', { name: 'เรียงลำดับและกรองรายชื่อพนักงาน' });
    const positionFilter = within(controls).getByRole('combobox', { name: 'ตำแหน่ง' });
    expect(within(positionFilter).getByRole('option', { name: 'ทุกตำแหน่ง' })).toBeInTheDocument();
    expect(within(positionFilter).getByRole('option', { name: 'พยาบาล' })).toBeInTheDocument();
    const departmentFilter = within(controls).getByRole('combobox', { name: 'แผนก' });
    expect(within(departmentFilter).getByRole('option', { name: 'การพยาบาล' })).toBeInTheDocument();
    const status = within(controls).getByRole('combobox', { name: 'สถานะการทำงาน' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ทั้งหมด', 'ทำงานอยู่', 'ลาออกแล้ว']);
    await user.selectOptions(
      within(controls).getByRole('combobox', { name: 'เรียงตาม' }),
      'ชื่อ-นามสกุล',
    );
    await user.selectOptions(
      within(controls).getByRole('combobox', { name: 'ลำดับ' }),
      'มากไปน้อย (Z–A, ใหม่สุดก่อน)',
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^ชื่อ-นามสกุล/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    expect(
      within(controls).getByRole('button', { name: 'ล้างการเรียงลำดับและตัวกรอง' }),
    ).toBeInTheDocument();
  });

  it('lists the access waiting for approval in Thai', async () => {
    serve([NURSE]);
    renderPage();
    const region = screen.getByRole('region', { name: 'สิทธิ์เข้าใช้พอร์ทัลที่รอการอนุมัติ' });
    const row = await within(region).findByRole('listitem');
    expect(row).toHaveTextContent('แพทย์');
    expect(row).toHaveTextContent(/demo\.hr2 ขออนุมัติเมื่อ \d{1,2} \S+ 25\d\d \d\d:\d\d/);
    expect(
      within(row).getByRole('button', { name: 'อนุมัติสิทธิ์เข้าใช้งานของ Somchai Srisuk' }),
    ).toBeInTheDocument();
  });
});
