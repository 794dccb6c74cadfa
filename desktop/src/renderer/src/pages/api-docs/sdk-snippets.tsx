import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';

/** One SDK's install command and quick start, as the server keeps them (`/docs/snippets.json`). */
export interface SdkSnippet {
  id: string;
  title: string;
  note: string;
  language: string;
  install: string;
  run: string;
  code: string;
}

async function loadSnippets(signal: AbortSignal): Promise<SdkSnippet[]> {
  const response = await fetch('/docs/snippets.json', { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { snippets: SdkSnippet[] }).snippets;
}

/** Tabs with each SDK's and the CLI's install command and quick start, the same files CI runs. */
export function SdkSnippets({ origin }: { origin: string }) {
  const { t } = useTranslation('docs');
  const errorText = useErrorText();
  const { state, reload } = useAsync(loadSnippets, []);
  const [selected, setSelected] = useState(0);

  return (
    <section className="card sdk-snippets" aria-labelledby="sdk-snippets-title">
      <h2 id="sdk-snippets-title">{t('sdk_title')}</h2>
      <p className="card-description">{t('sdk_intro', { origin })}</p>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.docs_load')} onRetry={reload} />}
      {state.status === 'ready' && state.data.length > 0 && (
        <>
          <div className="sdk-tabs" role="tablist" aria-label={t('sdk_title')}>
            {state.data.map((snippet, index) => (
              <button
                key={snippet.id}
                type="button"
                role="tab"
                id={`sdk-tab-${snippet.id}`}
                aria-selected={index === selected}
                aria-controls="sdk-panel"
                className={`btn btn-small ${index === selected ? 'btn-primary' : 'btn-secondary'}`}
                onClick={() => setSelected(index)}
              >
                {snippet.title}
              </button>
            ))}
          </div>
          <SnippetPanel snippet={state.data[Math.min(selected, state.data.length - 1)]!} />
        </>
      )}
    </section>
  );
}

function SnippetPanel({ snippet }: { snippet: SdkSnippet }) {
  const { t } = useTranslation('docs');
  return (
    <div id="sdk-panel" role="tabpanel" aria-labelledby={`sdk-tab-${snippet.id}`} className="sdk-panel">
      <p className="muted">{t(`sdk_notes.${snippet.id}`, { defaultValue: snippet.note })}</p>
      <h3>{t('sdk_install')}</h3>
      <pre className="code-block">
        <code>{snippet.install}</code>
      </pre>
      <h3>{t('quick_start')}</h3>
      <pre className="code-block" data-language={snippet.language}>
        <code>{snippet.code}</code>
      </pre>
      <p className="muted">
        {t('sdk_run')} <code>{snippet.run}</code>
      </p>
    </div>
  );
}
