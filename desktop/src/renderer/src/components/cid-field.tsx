import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** A CID shown whole (it wraps), with a copy button. */
export function CidField({ cid, label }: { cid: string; label?: string }) {
  const { t } = useTranslation('content');
  return (
    <div className="cid-field">
      <code className="cid-value" data-cid>
        {cid}
      </code>
      <CopyButton text={cid} label={label ?? t('actions.copy_cid')} />
    </div>
  );
}
