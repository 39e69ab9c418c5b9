import type { Translation } from '../en/index.ts';
import type { common as en } from '../en/common.ts';

export const common: Translation<typeof en> = {
  appName: 'Inspectra',
  save: 'Simpan',
  cancel: 'Batal',
  delete: 'Hapus',
  edit: 'Ubah',
  add: 'Tambah',
  back: 'Kembali',
  close: 'Tutup',
  search: 'Cari',
  loading: 'Memuat…',
  retry: 'Coba lagi',
  yes: 'Ya',
  no: 'Tidak',
  none: '—',
  moreNotShown_one: '{{formatted}} lainnya tidak ditampilkan',
  moreNotShown_other: '{{formatted}} lainnya tidak ditampilkan',
  required: 'Wajib diisi',
  saved: 'Tersimpan',
  deleted: 'Terhapus',
};
