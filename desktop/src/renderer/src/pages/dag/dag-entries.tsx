import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DagEntry } from '@cairn/shared/api-types';
import { ContentLink } from '../../components/content-link';
import { Icon } from '../../components/icons';
import { ShortCid } from '../../components/short-cid';
import { TableWrap } from '../../components/table-wrap';
import { dagFolderPath, gatewayUrl, joinPath } from '../../lib/content-links';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { useAppStore } from '../../store/app-store';

/**
 * One page of a folder's entries (`folder` under the root CID): a sub-folder opens in the viewer,
 * a file opens on the gateway under the root CID and downloads from there.
 */
export function DagEntries({ root, folder, entries }: { root: string; folder: string; entries: DagEntry[] }) {
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
          {entries.map((entry) => {
            const path = joinPath(folder, entry.name);
            return (
              <tr key={`${entry.name}-${entry.cid}`} data-entry={entry.name}>
                <td data-label={t('fields.name')} className="cell-name">
                  <span className="file-name">
                    <Icon name={entry.type === 'directory' ? 'folder' : 'file'} size={16} />
                    {entry.type === 'directory' ? (
                      <Link to={dagFolderPath(root, path)} className="file-name-text" title={t('dag.open_folder', { name: entry.name })}>
                        {entry.name}
                      </Link>
                    ) : (
                      <ContentLink href={gatewayUrl(origin, root, path)} className="file-name-text">
                        {entry.name}
                      </ContentLink>
                    )}
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
                      href={`${gatewayUrl(origin, root, path)}?download=1`}
                      download
                      className="icon-btn"
                      label={t('actions.download_named', { name: entry.name })}
                    >
                      <Icon name="download" size={16} />
                    </ContentLink>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}
