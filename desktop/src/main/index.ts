import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, protocol, shell } from 'electron';
import type { DesktopAppInfo } from '../shared/desktop-bridge';
import { IPC } from '../shared/ipc-channels';
import { APP_ORIGIN, APP_SCHEME, isExternalUrl, resolveAppRequest } from './app-protocol';
import { serverUrlFrom } from './desktop-config';
import { WatchedFolders } from './watched-folders';

// The window stays thin: everything testable lives in the Electron-free modules beside this file.
const here = import.meta.dirname;
const rendererDir = path.join(here, '../renderer');
const serverUrl = serverUrlFrom(process.env);

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false } },
]);

let mainWindow: BrowserWindow | null = null;
const watchedFolders = new WatchedFolders({
  storeFile: path.join(app.getPath('userData'), 'watched-folders.json'),
  onFileAdded: (event) => mainWindow?.webContents.send(IPC.watchedFileAdded, event),
});

function registerAppProtocol(): void {
  protocol.handle(APP_SCHEME, (request) => {
    const target = resolveAppRequest(request.url, rendererDir, serverUrl);
    if (target.kind === 'file') return net.fetch(pathToFileURL(target.file).toString());
    if (target.kind === 'proxy') {
      const init: RequestInit & { duplex?: 'half' } = {
        method: request.method,
        headers: request.headers,
        body: request.body,
        duplex: 'half',
      };
      return net.fetch(target.url, init);
    }
    return new Response(null, { status: 404 });
  });
}

function registerIpc(): void {
  ipcMain.handle(IPC.appInfo, (): DesktopAppInfo => ({ version: app.getVersion(), platform: process.platform, serverUrl }));
  ipcMain.handle(IPC.openExternal, async (_event, url: unknown) => {
    if (typeof url === 'string' && isExternalUrl(url)) await shell.openExternal(url);
  });
  ipcMain.handle(IPC.chooseFolder, async () => {
    const result = await dialog.showOpenDialog({ properties: ['openDirectory'] });
    return result.canceled ? null : (result.filePaths[0] ?? null);
  });
  ipcMain.handle(IPC.watchedFoldersList, () => watchedFolders.list());
  ipcMain.handle(IPC.watchedFoldersAdd, (_event, folder: unknown) => watchedFolders.add(String(folder)));
  ipcMain.handle(IPC.watchedFoldersRemove, (_event, folder: unknown) => watchedFolders.remove(String(folder)));
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 380,
    show: false,
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  // Links leave the app for the system browser; the window itself never navigates away.
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  mainWindow.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(APP_ORIGIN)) event.preventDefault();
  });
  mainWindow.on('closed', () => (mainWindow = null));
  void mainWindow.loadURL(process.env.ELECTRON_RENDERER_URL ?? `${APP_ORIGIN}/`);
}

void app.whenReady().then(() => {
  registerAppProtocol();
  registerIpc();
  watchedFolders.start();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  watchedFolders.stop();
  if (process.platform !== 'darwin') app.quit();
});
