import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { DagView } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { CidField } from '../../components/cid-field';
import { ContentLink } from '../../components/content-link';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { carUrl, dagPath, joinPath } from '../../lib/content-links';
import { publishValue } from '../../lib/name-links';
import { currentLanguage } from '../../lib/i18n';
import { canRetry } from '../../lib/retry';
import { formatBytes, formatNumber } from '../../lib/units';
import { useAppStore } from '../../store/app-store';
import { DagBreadcrumbs } from './dag-breadcrumbs';
import { DagEntries } from './dag-entries';
import { DagLookup } from './dag-lookup';
import { PublishToNameDialog } from '../names/publish-to-name-dialog';

const ENTRIES_PER_PAGE = 25;

function DagSummary({ dag, folder, page, onPage }: { dag: DagView; folder: string; page: number; onPage(page: number): void }) {
  const { t, ready } = useTranslation(['content', 'names']);
  const language = currentLanguage();
  const origin = useAppStore((state) => state.serverOrigin);
  const [publishing, setPublishing] = useState(false);
  return (
    <>
      <section className="card" aria-labelledby="dag-title" data-dag>
        <div className="card-header">
          <div>
            <h2 id="dag-title">{dag.name}</h2>
            <p className="card-description">{t(`types.${dag.type}`)}</p>
          </div>
          <div className="link-row">
            {/* This server holds the content, so its own gateway always has it. */}
            <ContentLink href={`${origin}${dag.localUrl}`} className="btn btn-primary">
              <Icon name="eye" size={16} />
              <span>{t('actions.view')}</span>
            </ContentLink>
            {/* A public gateway finds only what the nodes announce; elsewhere its link would lead nowhere. */}
            {dag.announced && (
              <ContentLink href={dag.gatewayUrl} className="btn btn-secondary">
                <Icon name="external" size={16} />
                <span>{t('dag.public_gateway')}</span>
              </ContentLink>
            )}
            {dag.type === 'directory' && (
              // The whole folder in one file: a CAR of every block, as the trustless gateway serves it.
              <ContentLink href={carUrl(origin, dag.cid)} download className="btn btn-secondary">
                <Icon name="download" size={16} />
                <span>{t('dag.download_car')}</span>
              </ContentLink>
            )}
            {/* Once the names area's words are here (fetched on first use). */}
            {ready && (
              <button type="button" className="btn btn-secondary" onClick={() => setPublishing(true)}>
                <Icon name="tag" size={16} />
                <span>{t('names:publish_to_name')}</span>
              </button>
            )}
          </div>
        </div>
        <CidField cid={dag.cid} />
        <div className="stat-row">
          <div className="stat">
            <span className="stat-label">{t('dag.total_files')}</span>
            <span className="stat-value" data-dag-files>
              {formatNumber(dag.totalFiles, language)}
            </span>
          </div>
          <div className="stat">
            <span className="stat-label">{t('dag.total_size')}</span>
            <span className="stat-value" data-dag-size>
              {formatBytes(dag.totalSize, language)}
            </span>
          </div>
        </div>
      </section>
      {dag.type === 'directory' && (
        <section className="card" aria-labelledby="dag-entries-title">
          <h2 id="dag-entries-title">{t('dag.entries')}</h2>
          <DagBreadcrumbs cid={dag.cid} rootName={dag.name} path={folder} />
          {dag.total > 0 ? (
            <>
              <DagEntries root={dag.cid} folder={folder} entries={dag.entries} />
              <Pagination page={page} limit={dag.limit} total={dag.total} onPage={onPage} label={t('dag.pages')} />
            </>
          ) : (
            <p className="muted">{t('dag.empty_folder')}</p>
          )}
        </section>
      )}
      {publishing && (
        // The folder being browsed is what a name points to: its path under the root.
        <PublishToNameDialog
          item={folder ? joinPath(dag.name, folder) : dag.name}
          value={publishValue(dag.cid, folder)}
          onClose={() => setPublishing(false)}
        />
      )}
    </>
  );
}

/** One folder of the DAG (`folder` under the root; empty for the root itself), a page at a time. */
function DagLoader({ cid, folder }: { cid: string; folder: string }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const [page, setPage] = useState(1);
  const { state, reload } = useAsync(
    (signal) => contentApi.dag(cid, { page, limit: ENTRIES_PER_PAGE, path: folder }, signal),
    [cid, folder, page],
  );
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') {
    return (
      <section className="card">
        {/* An invalid CID or one the account does not hold stays so: a retry only for a failure that may pass. */}
        <ErrorState message={errorText(state.error, 'errors.dag_load')} onRetry={canRetry(state.error) ? reload : undefined} />
        {folder && (
          <p className="state-links">
            <Link to={dagPath(cid)}>{t('dag.to_root')}</Link>
          </p>
        )}
      </section>
    );
  }
  return <DagSummary dag={state.data} folder={folder} page={page} onPage={setPage} />;
}

/** The DAG viewer: totals of one of the account's CIDs and its folders, browsed one at a time, or a CID to open. */
export function DagPage() {
  const { t } = useTranslation('content');
  const { cid } = useParams();
  // The folder being browsed lives in the address, so Back, reload and a shared link keep it.
  const [search] = useSearchParams();
  const folder = (search.get('path') ?? '').split('/').filter(Boolean).join('/');
  return (
    <div className="page">
      <PageHeader
        title={t('common:screens.dag.title')}
        description={t('common:screens.dag.description')}
        actions={
          <Link to="/files" className="btn btn-ghost">
            <Icon name="prev" size={16} />
            <span>{t('dag.back')}</span>
          </Link>
        }
      />
      <section className="card">
        <DagLookup key={cid} initial={cid ?? ''} />
      </section>
      {cid && <DagLoader key={`${cid}/${folder}`} cid={cid} folder={folder} />}
    </div>
  );
}
