import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { useDesktopDrop } from '../desktop/use-desktop-drop';
import { filesFromDrop } from './drop-walk';
import { fromFileList, singleFileMode, type PickedFile, type UploadMode } from './selection';

/**
 * Where files come in: dropped (folders walked with their relative paths) or picked with the file
 * or the folder chooser.
 */
export function DropZone({ mode, onFiles, disabled }: { mode: UploadMode; onFiles(files: PickedFile[]): void; disabled?: boolean }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const desktopDrop = useDesktopDrop();

  // React does not know the folder chooser's attribute; set it on the element itself.
  useEffect(() => {
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    // The desktop queue imports files and folders; a CAR is sent from here.
    if (disabled || (mode !== 'car' && desktopDrop(event.dataTransfer, mode))) return;
    void filesFromDrop(event.dataTransfer).then((files) => files.length > 0 && onFiles(files));
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const picked = (input: HTMLInputElement) => {
    if (input.files && input.files.length > 0) onFiles(fromFileList(input.files));
    // Picking the same file again must fire change again.
    input.value = '';
  };
  const folderMode = !singleFileMode(mode);
  const car = mode === 'car';

  return (
    <div
      className={`drop-zone${dragging ? ' dragging' : ''}`}
      data-drop-zone
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node) && setDragging(false)}
      onDrop={onDrop}
    >
      <span className="drop-icon">
        <Icon name="upload" size={22} />
      </span>
      <p className="drop-title">{folderMode ? t('upload.drop_folder') : car ? t('upload.drop_car') : t('upload.drop_file')}</p>
      <p className="muted">{t('upload.drop_or')}</p>
      <div className="drop-actions">
        {folderMode && (
          <button type="button" className="btn btn-primary" onClick={() => folderInput.current?.click()} disabled={disabled}>
            <Icon name="folder" size={16} />
            <span>{t('upload.choose_folder')}</span>
          </button>
        )}
        <button
          type="button"
          className={`btn ${folderMode ? 'btn-secondary' : 'btn-primary'}`}
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
        >
          <Icon name="file" size={16} />
          <span>{folderMode ? t('upload.choose_files') : car ? t('upload.choose_car') : t('upload.choose_file')}</span>
        </button>
      </div>
      <p className="drop-limits">
        {folderMode
          ? t('upload.limits_folder', { file: formatBytes(MAX_FILE_BYTES, language), folder: formatBytes(MAX_DIRECTORY_BYTES, language) })
          : car
            ? t('upload.limits_car', { folder: formatBytes(MAX_DIRECTORY_BYTES, language) })
            : t('upload.limits_file', { file: formatBytes(MAX_FILE_BYTES, language) })}
      </p>
      <input
        ref={fileInput}
        type="file"
        hidden
        multiple={folderMode}
        accept={car ? '.car,application/vnd.ipld.car' : undefined}
        data-picker="files"
        onChange={(event) => picked(event.currentTarget)}
      />
      <input ref={folderInput} type="file" hidden data-picker="folder" onChange={(event) => picked(event.currentTarget)} />
    </div>
  );
}
