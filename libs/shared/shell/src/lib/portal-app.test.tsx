import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { PortalApp } from './portal-app';

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
