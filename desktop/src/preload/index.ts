import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, WatchedFileEvent } from '../shared/desktop-bridge';
import { IPC } from '../shared/ipc-channels';

const bridge = {
  appInfo: () => ipcRenderer.invoke(IPC.appInfo),
  openExternal: (url) => ipcRenderer.invoke(IPC.openExternal, url),
  chooseFolder: () => ipcRenderer.invoke(IPC.chooseFolder),
  watchedFolders: {
    list: () => ipcRenderer.invoke(IPC.watchedFoldersList),
    add: (folder) => ipcRenderer.invoke(IPC.watchedFoldersAdd, folder),
    remove: (folder) => ipcRenderer.invoke(IPC.watchedFoldersRemove, folder),
  },
  onWatchedFileAdded(listener) {
    const handler = (_event: IpcRendererEvent, payload: WatchedFileEvent) => listener(payload);
    ipcRenderer.on(IPC.watchedFileAdded, handler);
    return () => ipcRenderer.removeListener(IPC.watchedFileAdded, handler);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('cairnDesktop', bridge);
