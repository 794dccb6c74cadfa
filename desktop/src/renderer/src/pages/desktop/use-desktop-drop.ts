import { useNavigate } from 'react-router-dom';
import { useAppStore } from '../../store/app-store';
import type { UploadMode } from '../upload/selection';

/**
 * In the desktop app, files and folders dropped on the window go to the background queue by path
 * (the main process streams them from disk) and the Transfers screen opens. Returns false on the
 * website, where the drop keeps its DataTransfer path.
 */
export function useDesktopDrop(): (dataTransfer: DataTransfer, mode: UploadMode) => boolean {
  const isDesktop = useAppStore((state) => state.isDesktop);
  const queueDropped = useAppStore((state) => state.queueDropped);
  const navigate = useNavigate();
  return (dataTransfer, mode) => {
    if (!isDesktop || dataTransfer.files.length === 0) return false;
    const files = Array.from(dataTransfer.files);
    void queueDropped(files, mode === 'dag' ? 'dag' : 'files').then((queued) => queued && navigate('/transfers'));
    return true;
  };
}
