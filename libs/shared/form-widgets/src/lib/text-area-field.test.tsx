import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { TEXT_MESSAGES, textSchema } from '@portal/contract';
import { PortalForm } from './portal-form';
import { TextAreaField } from './text-area-field';
import { usePortalForm } from './use-portal-form';

function Harness({ onSubmit }: { onSubmit: (values: { detail: string }) => void }) {
  const form = usePortalForm(
    z.object({ detail: textSchema({ max: 40, multiline: true, required: true }) }),
    {
      defaultValues: { detail: '' },
    },
  );
  return (
    <PortalForm form={form} onSubmit={onSubmit}>
      <TextAreaField name="detail" label="Detail" required hint="What happened" />
      <button type="submit">Add</button>
    </PortalForm>
  );
}

describe('TextAreaField', () => {
  it('is a labelled multi-line box whose value reaches the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: /^Detail/ });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAccessibleDescription(/What happened/);
    await user.type(box, 'Line one{enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith({ detail: 'Line one\nLine two' }, expect.anything());
  });

  it('keeps line breaks and tabs, but says so when a pasted text holds a control character', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: /^Detail/ });
    await user.click(box);
    await user.paste('Line one\u0007\nLine two');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('textbox', {
      name: /^Detail/,
      description: new RegExp(TEXT_MESSAGES.controlCharacterMultiline.replace(/[()]/g, '\\$&')),
    });
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(box);
    await user.paste('Line one\n\tLine two');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith({ detail: 'Line one\n\tLine two' }, expect.anything());
  });

  it('shows the schema’s message and marks the box invalid', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const box = await screen.findByRole('textbox', { name: /^Detail/, description: /Required/ });
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
