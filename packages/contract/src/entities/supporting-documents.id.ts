import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of supportingDocument's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const supportingDocumentsId: TechniqueWords = {
  technique: {
    label: 'Dokumen pendukung',
    description: 'Prosedur, sertifikat, gambar teknik, dan lembar kerja yang dilampirkan pada laporan.',
  },
  entities: {
    reportSupportingDocument: {
      label: 'Dokumen pendukung',
      fields: { reportHeaderId: 'Laporan', documentType: 'Jenis dokumen', description: 'Deskripsi' },
      values: {
        documentType: {
          procedure: 'Prosedur',
          calibrationCertificate: 'Sertifikat kalibrasi',
          drawing: 'Gambar teknik',
          dataSheet: 'Lembar data',
          previousReport: 'Laporan sebelumnya',
          photoLog: 'Dokumentasi foto',
          permit: 'Izin kerja',
          correspondence: 'Korespondensi',
          other: 'Lainnya',
        },
      },
      images: { file: 'Berkas' },
    },
  },
};
