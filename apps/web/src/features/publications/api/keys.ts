/** The query keys of the publications' calls; ['publications'] covers them all. */
export const publicationsKey = ['publications'] as const;
export const recentKey = [...publicationsKey, 'recent'] as const;
export const publicationKey = (id: number) => [...publicationsKey, 'one', id] as const;
export const categoriesKey = [...publicationsKey, 'categories'] as const;
export const adminKey = [...publicationsKey, 'admin'] as const;
