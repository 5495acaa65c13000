import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  chronicDiseaseListSchema,
  emailSchema,
  passwordSchema,
  personNameSchema,
  previewPasswordStrength,
  yesNoSchema,
} from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { LOCAL_NAMES } from '@portal/reference-data';
import { DiseasePicker } from './catalogue-pickers';
import { CountedPickers } from './counted-pickers';
import { EmailField } from './email-field';
import { RequiredFieldsNote } from './field-base';
import { FormErrorSummary } from './form-error-summary';
import { FormHarness } from './form-harness';
import { NEW_PASSWORD_HINT } from './password-field';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { TimeField } from './time-field';
import { YesNoField } from './yes-no-field';

beforeEach(() => act(() => activateLocale('th', 'all')));
afterEach(() => activateLocale('en', 'all'));

describe('the form widgets in Thai', () => {
  it("show a contract rule's message under its field in Thai, and the error summary", async () => {
    const user = userEvent.setup();
    render(
      <FormHarness
        schema={z.object({
          health_insurance: yesNoSchema,
          first_name: personNameSchema,
          email: emailSchema,
        })}
      >
        <FormErrorSummary />
        <YesNoField name="health_insurance" label="ประกันสุขภาพ" required />
        <TextField name="first_name" label="ชื่อ" required />
        <EmailField name="email" label="อีเมล" required />
      </FormHarness>,
    );
    const group = screen.getByRole('group', { name: 'ประกันสุขภาพ' });
    expect(within(group).getByRole('radio', { name: 'ใช่' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'ไม่ใช่' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'อีเมล' }), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'ส่ง' }));

    // One of the two, whatever their words: health insurance's are มี / ไม่มี, not ใช่ / ไม่ใช่.
    await waitFor(() => expect(group).toHaveAccessibleDescription('กรุณาเลือกหนึ่งข้อ'));
    expect(screen.getByRole('textbox', { name: 'ชื่อ' })).toHaveAccessibleDescription('จำเป็นต้องกรอก');
    // The domains hint, then the domain rule's message with its value kept.
    expect(screen.getByRole('textbox', { name: 'อีเมล' })).toHaveAccessibleDescription(
      'ใช้อีเมลที่ลงท้ายด้วย gmail.com, hotmail.com หรือ email.com อีเมลต้องลงท้ายด้วย @gmail.com, @hotmail.com, @email.com',
    );
    const summary = screen.getByRole('region', { name: 'กรุณาตรวจสอบช่องต่อไปนี้' });
    expect(within(summary).getByRole('link', { name: 'ชื่อ: จำเป็นต้องกรอก' })).toBeInTheDocument();
  });

  it('switch a shown message back to English with the language', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ first_name: personNameSchema })}>
        <TextField name="first_name" label="First Name" required />
      </FormHarness>,
    );
    await user.click(screen.getByRole('button', { name: 'ส่ง' }));
    const field = screen.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('จำเป็นต้องกรอก'));
    await act(() => activateLocale('en', 'all'));
    expect(field).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });

  it('label the buttons, the password toggle, hints and the required note in Thai', () => {
    render(
      <FormHarness schema={z.object({ password: passwordSchema })}>
        <RequiredFieldsNote />
        <PasswordField name="password" label="รหัสผ่าน" hint={NEW_PASSWORD_HINT} />
        <TimeField name="time" label="เวลา" />
        <TimeField name="clock" label="เวลานัด" clock />
        <SelectField name="choice" label="ตัวเลือก" options={[{ value: 'a', label: 'ก' }]} />
      </FormHarness>,
    );
    // The browser's clock control: an example, no word of AM / PM or of how the field works.
    expect(screen.getByLabelText('เวลานัด')).toHaveAccessibleDescription(
      'ระบุชั่วโมงและนาที เช่น 10:30 น.',
    );
    expect(screen.getByRole('button', { name: 'ล้างข้อมูล' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'แสดงรหัสผ่าน' })).toBeInTheDocument();
    expect(screen.getByText('ช่องที่มีเครื่องหมาย', { exact: false })).toHaveTextContent(
      'ช่องที่มีเครื่องหมาย * จำเป็นต้องกรอก',
    );
    expect(screen.getByLabelText('รหัสผ่าน')).toHaveAccessibleDescription(
      'อย่างน้อย 12 ตัวอักษรและเดาได้ยาก: ไม่ใช่รหัสผ่านที่คนใช้กันทั่วไป ชื่อผู้ใช้ของคุณ หรือชื่อโรงพยาบาล',
    );
    expect(screen.getByRole('textbox', { name: 'เวลา' })).toHaveAccessibleDescription(
      // An example a person reads, not the developer's HH:MM.
      'ระบบ 24 ชั่วโมง เช่น 14:30 หรือ 14:30:00',
    );
    expect(
      within(screen.getByRole('combobox', { name: 'ตัวเลือก' })).getByRole('option', {
        name: 'เลือก…',
      }),
    ).toBeInTheDocument();
  });

  it('name the catalogue entries in Thai and count the pickers in Thai', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness
        schema={z.object({ patient_chronic_disease: chronicDiseaseListSchema })}
        defaultValues={{ patient_chronic_disease: [] }}
      >
        <DiseasePicker name="disease" label="โรค" />
        <CountedPickers name="patient_chronic_disease" kind="disease" countLabel="จำนวนโรค" />
      </FormHarness>,
    );
    expect(
      within(screen.getByRole('combobox', { name: 'โรค' })).getByRole('option', {
        name: `I002 — ${LOCAL_NAMES.th.I002}`,
      }),
    ).toBeInTheDocument();
    const count = screen.getByRole('spinbutton', { name: 'จำนวนโรค' });
    await user.clear(count);
    await user.type(count, '2');
    expect(screen.getByRole('combobox', { name: 'โรคที่ 1' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'โรคที่ 2' })).toBeInTheDocument();
  });

  // The estimator and its dictionaries load on the first estimate: loaded here, outside the
  // test's wait (on a loaded CI machine the first load alone passed 15 s once).
  beforeAll(async () => {
    await previewPasswordStrength('warm-up-password', 'somebody');
  }, 120_000);

  it("show the password's strength and why it is weak in Thai", async () => {
    render(
      // Already typed: what is checked here is the meter's words in Thai (typing and the
      // meter's timing are the English tests', in the login and account pages).
      <FormHarness defaultValues={{ username: 'somchai', password: 'password1234' }}>
        <PasswordField name="password" label="รหัสผ่าน" strengthFor="username" />
      </FormHarness>,
    );
    const strength = await screen.findByText(
      'ความแข็งแรงของรหัสผ่าน:',
      { exact: false },
      { timeout: 15_000 },
    );
    expect(strength.textContent).toMatch(/^ความแข็งแรงของรหัสผ่าน: (อ่อนมาก|อ่อน|พอใช้)$/);
    // The reason (a warning and a suggestion) is Thai too: no English sentence is left.
    const reason = strength.nextElementSibling;
    expect(reason?.textContent).toMatch(/[\u0E00-\u0E7F]/u);
    expect(reason?.textContent).not.toMatch(/\b(the|is|are|to)\b/i);
  });
});
