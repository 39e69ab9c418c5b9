import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the approvals declarations, kept beside them: its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const approvalsId: DomainWords = {
  entities: {
    approvalPosition: {
      label: 'Jabatan persetujuan',
      fields: {
        name: 'Jabatan',
        description: 'Deskripsi',
        levelApproval: 'Level umum',
        isActive: 'Aktif',
      },
    },
    inspectionMethodApproval: {
      label: 'Level persetujuan',
      fields: {
        inspectionMethod: 'Metode inspeksi',
        levelApproval: 'Level',
        approvalPosition: 'Jabatan persetujuan',
      },
    },
    reviewerAssignment: {
      label: 'Penugasan peninjau',
      fields: {
        userPdmId: 'Peninjau',
        inspectionMethod: 'Metode inspeksi',
        levelApproval: 'Level',
        approvalPosition: 'Jabatan persetujuan',
        contractorCompanyId: 'Meninjau laporan dari',
        isActive: 'Aktif',
      },
    },
  },
};
