import { useTranslation } from 'react-i18next';
import { shortCid } from '../lib/content-links';
import { CopyButton } from './copy-button';

/** A CID in a table cell: shortened (whole on hover), with a compact copy button named after its `name`. */
export function ShortCid({ cid, name }: { cid: string; name: string }) {
  const { t } = useTranslation('content');
  return (
    <span className="inline-cid">
      <code title={cid}>{shortCid(cid)}</code>
      <CopyButton text={cid} label={t('actions.copy_cid_of', { name })} compact />
    </span>
  );
}
