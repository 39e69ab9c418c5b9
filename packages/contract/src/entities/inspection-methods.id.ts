import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the inspection methods declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const inspectionMethodsId: DomainWords = {
  entities: {
    inspectionMethod: {
      label: 'Metode inspeksi',
      fields: {
        code: 'Kode',
        name: 'Nama',
        description: 'Deskripsi',
        equipmentCategories: 'Kategori peralatan',
        isActive: 'Aktif',
      },
    },
  },
};
