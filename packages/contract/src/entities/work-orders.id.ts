import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the work orders declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const workOrdersId: DomainWords = {
  entities: {
    workOrderSpk: {
      label: 'Perintah kerja',
      fields: {
        woNumber: 'Nomor WO',
        title: 'Judul',
        description: 'Deskripsi',
        workType: 'Jenis pekerjaan',
        contractNo: 'Nomor kontrak',
        equipmentCategory: 'Kategori peralatan',
        tagNumber: 'Tag peralatan',
        plannerGroup: 'Grup perencana',
        location: 'Lokasi',
        priority: 'Prioritas',
        isEmergency: 'Darurat',
        dateStart: 'Rencana mulai',
        dateEnd: 'Rencana selesai',
        actualStartDate: 'Mulai aktual',
        actualEndDate: 'Selesai aktual',
        status: 'Status',
      },
      values: {
        workType: {
          conditionMonitoring: 'Pemantauan kondisi',
          preventive: 'Preventif',
          corrective: 'Korektif',
          statutoryInspection: 'Inspeksi wajib (regulasi)',
          turnaround: 'Turnaround',
          project: 'Proyek',
        },
        priority: { veryHigh: 'Sangat tinggi', high: 'Tinggi', medium: 'Sedang', low: 'Rendah' },
        status: {
          open: 'Terbuka',
          inProgress: 'Sedang dikerjakan',
          completed: 'Selesai',
          cancelled: 'Dibatalkan',
        },
      },
      rules: {
        endBeforeStart: 'Tanggal selesai lebih awal dari tanggal mulai',
        actualEndBeforeStart: 'Selesai aktual lebih awal dari mulai aktual',
        actualStartInFuture: 'Mulai aktual berada di masa depan',
      },
      tabs: {
        open: 'Terbuka',
        openDescription: 'Direncanakan, belum dimulai',
        inProgress: 'Sedang dikerjakan',
        completed: 'Selesai',
        completedDescription: 'Selesai atau dibatalkan',
        emergency: 'Darurat',
        emergencyDescription: 'Pekerjaan darurat yang belum selesai atau dibatalkan',
      },
    },
  },
};
