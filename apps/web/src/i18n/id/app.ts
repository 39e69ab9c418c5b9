import type { Translation } from '../en/index.ts';
import type * as en from '../en/app.ts';

export const nav: Translation<typeof en.nav> = {
  main: 'Navigasi utama',
  home: 'Beranda Inspectra',
  dashboard: 'Dasbor',
  workOrders: 'Perintah kerja',
  workOrder: 'Perintah kerja',
  reports: 'Laporan',
  administration: 'Administrasi',
  companies: 'Perusahaan kontraktor',
  breadcrumbs: 'Jejak navigasi',
  openMenu: 'Buka navigasi',
  closeMenu: 'Tutup navigasi',
  language: 'Bahasa',
  languageButton: '{{code}}, bahasa: {{language}}',
  darkTheme: 'Tema gelap',
  lightTheme: 'Tema terang',
  account: 'Akun {{name}}',
  signOut: 'Keluar',
  signOutEverywhere: 'Keluar dari semua perangkat',
  signOutEverywhereTitle: 'Keluar dari semua perangkat?',
  signOutEverywhereText:
    'Semua sesi akun Anda berakhir: di perangkat ini dan di setiap tablet atau komputer tempat Anda masuk. Untuk melanjutkan, masuk kembali.',
  signOutEverywhereConfirm: 'Keluar dari semua',
  signOutEverywhereCancel: 'Batal',
  signOutEverywhereFailed:
    'Tidak dapat keluar dari perangkat lain: perangkat tersebut masih masuk. Periksa koneksi dan coba lagi.',
};

export const auth: Translation<typeof en.auth> = {
  title: 'Masuk',
  tagline: 'Laporan inspeksi dan pemantauan kondisi',
  username: 'Nama pengguna',
  password: 'Kata sandi',
  signIn: 'Masuk',
  sessionExpired: 'Sesi Anda telah berakhir. Masuk kembali untuk melanjutkan pekerjaan Anda.',
  enterUsername: 'Masukkan nama pengguna',
  enterPassword: 'Masukkan kata sandi',
  signInAgainTitle: 'Masuk kembali untuk menyimpan',
  signInAgainText:
    'Sesi Anda telah berakhir. Masuk kembali untuk melanjutkan: perubahan Anda tetap di halaman ini dan disimpan setelah Anda masuk.',
  signInAgainOtherUser: 'Perubahan ini milik pengguna lain. Masuk sebagai pengguna itu, atau batalkan.',
};

export const errors: Translation<typeof en.errors> = {
  fieldsNeedAttention_one: 'Gagal menyimpan: satu isian perlu diperiksa.',
  fieldsNeedAttention_other: 'Gagal menyimpan: {{count}} isian perlu diperiksa.',
  invalidLogin: 'Nama pengguna atau kata sandi salah',
  refreshTokenNotFound: 'Token penyegaran tidak ditemukan',
  default: 'Maaf, terjadi kesalahan. Periksa koneksi Anda atau coba beberapa saat lagi.',
  loadFailed: 'Halaman ini tidak dapat dimuat',
  deleteFailed: 'Tidak dapat menghapus',
  notFoundTitle: 'Tidak ditemukan',
  notFoundText: 'Halaman ini tidak ada atau sudah tidak tersedia.',
  recordNotFound:
    'Yang ditunjuk alamat ini tidak ada, atau sudah tidak ada: mungkin sudah dihapus, atau alamatnya tidak lengkap.',
  goHome: 'Ke dasbor',
  forbiddenTitle: 'Anda tidak memiliki akses ke halaman ini',
  forbiddenText:
    'Halaman ini memerlukan hak akses “{{permission}}”, yang tidak dimiliki peran Anda, {{role}}. Jika pekerjaan Anda memerlukannya, minta administrator memberikannya.',
  forbiddenRefused:
    'Peran Anda, {{role}}, tidak memiliki hak akses yang diperlukan halaman ini. Jika pekerjaan Anda memerlukannya, minta administrator.',
  forbiddenHome: 'Ke halaman awal saya',
};

export const dashboard: Translation<typeof en.dashboard> = {
  greeting: 'Selamat datang, {{name}}',
  subtitle: 'Perintah kerja Anda dan laporan terbaru.',
  recentReports: 'Laporan terbaru',
  noReports: 'Belum ada laporan.',
};

