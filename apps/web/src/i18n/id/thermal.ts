import type { Translation } from '../en/index.ts';
import type { thermal as en } from '../en/thermal.ts';

export const thermal: Translation<typeof en> = {
  open: 'Buka analisis termal',
  notStarted: 'Analisis termal belum dimulai untuk laporan ini.',
  notStartedHelp: 'Mulai analisis untuk mencatat pengukuran inframerah, gambarnya, dan temuan tertulis.',
  start: 'Mulai analisis termal',
  measurementCount_one: '{{count}} pengukuran',
  measurementCount_other: '{{count}} pengukuran',
  measurements: 'Pengukuran',
  addMeasurement: 'Tambah pengukuran',
  editMeasurementTitle: 'Ubah pengukuran',
  editMeasurement: 'Ubah pengukuran {{name}}',
  measurementDetails: 'Pengukuran {{name}}',
  deleteMeasurement: 'Hapus pengukuran {{name}}',
  deleteTitle: 'Hapus pengukuran ini?',
  deleteText:
    'Pengukuran {{name}} beserta gambarnya akan dihapus dari laporan. Tindakan ini tidak dapat dibatalkan.',
  measurementAdded: 'Pengukuran ditambahkan',
  measurementUpdated: 'Pengukuran disimpan',
  measurementDeleted: 'Pengukuran dihapus',
  noMeasurements: 'Belum ada pengukuran. Tambahkan yang pertama dari pembacaan kamera.',
  noMeasurementsYet: 'Belum ada pengukuran',
  imageCount_one: '{{count}} gambar',
  imageCount_other: '{{count}} gambar',
  analysisText: 'Temuan',
  saveAnalysis: 'Simpan temuan',
  analysisSaved: 'Temuan disimpan',
  overallSeverity: 'Tingkat keparahan keseluruhan',
  actionRequired_one: '{{count}} pengukuran perlu tindakan',
  actionRequired_other: '{{count}} pengukuran perlu tindakan',
  figures: {
    measurements: 'Pengukuran',
    period: 'Diukur',
    maxDeltaT: 'ΔT tertinggi',
    hottest: 'Titik terpanas',
    bySeverity: 'Pengukuran menurut tingkat keparahan',
  },
  severity: {
    normal: { meaning: 'ΔT di bawah 1 °C: tidak perlu tindakan.' },
    investigate: { meaning: 'ΔT 1–3 °C: kemungkinan ada kekurangan; selidiki.' },
    repairAsTimePermits: {
      meaning: 'ΔT 4–15 °C: kemungkinan besar ada kekurangan; perbaiki bila waktu memungkinkan.',
    },
    repairImmediately: { meaning: 'ΔT di atas 15 °C: penyimpangan besar; perbaiki segera.' },
  },
};
