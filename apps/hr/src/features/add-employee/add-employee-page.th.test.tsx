import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { problemHandler, renderWithProviders, setupMswServer } from '@portal/testing';
import { AddEmployeePage } from './add-employee-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

beforeEach(async () => {
  await act(() => activateLocale('th', 'all'));
});

afterEach(async () => {
  await act(() => activateLocale('en', 'all'));
});

function renderPage() {
  const user = userEvent.setup();
  const { container } = renderWithProviders(<AddEmployeePage />, { session: { role: 'HR' } });
  return { user, container };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const position = () => screen.getByRole('combobox', { name: 'ตำแหน่ง' });

/** The form's submit button (its words are the shared form's, not this page's). */
function submit(container: HTMLElement): HTMLElement {
  const button = container.querySelector<HTMLElement>('button[type="submit"]');
  if (!button) throw new Error('No submit button');
  return button;
}

async function fillNurse(user: UserEvent) {
  await user.type(field('รหัสพนักงาน'), 'E900');
  await user.type(field('ชื่อ'), 'Kanya');
  await user.type(field('นามสกุล'), 'Boonyasit');
  await user.selectOptions(position(), 'P002');
  await user.type(screen.getByLabelText(/^วันที่เริ่มงาน/), '2026-01-05');
  await user.type(screen.getByRole('spinbutton', { name: 'เงินเดือน' }), '38000');
  await user.type(field('อีเมล'), 'kanya.boonyasit@gmail.com');
  await user.type(field('หมายเลขโทรศัพท์'), '081-234-5678');
}

describe('AddEmployeePage in Thai', () => {
  it('labels the fields, groups and hints in Thai, positions and departments by their Thai names', () => {
    renderPage();
    expect(
      screen.getByText(
        'บันทึกข้อมูลพนักงานใหม่ แพทย์ พยาบาล และเจ้าหน้าที่ฝ่ายทรัพยากรบุคคล (HR) จะได้รับรหัสเปิดใช้งานเพื่อลงทะเบียนใช้งานพอร์ทัล',
      ),
    ).toBeInTheDocument();
    for (const group of ['ข้อมูลพนักงาน', 'การจ้างงาน', 'ข้อมูลติดต่อ']) {
      expect(screen.getByRole('group', { name: group })).toBeInTheDocument();
    }
    for (const name of ['รหัสพนักงาน', 'ชื่อ', 'นามสกุล', 'อีเมล', 'หมายเลขโทรศัพท์']) {
      expect(field(name)).toBeRequired();
    }
    expect(screen.getByRole('spinbutton', { name: 'เงินเดือน' })).toHaveAccessibleDescription(
      /ตัวเลขจำนวนเต็ม เช่น 45000/,
    );
    expect(position()).toHaveAccessibleDescription(
      /แพทย์ พยาบาล และเจ้าหน้าที่ HR ลงทะเบียนใช้งานพอร์ทัลได้/,
    );
    const options = within(position())
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options.slice(1, 4)).toEqual([
      ['P001', 'P001 แพทย์ (อายุรกรรม)'],
      ['P002', 'P002 พยาบาล (การพยาบาล)'],
      ['P011', 'P011 เจ้าหน้าที่ทรัพยากรบุคคล (ทรัพยากรบุคคล)'],
    ]);
  });

  it('says in Thai that a new nurse’s access waits for a second HR person', async () => {
    const { user, container } = renderPage();
    await fillNurse(user);
    await user.click(submit(container));
    expect(
      await screen.findByText(
        'สิทธิ์เข้าใช้พอร์ทัลของพนักงานรายนี้ต้องรอเจ้าหน้าที่ HR อีกคนอนุมัติ พนักงานลงทะเบียนด้วยรหัสนี้ได้ทันที และจะเข้าสู่ระบบได้เมื่อเจ้าหน้าที่ HR อีกคนอนุมัติในหน้าข้อมูลพนักงานแล้ว',
      ),
    ).toBeInTheDocument();
  });

  it('says in Thai that a position without portal access gets no code', async () => {
    const { user, container } = renderPage();
    await fillNurse(user);
    await user.selectOptions(position(), '');
    await user.click(submit(container));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('เพิ่มพนักงาน E900 แล้ว');
    expect(notice).toHaveTextContent(
      'ตำแหน่งของ Kanya Boonyasit ไม่มีสิทธิ์เข้าใช้พอร์ทัล จึงไม่มีการออกรหัสเปิดใช้งาน',
    );
  });

  it('logs the spec’s internal failure message in English, for developers, whatever is shown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(problemHandler('addEmployee', 409, 'รหัสพนักงานนี้มีอยู่แล้ว'));
    const { user, container } = renderPage();
    await fillNurse(user);
    await user.click(submit(container));
    await screen.findByRole('alert');
    expect(log).toHaveBeenCalledWith(MESSAGES.addEmployeeFailed);
    log.mockRestore();
  });
});
