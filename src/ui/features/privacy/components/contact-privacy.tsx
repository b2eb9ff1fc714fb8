import { Ban, Check, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useContactConsents, type ChannelState, type ConsentChannel, type LegalBasis } from '../api/get-consents';
import { CONSENT_CHANNELS } from '../consent-terms';
import { ConsentDialog } from './consent-dialog';
import { LegalBasisDialog } from './legal-basis-dialog';

type Open = { kind: 'none' } | { kind: 'basis' } | { kind: 'consent'; channel: ConsentChannel; granted: boolean };

/**
 * A contact's privacy: the legal basis its data is held on, and each channel's consent (granted, revoked, or never
 * recorded), with the dialogs that record a new one. `readOnly` (an anonymized contact): nothing can be recorded.
 */
export function ContactPrivacy({ contactId, readOnly }: { contactId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const consents = useContactConsents(contactId);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  if (consents.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  if (consents.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(consents.error, t)}
      </p>
    );
  const basis = consents.data.legalBasis ?? null;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1" data-testid="contact-legal-basis">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-xs font-medium text-muted-foreground">{t('privacy.contact.legalBasis')}</h3>
          <Button variant="outline" size="sm" disabled={readOnly} onClick={() => setOpen({ kind: 'basis' })}>
            <Scale className="h-4 w-4" aria-hidden="true" />
            {t('privacy.contact.recordBasis')}
          </Button>
        </div>
        <BasisText basis={basis} />
      </div>
      <ul className="grid gap-3" aria-label={t('privacy.contact.consents')}>
        {CONSENT_CHANNELS.map((channel) => (
          <ChannelRow
            key={channel}
            channel={channel}
            state={consents.data.state?.[channel] ?? null}
            readOnly={readOnly}
            onRecord={(granted) => setOpen({ kind: 'consent', channel, granted })}
          />
        ))}
      </ul>
      {open.kind === 'basis' && <LegalBasisDialog contactId={contactId} current={basis} onClose={close} />}
      {open.kind === 'consent' && (
        <ConsentDialog contactId={contactId} channel={open.channel} granted={open.granted} onClose={close} />
      )}
    </div>
  );
}

function BasisText({ basis }: { basis: LegalBasis | null }) {
  const { t } = useTranslation();
  if (!basis) return <p className="text-sm text-muted-foreground">{t('privacy.contact.noBasis')}</p>;
  return (
    <>
      <p className="text-sm font-medium" data-testid="contact-legal-basis-value">
        {t(`privacy.bases.${basis.basis}`)}
      </p>
      <p className="text-xs text-muted-foreground">
        {t('privacy.contact.recordedBy', {
          name: basis.recordedByName ?? t(`privacy.sources.${basis.source}`),
          at: formatDate(basis.createdAt),
        })}
      </p>
      {basis.note && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{basis.note}</p>}
    </>
  );
}

function ChannelRow({
  channel,
  state,
  readOnly,
  onRecord,
}: {
  channel: ConsentChannel;
  state: ChannelState;
  readOnly: boolean;
  onRecord: (granted: boolean) => void;
}) {
  const { t } = useTranslation();
  const name = t(`privacy.channels.${channel}`);
  return (
    <li
      className="grid gap-2 rounded-md border border-border p-3"
      data-testid="contact-consent"
      data-channel={channel}
      data-state={state === null ? 'none' : state.granted ? 'granted' : 'revoked'}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{name}</span>
        {state === null ? (
          <Badge>{t('privacy.consent.none')}</Badge>
        ) : (
          <Badge tone={state.granted ? 'success' : 'danger'}>
            {t(state.granted ? 'privacy.consent.granted' : 'privacy.consent.revoked')}
          </Badge>
        )}
        {state && (
          <span className="text-xs text-muted-foreground">
            {t('privacy.consent.since', { at: formatDate(state.since) })}
          </span>
        )}
      </div>
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          {state?.granted !== true && (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('privacy.consent.grantFor', { channel: name })}
              onClick={() => onRecord(true)}
            >
              <Check className="h-4 w-4" aria-hidden="true" />
              {t('privacy.consent.grant')}
            </Button>
          )}
          {state?.granted !== false && (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('privacy.consent.revokeFor', { channel: name })}
              onClick={() => onRecord(false)}
            >
              <Ban className="h-4 w-4" aria-hidden="true" />
              {t('privacy.consent.revoke')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
