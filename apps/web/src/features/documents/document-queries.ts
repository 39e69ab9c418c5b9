import { enumValueLabel, reportSupportingDocument } from '@inspectra/contract';
import type { Attachment } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';
import { enumLabel } from '../../engine/entity-labels.ts';

/** A document as its list answers it: the record, its file, and who added it by name (`withAuthor`). */
export type SupportingDocument = RecordOf<typeof reportSupportingDocument> & {
  file: Attachment | null;
  createdByName?: string | null;
};
export type DocumentCategory = { value: string; label: string };

/** Every query of a report's documents starts with this, so an upload or delete refreshes them all. */
export const documentsKey = (reportId: string) => ['supportingDocuments', reportId] as const;

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
