import type { Translation } from '../en/index.ts';
import type { taskAssignmentImport as en } from '../en/task-assignment-import.ts';

export const taskAssignmentImport: Translation<typeof en> = {
  title: 'Impor penugasan tugas',
  intro:
    'Tugaskan metode inspeksi ke work order dari lembar kerja. Setiap baris menjadi satu penugasan; inspektur, level persetujuan, dan posisi ditambahkan kemudian pada work order.',
  columns:
    'Lembar pertama yang dibaca dan baris pertamanya adalah judul kolom. Mulai baris kedua, kolom A berisi nomor work order seperti tertulis pada work order (WO-2026-0001) dan kolom B metode inspeksi, dengan kodenya (thermal) atau namanya (Thermal). Kolom lain tidak dibaca.',
  limits:
    'Berkas .xlsx paling banyak {{rows}} baris dan {{size}}. Baris ditugaskan satu per satu; biarkan halaman tetap terbuka sampai ringkasan muncul.',
  chooseFile: 'Pilih lembar kerja',
  dropHere: 'Letakkan lembar kerja di sini, atau klik untuk memilihnya',
  downloadTemplate: 'Unduh templat',
  reading: 'Membaca {{name}}',
  progress: '{{done}} dari {{total}} baris sudah diproses',
  exportResults: 'Ekspor hasil',
  exportFailed: 'Hasil tidak dapat diekspor: {{reason}}',
  sheetName: 'Hasil impor',
  skipped_one: '{{count}} baris dilewati (tidak dihitung gagal)',
  skipped_other: '{{count}} baris dilewati (tidak dihitung gagal)',
  messages: {
    importFailed: 'Gagal mengimpor penugasan tugas: {{reason}}',
    parseFailed: 'Gagal mengurai berkas Excel: {{reason}}',
    readFailed: 'Gagal membaca berkas',
    empty: 'Berkas Excel kosong atau tidak memiliki baris data',
    rowSkipped: 'Baris dilewati: WO SPK atau metode inspeksi tidak diisi',
    rowFailed: 'Gagal menugaskan {{method}} ke {{workorder}}: {{reason}}',
    summary: 'Impor selesai: {{successful}} berhasil, {{failed}} gagal',
    templateFailed: 'Kesalahan HTTP! Status: {{status}}',
  },
  rowAssigned: '{{method}} ditugaskan ke {{workorder}}',
  rowAssignedAs: '{{method}} ({{code}}) ditugaskan ke {{workorder}}',
  reasons: {
    workOrderNotFound: 'Work order tidak ditemukan',
    methodNotFound: 'Metode inspeksi tidak ditemukan',
    tooLarge: 'berkas lebih besar dari {{max}}',
  },
  results: {
    title: 'Hasil setiap baris',
    row: 'Baris',
    workOrder: 'Work order',
    method: 'Metode inspeksi',
    outcome: 'Hasil',
    message: 'Pesan',
  },
  outcomes: { assigned: 'Ditugaskan', failed: 'Gagal', skipped: 'Dilewati' },
};
