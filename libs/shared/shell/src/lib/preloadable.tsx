import { type ComponentType, lazy, useState } from 'react';
import { type Pack, requirePack } from '@portal/i18n';

/** A lazily loaded component that {@link preloadRoute} can fetch before the app first renders. */
export type Preloadable<P extends object> = ComponentType<P> & {
  /** Fetches the component's chunk (the same `import()` its first render would make). */
  readonly preload: () => Promise<unknown>;
};

/**
 * A lazily loaded component (a page, a layout) that renders at once, without suspending, when
 * its chunk was fetched before it first renders. `lazy()` alone suspends on its first render
 * even then: the loading fallback is shown, and React holds the page back till 300 ms after it
 * (MyInfo's first paint came that much late). Before its chunk is there it is an
 * ordinary `lazy()` component. A page module's `PAGE_TEXTS` (its packs of messages,
 * @portal/i18n lib/packs.ts) are fetched before it counts as loaded, so that it never renders
 * a text it does not hold yet.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: M | undefined;
  const preload = () =>
    load().then(async (module) => {
      const texts = (module as { PAGE_TEXTS?: readonly Pack[] }).PAGE_TEXTS ?? [];
      await Promise.all(texts.map((pack) => requirePack(pack)));
      return (loaded = module);
    });
  const Lazy = lazy(() => preload().then((module) => ({ default: pick(module) })));
  function Preloaded(props: P) {
    // Chosen once per mount: turning from the lazy form to the loaded one would remount it.
    const [Component] = useState<ComponentType<P>>(() => (loaded ? pick(loaded) : Lazy));
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
