import { useTranslation } from 'react-i18next';
import type { PinStatusView } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useAreaErrorText } from '../../hooks/use-area-error-text';

type PeerPinState = PinStatusView['peers'][number]['status'];

const BADGE: Record<PeerPinState, string> = {
  pinned: 'badge badge-active',
  pinning: 'badge badge-warning',
  queued: 'badge badge-warning',
  unpinned: 'badge',
  error: 'badge badge-revoked',
};

/** Where a record's content is pinned: replication factors and each node's status (GET /allocations, /status). */
export function ReplicationFacts({ cid }: { cid: string }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const { state, reload } = useAsync(
    async (signal) => Promise.all([contentApi.allocations(cid, signal), contentApi.status(cid, signal)]),
    [cid],
  );
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState message={errorText(state.error, 'replication.load_error')} onRetry={reload} />;
  const [allocation, status] = state.data;
  const factor = (n: number) => (n === -1 ? t('replication.every_node') : String(n));
  const engine = t(`replication.engines.${allocation.engine}`);
  return (
    <section className="replication" data-replication aria-labelledby="replication-title">
      <h3 id="replication-title">{t('replication.title')}</h3>
      <p data-replication-factor>
        {allocation.replicationMin === allocation.replicationMax
          ? t('replication.factor_same', { engine, count: factor(allocation.replicationMin) })
          : t('replication.factor', { engine, min: factor(allocation.replicationMin), max: factor(allocation.replicationMax) })}
      </p>
      {status.peers.length === 0 ? (
        <p>{t('replication.not_pinned')}</p>
      ) : (
        <ul className="replication-peers">
          {status.peers.map((peer) => (
            <li key={peer.peerId} data-peer={peer.peerName}>
              <span className="replication-peer" title={peer.peerId}>
                {peer.peerName}
              </span>
              <span className={BADGE[peer.status]}>{t(`replication.statuses.${peer.status}`)}</span>
              {peer.error && <span className="replication-error">{peer.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
