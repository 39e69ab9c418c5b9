import type { TechniqueWords } from '../labels/entity-keys.ts';
import { findingSeverityId, pipeFamiliesId } from './findings.id.ts';

/*
 * Bahasa Indonesia of walkthrough's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const walkthroughId: TechniqueWords = {
  technique: {
    label: 'Inspeksi walkthrough',
    description: 'Menyusuri jalur: area, kondisinya, dan tingkat keparahannya, dengan foto.',
  },
  entities: {
    walkthroughInspection: {
      label: 'Inspeksi walkthrough',
      variants: pipeFamiliesId,
      fields: {
        reportHeaderId: 'Laporan',
        inspectionDate: 'Tanggal inspeksi',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      images: { isometricImage: 'Isometrik' },
    },
    walkthroughSummary: {
      label: 'Temuan walkthrough',
      variants: pipeFamiliesId,
      fields: {
        walkthroughInspectionId: 'Inspeksi walkthrough',
        inspectionDate: 'Tanggal inspeksi',
        inspectionArea: 'Area inspeksi',
        finding: 'Temuan',
        condition: 'Kondisi',
        severity: 'Tingkat keparahan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      values: {
        condition: { good: 'Baik', fair: 'Cukup', poor: 'Kurang', bad: 'Buruk' },
        severity: findingSeverityId,
      },
      images: { summaryImages: 'Foto' },
      imageTypes: {
        summaryImages: {
          overview: 'Tampak keseluruhan',
          closeUp: 'Jarak dekat',
          support: 'Penyangga',
          coating: 'Lapisan pelindung',
          leak: 'Kebocoran',
          other: 'Lainnya',
        },
      },
    },
  },
};
