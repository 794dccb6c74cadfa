import { TRANSFER_ACTIONS, type TransferAction } from '../../shared/ipc-channels';
import type { FolderChanges, FolderMode, PublishTarget, WatchMode } from '../../shared/desktop-bridge';

/**
 * Checks what the renderer sends before the main process acts on it: the renderer shows web
 * content, so its messages are input like any other.
 */
export function pathsInput(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 10_000) throw new Error('Expected a list of paths');
  return value.map((item) => {
    if (typeof item !== 'string' || item.length === 0 || item.includes('\0')) throw new Error('Expected a list of paths');
    return item;
  });
}

export function folderModeInput(value: unknown): FolderMode & WatchMode {
  if (value !== 'dag' && value !== 'files') throw new Error('Expected "dag" or "files"');
  return value;
}

export function actionInput(value: unknown): TransferAction {
  if (!TRANSFER_ACTIONS.includes(value as TransferAction)) throw new Error('Unknown transfer action');
  return value as TransferAction;
}

export function stringInput(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.includes('\0')) throw new Error(`Expected ${what}`);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IPNS_NAME = /^k51[0-9a-z]{1,100}$/;

/** A watched folder's name: null for none, else the name's id and its `k51…` form. */
export function publishTargetInput(value: unknown): PublishTarget | null {
  if (value === null) return null;
  const input = (value ?? {}) as Record<string, unknown>;
  if (typeof input.nameId !== 'string' || !UUID.test(input.nameId) || typeof input.name !== 'string' || !IPNS_NAME.test(input.name))
    throw new Error('Expected null or a name id with its IPNS name');
  return { nameId: input.nameId, name: input.name };
}

export function folderChangesInput(value: unknown): FolderChanges {
  const input = (value ?? {}) as Record<string, unknown>;
  const changes: FolderChanges = {};
  if (input.mode !== undefined) changes.mode = folderModeInput(input.mode);
  if (input.publishTo !== undefined) changes.publishTo = publishTargetInput(input.publishTo);
  for (const key of ['paused', 'removeDeleted'] as const) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== 'boolean') throw new Error(`Expected ${key} to be true or false`);
    changes[key] = input[key];
  }
  return changes;
}
