import type { TechniqueWords } from '../labels/entity-keys.ts';
import { findingSeverityId, pipeFamiliesId } from './findings.id.ts';

/*
 * Bahasa Indonesia of vci's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const vciId: TechniqueWords = {
  technique: {
    label: 'Inspeksi retak visual',
    description: 'Retak, korosi, dan kerusakan di permukaan, titik demi titik, dengan foto.',
  },
  entities: {
    vciAnalysis: {
      label: 'Analisis VCI',
      variants: pipeFamiliesId,
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal pengukuran',
        finding: 'Temuan',
        analysis: 'Analisis',
        recommendation: 'Rekomendasi',
      },
      images: { drawingImage: 'Gambar teknik', isometricImage: 'Isometrik' },
    },
    vciSummary: {
      label: 'Ringkasan VCI',
      variants: pipeFamiliesId,
      fields: {
        vciAnalysisId: 'Analisis VCI',
        measurementDate: 'Tanggal pengukuran',
        location: 'Lokasi',
        segmentPipingNumber: 'Nomor segmen / perpipaan',
        feature: 'Jenis temuan',
        vciSpotNumber: 'Nomor titik VCI',
        severity: 'Tingkat keparahan',
        remarks: 'Keterangan',
      },
      values: {
        feature: {
          crack: 'Retak',
          corrosion: 'Korosi',
          pitting: 'Korosi sumuran',
          dent: 'Penyok',
          gouge: 'Cungkilan',
          coatingDamage: 'Kerusakan lapisan pelindung',
          leak: 'Kebocoran',
          deformation: 'Deformasi',
          other: 'Lainnya',
        },
        severity: findingSeverityId,
      },
      images: { summaryImages: 'Foto' },
      imageTypes: {
        summaryImages: {
          overview: 'Tampak keseluruhan',
          closeUp: 'Jarak dekat',
          measurement: 'Pengukuran',
          marking: 'Penandaan',
          other: 'Lainnya',
        },
      },
    },
  },
};
