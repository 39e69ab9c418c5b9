import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the task assignments declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const taskAssignmentsId: DomainWords = {
  entities: {
    woTaskAssignment: {
      label: 'Penugasan',
      fields: {
        workOrderSPKId: 'Perintah kerja',
        inspectionMethod: 'Metode inspeksi',
        userPDMIds: 'Inspektor',
        levelApprovals: 'Tingkat persetujuan',
        positionLevels: 'Jabatan persetujuan',
        approvalStatus: 'Disetujui',
        approvalComment: 'Komentar persetujuan',
        state: 'Status tugas',
        woNumber: 'Nomor WO',
        woTitle: 'Judul WO',
        tagNumber: 'Tag peralatan',
        equipmentCategory: 'Kategori peralatan',
        plannedStart: 'Rencana mulai',
        plannedFinish: 'Rencana selesai',
      },
      values: {
        state: {
          todo: 'Belum dikerjakan',
          inProgress: 'Sedang dikerjakan',
          waitingApproval: 'Menunggu persetujuan',
          returned: 'Dikembalikan',
          done: 'Selesai',
        },
      },
    },
  },
};
