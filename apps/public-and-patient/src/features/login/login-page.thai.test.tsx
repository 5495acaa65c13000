import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import {
  createHandlers,
  makeActivationCode,
  makePatientRecords,
  MOCK_ACCOUNTS,
  MOCK_TOTP_CODE,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { LoginPage } from './login-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

// A patient of the mock data set who has no account yet, so may register.
const unregisteredPatientId = makePatientRecords(24).find((record) => !record.registered)!.patient
  .patient_id;

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route: ROUTES.login, session: null },
  );
}

const heading = () => screen.getByRole('heading', { level: 1 });
const usernameInput = () => screen.getByRole('textbox', { name: 'ชื่อผู้ใช้' });
const passwordInput = () => screen.getByLabelText(/^รหัสผ่าน/);

beforeEach(() => act(() => activateLocale('th', 'all')));
afterEach(() => activateLocale('en', 'all'));

describe('LoginPage in Thai', () => {
  it('reads in Thai: the title, the fields, the button, the way to register and the forgotten password', async () => {
    renderLogin();
    expect(heading()).toHaveTextContent('เข้าสู่ระบบ');
    expect(usernameInput()).toBeRequired();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'เข้าสู่ระบบ' })).toHaveAttribute('type', 'submit');
    const toggle = screen.getByRole('button', { name: 'ลงทะเบียน' });
    expect(toggle.parentElement).toHaveTextContent(/^ยังไม่มีบัญชีใช่ไหม\? ลงทะเบียน$/);

    expect(screen.getByRole('link', { name: 'ลืมรหัสผ่าน?' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
  });

  it('registers in Thai with an activation code, then offers the login with the username', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));

    expect(heading()).toHaveTextContent('ลงทะเบียน');
    const role = screen.getByRole('combobox', { name: 'บทบาท' });
    const code = screen.getByRole('textbox', { name: 'รหัสเปิดใช้งาน' });
    expect(code).toHaveAccessibleDescription(/รหัสที่โรงพยาบาลให้คุณมาพร้อมกับรหัสประจำตัว/);
    expect(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }).parentElement).toHaveTextContent(
      /^มีบัญชีอยู่แล้วใช่ไหม\? เข้าสู่ระบบ$/,
    );

    await user.type(usernameInput(), 'new.patient');
    await user.type(passwordInput(), 'a long enough passphrase');
    await user.selectOptions(role, 'patient');
    await user.type(screen.getByRole('textbox', { name: 'รหัสประจำตัว' }), unregisteredPatientId);
    await user.type(code, makeActivationCode());
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));

    expect(await screen.findByRole('status')).toBeVisible();
    await waitFor(() => expect(heading()).toHaveTextContent('เข้าสู่ระบบ'), { timeout: 3000 });
    expect(usernameInput()).toHaveValue('new.patient');
  });

  it('asks for the second factor in Thai, and offers a recovery code instead', async () => {
    const nurse = MOCK_ACCOUNTS.find((account) => account.role === 'medical_personnel')!;
    server.use(...createHandlers({ accounts: [{ ...nurse, mfa: 'on' }] }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(usernameInput(), nurse.username);
    await user.type(passwordInput(), nurse.password);
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));

    const code = await screen.findByRole('textbox', { name: /^รหัส 6 หลัก/ });
    const form = code.closest('form')!;
    expect(within(form).getByRole('heading', { level: 2 })).toHaveTextContent(
      'การยืนยันตัวตนสองขั้นตอน',
    );
    expect(code).toHaveAccessibleDescription(/เปิดแอปยืนยันตัวตน/);
    expect(screen.getByRole('button', { name: 'ยืนยัน' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'เริ่มใหม่' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'ใช้รหัสกู้คืน' }));
    expect(await screen.findByRole('textbox', { name: /^รหัสกู้คืน/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ใช้รหัสจากแอป' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'ใช้รหัสจากแอป' }));
    await user.type(await screen.findByRole('textbox', { name: /^รหัส 6 หลัก/ }), MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByRole('status')).toBeVisible();
  });
});
