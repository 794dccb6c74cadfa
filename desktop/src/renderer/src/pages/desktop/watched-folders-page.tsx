import './desktop.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WatchMode } from '../../../../shared/desktop-bridge';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/states';
import { useAppStore } from '../../store/app-store';
import { useAccountNames } from './use-account-names';
import { WatchedFolderCard } from './watched-folder-card';
import { FormAlert } from '../../components/field';

/** Folders the desktop app keeps pinned: add one with the native picker, see each one's state. */
export function WatchedFoldersPage() {
  const { t } = useTranslation('desktop');
  const folders = useAppStore((state) => state.watchedFolders);
  const chooseFolder = useAppStore((state) => state.chooseFolder);
  const addWatchedFolder = useAppStore((state) => state.addWatchedFolder);
  const names = useAccountNames();
  const [mode, setMode] = useState<WatchMode>('files');
  const [removeDeleted, setRemoveDeleted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    setError(null);
    const folder = await chooseFolder();
    if (!folder) return;
    try {
      await addWatchedFolder(folder, mode, removeDeleted);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('watched.title')} description={t('watched.description')} />
      <section className="card watched-add" aria-labelledby="watched-add-title">
        <h2 id="watched-add-title">{t('watched.add_title')}</h2>
        <fieldset className="watched-settings">
          <legend className="field-label">{t('watched.mode')}</legend>
          <label className="desktop-check">
            <input type="radio" name="watch-mode" value="files" checked={mode === 'files'} onChange={() => setMode('files')} />
            <span>{t('modes.files')}</span>
          </label>
          <label className="desktop-check">
            <input type="radio" name="watch-mode" value="dag" checked={mode === 'dag'} onChange={() => setMode('dag')} />
            <span>{t('modes.dag')}</span>
          </label>
        </fieldset>
        <label className="desktop-check">
          <input type="checkbox" checked={removeDeleted} onChange={(event) => setRemoveDeleted(event.target.checked)} />
          <span>{t('watched.remove_deleted')}</span>
        </label>
        <FormAlert message={error} />
        <button type="button" className="btn btn-primary" onClick={() => void add()}>
          <Icon name="folder" size={16} />
          <span>{t('watched.add')}</span>
        </button>
      </section>
      {folders.length === 0 ? (
        <EmptyState icon="folder" title={t('watched.empty_title')} message={t('watched.empty_message')} />
      ) : (
        <ul className="watched-list" aria-label={t('watched.list')}>
          {folders.map((folder) => (
            <WatchedFolderCard key={folder.path} folder={folder} names={names} />
          ))}
        </ul>
      )}
    </div>
  );
}
