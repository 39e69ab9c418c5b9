import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the assets declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const assetsId: DomainWords = {
  entities: {
    equipmentCategory: {
      label: 'Kategori peralatan',
      fields: { code: 'Kode', name: 'Nama', description: 'Deskripsi' },
    },
    objectType: {
      label: 'Tipe objek',
      fields: { code: 'Kode', name: 'Nama', categoryCode: 'Kategori' },
    },
    plannerGroup: {
      label: 'Grup perencana',
      fields: { code: 'Kode', name: 'Nama', plant: 'Kilang' },
    },
    functionalLocation: {
      label: 'Lokasi',
      fields: { code: 'Kode', name: 'Nama', plant: 'Kilang' },
    },
    equipment: {
      label: 'Peralatan',
      fields: {
        equipmentNo: 'Nomor peralatan',
        tagNumber: 'Nomor tag',
        description: 'Deskripsi',
        categoryCode: 'Kategori',
        objectTypeCode: 'Tipe objek',
        locationCode: 'Lokasi',
        plannerGroupCode: 'Grup perencana',
        manufacturer: 'Pabrikan',
        yearInstalled: 'Tahun pemasangan',
      },
    },
    inspectionPoint: {
      label: 'Titik inspeksi',
      fields: { equipmentId: 'Peralatan', pointCode: 'Titik', description: 'Deskripsi' },
    },
  },
};
