import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of ndt's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const ndtId: TechniqueWords = {
  technique: {
    label: 'Peralatan NDT',
    description:
      'Peralatan yang diinspeksi dengan NDT, inspeksi terakhirnya per metode, dan gambar isometriknya.',
  },
  entities: {
    ndtEquipment: {
      label: 'Peralatan NDT',
      fields: {
        equipmentNo: 'Nomor peralatan',
        tagNumber: 'Nomor tag',
        description: 'Deskripsi',
        objectType: 'Tipe objek',
        location: 'Lokasi',
      },
    },
    ndtIsometric: {
      label: 'Gambar isometrik',
      fields: {
        ndtEquipmentId: 'Peralatan',
        fileName: 'Nama berkas',
        drawingNumber: 'Nomor gambar',
        revision: 'Revisi',
      },
      images: { drawing: 'Gambar teknik' },
    },
  },
};
