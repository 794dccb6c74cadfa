import type { Domain, Name } from '@cairn/shared/api-types';
import { useTranslation } from 'react-i18next';
import { ContentLink } from '../../components/content-link';
import { Icon, type IconName } from '../../components/icons';
import { RowMenu, type RowMenuItem } from '../../components/row-menu';
import { TableHead } from '../../components/table-head';
import { TableWrap } from '../../components/table-wrap';
import { domainUrl } from '../../lib/domain-links';
import { formatShortDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { shortValue } from '../../lib/name-links';

export type DomainAction = 'verify' | 'show_record' | 'copy_value' | 'delete';

const ACTIONS: readonly { action: DomainAction; icon: IconName }[] = [
  { action: 'verify', icon: 'check' },
  { action: 'show_record', icon: 'info' },
  { action: 'copy_value', icon: 'copy' },
  { action: 'delete', icon: 'trash' },
];

/**
 * The custom domains, one row each: the host name (a link to the site once verified), what it
 * serves (with the name's label when it is one of the account's names), its status and dates.
 */
export function DomainsTable({
  domains,
  names,
  onAction,
}: {
  domains: Domain[];
  names: Name[];
  onAction(action: DomainAction, domain: Domain): void;
}) {
  const { t } = useTranslation('names');
  const language = currentLanguage();
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso, language) : '');
  const columns = [
    t('domains.col_hostname'),
    t('domains.col_target'),
    t('domains.col_status'),
    t('domains.col_checked'),
    t('domains.col_verified'),
  ];
  const labelOf = (target: string) => names.find((name) => `/ipns/${name.name}` === target)?.label;

  const items = (domain: Domain): RowMenuItem[] => [
    ...(domain.status === 'verified'
      ? [
          {
            id: 'open',
            render: (item: Parameters<RowMenuItem['render']>[0]) => (
              <ContentLink href={domainUrl(domain.hostname)} {...item}>
                <Icon name="external" size={16} />
                <span>{t('domains.open')}</span>
              </ContentLink>
            ),
          },
        ]
      : []),
    ...ACTIONS.map(({ action, icon }) => ({
      id: action,
      danger: action === 'delete',
      render: ({ onClick, ...item }: Parameters<RowMenuItem['render']>[0]) => (
        <button
          type="button"
          {...item}
          onClick={() => {
            onClick();
            onAction(action, domain);
          }}
        >
          <Icon name={icon} size={16} />
          <span>{t(`domains.${action}`)}</span>
        </button>
      ),
    })),
  ];

  return (
    <TableWrap>
      <table className="table domains-table">
        <TableHead caption={t('domains.caption')} columns={columns} actions={t('domains.col_actions')} />
        <tbody>
          {domains.map((domain) => {
            const label = labelOf(domain.target);
            return (
              <tr key={domain.id} data-domain-id={domain.id} data-hostname={domain.hostname} data-status={domain.status}>
                <td data-label={columns[0]}>
                  {domain.status === 'verified' ? (
                    <ContentLink href={domainUrl(domain.hostname)} className="name-value">
                      <span className="domain-hostname">{domain.hostname}</span>
                      <Icon name="external" size={14} />
                      <span className="visually-hidden">{t('domains.open_named', { hostname: domain.hostname })}</span>
                    </ContentLink>
                  ) : (
                    <span className="domain-hostname">{domain.hostname}</span>
                  )}
                </td>
                <td data-label={columns[1]} data-target={domain.target}>
                  <span className="stacked">
                    {label && <span>{label}</span>}
                    <code className={label ? 'muted' : undefined} title={domain.target}>
                      {shortValue(domain.target)}
                    </code>
                  </span>
                </td>
                <td data-label={columns[2]}>
                  <span className="stacked">
                    <span className={`badge badge-domain-${domain.status}`}>{t(`domains.status_${domain.status}`)}</span>
                    {domain.status === 'failed' && domain.lastError && (
                      <span className="muted domain-error" data-last-error>
                        {domain.lastError}
                      </span>
                    )}
                  </span>
                </td>
                <td data-label={columns[3]}>
                  {domain.lastCheckedAt ? when(domain.lastCheckedAt) : <span className="muted">{t('domains.never_checked')}</span>}
                </td>
                <td data-label={columns[4]}>{when(domain.verifiedAt)}</td>
                <td className="cell-actions">
                  <RowMenu label={t('domains.menu_named', { hostname: domain.hostname })} items={items(domain)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}