export const reports: Translation<typeof en.reports> = {
  subtitle: 'Satu laporan untuk setiap peralatan yang diinspeksi.',
  empty: 'Tidak ada laporan yang cocok.',
  inspections: 'Inspeksi',
  otherInspections: 'Jenis inspeksi lain ({{count}})',
  noInspectionAccess: 'Peran Anda tidak memberi akses ke jenis inspeksi mana pun pada laporan ini.',
  create: 'Laporan baru',
  edit: 'Ubah laporan',
  created: 'Laporan {{number}} dibuat',
  saved: 'Laporan disimpan',
  status: 'Status',
  actions: 'Tindakan status',
  move: {
    draft: 'Kembalikan ke draf',
    submitted: 'Ajukan',
    inReview: 'Mulai tinjau',
    returned: 'Kembalikan',
    approved: 'Setujui',
  },
  moveTitle: 'Pindahkan laporan {{number}} ke “{{status}}”?',
  moveText: {
    draft: 'Laporan kembali ke inspektornya sebagai draf, untuk diubah dan diajukan lagi.',
    submitted:
      'Peninjau akan melihatnya seperti saat diajukan: tidak ada yang dapat mengubahnya selama dalam persetujuan. Anda dapat menariknya kembali ke draf sampai level pertama menyetujuinya.',
    inReview: 'Anda mengambil laporan untuk ditinjau: inspektor tidak dapat lagi menariknya kembali.',
    returned: 'Inspektor memperbaiki laporan dan mengajukannya lagi. Sebutkan apa yang perlu diperbaiki.',
    approved:
      'Setelah disetujui, laporan dan semua catatan inspeksi di bawahnya terkunci: tidak ada yang dapat mengubahnya. Perbaikan dilakukan melalui revisi baru.',
  },
  comment: 'Komentar (opsional)',
  reason: 'Apa yang perlu diperbaiki? (opsional)',
  moved: 'Laporan {{number}} sekarang “{{status}}”',
  returnedComment: 'Alasan laporan dikembalikan',
  lockedTitle: 'Laporan ini {{status}} dan terkunci',
  lockedText:
    'Laporan dan catatan inspeksinya tidak dapat diubah lagi. Untuk memperbaikinya, mulai revisi baru: salinan draf laporan yang dapat diubah.',
  frozenText:
    'Laporan sedang dalam persetujuan: laporan beserta catatan inspeksi, foto, dan dokumennya tetap persis seperti saat diajukan, agar peninjau menyetujui apa yang diserahkan. Untuk mengubahnya, laporan harus dikembalikan (atau ditarik selama belum ada level yang menyetujuinya).',
  revise: 'Revisi baru',
  reviseAsk: 'Pengguna dengan peran yang boleh membuat laporan dapat memulai revisi barunya.',
  pdf: {
    download: 'Unduh PDF',
    failed: 'PDF tidak dapat dibuat',
  },
  missing: {
    title: 'Sebelum laporan ini dapat diajukan',
    rows_one: '{{technique}}: catat minimal satu {{label}}',
    rows_other: '{{technique}}: catat minimal {{count}} entri {{label}}',
    documents_one:
      'Lampirkan minimal satu dokumen pendukung: metode inspeksi ini belum memiliki formulir inspeksi sendiri',
    documents_other:
      'Lampirkan minimal {{count}} dokumen pendukung: metode inspeksi ini belum memiliki formulir inspeksi sendiri',
  },
  reviseTitle: 'Mulai revisi baru laporan {{number}}?',
  reviseText:
    'Salinan draf seluruh laporan (catatan inspeksi, foto, dan dokumennya) dibuat dengan nomor {{number}}-R…, untuk dikoreksi dan disetujui kembali; laporan yang disetujui ini dan versinya tetap seperti adanya.',
  revised: 'Revisi {{number}} dibuat',
  revisionOf: 'Revisi {{revision}} dari laporan sebelumnya',
  openOriginal: 'Buka laporan yang direvisi',
  assignedMethodHelp:
    'Metode yang ditugaskan pada perintah kerja ini: nomor dan judul laporan dimulai darinya.',
};
