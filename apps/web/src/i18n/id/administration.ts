import type { administration as en } from '../en/administration.ts';
import type { Translation } from '../en/index.ts';

export const administration: Translation<typeof en> = {
  companies: {
    title: 'Perusahaan kontraktor',
    subtitle:
      'Perusahaan yang stafnya menginspeksi atau meninjau berdasarkan kontrak. Penggunanya hanya melihat pekerjaan yang ditugaskan ke perusahaannya, dan logonya tampil pada laporan yang mereka susun.',
    add: 'Tambah perusahaan',
    empty: 'Belum ada perusahaan kontraktor.',
  },
  reportAuthor: 'Disusun oleh {{name}}',
};
