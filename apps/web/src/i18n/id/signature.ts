import type { Translation } from '../en/index.ts';
import type { signature as en } from '../en/signature.ts';

/** Tanda tangan pengguna: digambar sekali di menu pengguna, dicetak di samping persetujuannya. */
export const signature: Translation<typeof en> = {
  menu: 'Tanda tangan saya',
  title: 'Tanda tangan saya',
  intro:
    'Tanda tangan Anda dicetak di samping persetujuan Anda pada PDF laporan. Persetujuan yang sudah Anda berikan tetap memakai tanda tangan yang berlaku saat persetujuan itu diberikan.',
  current: 'Tanda tangan saat ini',
  currentAlt: 'Tanda tangan Anda saat ini',
  none: 'Anda belum menggambar tanda tangan.',
  loadFailed: 'Tanda tangan Anda saat ini tidak dapat dimuat. Periksa koneksi lalu buka lagi.',
  drawNew: 'Gambar tanda tangan baru',
  drawFirst: 'Gambar tanda tangan Anda',
  pad: 'Area menggambar tanda tangan',
  padHint: 'Tanda tangani di dalam kotak putih dengan jari, pena, atau mouse.',
  clear: 'Bersihkan',
  save: 'Simpan tanda tangan',
  remove: 'Hapus tanda tangan',
  removeQuestion:
    'Hapus tanda tangan Anda? Laporan yang Anda setujui mulai sekarang tidak bertanda tangan sampai Anda menggambarnya lagi; persetujuan yang sudah diberikan tetap memakai tanda tangannya.',
  removeConfirm: 'Hapus',
  removeCancel: 'Batal',
  saved: 'Tanda tangan Anda tersimpan',
  removed: 'Tanda tangan Anda dihapus',
  tooLarge:
    'Tanda tangan terlalu besar untuk disimpan (paling besar {{max}}). Bersihkan kotak lalu gambar lagi, sedikit lebih kecil.',
  notAnImage: 'Server tidak menerima gambar tanda tangan ini. Bersihkan kotak lalu gambar lagi.',
  notReceived: 'Tanda tangan tidak sampai utuh ke server. Simpan lagi.',
};
