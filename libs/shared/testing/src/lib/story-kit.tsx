import type { Decorator } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  EMPLOYEES_SECTION,
  PATIENTS_SECTION,
  ROUTES,
  sectionServing,
  STORAGE_KEYS,
} from '@portal/contract';
import { Route, Routes } from 'react-router-dom';
import { ManagementSection, PortalFrame } from '@portal/shell';
import { type FakeSession, PortalProviders } from './render';

/** Where a story's page is and who is signed in: a story's `parameters.portal`. */
export interface PortalParameters {
  readonly route?: string;
  readonly session?: FakeSession | null;
}

/**
 * Renders a page story in the app's providers and frame (top bar with the section's links of
 * the app its route is in, footer), as a browser shows it.
 */
export const inPortalFrame: Decorator = (Story, { parameters }) => {
  const { route = ROUTES.home, session = null } = (parameters['portal'] ?? {}) as PortalParameters;
  return (
    <PortalProviders route={route} session={session}>
      <PortalFrame section={sectionServing(route)}>
        <Story />
      </PortalFrame>
    </PortalProviders>
  );
};

/** A story `beforeEach` that leaves no session behind for the next story (they share storage). */
export function forgetSession() {
  return () => {
    window.localStorage.removeItem(STORAGE_KEYS.token);
    window.localStorage.removeItem(STORAGE_KEYS.role);
  };
}

/** At 360 px nothing may need sideways scrolling (WCAG 1.4.10, Reflow). */
export async function fitsThePhone(): Promise<void> {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/**
 * How many lines the longest-split text inside `element` takes: a Range over one text node gives
 * one rectangle per line it runs over (the element boxes around it are left out, whose tops
 * differ from their text's).
 */
export function linesOfText(element: Element): number {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let most = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    most = Math.max(most, tops.size);
  }
  return most;
}

/**
 * No value a table keeps whole (a date, a time, an id: RecordTable's `nowrap` cells) is split
 * over two lines.
 */
export async function valuesStayWhole(root: HTMLElement): Promise<void> {
  const cells = [...root.querySelectorAll('td[data-nowrap]')];
  await expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    const lines = linesOfText(cell);
    await expect(lines, `“${cell.textContent ?? ''}” is split over ${lines} lines`).toBe(1);
  }
}

/** Renders a story inside a management section's frame: its sidebar beside the page on large screens. */
export function inManagementSection(section: 'patients' | 'employees'): Decorator {
  const prefix = section === 'patients' ? ROUTES.patientsManagement : ROUTES.employeesManagement;
  const InSection: Decorator = (Story) => (
    <Routes>
      <Route
        path={prefix}
        element={
          <ManagementSection
            section={section === 'patients' ? PATIENTS_SECTION : EMPLOYEES_SECTION}
          />
        }
      >
        <Route path="*" element={<Story />} />
      </Route>
    </Routes>
  );
  return InSection;
}
