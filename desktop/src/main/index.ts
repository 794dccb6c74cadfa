import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, protocol, shell } from 'electron';
import type { DesktopAppInfo } from '../shared/desktop-bridge';
import { IPC } from '../shared/ipc-channels';
import { APP_ORIGIN, APP_SCHEME, isExternalUrl, resolveAppRequest } from './app-protocol';
import { serverUrlFrom } from './desktop-config';
import { createDesktopServices, type DesktopServices } from './desktop-services';
import { actionInput, folderChangesInput, folderModeInput, pathsInput, stringInput } from './transfers/ipc-input';

// The window stays thin: everything testable lives in the Electron-free modules beside this file.
const here = import.meta.dirname;
const rendererDir = path.join(here, '../renderer');
const dataDir = app.getPath('userData');
const server = serverUrlFrom(process.env, dataDir);

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false } },
]);

let mainWindow: BrowserWindow | null = null;
let services: DesktopServices;

function registerAppProtocol(): void {
  protocol.handle(APP_SCHEME, (request) => {
    const target = resolveAppRequest(request.url, rendererDir, server.serverUrl);
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
  const info = (): DesktopAppInfo => ({
    version: app.getVersion(),
    platform: process.platform,
    serverUrl: server.serverUrl,
    serverUrlSource: server.source,
  });
  ipcMain.handle(IPC.appInfo, info);
  ipcMain.handle(IPC.openExternal, async (_event, url: unknown) => {
    if (typeof url === 'string' && isExternalUrl(url)) await shell.openExternal(url);
  });
  ipcMain.handle(IPC.chooseFolder, async () => {
    const result = await dialog.showOpenDialog({ properties: ['openDirectory'] });
    return result.canceled ? null : (result.filePaths[0] ?? null);
  });
  ipcMain.handle(IPC.transfersSetSession, (_event, token: unknown) =>
    services.setSession(typeof token === 'string' && token ? token : null),
  );
  ipcMain.handle(IPC.transfersView, () => services.transfersView());
  ipcMain.handle(IPC.transfersAddPaths, async (_event, paths: unknown, mode: unknown) => {
    await services.queue.add(pathsInput(paths), folderModeInput(mode), path.basename(pathsInput(paths)[0]!));
  });
  ipcMain.handle(IPC.transfersAction, (_event, action: unknown, id: unknown) =>
    services.act(actionInput(action), typeof id === 'string' ? id : undefined),
  );
  ipcMain.handle(IPC.watchedFoldersList, () => services.folders.list());
  ipcMain.handle(IPC.watchedFoldersAdd, (_event, folder: unknown, mode: unknown, removeDeleted: unknown) =>
    services.folders.add(stringInput(folder, 'a folder'), folderModeInput(mode), removeDeleted === true),
  );
  ipcMain.handle(IPC.watchedFoldersRemove, (_event, folder: unknown) => services.folders.remove(stringInput(folder, 'a folder')));
  ipcMain.handle(IPC.watchedFoldersUpdate, (_event, folder: unknown, changes: unknown) =>
    services.folders.update(stringInput(folder, 'a folder'), folderChangesInput(changes)),
  );
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 380,
    show: false,
    webPreferences: { preload: path.join(here, '../preload/index.cjs'), contextIsolation: true, sandbox: true, nodeIntegration: false },
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

void app.whenReady().then(async () => {
  services = createDesktopServices({
    dataDir,
    serverUrl: server.serverUrl,
    // The renderer shows the native notification for a finished batch, in the user's language.
    send: (channel, payload) => mainWindow?.webContents.send(channel, payload),
  });
  registerAppProtocol();
  registerIpc();
  await services.start();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

// The queue keeps running while a window is closed on macOS; quitting writes its journal.
app.on('before-quit', () => void services?.stop());
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
