import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { useAppStore } from '../../store/app-store';
import { buildReference, type ApiOperation } from './openapi-model';
import { MarkdownBlock, MarkdownInline } from './markdown-text';
import { SdkSnippets } from './sdk-snippets';

async function loadReference(signal: AbortSignal) {
  const response = await fetch('/docs/openapi.yaml', { signal, headers: { Accept: 'application/yaml' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const [{ parse }, text] = await Promise.all([import('yaml'), response.text()]);
  return buildReference(parse(text));
}

/** The API reference inside the app, read from the server's openapi.yaml. Lazy-loaded with its YAML parser. */
export function ApiDocsPage() {
  const { t } = useTranslation('docs');
  const errorText = useErrorText();
  const origin = useAppStore((state) => state.serverOrigin);
  const openExternal = useAppStore((state) => state.openExternal);
  const { state, reload } = useAsync(loadReference, []);
  const [query, setQuery] = useState('');

  const groups = useMemo(() => {
    if (state.status !== 'ready') return [];
    const needle = query.trim().toLowerCase();
    const matches = (op: ApiOperation) => !needle || `${op.method} ${op.path} ${op.summary}`.toLowerCase().includes(needle);
    return state.data.groups
      .map((group) => ({ ...group, operations: group.operations.filter(matches) }))
      .filter((group) => group.operations.length > 0);
  }, [state, query]);

  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => openExternal(`${origin}/docs/openapi.yaml`)}>
              <Icon name="docs" size={16} />
              <span>{t('open_spec')}</span>
            </button>
            <button type="button" className="btn btn-primary" onClick={() => openExternal(`${origin}/docs/swagger`)}>
              <Icon name="external" size={16} />
              <span>{t('open_explorer')}</span>
            </button>
          </>
        }
      />
      <section className="card docs-intro">
        <h2>{t('quick_start')}</h2>
        <ol className="steps">
          <li>{t('step_login')}</li>
          <li>{t('step_token')}</li>
          <li>{t('step_call')}</li>
        </ol>
        <pre className="code-block">
          <code>{`curl -H "Authorization: Bearer $CAIRN_TOKEN" ${origin}/api/v2/users/me`}</code>
        </pre>
      </section>
      <SdkSnippets origin={origin} />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.docs_load')} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <div className="search-box wide">
            <Icon name="search" size={16} />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('search')}
              aria-label={t('search')}
            />
          </div>
          {groups.length === 0 && <EmptyState title={query ? t('no_match') : t('empty')} icon="docs" />}
          {groups.map((group) => (
            <section key={group.tag} className="card docs-group" aria-labelledby={`tag-${group.tag}`}>
              <h2 id={`tag-${group.tag}`}>{group.tag}</h2>
              {group.description && <MarkdownBlock source={group.description} className="card-description" />}
              <ul className="operations">
                {group.operations.map((op) => (
                  <li key={op.id}>
                    <details className="operation">
                      <summary>
                        <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span>
                        <code className="op-path">{`${op.basePath}${op.path}`}</code>
                        <span className="op-summary">{op.summary}</span>
                        {!op.authenticated && <span className="badge">{t('public')}</span>}
                      </summary>
                      <div className="op-body">
                        {op.description && <MarkdownBlock source={op.description} className="op-description" />}
                        {op.parameters.length > 0 && (
                          <>
                            <h3>{t('parameters')}</h3>
                            <ul className="op-list">
                              {op.parameters.map((param) => (
                                <li key={`${param.in}-${param.name}`}>
                                  <code>{param.name}</code> <span className="muted">{t('param_in', { location: param.in })}</span>
                                  {param.required && <span className="badge badge-warning">{t('required')}</span>}
                                  {param.description && (
                                    <span className="muted">
                                      {' — '}
                                      <MarkdownInline source={param.description} />
                                    </span>
                                  )}
                                </li>
                              ))}
                            </ul>
                          </>
                        )}
                        {op.requestSchema && (
                          <>
                            <h3>{t('request_body')}</h3>
                            <p>
                              <code>{op.requestSchema}</code>
                            </p>
                          </>
                        )}
                        <h3>{t('responses')}</h3>
                        <ul className="op-list">
                          {op.responses.map((response) => (
                            <li key={response.status}>
                              <code className={`status status-${response.status[0]}`}>{response.status}</code>{' '}
                              <MarkdownInline source={response.description} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
