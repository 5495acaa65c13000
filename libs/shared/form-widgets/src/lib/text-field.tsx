import { type FocusEvent, type MouseEvent, useRef } from 'react';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** Props of TextField. */
export interface TextFieldProps extends FieldProps {
  /** `tel` brings up a phone keypad; `text` otherwise. */
  type?: 'text' | 'tel';
  maxLength?: number;
  /**
   * Selects the whole value when the field gets focus, by click or Tab, so typing replaces it
   * rather than adding to it (an id box reused for the next lookup: "E001E004").
   */
  selectOnFocus?: boolean;
}

/** A one-line text input bound to the form value at `name`. */
export function TextField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete,
  disabled,
  type = 'text',
  maxLength,
  selectOnFocus = false,
}: TextFieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  // The click that focused the field would put the caret where it landed on mouse-up, undoing
  // the selection; that one mouse-up is ignored.
  const justFocused = useRef(false);
  const selecting = selectOnFocus
    ? {
        onFocus: (event: FocusEvent<HTMLInputElement>) => {
          justFocused.current = true;
          event.currentTarget.select();
        },
        onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
          if (justFocused.current) event.preventDefault();
          justFocused.current = false;
        },
        onKeyDown: () => {
          justFocused.current = false;
        },
      }
    : {};
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type={type}
        className={INPUT_CLASS}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...selecting}
        {...form.register(name, { disabled })}
      />
    </FieldFrame>
  );
}
