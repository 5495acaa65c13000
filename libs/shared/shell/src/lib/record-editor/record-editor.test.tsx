/**
 * The add and edit pages in Thai: the words the record editor owns (heading, notices, the
 * lookup, Done, the new-code panel) come from the catalogue; the fields are the app's.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@portal/api-client';
import { TextField } from '@portal/form-widgets';
import { activateLocale } from '@portal/i18n';
import { IdSuggestion } from '../id-suggestion';
import { ADD_PATIENT_WORDS, type AddAnswer, AddRecordPage } from './add-record-page';
import { EDIT_EMPLOYEE_WORDS, EditRecordPage } from './edit-record-page';

function renderInFrame(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const nameSchema = z.object({ name: z.string().min(1) });

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activateLocale('en', 'all'));
});

describe('AddRecordPage in Thai', () => {
  function renderAddPatient(save: () => Promise<AddAnswer>) {
    renderInFrame(
      <AddRecordPage
        words={ADD_PATIENT_WORDS}
        description="คำอธิบายของแอป"
        schema={nameSchema}
        empty={{ name: '' }}
        save={{ mutateAsync: save, isPending: false }}
        person={() => ({ name: 'Somchai Srisuk' })}
        handoutRole={() => 'patient'}
        failureMessage="Failed to add patient"
        nextId={() => ({ queryKey: ['next-id', 'test'], queryFn: () => Promise.resolve('P038') })}
        fields={() => <TextField name="name" label="Name" required />}
      />,
    );
  }

  it('names the page and its form, and says what was added', async () => {
    await act(() => activateLocale('th', 'all'));
    renderAddPatient(() =>
      Promise.resolve({
        patient_id: 'P038',
        activation_code: 'ABCD-2345-WXYZ',
        activation_code_expires_at: '2026-12-01T00:00:00Z',
      }),
    );

    expect(screen.getByRole('heading', { level: 1, name: 'เพิ่มผู้ป่วย' })).toBeVisible();
    const form = screen.getByRole('form', { name: 'เพิ่มผู้ป่วย' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Somchai');
    await userEvent.click(within(form).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('เพิ่มผู้ป่วย P038 แล้ว')).toBeVisible();
  });

  it('says in Thai that a refused patient was not added', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => activateLocale('th', 'all'));
    renderAddPatient(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 409, detail: 'มีรหัสนี้แล้ว' })),
    );

    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Somchai');
    await userEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('ไม่ได้เพิ่มผู้ป่วย')).toBeVisible();
  });

  it('offers the next free id in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    function WithForm() {
      const form = useForm({ defaultValues: { patient_id: '' } });
      return (
        <FormProvider {...form}>
          <IdSuggestion name="patient_id" suggestion="P038" />
        </FormProvider>
      );
    }
    render(<WithForm />);
    expect(screen.getByText(/^รหัสถัดไปที่ว่าง:/)).toHaveTextContent('รหัสถัดไปที่ว่าง: P038');
    expect(screen.getByRole('button', { name: 'ใช้ P038' })).toBeVisible();
  });
});

describe('EditRecordPage in Thai', () => {
  interface Found {
    id: string;
    name: string;
  }

  function renderEditEmployee(save = vi.fn(() => Promise.resolve())) {
    renderInFrame(
      <EditRecordPage<Found, { name: string }, { name: string }, never>
        words={EDIT_EMPLOYEE_WORDS}
        lookupSchema={z.object({ employee_id: z.string().min(1) })}
        schema={nameSchema}
        empty={{ name: '' }}
        query={(id) => ({
          queryKey: ['employee', id],
          queryFn: () => Promise.resolve({ id, name: 'Chaiwat Saetang' }),
        })}
        idOf={(found) => found.id}
        valuesOf={(found) => ({ name: found.name })}
        changesBetween={(loaded, current) =>
          loaded.name === current.name ? null : { name: current.name }
        }
        save={async (found) => {
          await save();
          return { kind: 'updated', id: found.id, fields: 1 } as never;
        }}
        busy={false}
        failureMessage="Failed to update employee"
        newCode={{
          reissue: {
            mutate: vi.fn(),
            isPending: false,
            data: undefined,
            error: null,
            reset: vi.fn(),
          },
          personOf: (found) => ({ id: found.id, name: found.name, registered: true }),
        }}
        fields={() => <TextField name="name" label="Name" required />}
      />,
    );
  }

  it('finds an employee, says who has an account, and counts the changes saved', async () => {
    await act(() => activateLocale('th', 'all'));
    renderEditEmployee();

    expect(screen.getByRole('heading', { level: 1, name: 'แก้ไขข้อมูลพนักงาน' })).toBeVisible();
    expect(screen.getByText('โหลดข้อมูลพนักงานก่อน จึงจะแก้ไขข้อมูลได้')).toBeVisible();
    const lookup = screen.getByRole('form', { name: 'ค้นหาพนักงาน' });
    await userEvent.type(within(lookup).getByRole('textbox', { name: /^รหัสพนักงาน/ }), 'E001');
    await userEvent.click(within(lookup).getByRole('button', { name: 'โหลดข้อมูลพนักงาน' }));

    expect(await screen.findByText(/^Chaiwat Saetang มีบัญชีพอร์ทัลแล้ว/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'ออกรหัสเปิดใช้งานใหม่' })).toBeVisible();

    const form = screen.getByRole('form', { name: 'แก้ไขข้อมูลพนักงาน' });
    await userEvent.click(within(form).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('ไม่มีข้อมูลที่เปลี่ยนแปลง จึงไม่ได้บันทึก')).toBeVisible();

    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), ' Jr');
    await userEvent.click(within(form).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('แก้ไขข้อมูลพนักงาน E001 แล้ว (เปลี่ยน 1 รายการ)')).toBeVisible();
  });
});
