import type { Webhook, WebhookDelivery } from '@cairn/shared/api-types';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { webhookApi } from '../../api/webhooks';
import { Modal } from '../../components/modal';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { numberLocale } from '../../lib/intl-locale';
import { deliveryDueSoon, webhookEventLabelKey } from '../../lib/webhook-events';
import { TableHead } from '../../components/table-head';

const LIMIT = 10;
/** How often the log is read again while a delivery on screen is about to be sent. */
const REFRESH_MS = 2000;

/** One endpoint's delivery log, newest first, a page at a time, with "Resend" on each delivery. */
export function WebhookDeliveriesModal({ webhook, onClose }: { webhook: Webhook; onClose(): void }) {
  const { t, i18n } = useTranslation('settings');
  const errorText = useErrorText();
  const language = currentLanguage();
  const milliseconds = new Intl.NumberFormat(numberLocale(language), { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<string | null>(null);
  const { state, latest, reload } = useAsync((signal) => webhookApi.deliveries(webhook.id, page, LIMIT, signal), [webhook.id, page]);
  const list = state.status === 'ready' ? state.data : latest;

  // A delivery sent now (a test, a resend) shows its outcome without a click; a retry due later does not keep the log busy.
  const soon = list?.deliveries.some((delivery) => deliveryDueSoon(delivery, Date.now())) ?? false;
  useEffect(() => {
    if (!soon || state.status !== 'ready') return;
    const timer = window.setTimeout(reload, REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [soon, state, reload]);

  const resend = async (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    try {
      await webhookApi.resend(webhook.id, delivery.id);
      toast.success(t('webhooks.resent'));
      reload();
    } catch (error) {
      toast.error(errorText(error, 'settings:webhooks.errors.resend'));
    } finally {
      setResending(null);
    }
  };

  const eventName = (type: string) => (i18n.exists(`settings:${webhookEventLabelKey(type)}`) ? t(webhookEventLabelKey(type)) : type);
  const outcome = (delivery: WebhookDelivery) =>
    delivery.lastStatusCode !== null ? String(delivery.lastStatusCode) : delivery.lastError ? t('webhooks.no_response') : '—';

  return (
    <Modal
      title={t('webhooks.deliveries_title')}
      size="large"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={reload} disabled={state.status === 'loading'}>
            {t('webhooks.refresh')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('common:actions.close')}
          </button>
        </>
      }
    >
      <p className="card-description webhook-deliveries-url">
        <span className="mono">{webhook.url}</span>
      </p>
      {!list && state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'settings:webhooks.errors.deliveries')} onRetry={reload} />}
      {list && list.total === 0 && (
        <EmptyState title={t('webhooks.deliveries_empty_title')} message={t('webhooks.deliveries_empty_message')} icon="inbox" />
      )}
      {list && list.total > 0 && (
        <>
          <TableWrap busy={state.status === 'loading'}>
            <table className="table webhook-deliveries-table">
              <TableHead
                caption={t('webhooks.deliveries_title')}
                columns={[
                  t('webhooks.col_time'),
                  t('webhooks.col_event'),
                  t('webhooks.col_status'),
                  t('webhooks.col_attempts'),
                  t('webhooks.col_response'),
                  t('webhooks.col_latency'),
                ]}
                actions={t('webhooks.col_actions')}
              />
              <tbody>
                {list.deliveries.map((delivery) => (
                  <tr key={delivery.id} data-delivery-id={delivery.id} data-status={delivery.status}>
                    <td data-label={t('webhooks.col_time')}>{formatDateTime(delivery.createdAt, language)}</td>
                    <td data-label={t('webhooks.col_event')}>
                      <span className="stacked">
                        <span>{eventName(delivery.eventType)}</span>
                        <code className="scope-code">{delivery.eventType}</code>
                      </span>
                    </td>
                    <td data-label={t('webhooks.col_status')}>
                      <span className={`badge badge-delivery-${delivery.status}`}>{t(`webhooks.delivery_${delivery.status}`)}</span>
                    </td>
                    <td data-label={t('webhooks.col_attempts')}>{delivery.attempts}</td>
                    <td data-label={t('webhooks.col_response')} data-response title={delivery.lastError ?? undefined}>
                      {outcome(delivery)}
                    </td>
                    <td data-label={t('webhooks.col_latency')}>
                      {delivery.latencyMs === null ? '—' : milliseconds.format(delivery.latencyMs)}
                    </td>
                    <td className="cell-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        onClick={() => void resend(delivery)}
                        disabled={resending !== null}
                        aria-label={t('webhooks.resend_named', {
                          event: delivery.eventType,
                          time: formatDateTime(delivery.createdAt, language),
                        })}
                      >
                        {t('webhooks.resend')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination page={list.page} limit={list.limit} total={list.total} onPage={setPage} label={t('webhooks.deliveries_pages')} />
        </>
      )}
    </Modal>
  );
}
