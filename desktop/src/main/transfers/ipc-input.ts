import { TRANSFER_ACTIONS, type TransferAction } from '../../shared/ipc-channels';
import type { FolderMode, WatchMode } from '../../shared/desktop-bridge';

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

export function folderChangesInput(value: unknown): { mode?: WatchMode; paused?: boolean; removeDeleted?: boolean } {
  const input = (value ?? {}) as Record<string, unknown>;
  const changes: { mode?: WatchMode; paused?: boolean; removeDeleted?: boolean } = {};
  if (input.mode !== undefined) changes.mode = folderModeInput(input.mode);
  for (const key of ['paused', 'removeDeleted'] as const) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== 'boolean') throw new Error(`Expected ${key} to be true or false`);
    changes[key] = input[key];
  }
  return changes;
}
