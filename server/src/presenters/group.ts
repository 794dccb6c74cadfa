import type { GroupView } from '../stores/group-store';

export function presentGroup(group: GroupView) {
  return { id: group.id, name: group.name, filesCount: group.files_count, createdAt: group.created_at };
}
