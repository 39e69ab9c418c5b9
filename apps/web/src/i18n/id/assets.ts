import type { Translation } from '../en/index.ts';
import type * as en from '../en/assets.ts';

export const assets: Translation<typeof en.assets> = {
  title: 'Data aset',
  subtitle:
    'Peralatan yang diinspeksi, dan daftar yang menempatkannya: kategori, tipe objek, grup perencana dan lokasi.',
  tabs: {
    equipment: 'Peralatan',
    categories: 'Kategori',
    objectTypes: 'Tipe objek',
    plannerGroups: 'Grup perencana',
    locations: 'Lokasi',
  },
  add: {
    equipment: 'Tambah peralatan',
    categories: 'Tambah kategori',
    objectTypes: 'Tambah tipe objek',
    plannerGroups: 'Tambah grup perencana',
    locations: 'Tambah lokasi',
    inspectionPoint: 'Tambah titik inspeksi',
  },
  inspectionPoints: 'Titik inspeksi',
  pointsOf: 'Titik inspeksi {{name}}',
  noPoints: 'Belum ada titik inspeksi.',
  empty: 'Belum ada data.',
  saved: 'Tersimpan',
  deleted: 'Terhapus',
  deleteTitle: 'Hapus {{name}}?',
  deleteText: 'Tindakan ini tidak dapat dibatalkan. Data yang masih merujuknya harus diubah lebih dulu.',
};

export const inspectionMethods: Translation<typeof en.inspectionMethods> = {
  title: 'Metode inspeksi',
  subtitle:
    'Teknik yang dipakai untuk inspeksi, kategori peralatan yang dicakup tiap metode, dan pekerjaan terbuka per metode.',
  summary: 'Pekerjaan terbuka per metode',
  openAssignments_one: '{{formatted}} penugasan terbuka',
  openAssignments_other: '{{formatted}} penugasan terbuka',
  add: 'Tambah metode',
  empty: 'Belum ada metode inspeksi.',
};
