import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MESSAGES, ROUTES, TIMINGS } from '@portal/contract';
import { rememberSessionEnded } from '@portal/auth';
import { PortalFrame } from '@portal/shell';
import { renderWithProviders, setupMswServer } from '@portal/testing';
import { LandingPage } from './landing-page';

// The landing page calls no API; any call it made would fail the test. setupMswServer sets up
// Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
setupMswServer();

/** The landing page as the app shows it: in the frame, with the top bar and the footer. */
function renderLanding(signedIn = false) {
  return renderWithProviders(
    <PortalFrame>
      <LandingPage />
    </PortalFrame>,
    { route: ROUTES.home, session: signedIn ? { role: 'patient' } : null },
  );
}

/** The hero counters as they are drawn (the animated figures, hidden from screen readers). */
function drawnFigures() {
  const stats = screen.getByRole('region', { name: 'The hospital in numbers' });
  return within(stats)
    .getAllByRole('definition')
    .map((figure) => figure.querySelector('[aria-hidden="true"]')?.textContent);
}

/** A figure as screen readers hear it: the text outside the animated, hidden part. */
const heardFigure = (text: string) => screen.getByText(text, { ignore: '[aria-hidden="true"]' });

/** Makes the browser report a 'prefers-reduced-motion: reduce' setting, or none. */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('LandingPage', () => {
  it('has the hero heading, the advanced-care highlights and the three user groups', () => {
    renderLanding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Care that knows you, wherever you meet us' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Advanced care' })).toBeInTheDocument();
    const features = screen.getByRole('region', {
      name: 'One system for everyone who keeps you well',
    });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Patients', 'Medical personnel', 'Human resources']);
  });

  describe('system buttons', () => {
    it("send a signed-out visitor to /login ('Our System' and 'Access the System')", () => {
      renderLanding(false);
      expect(screen.getByRole('link', { name: 'Our System' })).toHaveAttribute(
        'href',
        ROUTES.login,
      );
      expect(screen.getByRole('link', { name: 'Access the System' })).toHaveAttribute(
        'href',
        ROUTES.login,
      );
    });

    it('send a signed-in user to /system', () => {
      renderLanding(true);
      expect(screen.getByRole('link', { name: 'Our System' })).toHaveAttribute(
        'href',
        ROUTES.system,
      );
      expect(screen.getByRole('link', { name: 'Access the System' })).toHaveAttribute(
        'href',
        ROUTES.system,
      );
    });
  });

  it("'System Info' scrolls to the feature section and moves focus to its heading", async () => {
    // jsdom lays nothing out, so it has no scrollIntoView of its own.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderLanding();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'System Info' }));

    const heading = screen.getByRole('heading', {
      level: 2,
      name: 'One system for everyone who keeps you well',
    });
    expect(heading).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollIntoView.mock.contexts[0]).toBe(heading);
  });

  describe('hero counters', () => {
    it('give screen readers the final figures at once, with their labels', () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderLanding();
      const stats = screen.getByRole('region', { name: 'The hospital in numbers' });
      expect(
        within(stats)
          .getAllByRole('term')
          .map((term) => term.textContent),
      ).toEqual(['years of trusted care', 'successful treatments', 'daily care']);
      expect(heardFigure('50+')).toBeInTheDocument();
      expect(heardFigure('21M')).toBeInTheDocument();
      expect(heardFigure('100%')).toBeInTheDocument();
    });

    it('count up from 0 and end at 50+, 21M and 100% after 2 seconds', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderLanding();
      expect(drawnFigures()).toEqual(['0+', '0M', '0%']);

      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.counterDurationMs / 2));
      const halfway = drawnFigures();
      expect(halfway).not.toEqual(['0+', '0M', '0%']);
      expect(halfway).not.toEqual(['50+', '21M', '100%']);

      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.counterDurationMs));
      expect(drawnFigures()).toEqual(['50+', '21M', '100%']);

      // They stay there.
      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.counterDurationMs));
      expect(drawnFigures()).toEqual(['50+', '21M', '100%']);
    });

    it('show the final figures at once when the user prefers reduced motion', () => {
      stubReducedMotion(true);
      const requestAnimationFrame = vi.spyOn(window, 'requestAnimationFrame');
      renderLanding();
      expect(drawnFigures()).toEqual(['50+', '21M', '100%']);
      expect(requestAnimationFrame).not.toHaveBeenCalled();
    });

    it('animate when the user has no reduced-motion preference', () => {
      stubReducedMotion(false);
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderLanding();
      expect(drawnFigures()).toEqual(['0+', '0M', '0%']);
    });
  });

  describe("'Token expired' notice", () => {
    beforeEach(() => {
      window.sessionStorage.clear();
    });

    it('is not shown on an ordinary visit', () => {
      renderLanding();
      expect(screen.queryByText(MESSAGES.tokenExpired)).not.toBeInTheDocument();
    });

    it('is shown once after a session ended under the user, and not again', () => {
      rememberSessionEnded('expired');
      const first = renderLanding();
      const notice = screen.getByRole('status');
      expect(notice).toHaveTextContent(MESSAGES.tokenExpired);
      expect(notice).toHaveTextContent('For your privacy you were signed out.');

      first.unmount();
      renderLanding();
      expect(screen.queryByText(MESSAGES.tokenExpired)).not.toBeInTheDocument();
    });

    it('also follows a session the server refused', () => {
      rememberSessionEnded('unauthorized');
      renderLanding();
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
    });
  });

  it('shows the current year in the footer', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2031-05-06T10:00:00Z') });
    renderLanding();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      '© 2031 Riverside General Hospital. All rights reserved.',
    );
  });
});
