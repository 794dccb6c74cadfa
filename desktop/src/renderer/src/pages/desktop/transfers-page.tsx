import './desktop.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FolderMode } from '../../../../shared/desktop-bridge';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadingState } from '../../components/states';
import { useAppStore } from '../../store/app-store';
import { TransferRow } from './transfer-row';
import { TransferSummary } from './transfer-summary';

/** The desktop app's upload queue: what is sending, waiting, failed and done, and the controls. */
export function TransfersPage() {
  const { t } = useTranslation('desktop');
  const view = useAppStore((state) => state.transfers);
  const act = useAppStore((state) => state.transferAction);
  const chooseFolder = useAppStore((state) => state.chooseFolder);
  const queuePaths = useAppStore((state) => state.queuePaths);
  const [mode, setMode] = useState<FolderMode>('dag');

  const addFolder = async () => {
    const folder = await chooseFolder();
    if (folder) await queuePaths([folder], mode);
  };
  const bulk = (action: 'pauseAll' | 'resumeAll' | 'retryAll' | 'cancelAll' | 'clearFinished') => (
    <button type="button" className="btn btn-secondary btn-small" onClick={() => void act(action)}>
      {t(`transfers.${action}`)}
    </button>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('transfers.title')}
        description={t('transfers.description')}
        actions={
          <div className="transfer-add">
            <label className="field-label" htmlFor="transfer-mode">
              {t('transfers.folder_mode')}
            </label>
            <select id="transfer-mode" value={mode} onChange={(event) => setMode(event.target.value as FolderMode)}>
              <option value="dag">{t('modes.dag')}</option>
              <option value="files">{t('modes.files')}</option>
            </select>
            <button type="button" className="btn btn-primary" onClick={() => void addFolder()}>
              <Icon name="folder" size={16} />
              <span>{t('transfers.add_folder')}</span>
            </button>
          </div>
        }
      />
      {view === null ? (
        <LoadingState />
      ) : (
        <>
          {view.blocked && (
            <div className="alert alert-warning" role="alert">
              <Icon name="alert" />
              <div>
                <p>{t(`blocked.${view.blocked}`)}</p>
                {view.blocked === 'quota_exceeded' && <Link to="/plans">{t('blocked.see_plans')}</Link>}
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void act('resumeAll')}>
                  {t('blocked.try_again')}
                </button>
              </div>
            </div>
          )}
          {view.totals.items === 0 ? (
            <EmptyState icon="upload" title={t('transfers.empty_title')} message={t('transfers.empty_message')} />
          ) : (
            <>
              <TransferSummary view={view} />
              <div className="transfer-toolbar" role="group" aria-label={t('transfers.all_items')}>
                {bulk('pauseAll')}
                {bulk('resumeAll')}
                {view.totals.failed > 0 && bulk('retryAll')}
                {bulk('cancelAll')}
                {bulk('clearFinished')}
              </div>
              <ul className="transfer-list" aria-label={t('transfers.list')}>
                {view.items.map((item) => (
                  <TransferRow key={item.id} item={item} />
                ))}
              </ul>
              {view.items.length < view.totals.items && (
                <p className="muted">{t('transfers.more', { count: view.totals.items - view.items.length })}</p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
