/**
 * Every IPC channel between the main process and the preload, in one frozen object so that a typo
 * is a type error and the list of channels can be read in one place.
 */
export const IPC = Object.freeze({
  appInfo: 'cairn:app-info',
  openExternal: 'cairn:open-external',
  chooseFolder: 'cairn:choose-folder',
  watchedFoldersList: 'cairn:watched-folders:list',
  watchedFoldersAdd: 'cairn:watched-folders:add',
  watchedFoldersRemove: 'cairn:watched-folders:remove',
  watchedFileAdded: 'cairn:watched-folders:file-added',
} as const);

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
