import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, route } from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { supportingDocumentsId } from './supporting-documents.id.ts';

/** Kinds of document attached to a report (the `dropdown-category` call lists them). */
export const supportingDocumentTypes = [
  'procedure',
  'calibrationCertificate',
  'drawing',
  'dataSheet',
  'previousReport',
  'photoLog',
  'permit',
  'correspondence',
  'other',
] as const;

/** A document that supports a report: a procedure, a certificate, a drawing, a spreadsheet of readings. */
export const reportSupportingDocument = defineEntity('reportSupportingDocument', {
  label: 'Supporting document',
  module: 'supportingDocument',
  // The PDF's rows table (docs/report-pdf.md).
  print: { columns: ['documentType', 'description'] },
  fields: {
    reportHeaderId: f.ref('reportHeader', { label: 'Report', required: true }),
    documentType: f.enumOf(supportingDocumentTypes, { required: true }),
    description: f.text(),
  },
  parent: 'reportHeaderId',
  images: { file: f.file({ label: 'File', accepts: 'document', required: true }) },
});

const tag = 'Supporting documents';
const path = '/report-supporting-document';
export const supportingDocumentRoutes = [
  route(
    'GET',
    path,
    op.listByParent(reportSupportingDocument, 'reportHeaderId', {
      paged: true,
      filters: { documentType: { field: 'documentType', op: 'eq' } },
      // "Added by Rina Wulandari": each row names who added it (our addition, createdByName).
      withAuthor: true,
    }),
    { summary: 'Documents of a report (paged; by documentType), each with who added it', tag },
  ),
  route('GET', `${path}/dropdown-category`, op.enumValues(reportSupportingDocument, 'documentType'), {
    summary: 'The document types to choose from',
    tag,
  }),
  route('POST', path, op.create(reportSupportingDocument, 'multipart'), {
    summary: 'Attach a document to a report (multipart: reportHeaderId, documentType, file)',
    tag,
  }),
  route('POST', `${path}/upload`, op.create(reportSupportingDocument, 'multipart'), {
    summary: 'Upload a document to a report (as POST /report-supporting-document)',
    tag,
  }),
  route('PUT', `${path}/:id`, op.update(reportSupportingDocument, 'path', 'json-or-multipart'), {
    summary: 'Change a document (its type, description or file)',
    tag,
  }),
  route('DELETE', `${path}/:id`, op.delete(reportSupportingDocument, 'path'), {
    summary: 'Remove a document from a report',
    tag,
  }),
];

/** Report-wide documents: a panel on the report page, not an inspection technique's card. */
export const supportingDocuments = defineTechnique({
  module: 'supportingDocument',
  labelsId: supportingDocumentsId,
  label: 'Supporting documents',
  description: 'Procedures, certificates, drawings and spreadsheets attached to the report.',
  slug: 'documents',
  icon: 'document',
  color: 'gray',
  entities: [reportSupportingDocument],
  routes: supportingDocumentRoutes,
  reportCard: false,
});
