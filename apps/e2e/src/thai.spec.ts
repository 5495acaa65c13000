import { expect, type Page, test } from '@playwright/test';
import { LOCALE_STORAGE_KEY } from '@portal/i18n';
import { addLocalNames, diseaseName, LOCAL_NAMES } from '@portal/reference-data';
import { createPatient, unique } from './support';

// The Thai names a Thai MyInfo shows (a browser gets them with its Thai packs).
addLocalNames('th', LOCAL_NAMES.th);

/*
 * A Thai reader's journey through the public app: the language chosen on the login page (or
 * taken from a Thai browser), registering with the hospital's activation code, logging in and
 * reading MyInfo in Thai, the chronic disease by its Thai name and the allergy by its English
 * generic name with the Thai beside it (as on the box), and the
 * choice kept across a reload. Elements are found by their Thai roles, labels and texts.
 */

/** The page's language as the document declares it. */
const htmlLang = (page: Page) => page.locator('html');

test.describe('a Thai reader', () => {
  test('chooses ไทย on the login page, registers, logs in and reads MyInfo in Thai, across a reload', async ({
    page,
    request,
  }) => {
    // createPatient gives the patient ibuprofen (R004) as a drug allergy and influenza (I007).
    const patient = await createPatient(request, { first_name: 'Somsri' });
    const username = `somsri.${unique()}`;
    const password = 'a-long-and-private-passphrase';

    await test.step('chooses ไทย in the language switch on the login page', async () => {
      await page.goto('/login');
      await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'ไทย' });
      await expect(htmlLang(page)).toHaveAttribute('lang', 'th');
      await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible();
      // The switch now speaks Thai too, and still offers English.
      await expect(page.getByRole('combobox', { name: 'ภาษา' })).toHaveValue('th');
    });

    await test.step('registers with the activation code, in Thai', async () => {
      await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ลงทะเบียน' })).toBeVisible();
      await page.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(username);
      await page.getByLabel('รหัสผ่าน').first().fill(password);
      await expect(page.getByRole('combobox', { name: 'บทบาท' })).toHaveValue('patient');
      await page.getByRole('textbox', { name: 'รหัสประจำตัว' }).fill(patient.patientId);
      await page.getByRole('textbox', { name: 'รหัสเปิดใช้งาน' }).fill(patient.code);
      await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).last().click();
      // Registered: the card turns back to the login, the username kept.
      await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'ชื่อผู้ใช้' })).toHaveValue(username);
    });

    await test.step('logs in, in Thai, and arrives at MyInfo', async () => {
      await page.getByLabel('รหัสผ่าน').first().fill(password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page).toHaveURL(/\/patient-profile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'ข้อมูลของฉัน' })).toBeVisible();
      await expect(htmlLang(page)).toHaveAttribute('lang', 'th');
    });

    const readsMyInfoInThai = async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'ข้อมูลของฉัน' })).toBeVisible();
      await expect(page.getByText('สวัสดี คุณ Somsri')).toBeVisible();
      await expect(page.getByText(patient.patientId, { exact: true })).toBeVisible();
      await expect(page.getByText('ศูนย์บริการผู้ป่วย (Help Desk)', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'นัดหมายที่จะถึง' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'ใครเปิดดูข้อมูลของฉัน' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' })).toBeVisible();
      // The chronic disease by its Thai name (reference-data's), the allergy by its English
      // generic name with the Thai beside it, as the record view shows them to a patient.
      await expect(page.getByText('ibuprofen (ไอบูโพรเฟน)', { exact: true })).toBeVisible();
      await expect(page.getByText(diseaseName('I007', 'th')!, { exact: true })).toBeVisible();
      await expect(page.getByText('ibuprofen', { exact: true })).toHaveCount(0);
    };

    await test.step('reads MyInfo in Thai, the allergy with its Thai name', readsMyInfoInThai);

    await test.step('the choice survives a reload', async () => {
      await page.reload();
      await expect(htmlLang(page)).toHaveAttribute('lang', 'th');
      expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_STORAGE_KEY)).toBe(
        'th',
      );
      await readsMyInfoInThai();
    });
  });
});

test.describe('a visitor whose browser speaks Thai', () => {
  test.use({ locale: 'th-TH' });

  test('gets the landing page and the login page in Thai at the first visit', async ({ page }) => {
    await page.goto('/');
    await expect(htmlLang(page)).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'การดูแลที่รู้จักคุณ ไม่ว่าคุณจะมาพบเราที่ใด',
    );
    await expect(page.getByRole('definition').nth(1)).toContainText('21 ล้าน', { timeout: 4000 });
    await page.getByRole('link', { name: 'เข้าใช้ระบบ' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible();
    // "Forgot your password?" opens the reset page, in Thai.
    await page.getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ลืมรหัสผ่าน?' })).toBeVisible();
    await expect(page.getByText(/^กรอกชื่อผู้ใช้ของคุณ/)).toBeVisible();
  });
});
