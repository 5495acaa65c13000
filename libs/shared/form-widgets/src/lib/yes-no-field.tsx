import { YES_NO } from '@portal/contract';
import type { MessageId } from '@portal/i18n';
import { useT } from '@portal/ui';
import {
  type FieldProps,
  FieldErrorText,
  FieldHint,
  RequiredMark,
  useFieldBase,
} from './field-base';

const LABELS: Readonly<Record<(typeof YES_NO)[number], MessageId>> = {
  yes: 'common.form.yes',
  no: 'common.form.no',
};

/**
 * The options of a yes/no about having something (health insurance): "Yes" / "No" in English,
 * "มี" / "ไม่มี" (has / has not) in Thai, as the record shows the answer, not a bare ใช่ / ไม่ใช่.
 */
export const HAS_CHOICES: Readonly<Record<(typeof YES_NO)[number], MessageId>> = {
  yes: 'common.form.has',
  no: 'common.form.hasNot',
};

/**
 * A yes/no choice as two radio buttons in a fieldset whose legend is the label. Its value is
 * 'yes', 'no', or null before either is chosen. Arrow keys move between the two, as native
 * radios do. The error describes the group and each radio (radios take no aria-invalid), so it
 * is read wherever focus lands.
 */
export function YesNoField({
  name,
  label,
  required,
  hint,
  disabled,
  choices = LABELS,
}: Omit<FieldProps, 'placeholder' | 'autoComplete'> & {
  /** The two options' words, when a bare yes/no reads wrong (Thai "มี"/"ไม่มี" for having something). */
  choices?: Readonly<Record<(typeof YES_NO)[number], MessageId>>;
}) {
  const t = useT();
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-semibold text-ink">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {YES_NO.map((value, index) => {
          const optionId = index === 0 ? id : `${id}-${value}`;
          return (
            <label
              key={value}
              htmlFor={optionId}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-base text-ink has-disabled:cursor-not-allowed has-disabled:text-muted"
            >
              <input
                id={optionId}
                type="radio"
                value={value}
                className="size-5 accent-brand-700"
                required={required}
                aria-describedby={errorId}
                {...form.register(name, { disabled })}
              />
              {t(choices[value])}
            </label>
          );
        })}
      </div>
      <FieldErrorText id={errorId} message={message} />
    </fieldset>
  );
}
