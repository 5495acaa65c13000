import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { NavigationScroll, SCROLL_POSITIONS_KEY } from './navigation-scroll';

/** jsdom does not scroll: a stand-in window position that scrollTo moves and reports. */
function fakeScrolling() {
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  const scrollTo = vi.fn((_x: number, top: number) => {
    y = top;
  });
  vi.stubGlobal('scrollTo', scrollTo);
  /** Scrolls as a person would: the position moves and the window says so. */
  const scrollBy = (top: number) => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
  };
  return { scrollTo, scrollBy, position: () => y };
}

const probe: { navigate: ReturnType<typeof useNavigate> } = { navigate: () => undefined };
function NavigateProbe() {
  const navigate = useNavigate();
  useEffect(() => {
    probe.navigate = navigate;
  }, [navigate]);
  return null;
}
const navigate = (to: string | number) =>
  typeof to === 'number' ? probe.navigate(to) : probe.navigate(to);

function renderPages() {
  return render(
    <MemoryRouter initialEntries={['/list']}>
      <NavigationScroll />
      <NavigateProbe />
      <Routes>
        <Route path="/list" element={<Link to="/chart">Open chart</Link>} />
        <Route path="/chart" element={<h1>Chart</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('NavigationScroll', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('opens a new page at its top, and Back returns to where the earlier page was left', async () => {
    const scroll = fakeScrolling();
    renderPages();
    scroll.scrollBy(1800);

    await act(async () => navigate('/chart'));
    expect(scroll.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scroll.position()).toBe(0);

    await act(async () => navigate(-1));
    expect(scroll.scrollTo).toHaveBeenLastCalledWith(0, 1800);
    expect(scroll.position()).toBe(1800);
  });

  it('keeps trying on Back while the earlier page is still too short, until it is reached', async () => {
    const scroll = fakeScrolling();
    renderPages();
    scroll.scrollBy(900);
    await act(async () => navigate('/chart'));

    // The page is too short at first: the browser stops the scroll at 200.
    let tall = false;
    scroll.scrollTo.mockImplementation((_x: number, top: number) => {
      Object.defineProperty(window, 'scrollY', {
        configurable: true,
        get: () => (tall ? top : Math.min(top, 200)),
      });
    });
    await act(async () => navigate(-1));
    expect(window.scrollY).toBe(200);
    tall = true;
    await act(async () => new Promise((wait) => setTimeout(wait, 100)));
    expect(window.scrollY).toBe(900);
  });

  it("stays where it is when only the entry's state changes (the same address)", async () => {
    const scroll = fakeScrolling();
    renderPages();
    scroll.scrollBy(400);
    await act(async () => probe.navigate('/list', { replace: true, state: { kept: true } }));
    expect(scroll.scrollTo).not.toHaveBeenCalled();
    expect(scroll.position()).toBe(400);
  });

  it('leaves the position alone on a link to a fragment, and keeps positions across a reload', async () => {
    const scroll = fakeScrolling();
    const { unmount } = renderPages();
    scroll.scrollBy(700);
    await act(async () => navigate('/chart#allergies'));
    expect(scroll.scrollTo).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]')).toEqual([
      ['default', 700],
    ]);
  });
});
