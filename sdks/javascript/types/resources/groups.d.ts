// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient, RequestOptions } from '../http';
import type { Group, GroupList, GroupMembersAdded, GroupMembersRemoved, UploadFilterRequest } from '../types';
export interface GroupListParams {
  page?: number;
  /** Groups per page, 1–100 (default 10). */
  limit?: number;
  /** Keeps groups whose name contains this text. */
  search?: string;
}
/** Which records: by id (1–1000), or every record a filter matches (the file list's filters). */
export type GroupMembers =
  | {
      uploadIds: readonly string[];
    }
  | {
      filter: UploadFilterRequest;
    };
/** Groups of the account's records. A record may be in any number of groups; deleting a group keeps its files. */
export declare class Groups {
  private readonly http;
  constructor(http: HttpClient);
  list(params?: GroupListParams, options?: RequestOptions): Promise<GroupList>;
  create(name: string, options?: RequestOptions): Promise<Group>;
  get(groupId: string, options?: RequestOptions): Promise<Group>;
  /** Renaming to the same name changes nothing, so the call is retried like a read. */
  rename(groupId: string, name: string, options?: RequestOptions): Promise<Group>;
  /** Deletes the group only: its files stay. */
  delete(
    groupId: string,
    options?: RequestOptions,
  ): Promise<{
    deleted: true;
  }>;
  /** Adds records; one already in the group stays as it is, so the call is retried. */
  add(groupId: string, members: GroupMembers, options?: RequestOptions): Promise<GroupMembersAdded>;
  /** Takes records out of the group (they stay in the account); retried like `add`. */
  remove(groupId: string, members: GroupMembers, options?: RequestOptions): Promise<GroupMembersRemoved>;
}
