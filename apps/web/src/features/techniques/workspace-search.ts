/**
 * What a technique's screens keep in the address: the equipment class (`?variant=pipe`), when a
 * report has several inspections the one open (`?inspection=`), and on a row's form the kind of row
 * when it is not the main one (`?list=`, an entity's name). A reload or a shared link opens the same
 * place.
 */
export type WorkspaceSearch = { variant?: string; inspection?: string; list?: string };

export function validateWorkspaceSearch(search: Record<string, unknown>): WorkspaceSearch {
  return {
    ...(typeof search.variant === 'string' && search.variant ? { variant: search.variant } : {}),
    ...(typeof search.inspection === 'string' && search.inspection ? { inspection: search.inspection } : {}),
    ...(typeof search.list === 'string' && search.list ? { list: search.list } : {}),
  };
}
