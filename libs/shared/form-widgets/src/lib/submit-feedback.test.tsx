import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Notice } from '@portal/ui';
import { FormActions } from './form-actions';
import { PortalForm } from './portal-form';
import { type SubmitFailure, SubmitErrorNotice, useSubmitFeedback } from './submit-feedback';
import { TextField } from './text-field';
import { usePortalForm } from './use-portal-form';

const schema = z.object({ first_name: z.string(), last_name: z.string() });

/** A page's form as the apps build it: its notices above, the outcome decided by the test. */
function SavePage({
  outcome,
  withoutForm = false,
}: {
  outcome: (values: z.output<typeof schema>) => Promise<string>;
  /** The failure is reported as a step's, with no form (`fail(null, …)`). */
  withoutForm?: boolean;
}) {
  const form = usePortalForm(schema, { defaultValues: { first_name: '', last_name: '' } });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<string>();
  return (
    <div>
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success">
          {feedback.value}
        </Notice>
      )}
      <SubmitErrorNotice feedback={feedback} noticeRef={noticeRef} title="Not saved" />
      <PortalForm
        form={form}
        aria-label="Person"
        onSubmit={async (values) => {
          clear();
          try {
            succeed(await outcome(values));
          } catch (error) {
            fail(withoutForm ? null : form, error as SubmitFailure);
          }
        }}
      >
        <TextField name="first_name" label="First Name" />
        <TextField name="last_name" label="Last Name" />
        <FormActions submitLabel="Save" onReset={clear} />
      </PortalForm>
    </div>
  );
}

/** A refusal as the api-client throws it: an Error carrying the problem's detail and fields. */
class Refusal extends Error implements SubmitFailure {
  readonly detail: string;
  readonly fieldErrors: SubmitFailure['fieldErrors'];
  constructor({ detail, fieldErrors }: SubmitFailure) {
    super(detail);
    this.detail = detail;
    this.fieldErrors = fieldErrors;
  }
}

const refuse = (failure: SubmitFailure) => () => Promise.reject(new Refusal(failure));

async function fillAndSave(
  outcome: (values: z.output<typeof schema>) => Promise<string>,
  withoutForm = false,
) {
  const user = userEvent.setup();
  render(<SavePage outcome={outcome} withoutForm={withoutForm} />);
  await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Malee');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Srisuk');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { user };
}

describe('useSubmitFeedback and SubmitErrorNotice', () => {
  it('shows nothing before a submit', () => {
    render(<SavePage outcome={() => Promise.resolve('Saved')} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces a success and moves focus to its notice', async () => {
    await fillAndSave(({ first_name }) => Promise.resolve(`${first_name} saved`));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Malee saved');
    await waitFor(() => expect(notice).toHaveFocus());
  });

  it('moves focus to the notice again on the next success', async () => {
    const { user } = await fillAndSave(() => Promise.resolve('Saved'));
    const first = await screen.findByRole('status');
    await waitFor(() => expect(first).toHaveFocus());
    await user.click(screen.getByRole('textbox', { name: 'First Name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
  });

  it('marks the fields the server names, focuses the first, and keeps every value', async () => {
    await fillAndSave(
      refuse({
        detail: 'Some details are not valid',
        fieldErrors: [
          { field: 'last_name', message: 'Last name is too common' },
          { field: 'first_name', message: 'First name is taken' },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Some details are not valid');
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument();

    const first = screen.getByRole('textbox', { name: 'First Name' });
    const last = screen.getByRole('textbox', { name: 'Last Name' });
    await waitFor(() => expect(last).toHaveFocus());
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last).toHaveAccessibleDescription('Last name is too common');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name is taken');
    expect(alert).not.toHaveFocus();
    expect(first).toHaveValue('Malee');
    expect(last).toHaveValue('Srisuk');
  });

  it('focuses the error notice when the server names no field', async () => {
    await fillAndSave(refuse({ detail: 'Something went wrong on our side.' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Malee');
    expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('without a form, marks no field and focuses the notice, whatever fields the failure names', async () => {
    await fillAndSave(
      refuse({
        detail: 'The code is wrong.',
        fieldErrors: [{ field: 'first_name', message: 'Not this one' }],
      }),
      true,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The code is wrong.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('lists the messages no field can show, and focuses the notice when none was placed', async () => {
    await fillAndSave(
      refuse({
        detail: 'The request was refused',
        fieldErrors: [
          { field: 'body', message: 'The request body is not valid JSON' },
          { field: 'middle_name', message: 'Too long' },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The request body is not valid JSON', 'middle_name: Too long']);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('with placed and unplaced errors, focuses the field and lists the rest', async () => {
    await fillAndSave(
      refuse({
        detail: 'The request was refused',
        fieldErrors: [
          { field: 'cursor', message: 'Unknown cursor' },
          { field: 'first_name', message: 'First name is taken' },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('cursor: Unknown cursor');
    const first = screen.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription('First name is taken');
  });

  it('clears the notice on the next submit and on Reset', async () => {
    let answer: () => Promise<string> = refuse({ detail: 'Refused' });
    const user = userEvent.setup();
    render(<SavePage outcome={() => answer()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');

    answer = () => Promise.resolve('Saved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
