import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { renderWithProviders, setupMswServer } from '@portal/testing';
import { AddPatientPage } from './add-patient-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
setupMswServer();

afterEach(() => activateLocale('en', 'all'));

describe('AddPatientPage in Thai', () => {
  it('labels every field, choice and allergy detail in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    const user = userEvent.setup();
    renderWithProviders(<AddPatientPage />, {
      route: ROUTES.addPatient,
      session: { role: 'medical_personnel' },
    });
    expect(
      await screen.findByText('ลงทะเบียนผู้ป่วยใหม่ ผู้ป่วยจะได้รับรหัสเปิดใช้งานเพื่อเข้าดูข้อมูลของตนเอง'),
    ).toBeInTheDocument();
    for (const group of ['ข้อมูลส่วนตัว', 'ข้อมูลติดต่อ', 'ข้อมูลสุขภาพ', 'ประกันสุขภาพ']) {
      expect(screen.getByRole('group', { name: new RegExp(`^${group}`) })).toBeInTheDocument();
    }
    for (const name of [
      'รหัสผู้ป่วย',
      'เลขประจำตัวประชาชน',
      'ชื่อ',
      'นามสกุล',
      'หมายเลขโทรศัพท์',
      'ที่อยู่',
      'การรักษาที่กำลังได้รับ',
      'พฤติกรรมเสี่ยงต่อสุขภาพ',
    ]) {
      expect(screen.getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    expect(screen.getByRole('spinbutton', { name: /^อายุ/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^วันเกิด/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^หมู่เลือด/ })).toBeInTheDocument();
    const gender = screen.getByRole('combobox', { name: /^เพศ/ });
    expect(within(gender).getByRole('option', { name: 'หญิง' })).toBeInTheDocument();
    expect(within(gender).getByRole('option', { name: 'ชาย' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /^จำนวนโรคประจำตัว/ })).toBeInTheDocument();
    // Health insurance is had or not (มี / ไม่มี), as the record shows it, not a bare yes / no.
    const insurance = screen.getByRole('group', { name: /^ประกันสุขภาพ/ });
    expect(within(insurance).getByRole('radio', { name: 'มี' })).toBeInTheDocument();
    expect(within(insurance).getByRole('radio', { name: 'ไม่มี' })).toBeInTheDocument();

    const allergies = screen.getByRole('spinbutton', { name: /^จำนวนยาที่แพ้/ });
    await user.clear(allergies);
    await user.type(allergies, '1');
    expect(await screen.findByText('เช่น ผื่นลมพิษ เว้นว่างไว้หากไม่ทราบ')).toBeInTheDocument();
    const severity = screen.getByRole('combobox', { name: /^ความรุนแรง \(/ });
    expect(within(severity).getByRole('option', { name: 'ไม่ทราบ' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^อาการที่แพ้ \(/ })).toBeInTheDocument();
  });
});
