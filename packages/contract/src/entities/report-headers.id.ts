import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the report headers declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const reportHeadersId: DomainWords = {
  entities: {
    reportHeader: {
      label: 'Laporan',
      fields: {
        workOrderSPKId: 'Perintah kerja',
        reportNumber: 'Nomor laporan',
        title: 'Judul',
        equipmentNo: 'Nomor peralatan',
        equipmentCategory: 'Kategori peralatan',
        objectType: 'Tipe objek',
        inspectionMethod: 'Metode inspeksi',
        location: 'Lokasi',
        actualStartDate: 'Tanggal mulai aktual',
        actualCompletedDate: 'Tanggal selesai aktual',
        status: 'Status',
        statusComment: 'Komentar status',
        revision: 'Revisi',
        revisionOf: 'Revisi dari',
        revisionReason: 'Alasan revisi',
        supersededBy: 'Digantikan oleh',
        approvalLevel: 'Level persetujuan',
        approvalPath: 'Jalur persetujuan',
      },
      values: {
        status: {
          draft: 'Draf',
          submitted: 'Diajukan',
          inReview: 'Sedang ditinjau',
          returned: 'Dikembalikan',
          approved: 'Disetujui',
        },
      },
      rules: {
        actualStartInFuture: 'Tanggal mulai aktual berada di masa depan',
        actualCompletedBeforeStart: 'Tanggal selesai aktual lebih awal dari tanggal mulai aktual',
      },
    },
  },
};
