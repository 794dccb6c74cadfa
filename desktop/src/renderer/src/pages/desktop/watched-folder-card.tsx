import { useTranslation } from 'react-i18next';
import type { WatchedFolder } from '../../../../shared/desktop-bridge';
import { Icon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { formatNumber } from '../../lib/units';
import { useAppStore } from '../../store/app-store';
import { FolderPublicationStatus } from './folder-publication-status';
import { PublishToField } from './publish-to-field';
import type { AccountNames } from './use-account-names';

/** One watched folder: its state (and error, in full), what is pinned, its name's publication, and its settings. */
export function WatchedFolderCard({ folder, names }: { folder: WatchedFolder; names: AccountNames }) {
  const { t } = useTranslation('desktop');
  const update = useAppStore((state) => state.updateWatchedFolder);
  const remove = useAppStore((state) => state.removeWatchedFolder);
  const language = currentLanguage();
  const name = folder.path;
  return (
    <li className="card watched-folder" data-watched-folder={folder.state}>
      <div className="transfer-head">
        <Icon name="folder" size={16} />
        <span className="transfer-name mono">{folder.path}</span>
        <span
          className={`badge${folder.state === 'error' ? ' badge-revoked' : folder.state === 'paused' ? ' badge-warning' : ' badge-active'}`}
        >
          {t(`watched.state_${folder.state}`)}
        </span>
      </div>
      {folder.error && (
        <p className="alert alert-error" role="alert">
          <Icon name="alert" />
          <span>{folder.error}</span>
        </p>
      )}
      <p className="muted">
        {folder.mode === 'dag' && folder.rootCid
          ? t('watched.root', { cid: folder.rootCid })
          : t('watched.pinned', { pinned: formatNumber(folder.pinnedCount, language), total: formatNumber(folder.fileCount, language) })}
      </p>
      {folder.publication && <FolderPublicationStatus publication={folder.publication} names={names.names} />}
      <div className="watched-settings">
        <label className="field-label" htmlFor={`mode-${name}`}>
          {t('watched.mode')}
        </label>
        <select
          id={`mode-${name}`}
          value={folder.mode}
          onChange={(event) => void update(folder.path, { mode: event.target.value as WatchedFolder['mode'] })}
        >
          <option value="files">{t('modes.files')}</option>
          <option value="dag">{t('modes.dag')}</option>
        </select>
        <label className="desktop-check">
          <input
            type="checkbox"
            checked={folder.removeDeleted}
            onChange={(event) => void update(folder.path, { removeDeleted: event.target.checked })}
          />
          <span>{t('watched.remove_deleted')}</span>
        </label>
      </div>
      <PublishToField
        id={`publish-${name}`}
        value={folder.publishTo ?? null}
        names={names}
        onChange={(publishTo) => void update(folder.path, { publishTo })}
      />
      <div className="cell-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void update(folder.path, { paused: !folder.paused })}>
          {folder.paused ? t('watched.resume') : t('watched.pause')}
        </button>
        <button type="button" className="btn btn-danger-ghost btn-small" onClick={() => void remove(folder.path)}>
          {t('watched.remove')}
        </button>
      </div>
    </li>
  );
}
