import type { Name, NamePublication } from '@cairn/shared/api-types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { namesApi } from '../../api/names';
import { Modal } from '../../components/modal';
import { ErrorState, LoadingState } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { TableWrap } from '../../components/table-wrap';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { formatShortDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { shortValue } from '../../lib/name-links';

const HISTORY_LIMIT = 50;

/**
 * A name's publications, newest first, each earlier one with "Roll back to this": its value is
 * published again under the next sequence number (IPNS never goes back in sequence).
 */
export function NameHistoryDialog({ name, onClose, onRolledBack }: { name: Name; onClose(): void; onRolledBack(name: Name): void }) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const language = currentLanguage();
  const [current, setCurrent] = useState(name);
  const { state, reload } = useAsync((signal) => namesApi.history(name.id, HISTORY_LIMIT, signal), [name.id]);
  const [busy, setBusy] = useState<number | null>(null);
  const columns = [t('col_sequence'), t('col_value'), t('col_source'), t('col_date')];

  const rollBack = async (publication: NamePublication) => {
    setBusy(publication.sequence);
    try {
      const updated = await namesApi.rollback(name.id, { sequence: publication.sequence });
      setCurrent(updated);
      onRolledBack(updated);
      toast.success(t('rolled_back', { label: updated.label, value: shortValue(publication.value) }));
      reload();
    } catch (error) {
      toast.error(errorText(error, 'errors.rollback'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal title={t('history_title', { label: current.label })} onClose={busy === null ? onClose : undefined} size="large">
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.history')} onRetry={reload} />}
      {state.status === 'ready' && state.data.publications.length === 0 && <p className="muted">{t('history_empty')}</p>}
      {state.status === 'ready' && state.data.publications.length > 0 && (
        <TableWrap>
          <table className="table name-history-table">
            <TableHead caption={t('history_caption')} columns={columns} actions={t('col_actions')} />
            <tbody>
              {state.data.publications.map((publication) => (
                <tr key={publication.sequence} data-sequence={publication.sequence} data-value={publication.value}>
                  <td data-label={columns[0]}>{publication.sequence}</td>
                  <td data-label={columns[1]}>
                    <code title={publication.value}>{shortValue(publication.value)}</code>
                  </td>
                  <td data-label={columns[2]}>{t(`source_${publication.source}`)}</td>
                  <td data-label={columns[3]}>{formatShortDateTime(publication.publishedAt, language)}</td>
                  <td className="cell-actions">
                    {publication.sequence === current.sequence ? (
                      <span className="badge badge-active">{t('current')}</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={busy !== null}
                        aria-busy={busy === publication.sequence}
                        onClick={() => void rollBack(publication)}
                      >
                        {t('roll_back')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Modal>
  );
}
