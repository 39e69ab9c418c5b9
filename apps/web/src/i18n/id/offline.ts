import type { Translation } from '../en/index.ts';
import type { offline as en } from '../en/offline.ts';

export const offline: Translation<typeof en> = {
  online: 'Daring',
  offline: 'Luring',
  onDevice_one: '({{count}} tugas di perangkat ini)',
  onDevice_other: '({{count}} tugas di perangkat ini)',
  title: 'Di perangkat ini',
  onlineText:
    'Terhubung. Tugas yang disimpan di sini sama seperti saat diambil; perbarui untuk membacanya lagi.',
  offlineText:
    'Tidak ada jaringan. Tugas yang disimpan di sini dibuka dari perangkat ini; yang Anda catat disimpan di sini dan dikirim saat koneksi kembali.',
  unreachedText:
    'Server tidak menjawab, meskipun perangkat memiliki jaringan. Tugas yang disimpan di sini dibuka dari perangkat ini; yang Anda catat disimpan di sini dan dikirim saat server menjawab lagi.',
  none: 'Tidak ada tugas yang disimpan di perangkat ini. Pada sebuah tugas, pilih “Sediakan luring”.',
  takenAgo: 'Diambil {{when}}',
  refresh: 'Perbarui',
  refreshName: 'Perbarui {{name}} di perangkat ini',
  remove: 'Hapus',
  removeName: 'Hapus {{name}} dari perangkat ini',
  taken: '{{name}} ada di perangkat ini: dapat dibuka tanpa jaringan.',
  removed: '{{name}} dihapus dari perangkat ini.',
  failed: 'Tidak dapat menyimpan {{name}} di perangkat ini: {{reason}}',
  signOutRemoves_one: 'Menghapus tugas yang disimpan di perangkat ini',
  signOutRemoves_other: 'Menghapus {{count}} tugas yang disimpan di perangkat ini',
  updateReady: 'Versi baru Inspectra sudah siap.',
  updateReload: 'Muat ulang',
  needsServer: 'Memerlukan koneksi ke server',
  draftKept: 'Anda sedang luring: masukan Anda disimpan sebagai draf',
  notOnDevice: 'Tidak ada di perangkat ini — ditampilkan saat daring',
  savedOnDevice: 'Disimpan di perangkat ini — akan dikirim saat koneksi kembali',
  changesWaiting_one: '{{count}} perubahan menunggu sinkronisasi',
  changesWaiting_other: '{{count}} perubahan menunggu sinkronisasi',
  changesBadge_one: '({{count}} perubahan menunggu)',
  changesBadge_other: '({{count}} perubahan menunggu)',
  changesTitle: 'Perubahan yang dibuat di perangkat ini',
  noChanges: 'Semua perubahan sudah disinkronkan.',
  syncing: 'Menyinkronkan {{sent}} dari {{total}}',
  syncNow: 'Sinkronkan sekarang',
  synced: 'Semua perubahan sudah disinkronkan.',
  refusedTitle: 'Tidak diterima oleh server',
  conflict: 'Orang lain menyimpan data ini sementara itu',
  change: 'Perubahan',
  discard: 'Buang',
  discardName: 'Buang {{name}}: tidak akan dikirim',
  signOutTitle: 'Perubahan belum disinkronkan',
  signOutText_one:
    '{{count}} perubahan yang dibuat di perangkat ini belum sampai ke server. Keluar akan menghapusnya.',
  signOutText_other:
    '{{count}} perubahan yang dibuat di perangkat ini belum sampai ke server. Keluar akan menghapusnya.',
  signOutSync: 'Sinkronkan dulu',
  signOutDiscard_one: 'Keluar dan buang {{count}} perubahan',
  signOutDiscard_other: 'Keluar dan buang {{count}} perubahan',
  signOutCancel: 'Batal',
  signOutLeft:
    'Tidak semua perubahan dapat dikirim: lihat daftar di bawah, atau keluar dan buang perubahan itu.',
  tasksTitle: 'Tugas yang disimpan di perangkat ini',
};
