import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, LOCALE_STORAGE_KEY } from '@portal/i18n';
import { useT } from '@portal/ui';
import { mountPortalApp, PortalApp, READY_WAIT_MS } from './portal-app';

/** The public app as its main.tsx mounts it. */
const PUBLIC = { scope: 'public', title: 'public.app.title' } as const;

describe('PortalApp', () => {
  it('shows the footer only once the first page has loaded, so nothing is pushed down', async () => {
    let arrive: (page: { default: () => React.JSX.Element }) => void = () => undefined;
    const Page = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          arrive = resolve;
        }),
    );
    render(
      <PortalApp>
        <Page />
      </PortalApp>,
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    await act(async () => arrive({ default: () => <h1>The page</h1> }));

    expect(await screen.findByRole('heading', { name: 'The page' })).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

/** A text from the catalogue, as a page shows one. */
function LoadingProbe() {
  return <p>{useT()('common.loading')}</p>;
}

describe('mountPortalApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders into #root once `ready` has settled, failed or not', async () => {
    for (const settle of ['resolve', 'reject'] as const) {
      document.body.innerHTML = '<div id="root"></div>';
      let done: () => void = () => undefined;
      const ready = new Promise<void>((resolve, reject) => {
        done = settle === 'resolve' ? resolve : () => reject(new Error('offline'));
      });
      mountPortalApp(<p>{`App ${settle}`}</p>, PUBLIC, ready);
      await act(async () => new Promise((wait) => setTimeout(wait, 10)));
      expect(screen.queryByText(`App ${settle}`)).not.toBeInTheDocument();
      await act(async () => done());
      expect(await screen.findByText(`App ${settle}`)).toBeInTheDocument();
    }
  });

  it('renders in the language chosen on this browser, and says so in <html lang>', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'th');
    try {
      mountPortalApp(<LoadingProbe />, PUBLIC);
      expect(await screen.findByText('กำลังโหลด…')).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('th');
      expect(document.title).toBe('โรงพยาบาลริเวอร์ไซด์ เจเนอรัล');
    } finally {
      await activateLocale('en', 'all');
    }
  });

  it('renders after READY_WAIT_MS when `ready` never settles (a stalled network)', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"></div>';
      mountPortalApp(<p>App stalled</p>, PUBLIC, new Promise<void>(() => undefined));
      // The wait starts once the language's messages are in.
      await act(async () => vi.dynamicImportSettled());
      await act(async () => vi.advanceTimersByTime(READY_WAIT_MS - 1));
      expect(screen.queryByText('App stalled')).not.toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(1));
      expect(screen.getByText('App stalled')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
