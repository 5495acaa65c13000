import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivationCodeResponse } from '@portal/contract';
import { ApiError } from '@portal/api-client';
import { NewActivationCodePanel } from './new-activation-code-panel';

const EXPIRES = '2026-12-05T10:00:00.000Z';

/** The panel driven by a real mutation whose answers the test hands out one by one. */
function renderPanel() {
  const answers: Array<{
    resolve: (code: ActivationCodeResponse) => void;
    reject: (e: unknown) => void;
  }> = [];
  const sent: string[] = [];
  function Page() {
    const reissue = useMutation({
      mutationFn: (id: string) => {
        sent.push(id);
        return new Promise<ActivationCodeResponse>((resolve, reject) => {
          answers.push({ resolve, reject });
        });
      },
    });
    return (
      <>
        <NewActivationCodePanel
          person={{ id: 'P007', name: 'Anong Chaiyaporn' }}
          reissue={reissue}
        />
        <button type="button" onClick={() => reissue.reset()}>
          Load another record
        </button>
      </>
    );
  }
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), answers, sent };
}

const issue = () => screen.getByRole('button', { name: /^Issue a new activation code/ });

describe('NewActivationCodePanel', () => {
  it('says who has not registered, issues a code for their id and shows it', async () => {
    const { user, answers, sent } = renderPanel();
    expect(
      screen.getByText('Anong Chaiyaporn has not registered for the portal yet.'),
    ).toBeVisible();
    await user.click(issue());
    expect(sent).toEqual(['P007']);
    expect(issue()).toHaveAccessibleName('Issue a new activation code Working…');
    answers[0]!.resolve({ activation_code: 'ABCD2345WXYZ', activation_code_expires_at: EXPIRES });
    const notice = await screen.findByText(
      'New activation code (the previous one no longer works)',
    );
    expect(notice).toBeVisible();
    expect(screen.getByText('ABCD-2345-WXYZ')).toBeVisible();
  });

  it('forgets the shown code while a newer one is requested, and when the page resets it', async () => {
    const { user, answers } = renderPanel();
    await user.click(issue());
    answers[0]!.resolve({ activation_code: 'ABCD2345WXYZ', activation_code_expires_at: EXPIRES });
    expect(await screen.findByText('ABCD-2345-WXYZ')).toBeVisible();
    await user.click(issue());
    expect(screen.queryByText('ABCD-2345-WXYZ')).not.toBeInTheDocument();
    answers[1]!.resolve({ activation_code: 'EFGH6789JKMN', activation_code_expires_at: EXPIRES });
    expect(await screen.findByText('EFGH-6789-JKMN')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load another record' }));
    expect(screen.queryByText('EFGH-6789-JKMN')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when no code is issued, until the next request', async () => {
    const { user, answers } = renderPanel();
    await user.click(issue());
    answers[0]!.reject(
      new ApiError({ kind: 'http', status: 409, detail: 'This patient has already registered' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No new activation code');
    expect(alert).toHaveTextContent('This patient has already registered');
    await user.click(issue());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
