import type { Name } from '@cairn/shared/api-types';
import { useTranslation } from 'react-i18next';
import { ContentLink } from '../../components/content-link';
import { CopyButton } from '../../components/copy-button';
import { Icon, type IconName } from '../../components/icons';
import { RowMenu, type RowMenuItem } from '../../components/row-menu';
import { TableHead } from '../../components/table-head';
import { TableWrap } from '../../components/table-wrap';
import { shortCid } from '../../lib/content-links';
import { formatShortDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ipnsUrl, shortValue } from '../../lib/name-links';
import { useAppStore } from '../../store/app-store';

export type NameAction = 'publish' | 'use_on_domain' | 'history' | 'rename' | 'export_key' | 'delete';

const ACTIONS: readonly { action: NameAction; icon: IconName }[] = [
  { action: 'publish', icon: 'upload' },
  { action: 'use_on_domain', icon: 'globe' },
  { action: 'history', icon: 'clock' },
  { action: 'rename', icon: 'edit' },
  { action: 'export_key', icon: 'key' },
  { action: 'delete', icon: 'trash' },
];

/** The names, one row each: label, the `k51…` name, what it points to (opened at `/ipns/<name>/`), sequence and dates. */
export function NamesTable({ names, onAction }: { names: Name[]; onAction(action: NameAction, name: Name): void }) {
  const { t } = useTranslation('names');
  const language = currentLanguage();
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso, language) : '');
  const origin = useAppStore((state) => state.serverOrigin);
  const columns = [t('col_label'), t('col_name'), t('col_value'), t('col_sequence'), t('col_published'), t('col_valid_until')];

  const items = (name: Name): RowMenuItem[] =>
    ACTIONS.map(({ action, icon }) => ({
      id: action,
      danger: action === 'delete',
      render: ({ onClick, ...item }) => (
        <button
          type="button"
          {...item}
          onClick={() => {
            onClick();
            onAction(action, name);
          }}
        >
          <Icon name={icon} size={16} />
          <span>{t(action)}</span>
        </button>
      ),
    }));

  return (
    <TableWrap>
      <table className="table names-table">
        <TableHead caption={t('caption')} columns={columns} actions={t('col_actions')} />
        <tbody>
          {names.map((name) => (
            <tr key={name.id} data-name-id={name.id} data-ipns-name={name.name}>
              <td data-label={columns[0]}>{name.label}</td>
              <td data-label={columns[1]}>
                <span className="inline-cid">
                  <code title={name.name}>{shortCid(name.name)}</code>
                  <CopyButton text={name.name} label={t('copy_name_of', { label: name.label })} compact />
                </span>
              </td>
              <td data-label={columns[2]} data-value={name.value ?? ''}>
                {name.value ? (
                  // The link reads as the value it leads to, then where it opens.
                  <ContentLink href={ipnsUrl(origin, name.name)} className="name-value">
                    <code title={name.value}>{shortValue(name.value)}</code>
                    <Icon name="external" size={14} />
                    <span className="visually-hidden">{t('open_named', { label: name.label })}</span>
                  </ContentLink>
                ) : (
                  <span className="muted">{t('not_published')}</span>
                )}
              </td>
              <td data-label={columns[3]} data-sequence={name.sequence ?? ''}>
                {name.sequence ?? ''}
              </td>
              <td data-label={columns[4]}>{when(name.publishedAt)}</td>
              <td data-label={columns[5]}>{when(name.validUntil)}</td>
              <td className="cell-actions">
                <RowMenu label={t('menu_named', { label: name.label })} items={items(name)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
