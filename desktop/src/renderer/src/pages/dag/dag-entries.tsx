import { useTranslation } from 'react-i18next';
import type { DagEntry } from '../../api/content-types';
import { ContentLink } from '../../components/content-link';
import { Icon } from '../../components/icons';
import { ShortCid } from '../../components/short-cid';
import { gatewayUrl } from '../../lib/content-links';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { useAppStore } from '../../store/app-store';
import { TableWrap } from '../../components/table-wrap';

/** One page of a directory's entries; each opens on the gateway under the root CID, and a file downloads from there. */
export function DagEntries({ root, entries }: { root: string; entries: DagEntry[] }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const origin = useAppStore((state) => state.serverOrigin);
  return (
    <TableWrap>
      <table className="table dag-table">
        <caption className="visually-hidden">{t('dag.entries')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.name')}</th>
            <th scope="col">{t('fields.type')}</th>
            <th scope="col">{t('fields.size')}</th>
            <th scope="col">{t('fields.cid')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('fields.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.name}-${entry.cid}`}>
              <td data-label={t('fields.name')} className="cell-name">
                <span className="file-name">
                  <Icon name={entry.type === 'directory' ? 'folder' : 'file'} size={16} />
                  <ContentLink href={gatewayUrl(origin, root, entry.name)} className="file-name-text">
                    {entry.name}
                  </ContentLink>
                </span>
              </td>
              <td data-label={t('fields.type')}>{t(`entry_types.${entry.type}`)}</td>
              <td data-label={t('fields.size')} className="cell-number">
                {entry.type === 'directory' ? '—' : formatBytes(entry.size, language)}
              </td>
              <td data-label={t('fields.cid')}>
                <ShortCid cid={entry.cid} name={entry.name} />
              </td>
              <td className="cell-actions">
                {entry.type !== 'directory' && (
                  <ContentLink
                    href={`${gatewayUrl(origin, root, entry.name)}?download=1`}
                    download
                    className="icon-btn"
                    label={t('actions.download_named', { name: entry.name })}
                  >
                    <Icon name="download" size={16} />
                  </ContentLink>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
