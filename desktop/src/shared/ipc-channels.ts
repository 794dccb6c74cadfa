/**
 * Every IPC channel between the main process and the preload, in one frozen object so that a typo
 * is a type error and the list of channels can be read in one place.
 */
export const IPC = Object.freeze({
  appInfo: 'cairn:app-info',
  setServerUrl: 'cairn:set-server-url',
  openExternal: 'cairn:open-external',
  chooseFolder: 'cairn:choose-folder',
  transfersSetSession: 'cairn:transfers:set-session',
  transfersView: 'cairn:transfers:view',
  transfersAddPaths: 'cairn:transfers:add-paths',
  transfersAction: 'cairn:transfers:action',
  transfersChanged: 'cairn:transfers:changed',
  batchEnded: 'cairn:transfers:batch-ended',
  watchedFoldersList: 'cairn:watched-folders:list',
  watchedFoldersAdd: 'cairn:watched-folders:add',
  watchedFoldersRemove: 'cairn:watched-folders:remove',
  watchedFoldersUpdate: 'cairn:watched-folders:update',
  watchedFoldersChanged: 'cairn:watched-folders:changed',
} as const);

export type IpcChannel = (typeof IPC)[keyof typeof IPC];

/** The queue actions sent over `transfersAction`: one item (with an id) or all of them. */
export const TRANSFER_ACTIONS = Object.freeze([
  'pause',
  'resume',
  'retry',
  'cancel',
  'pauseAll',
  'resumeAll',
  'retryAll',
  'cancelAll',
  'clearFinished',
] as const);
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];
