import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { i18n, type MessageId, type Pack, t } from '@portal/i18n';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('preloadable', () => {
  it('renders at once, with no loading fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const Page = preloadable(load, (module) => module.Greeting);
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Malee" />
      </Suspense>,
    );
    // In the very first render: no fallback was ever shown.
    expect(screen.getByText('Hello, Malee')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is an ordinary lazy component until then', async () => {
    const Page = preloadable(
      () => Promise.resolve({ Greeting }),
      (module) => module.Greeting,
    );
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Somchai" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Somchai')).toBeInTheDocument();
  });

  it("fetches the page's packs of messages (PAGE_TEXTS) before it counts as loaded", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const id = 'common.test.greeting' as MessageId;
    const pack: Pack = {
      en: () => held.then(() => ({ messages: { [id]: ['Hello from a pack'] } })),
      th: () => held.then(() => ({ messages: { [id]: ['สวัสดี'] } })),
    };
    const Page = preloadable(
      () => Promise.resolve({ Greeting, PAGE_TEXTS: [pack] }),
      (module) => module.Greeting,
    );
    let loaded = false;
    const preloading = Page.preload().then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);
    release();
    await preloading;
    expect(i18n.locale).toBe('en');
    expect(t(id)).toBe('Hello from a pack');
  });
});
