import { useT } from '@portal/ui';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

export { CLOCK_TIME_HINT, TIME_HINT } from './time-hints';

export interface TimeFieldProps extends FieldProps {
  /**
   * The browser's time control (`<input type="time">`, to the minute) instead of free text: a
   * picker on phones and desktops, and typing `10:30` still works. Its value is `HH:MM`, which
   * the contract's timeSchema takes as it is. Without it the field takes free text, as the spec
   * has it (`10:30`, or with seconds `10:30:00`).
   */
  clock?: boolean;
}

/**
 * A time: free text checked by the contract's timeSchema, or with `clock` the browser's time
 * control. The free text uses a text keyboard rather than a numeric one: phone number pads have
 * no colon.
 */
export function TimeField({
  name,
  label,
  required,
  placeholder = '10:30',
  clock = false,
  hint: givenHint,
  autoComplete = 'off',
  disabled,
}: TimeFieldProps) {
  const t = useT();
  const hint = givenHint ?? t(clock ? 'common.time.clockHint' : 'common.time.hint');
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  const kind = clock
    ? ({ type: 'time', step: 60 } as const)
    : ({ type: 'text', maxLength: 8, spellCheck: false, placeholder } as const);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        {...kind}
        className={INPUT_CLASS}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, { disabled })}
      />
    </FieldFrame>
  );
}
