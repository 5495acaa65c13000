import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@portal/contract';
import { apiToken } from './support';

/** The WCAG levels every page must meet: 2.0, 2.1 and 2.2, A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The three sizes every page is laid out at: a phone, a tablet, a laptop. */
export const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

/** The demo accounts, one per role. */
export const DEMO = {
  patient: 'demo.patient',
  doctor: 'demo.doctor',
  hr: 'demo.hr',
} as const;

/** One broken axe rule: its id, what it asks, and the elements that break it. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe's WCAG 2.2 AA checks on the page as it is now and lists what they find. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/**
 * Fails the test (softly, so that it goes on to its other states and one run reports every
 * problem) when axe finds anything; the message names each rule, what it asks, and the elements
 * that break it.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const found = await axeFindings(page);
  const report = found
    .map((v) => `- ${v.rule} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`)
    .join('\n');
  expect.soft(found, `axe: ${state} (${page.url()}) has violations:\n${report}`).toEqual([]);
}

/** The claims part of a token, as the app reads it (without verifying). */
function roleOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role: string }).role;
}

/**
 * Signs the page's tab in as `username` without the login form (covered by the journeys): a
 * token from the API goes into localStorage under the app's own keys before the first page of
 * the tab runs, once, so a later logout in the tab stays a logout.
 */
export async function signInWithToken(
  page: Page,
  request: APIRequestContext,
  username: string,
): Promise<string> {
  const token = await apiToken(request, username);
  await page.addInitScript(
    ({ keys, token, role }) => {
      if (sessionStorage.getItem('e2e.signedIn')) return;
      sessionStorage.setItem('e2e.signedIn', 'yes');
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.role, role);
    },
    { keys: STORAGE_KEYS, token, role: roleOf(token) },
  );
  return token;
}

/** Waits until the page's finite animations (the menu's opening) have finished. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Opens the top bar's menu (below the lg breakpoint) and waits for it to finish opening. */
export async function openPhoneMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list').last();
  await expect(menu).toBeVisible();
  await settle(page);
  return menu;
}

/**
 * For page.evaluate: the document's width against the window's, and every element wider than
 * the window that no box scrolling or clipping sideways holds in.
 */
export function measureOverflow() {
  const width = window.innerWidth;
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${element.tagName.toLowerCase()}${id}> “${text}”`;
  };
  const heldIn = (element: Element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const rect = box.getBoundingClientRect();
      if (rect.left >= -1 && rect.right <= width + 1) return true;
    }
    return false;
  };
  const tooWide: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right <= width + 1 && rect.left >= -1) continue;
    if (heldIn(element)) continue;
    tooWide.push(`${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)}`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, width, tooWide };
}

/**
 * For page.evaluate: the pairs of visible controls (not one inside the other) whose boxes
 * overlap by more than a pixel each way.
 */
export function measureOverlaps() {
  const selector = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    ...['button', 'link', 'tab', 'menuitem', 'combobox', 'checkbox', 'radio'].map(
      (role) => `[role="${role}"]`,
    ),
  ].join(',');
  const controls = [...document.querySelectorAll<HTMLElement>(selector)]
    .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
    // Visually hidden ones (the skip link until it has focus) are clipped away to nothing.
    .filter((element) => {
      const style = getComputedStyle(element);
      return style.clipPath !== 'inset(50%)' && style.clip !== 'rect(0px, 0px, 0px, 0px)';
    })
    .map((element) => ({ element, rect: element.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > 1 && rect.height > 1);
  const describe = (element: Element) => {
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    const name =
      element.getAttribute('aria-label') || label?.textContent || element.textContent || '';
    const where = element.getAttribute('href') ?? element.getAttribute('name') ?? '';
    return `<${element.tagName.toLowerCase()} ${where}> “${name.trim().replace(/\s+/g, ' ').slice(0, 30)}”`;
  };
  const overlaps: string[] = [];
  controls.forEach((a, i) => {
    for (const b of controls.slice(i + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > 1 && y > 1) {
        overlaps.push(
          `${describe(a.element)} and ${describe(b.element)} (${Math.round(x)}×${Math.round(y)} px)`,
        );
      }
    }
  });
  return overlaps;
}
