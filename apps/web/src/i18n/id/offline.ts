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
    'Tidak ada jaringan. Tugas yang disimpan di sini dibuka dari perangkat ini; perubahan belum dapat disimpan sampai koneksi kembali.',
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
};
