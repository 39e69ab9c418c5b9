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
  photosKept_one: '{{count}} foto',
  photosKept_other: '{{count}} foto',
  photosLeftOut_one: '{{count}} foto tidak diambil (paling banyak {{max}} foto atau {{size}} per tugas)',
  photosLeftOut_other: '{{count}} foto tidak diambil (paling banyak {{max}} foto atau {{size}} per tugas)',
  photosFailed_one: '{{count}} foto tidak dapat dibaca: perbarui untuk mencoba lagi',
  photosFailed_other: '{{count}} foto tidak dapat dibaca: perbarui untuk mencoba lagi',
  waitingToSync: 'Menunggu sinkronisasi',
  savedOnDevice: 'Disimpan di perangkat ini — akan dikirim saat koneksi kembali',
  changesWaiting_one: '{{count}} perubahan menunggu sinkronisasi',
  changesWaiting_other: '{{count}} perubahan menunggu sinkronisasi',
  changesBadge_one: '({{count}} perubahan menunggu)',
  changesBadge_other: '({{count}} perubahan menunggu)',
  changesTitle: 'Perubahan yang dibuat di perangkat ini',
  noChanges: 'Semua perubahan sudah disinkronkan.',
  needYou_one: '{{count}} perubahan perlu Anda tangani sebelum dapat dikirim.',
  needYou_other: '{{count}} perubahan perlu Anda tangani sebelum dapat dikirim.',
  syncing: 'Menyinkronkan {{sent}} dari {{total}}',
  sendingFiles: 'Mengirim berkas: {{sent}} dari {{total}}',
  syncNow: 'Sinkronkan sekarang',
  synced: 'Semua perubahan sudah disinkronkan.',
  refusedTitle: 'Tidak diterima oleh server',
  conflict: 'Orang lain menyimpan data ini sementara itu',
  change: 'Perubahan',
  discard: 'Buang',
  discardName: 'Buang {{name}}: tidak akan dikirim',
  resolve: 'Bandingkan dan selesaikan',
  resolveName: 'Bandingkan dan selesaikan {{name}}',
  edit: 'Ubah',
  editName: 'Ubah {{name}} dan kirim lagi',
  heldBy_one: '{{count}} perubahan menunggu perubahan ini',
  heldBy_other: '{{count}} perubahan menunggu perubahan ini',
  resolveTitle: 'Selesaikan {{name}}',
  editTitle: 'Ubah {{name}}',
  serverReason: 'Alasan dari server',
  conflictText:
    'Nilai Anda diletakkan di atas data yang tersimpan sekarang: tentukan setiap kolom yang sama-sama diubah, lalu simpan. Data dikirim sekarang, menggantikan perubahan yang disimpan di perangkat ini.',
  refusedText:
    'Perbaiki perubahan ini, atau penyebab yang disebut di atas, lalu simpan. Data dikirim sekarang, menggantikan perubahan yang disimpan di perangkat ini.',
  queuedPhotos_one: 'Foto yang disimpan dengan perubahan ini (dikirim bersamanya)',
  queuedPhotos_other: '{{count}} foto yang disimpan dengan perubahan ini (dikirim bersamanya)',
  resolvedSaved: 'Tersimpan: perubahan tidak lagi menunggu di perangkat ini',
  currentFailed: 'Data yang tersimpan sekarang tidak dapat dibaca: {{reason}}',
  notAForm: 'Perubahan ini tidak dapat dibuka dalam formulir: simpan atau buang.',
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
  stopped: {
    unreachable: 'Server tidak dapat dihubungi: perubahan menunggu di perangkat ini.',
    noAnswer:
      'Koneksi terputus sebelum server menjawab: perubahan dikirim lagi, dan server hanya menuliskannya sekali.',
    notTheServer:
      'Mesin lain yang menjawab, bukan server (halaman masuk jaringan?): perubahan menunggu sampai server menjawab.',
    serverFault: 'Server mengalami gangguan (status {{status}}): perubahan segera dikirim lagi.',
    busy: 'Server sedang sibuk (status {{status}}): perubahan segera dikirim lagi.',
    stillWriting:
      'Server masih menuliskan kiriman sebelumnya dari sebuah perubahan: sebentar lagi ditanyakan kembali.',
    signedOut: 'Sesi Anda telah berakhir: masuk lagi untuk mengirim perubahan.',
  },
  oldChange:
    'Dibuat {{days}} hari lalu: segera sinkronkan — setelah {{limit}} hari server tidak lagi mengenali pengiriman ulangnya.',
  oldChanges:
    '{{n}} perubahan dibuat hingga {{days}} hari lalu: segera sinkronkan — setelah {{limit}} hari server tidak lagi mengenali pengiriman ulangnya.',
  expiredChange:
    'Dibuat {{days}} hari lalu: lewat {{limit}} hari server tidak lagi mengenali pengiriman ulangnya. Periksa datanya setelah tersinkron.',
  expiredChanges:
    '{{n}} perubahan dibuat hingga {{days}} hari lalu: lewat {{limit}} hari server tidak lagi mengenali pengiriman ulangnya. Periksa datanya setelah tersinkron.',
  oldBadge: '(dibuat {{days}} hari lalu: segera sinkronkan)',
  oldBadges: '({{n}} dibuat hingga {{days}} hari lalu: segera sinkronkan)',
};
