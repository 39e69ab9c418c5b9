/**
 * What a technique's screens keep in the address: the equipment class (`?variant=pipe`) and, when a
 * report has several inspections, the one open (`?inspection=`). A reload or a shared link opens the
 * same place.
 */
export type WorkspaceSearch = { variant?: string; inspection?: string };

export function validateWorkspaceSearch(search: Record<string, unknown>): WorkspaceSearch {
  return {
    ...(typeof search.variant === 'string' && search.variant ? { variant: search.variant } : {}),
    ...(typeof search.inspection === 'string' && search.inspection ? { inspection: search.inspection } : {}),
  };
}
