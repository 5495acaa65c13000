import { useFormContext, useWatch } from 'react-hook-form';
import { Button, Msg, useT } from '@portal/ui';

/**
 * The next free id beside an add form's id field: "Next free ID: P038 [Use P038]".
 * The field itself starts empty, as the spec's forms do (and Reset still clears it); one press
 * fills the suggestion in, and it stays editable. Hidden when the field already holds it; an
 * empty line of its height until the API has answered. The server still answers 409 if someone took the id meanwhile.
 */
export function IdSuggestion({
  name,
  suggestion,
}: {
  /** The id field's form name (`patient.patient_id`, `employee_id`). */
  name: string;
  /** The suggested id, once the API has answered. */
  suggestion: string | undefined;
}) {
  const form = useFormContext();
  const t = useT();
  const value: unknown = useWatch({ name });
  // Until the API answers, the line's room is kept: the suggestion arriving would otherwise push
  // the fields below it down the screen, a layout shift on every first visit.
  if (!suggestion) return <div aria-hidden="true" className="min-h-11 sm:col-span-2" />;
  if (value === suggestion) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted sm:col-span-2">
      <span>
        <Msg
          id="common.recordEditor.nextFreeId"
          values={{ id: suggestion }}
          components={{ 0: <span className="font-mono font-semibold text-ink" /> }}
        />
      </span>
      <Button
        variant="secondary"
        onClick={() => form.setValue(name, suggestion, { shouldDirty: true, shouldValidate: true })}
      >
        {t('common.recordEditor.useId', { id: suggestion })}
      </Button>
    </p>
  );
}
