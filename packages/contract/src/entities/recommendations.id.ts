import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the register of findings to close, kept beside its declaration: its entity's
 * strings under the keys the English has (labels/entity-keys.ts types them; labels/id.ts gathers them).
 */

export const recommendationsId: DomainWords = {
  entities: {
    recommendation: {
      label: 'Rekomendasi',
      fields: {
        equipmentNo: 'Nomor peralatan',
        reportHeaderId: 'Laporan sumber',
        thicknessLocationId: 'Lokasi ketebalan',
        area: 'Area',
        inspectionMethod: 'Metode inspeksi',
        gradedEntity: 'Catatan yang dinilai',
        gradedRowId: 'Baris yang dinilai',
        finding: 'Temuan',
        thicknessMm: 'Ketebalan',
        requiredThicknessMm: 'Tebal minimum',
        remainingLifeYears: 'Sisa umur',
        grade: 'Tingkat',
        severity: 'Keparahan',
        dueDate: 'Tenggat',
        ownerId: 'Penanggung jawab',
        status: 'Status',
        evidenceComment: 'Bukti',
        evidenceReportId: 'Laporan bukti',
        workOrderSPKId: 'Perintah kerja',
        closedAt: 'Ditutup pada',
        closedBy: 'Ditutup oleh',
      },
      values: {
        severity: { low: 'Rendah', medium: 'Sedang', high: 'Tinggi', critical: 'Kritis' },
        status: { open: 'Terbuka', inProgress: 'Dalam proses', closed: 'Ditutup' },
      },
    },
  },
};
