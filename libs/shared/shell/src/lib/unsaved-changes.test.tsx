import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWarnBeforeUnload } from './unsaved-changes';

function leave(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useWarnBeforeUnload', () => {
  it('asks before the tab closes only while there are unsaved changes', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useWarnBeforeUnload(dirty), {
      initialProps: { dirty: false },
    });
    expect(leave()).toBe(false);
    rerender({ dirty: true });
    expect(leave()).toBe(true);
    rerender({ dirty: false });
    expect(leave()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(leave()).toBe(false);
  });
});
