import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { DesktopBridge } from '../shared/desktop-bridge';
import { IPC, type IpcChannel, type TransferAction } from '../shared/ipc-channels';

function subscribe<T>(channel: IpcChannel, listener: (payload: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, payload: T) => listener(payload);
  ipcRenderer.on(channel, handler);
  return () => ipcRenderer.removeListener(channel, handler);
}

const act = (action: TransferAction, id?: string): Promise<void> => ipcRenderer.invoke(IPC.transfersAction, action, id);

const bridge = {
  appInfo: () => ipcRenderer.invoke(IPC.appInfo),
  setServerUrl: (address) => ipcRenderer.invoke(IPC.setServerUrl, address),
  openExternal: (url) => ipcRenderer.invoke(IPC.openExternal, url),
  chooseFolder: () => ipcRenderer.invoke(IPC.chooseFolder),
  // Dropped files reach the main process as paths; it streams them from disk itself.
  pathForFile: (file) => webUtils.getPathForFile(file),
  transfers: {
    setSession: (token) => ipcRenderer.invoke(IPC.transfersSetSession, token),
    view: () => ipcRenderer.invoke(IPC.transfersView),
    addPaths: (paths, folderMode) => ipcRenderer.invoke(IPC.transfersAddPaths, paths, folderMode),
    pause: (id) => act('pause', id),
    resume: (id) => act('resume', id),
    retry: (id) => act('retry', id),
    cancel: (id) => act('cancel', id),
    pauseAll: () => act('pauseAll'),
    resumeAll: () => act('resumeAll'),
    retryAll: () => act('retryAll'),
    cancelAll: () => act('cancelAll'),
    clearFinished: () => act('clearFinished'),
  },
  watchedFolders: {
    list: () => ipcRenderer.invoke(IPC.watchedFoldersList),
    add: (folder, mode, removeDeleted) => ipcRenderer.invoke(IPC.watchedFoldersAdd, folder, mode, removeDeleted),
    remove: (folder) => ipcRenderer.invoke(IPC.watchedFoldersRemove, folder),
    update: (folder, changes) => ipcRenderer.invoke(IPC.watchedFoldersUpdate, folder, changes),
  },
  onTransfersChanged: (listener) => subscribe(IPC.transfersChanged, listener),
  onWatchedFoldersChanged: (listener) => subscribe(IPC.watchedFoldersChanged, listener),
  onBatchEnded: (listener) => subscribe(IPC.batchEnded, listener),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('cairnDesktop', bridge);
