/** The query keys of the forum's calls; ['forum'] covers them all (a committee switch clears it). */
export const forumKey = ['forum'] as const;
export const threadsKey = [...forumKey, 'threads'] as const;
export const threadKey = (id: number) => [...forumKey, 'thread', id] as const;
export const searchKey = [...forumKey, 'search'] as const;
export const membersKey = [...forumKey, 'members'] as const;
