import type { Webhook } from '@cairn/shared/api-types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { webhookApi } from '../../api/webhooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon, type IconName } from '../../components/icons';
import { RowMenu, type RowMenuItem } from '../../components/row-menu';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { turnedOffByFailures, webhookEventTypeCount, webhookStatus } from '../../lib/webhook-events';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookRotateModal } from './webhook-rotate-modal';
import { sendTestEvent } from './webhook-test';
import { SettingsPanel } from '../../components/settings-panel';
import { TableHead } from '../../components/table-head';

type Open = { kind: 'create' } | { kind: 'edit' | 'deliveries' | 'rotate' | 'delete'; webhook: Webhook };

/**
 * The account's webhook endpoints: list, create (secret shown once), edit, turn on and off, test,
 * delivery log and delete. An endpoint the server turned off after repeated failures gets a banner
 * at the top, since no email tells its owner.
 */
export function WebhooksPanel({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const language = currentLanguage();
  const { state, reload, setData } = useAsync((signal) => webhookApi.list(signal).then((body) => body.webhooks), []);
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);
  const webhooks = state.status === 'ready' ? state.data : [];
  const failing = turnedOffByFailures(webhooks);

  const replace = (saved: Webhook) =>
    setData(
      webhooks.some((row) => row.id === saved.id) ? webhooks.map((row) => (row.id === saved.id ? saved : row)) : [...webhooks, saved],
    );

  const setEnabled = async (webhook: Webhook, enabled: boolean) => {
    setBusy(true);
    try {
      replace(await webhookApi.update(webhook.id, { enabled }));
      toast.success(enabled ? t('webhooks.turned_on', { url: webhook.url }) : t('webhooks.turned_off', { url: webhook.url }));
    } catch (error) {
      toast.error(errorText(error, 'settings:webhooks.errors.save'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (webhook: Webhook) => {
    setBusy(true);
    try {
      await webhookApi.remove(webhook.id);
      setData(webhooks.filter((row) => row.id !== webhook.id));
      toast.success(t('webhooks.deleted', { url: webhook.url }));
      setOpen(null);
    } catch (error) {
      toast.error(errorText(error, 'settings:webhooks.errors.delete'));
    } finally {
      setBusy(false);
    }
  };

  const test = async (webhook: Webhook) => {
    const waiting = toast.loading(t('webhooks.test_sending'));
    try {
      const delivery = await sendTestEvent(webhook.id);
      toast.dismiss(waiting);
      if (!delivery) toast(t('webhooks.test_pending'));
      else if (delivery.status === 'succeeded') toast.success(t('webhooks.test_succeeded', { code: delivery.lastStatusCode ?? '' }));
      else if (delivery.lastStatusCode !== null) toast.error(t('webhooks.test_failed_code', { code: delivery.lastStatusCode }));
      else toast.error(t('webhooks.test_failed'));
    } catch (error) {
      toast.dismiss(waiting);
      toast.error(errorText(error, 'settings:webhooks.errors.test'));
    }
  };

  const menuItem = (id: string, icon: IconName, text: string, onClick: () => void, danger = false): RowMenuItem => ({
    id,
    danger,
    render: ({ onClick: close, ...props }) => (
      <button
        type="button"
        {...props}
        onClick={() => {
          close();
          onClick();
        }}
      >
        <Icon name={icon} size={16} />
        <span>{text}</span>
      </button>
    ),
  });

  const actions = (webhook: Webhook): RowMenuItem[] => [
    menuItem('edit', 'edit', t('webhooks.edit'), () => setOpen({ kind: 'edit', webhook })),
    menuItem('deliveries', 'inbox', t('webhooks.deliveries'), () => setOpen({ kind: 'deliveries', webhook })),
    menuItem('rotate', 'key', t('webhooks.rotate'), () => setOpen({ kind: 'rotate', webhook })),
    ...(webhook.enabled ? [menuItem('test', 'bell', t('webhooks.send_test'), () => void test(webhook))] : []),
    webhook.enabled
      ? menuItem('disable', 'close', t('webhooks.turn_off'), () => void setEnabled(webhook, false))
      : menuItem('enable', 'check', t('webhooks.turn_on'), () => void setEnabled(webhook, true)),
    menuItem('delete', 'trash', t('webhooks.delete'), () => setOpen({ kind: 'delete', webhook }), true),
  ];

  return (
    <SettingsPanel
      name="webhooks"
      title={t('webhooks.title')}
      description={t('webhooks.description')}
      standalone={standalone}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: 'create' })}>
          <Icon name="link" size={16} />
          <span>{t('webhooks.new')}</span>
        </button>
      }
    >
      {failing.map((webhook) => (
        <div key={webhook.id} className="alert alert-warning webhook-banner" role="alert" data-banner={webhook.id}>
          <Icon name="alert" size={16} />
          <div className="webhook-banner-text">
            <strong>{t('webhooks.banner_title', { url: webhook.url })}</strong>
            <span>{t('webhooks.banner_reason', { count: webhook.consecutiveFailures })}</span>
          </div>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void setEnabled(webhook, true)} disabled={busy}>
            {t('webhooks.turn_back_on')}
          </button>
        </div>
      ))}
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'settings:webhooks.errors.load')} onRetry={reload} />}
      {state.status === 'ready' && webhooks.length === 0 && (
        <EmptyState title={t('webhooks.empty_title')} message={t('webhooks.empty_message')} icon="link" />
      )}
      {state.status === 'ready' && webhooks.length > 0 && (
        <TableWrap>
          <table className="table webhooks-table">
            <TableHead
              caption={t('webhooks.title')}
              columns={[t('webhooks.col_url'), t('webhooks.col_events'), t('webhooks.col_status'), t('webhooks.col_created')]}
              actions={t('webhooks.col_actions')}
            />
            <tbody>
              {webhooks.map((webhook) => {
                const status = webhookStatus(webhook);
                return (
                  <tr key={webhook.id} data-webhook-id={webhook.id} data-status={status}>
                    <td data-label={t('webhooks.col_url')}>
                      <span className="stacked">
                        <span className="mono webhook-url">{webhook.url}</span>
                        {webhook.description && <span className="muted">{webhook.description}</span>}
                      </span>
                    </td>
                    <td data-label={t('webhooks.col_events')} data-events={webhook.events.join(' ')}>
                      <span className="stacked">
                        <span>
                          {webhook.events.length === webhookEventTypeCount
                            ? t('webhooks.events_all')
                            : t('webhooks.events_count', { count: webhook.events.length })}
                        </span>
                        <span className="muted webhook-event-codes">{webhook.events.join(', ')}</span>
                      </span>
                    </td>
                    <td data-label={t('webhooks.col_status')}>
                      <span className="stacked">
                        <span className={`badge badge-webhook-${status}`}>{t(`webhooks.status_${status}`)}</span>
                        {status === 'failing' && (
                          <span className="muted">{t('webhooks.row_reason', { count: webhook.consecutiveFailures })}</span>
                        )}
                        {webhook.previousSecretExpiresAt && (
                          <span className="muted" data-previous-until={webhook.previousSecretExpiresAt}>
                            {t('webhooks.previous_until', { date: formatDateTime(webhook.previousSecretExpiresAt, language) })}
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('webhooks.col_created')}>{formatDate(webhook.createdAt, language)}</td>
                    <td className="cell-actions">
                      <RowMenu label={t('webhooks.menu_named', { url: webhook.url })} items={actions(webhook)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      {open?.kind === 'create' && <WebhookFormModal onClose={() => setOpen(null)} onSaved={replace} />}
      {open?.kind === 'edit' && <WebhookFormModal webhook={open.webhook} onClose={() => setOpen(null)} onSaved={replace} />}
      {open?.kind === 'deliveries' && <WebhookDeliveriesModal webhook={open.webhook} onClose={() => setOpen(null)} />}
      {open?.kind === 'rotate' && <WebhookRotateModal webhook={open.webhook} onClose={() => setOpen(null)} onRotated={replace} />}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={t('webhooks.delete_title')}
          message={t('webhooks.delete_message', { url: open.webhook.url })}
          confirmLabel={t('webhooks.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove(open.webhook)}
          onCancel={() => setOpen(null)}
        />
      )}
    </SettingsPanel>
  );
}
