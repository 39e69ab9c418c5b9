import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the administration declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const administrationId: DomainWords = {
  entities: {
    contractorCompany: {
      label: 'Perusahaan kontraktor',
      fields: {
        contractorName: 'Nama perusahaan',
        contactPerson: 'Narahubung',
        contactEmail: 'Email kontak',
        phoneNumber: 'Nomor telepon',
        address: 'Alamat',
        isActive: 'Aktif',
      },
      images: { companyLogo: 'Logo perusahaan' },
    },
    plantOwner: {
      label: 'Pemilik kilang',
      fields: {
        ownerName: 'Nama pemilik',
        address: 'Alamat',
        city: 'Kota',
        region: 'Provinsi atau wilayah',
      },
      images: { ownerLogo: 'Logo' },
    },
  },
};
