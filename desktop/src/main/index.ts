import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, protocol, shell } from 'electron';
import type { DesktopAppInfo } from '../shared/desktop-bridge';
import { IPC } from '../shared/ipc-channels';
import { APP_ORIGIN, APP_SCHEME, isExternalUrl, resolveAppRequest } from './app-protocol';
import { saveServerUrl, serverUrlFrom } from './desktop-config';
import { createDesktopServices, type DesktopServices } from './desktop-services';
import { checkServerAddress } from './server-check';
import { actionInput, folderChangesInput, folderModeInput, pathsInput, stringInput } from './transfers/ipc-input';

// The window stays thin: everything testable lives in the Electron-free modules beside this file.
const here = import.meta.dirname;
const rendererDir = path.join(here, '../renderer');
const dataDir = app.getPath('userData');
// Null on a first run until the window has asked for the address; changed later in the settings.
let server = serverUrlFrom(process.env, dataDir);

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false } },
]);

let mainWindow: BrowserWindow | null = null;
let services: DesktopServices | null = null;

function running(): DesktopServices {
  if (!services) throw new Error('No Cairn server address is set yet');
  return services;
}

/** The queue and watched folders for the current server, replacing those of a previous address. */
async function startServices(serverUrl: string): Promise<void> {
  await services?.stop();
  services = createDesktopServices({
    dataDir,
    serverUrl,
    // The renderer shows the native notification for a finished batch, in the user's language.
    send: (channel, payload) => mainWindow?.webContents.send(channel, payload),
  });
  await services.start();
}

function registerAppProtocol(): void {
  protocol.handle(APP_SCHEME, (request) => {
    const target = resolveAppRequest(request.url, rendererDir, server.serverUrl ?? 'http://127.0.0.1');
    if (target.kind === 'proxy' && !server.serverUrl) return new Response(null, { status: 503 });
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
  ipcMain.handle(IPC.setServerUrl, async (_event, raw: unknown) => {
    if (server.source === 'env') return { ok: false, problem: 'from_env' };
    const result = await checkServerAddress(stringInput(raw, 'a server address'));
    if (!result.ok) return result;
    saveServerUrl(dataDir, result.serverUrl);
    if (result.serverUrl !== server.serverUrl) {
      server = { serverUrl: result.serverUrl, source: 'setting' };
      await startServices(result.serverUrl);
    }
    return result;
  });
  ipcMain.handle(IPC.transfersSetSession, (_event, token: unknown) =>
    running().setSession(typeof token === 'string' && token ? token : null),
  );
  ipcMain.handle(IPC.transfersView, () => running().transfersView());
  ipcMain.handle(IPC.transfersAddPaths, async (_event, paths: unknown, mode: unknown) => {
    await running().queue.add(pathsInput(paths), folderModeInput(mode), path.basename(pathsInput(paths)[0]!));
  });
  ipcMain.handle(IPC.transfersAction, (_event, action: unknown, id: unknown) =>
    running().act(actionInput(action), typeof id === 'string' ? id : undefined),
  );
  ipcMain.handle(IPC.watchedFoldersList, () => running().folders.list());
  ipcMain.handle(IPC.watchedFoldersAdd, (_event, folder: unknown, mode: unknown, removeDeleted: unknown) =>
    running().folders.add(stringInput(folder, 'a folder'), folderModeInput(mode), removeDeleted === true),
  );
  ipcMain.handle(IPC.watchedFoldersRemove, (_event, folder: unknown) => running().folders.remove(stringInput(folder, 'a folder')));
  ipcMain.handle(IPC.watchedFoldersUpdate, (_event, folder: unknown, changes: unknown) =>
    running().folders.update(stringInput(folder, 'a folder'), folderChangesInput(changes)),
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
  registerAppProtocol();
  registerIpc();
  if (server.serverUrl) await startServices(server.serverUrl);
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
