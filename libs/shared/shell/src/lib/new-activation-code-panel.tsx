import type { ActivationCodeResponse } from '@portal/contract';
import { toApiError } from '@portal/api-client';
import { t as translate } from '@portal/i18n';
import { ActivationCodeNotice, Button, Notice, useT } from '@portal/ui';

/** What the panel needs of the page's reissue mutation (TanStack Query's mutation result). */
export interface ReissueCodeMutation {
  mutate: (id: string) => void;
  isPending: boolean;
  /** The new code, once issued: a new request forgets it, and so does the mutation's reset. */
  data: ActivationCodeResponse | undefined;
  error: unknown;
}

/** What the panel says of someone with an account: the forgotten password's way. */
export function forgottenPasswordText(name: string): string {
  return translate('common.recordEdit.forgottenPassword', { name });
}

/**
 * On an edit page: a button that issues a new activation code (the previous one stops
 * working), then the code to hand over, or the server's reason for refusing. For someone who
 * has not registered it is their way in; for someone who has, the hospital's way to reset a
 * forgotten password (they register again with it). The page resets the mutation when it loads
 * another record.
 */
export function NewActivationCodePanel({
  person,
  reissue,
  registered = false,
}: {
  /** The record's id and the person's full name. */
  person: { id: string; name: string };
  reissue: ReissueCodeMutation;
  /** Whether the person has a portal account already. */
  registered?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <p className="text-sm text-muted">
        {registered
          ? forgottenPasswordText(person.name)
          : t('common.recordEdit.notRegistered', { name: person.name })}
      </p>
      <div>
        <Button
          variant="secondary"
          busy={reissue.isPending}
          onClick={() => reissue.mutate(person.id)}
        >
          {t('common.recordEdit.issueCode')}
        </Button>
      </div>
      {reissue.data && (
        <ActivationCodeNotice
          code={reissue.data.activation_code}
          expiresAt={reissue.data.activation_code_expires_at}
          personLabel={`${person.name} (${person.id})`}
          title={t('common.recordEdit.newCodeTitle')}
        />
      )}
      {reissue.error != null && (
        <Notice tone="error" title={t('common.recordEdit.noNewCode')}>
          <p>{toApiError(reissue.error).detail}</p>
        </Notice>
      )}
    </div>
  );
}
