import { useRef } from 'react';
import { LONG_TEXT_MAX, type MyContact, type MyContactRequest } from '@portal/contract';
import { toApiError, useUpdateMyContactMutation } from '@portal/api-client';
import {
  EmailField,
  PortalForm,
  SubmitErrorNotice,
  TextAreaField,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog, useT } from '@portal/ui';

/** The form kit's texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as DIALOG_TEXTS } from '@portal/i18n/packs/page-my-info-dialogs';

/** The contact change's rules (the record's own), loaded when the dialog first opens. */
const contactSchema = () =>
  import('@portal/contract/schemas').then((c) => c.myContactRequestSchema);

/** Props of {@link ContactDialog}. */
export interface ContactDialogProps {
  /** The details as stored, which the form starts with. */
  readonly contact: MyContact;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/**
 * The patient changes their phone number, email and address: what differs from the stored
 * details is sent (PATCH /profile/contact), checked by the record's rules on both sides.
 */
export function ContactDialog({ contact, onClose, onSaved }: ContactDialogProps) {
  const mutation = useUpdateMyContactMutation();
  const form = usePortalForm(contactSchema, {
    defaultValues: {
      phone_number: contact.phone_number,
      email: contact.email,
      address: contact.address ?? '',
    },
  });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const firstRef = useRef<HTMLElement | null>(null);
  const t = useT();
  return (
    <Dialog
      open
      title={t('public.contact.changeTitle')}
      description={t('public.contact.changeDescription')}
      onClose={onClose}
      initialFocusRef={firstRef}
    >
      <PortalForm
        form={form}
        aria-label={t('public.contact.changeTitle')}
        onSubmit={async (values) => {
          clear();
          const changes: MyContactRequest = {};
          if (values.phone_number !== contact.phone_number)
            changes.phone_number = values.phone_number;
          if (values.email !== contact.email) changes.email = values.email;
          if ((values.address ?? null) !== contact.address)
            changes.address = values.address ?? null;
          if (Object.keys(changes).length === 0) {
            onClose();
            return;
          }
          try {
            await mutation.mutateAsync(changes);
            onSaved();
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <SubmitErrorNotice
          feedback={feedback}
          noticeRef={noticeRef}
          title={t('public.contact.failed')}
        />
        <div
          ref={(element) => {
            firstRef.current = element?.querySelector('input') ?? null;
          }}
        >
          <TextField
            name="phone_number"
            type="tel"
            label={t('public.contact.phone')}
            required
            autoComplete="tel"
          />
        </div>
        <EmailField name="email" label={t('public.contact.email')} required />
        <TextAreaField
          name="address"
          label={t('public.contact.address')}
          rows={3}
          maxLength={LONG_TEXT_MAX}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={onClose}>
            {t('public.contact.cancel')}
          </Button>
          <Button type="submit" busy={mutation.isPending}>
            {t('public.contact.save')}
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}
