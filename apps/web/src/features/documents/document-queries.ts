import { enumValueLabel, reportSupportingDocument } from '@inspectra/contract';
import type { Attachment } from '@inspectra/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';
import { enumLabel } from '../../engine/entity-labels.ts';
import { firstPageSize } from '../../engine/EntityTable.tsx';
import type { EntityPageRequest } from '../../engine/EntityTable.tsx';
import { pagedList } from '../../engine/paged.ts';

/** A document as its list answers it: the record, its file, and who added it by name (`withAuthor`). */
export type SupportingDocument = RecordOf<typeof reportSupportingDocument> & {
  file: Attachment | null;
  createdByName?: string | null;
};
export type DocumentCategory = { value: string; label: string };

/** Every query of a report's documents starts with this, so an upload or delete refreshes them all. */
export const documentsKey = (reportId: string) => ['supportingDocuments', reportId] as const;

/** The prefix of a report's document lists (the table's pages, by type), where a document added offline shows. */
export const documentListsKey = (reportId: string) => [...documentsKey(reportId), 'list'] as const;

/** The table's query key and its pages, for one type or all (`null`). */
export function documentPages(reportId: string, documentType: string | null) {
  return {
    queryKey: [...documentListsKey(reportId), documentType],
    fetchPage: pagedList('GET /report-supporting-document', { reportHeaderId: reportId, documentType }),
  };
}

/** The table's first page of every type, as it opens: what taking a task offline keeps. */
export function firstDocumentsPage(reportId: string) {
  const { queryKey, fetchPage } = documentPages(reportId, null);
  const request: EntityPageRequest = { pageNumber: 1, pageSize: firstPageSize };
  return queryOptions({ queryKey: [...queryKey, request], queryFn: () => fetchPage(request) });
}

/** The document types to choose from, as the server lists them (`dropdown-category`). */
export const documentCategoriesQuery = {
  queryKey: ['supportingDocuments', 'categories'],
  queryFn: async () =>
    (await callApi<DocumentCategory[]>('GET /report-supporting-document/dropdown-category')).data,
  staleTime: Infinity,
};

/**
 * A document type in the user's language: its translation where there is one, else the contract's
 * English words for the value ("calibrationCertificate" → "Calibration certificate").
 */
export function documentTypeLabel(t: TFunction, value: string): string {
  const translated = enumLabel(t, reportSupportingDocument.name, 'documentType', value);
  return translated === value ? enumValueLabel(value) : translated;
}
