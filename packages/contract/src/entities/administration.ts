import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';

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
    contactEmail: f.text({ maxLength: 200 }),
    phoneNumber: f.text({ maxLength: 40 }),
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
