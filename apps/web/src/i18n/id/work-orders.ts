import type { Translation } from '../en/index.ts';
import type { workOrders as en } from '../en/work-orders.ts';

export const workOrders: Translation<typeof en> = {
  subtitle: 'Pekerjaan (SPK) tempat laporan dibuat.',
  empty: 'Tidak ada perintah kerja yang cocok.',
  new: 'Perintah kerja baru',
  create: 'Buat perintah kerja',
  created: 'Perintah kerja dibuat',
  updated: 'Perintah kerja disimpan',
  editTitle: 'Ubah {{number}}',
  importTitle: 'Impor perintah kerja dari templat',
};
