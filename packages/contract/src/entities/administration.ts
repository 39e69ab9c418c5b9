import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, resourceRoutes, route } from '../routes.ts';
import { reportIdParams } from './report-headers.ts';

/**
 * A contractor company whose staff inspect or review under contract (docs/administration.md). A user
 * belongs to one company or to none (the plant owner's staff). Its logo shows in the shell of its
 * users and on the reports they author. Contractor users see only the work their company is named on.
 */
export const contractorCompany = defineEntity('contractorCompany', {
  label: 'Contractor company',
  module: 'contractorCompany',
  fields: {
    contractorName: f.text({ label: 'Company name', required: true, maxLength: 150 }),
    contactPerson: f.text({ maxLength: 150 }),
    contactEmail: f.email({ maxLength: 200 }),
    phoneNumber: f.phone({ maxLength: 40 }),
    address: f.longText({ maxLength: 1000 }),
    isActive: f.boolean({ label: 'Active', default: true }),
  },
  images: { companyLogo: f.image({ label: 'Company logo' }) },
  unique: ['contractorName'],
  duplicateMessage: 'A contractor company with this name already exists',
  represent: ['contractorName'],
  search: ['contractorName', 'contactPerson'],
  sort: { field: 'contractorName', direction: 'asc' },
});

/**
 * SPEC 7: list (paged, search) and create at `/contractor-company`, get / update / delete by id.
 * Create and update are multipart (`ContractorName`, `CompanyLogo`, …; the engine reads a part named
 * like a field with its first letter upper-cased as that field).
 */
export const contractorCompanyRoutes = resourceRoutes(contractorCompany, '/contractor-company', {
  tag: 'Contractor companies',
  body: 'multipart',
});

/**
 * A company as the shell and a report show it: its name and the attachment id of its logo (read
 * through `GET /files/{id}`, which every signed-in user may for a company logo).
 */
export const companyBadgeSchema = z
  .object({ id: z.uuid(), contractorName: z.string(), logoFileId: z.uuid().nullable() })
  .meta({ id: 'companyBadge' });
export type CompanyBadge = z.infer<typeof companyBadgeSchema>;

/** Who created a report, and their company (null for the owner's staff). */
export const reportAuthorSchema = z
  .object({ id: z.uuid(), fullName: z.string(), company: companyBadgeSchema.nullable() })
  .meta({ id: 'reportAuthor' });
export type ReportAuthor = z.infer<typeof reportAuthorSchema>;

/**
 * The author of a report with their company, for the report page's header: a call of its own
 * rather than a field of every report in every list (docs/contractor-companies.md).
 */
export const reportAuthorRoutes = [
  route(
    'GET',
    '/report-headers/:id/author',
    op.action('reportHeader.author', { params: reportIdParams, response: reportAuthorSchema }),
    {
      summary: "The report's author and their contractor company (name and logo), if any",
      tag: 'Report headers',
      access: { module: 'reportHeader', action: 'view' },
    },
  ),
];

/**
 * The organisation that owns the plant (docs/report-pdf.md): one record, kept in administration,
 * named with its logo on the cover of every report's PDF. Its city and region are also words a
 * password must not lean on.
 */
export const plantOwner = defineEntity('plantOwner', {
  label: 'Plant owner',
  module: 'plantOwner',
  single: true,
  fields: {
    ownerName: f.text({ label: 'Owner name', required: true, maxLength: 200 }),
    address: f.longText({ maxLength: 1000 }),
    city: f.text({ maxLength: 100 }),
    region: f.text({ label: 'Region or province', maxLength: 100 }),
  },
  images: { ownerLogo: f.image({ label: 'Logo' }) },
  represent: ['ownerName'],
});

/**
 * Our addition: `GET /plant-owner` answers the one record (or null before it is set) to every
 * signed-in user; the first save creates it (`POST`, multipart with `OwnerLogo`), later saves
 * update it by id. A second record is refused (409): there is one plant owner.
 */
export const plantOwnerRoutes = [
  route(
    'GET',
    '/plant-owner',
    op.action('plantOwner.get', { response: plantOwner.schemas.response.nullable() }),
    {
      summary: 'The plant owner (name, address, city, region, logo), or null before it is set',
      tag: 'Plant owner',
      access: 'authenticated',
    },
  ),
  route('POST', '/plant-owner', op.create(plantOwner, 'multipart'), {
    summary: 'Set the plant owner (the first time)',
    tag: 'Plant owner',
  }),
  route('PUT', '/plant-owner/:id', op.update(plantOwner, 'path', 'multipart'), {
    summary: 'Update the plant owner',
    tag: 'Plant owner',
  }),
];
