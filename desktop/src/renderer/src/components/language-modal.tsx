import { DEFAULT_COUNTRY, type LanguageCode } from '@cairn/shared';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cairn/shared/api-types';
import { localeApi, userApi } from '../api/endpoints';
import { useAsync } from '../hooks/use-async';
import { useErrorText } from '../hooks/use-error-text';
import { applyLanguage, currentLanguage } from '../lib/i18n';
import { useAppStore } from '../store/app-store';
import { Icon } from './icons';
import { Modal } from './modal';
import { EmptyState, ErrorState, LoadingState } from './states';

/** True when the query is part of the language's English, native or displayed (translated) name, or its code. */
export function matchesLanguage(option: Language, query: string, displayed = ''): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return !needle || [option.name, option.native, displayed, option.code].some((value) => value.toLocaleLowerCase().includes(needle));
}

/** Pick the interface language; saved to the profile when signed in, else only in this browser. */
export function LanguageModal() {
  const open = useAppStore((state) => state.languageModalOpen);
  const setOpen = useAppStore((state) => state.setLanguageModalOpen);
  if (!open) return null;
  return <LanguagePicker onClose={() => setOpen(false)} />;
}

function LanguagePicker({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation('common');
  const errorText = useErrorText();
  const current = currentLanguage();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<LanguageCode>(current);
  const [saving, setSaving] = useState(false);
  const { state, reload } = useAsync((signal) => localeApi.languages(signal).then((body) => body.languages), []);
  const visible = useMemo(
    () => (state.status === 'ready' ? state.data.filter((option) => matchesLanguage(option, query, t(`languages.${option.code}`))) : []),
    [state, query, t],
  );

  const save = async () => {
    setSaving(true);
    const { token, user, setUser } = useAppStore.getState();
    try {
      if (token) {
        // Keep the stored country: read it when the profile has not loaded yet; US only as a last resort.
        const country = user?.country || (await userApi.preferences()).country || DEFAULT_COUNTRY;
        await userApi.savePreferences({ language: selected, country });
        if (user) setUser({ ...user, language: selected });
      }
      await applyLanguage(selected);
      // Confirm in the language just chosen (this render's `t` still speaks the previous one).
      toast.success(i18n.t('language.saved', { ns: 'common' }));
      onClose();
    } catch (error) {
      toast.error(errorText(error, 'errors.language_save'));
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('language.title')}
      onClose={saving ? undefined : onClose}
      initialFocus="input[type=search]"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void save()}
            disabled={saving || state.status !== 'ready'}
            aria-busy={saving}
          >
            {saving ? t('actions.saving') : t('actions.save')}
          </button>
        </>
      }
    >
      <div className="search-box">
        <Icon name="search" size={16} />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('language.search')}
          aria-label={t('language.search')}
        />
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.language_load')} onRetry={reload} />}
      {state.status === 'ready' && visible.length === 0 && <EmptyState title={t('language.no_match')} icon="search" />}
      {state.status === 'ready' && visible.length > 0 && (
        <fieldset className="language-list">
          <legend className="visually-hidden">{t('language.title')}</legend>
          {visible.map((option) => (
            <label key={option.code} className={`language-option${selected === option.code ? ' selected' : ''}`}>
              <input
                type="radio"
                name="language"
                value={option.code}
                checked={selected === option.code}
                onChange={() => setSelected(option.code)}
              />
              <span className="language-native" lang={option.code}>
                {option.native}
              </span>
              <span className="language-name">{t(`languages.${option.code}`)}</span>
              <span className="language-code">{option.code.toUpperCase()}</span>
              {option.code === current && <span className="badge">{t('language.current')}</span>}
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
