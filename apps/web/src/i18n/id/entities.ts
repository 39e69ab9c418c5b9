import { thermalPlausibility } from '@inspectra/contract';
import type { Translation } from '../en/index.ts';
import type { entities as en } from '../en/entities.ts';

export const entities: Translation<typeof en> = {
  workOrderSpk: {
    fields: {
      woNumber: 'Nomor WO',
      title: 'Judul',
      description: 'Deskripsi',
      workType: 'Jenis pekerjaan',
      contractNo: 'Nomor kontrak',
      equipmentCategory: 'Kategori peralatan',
      tagNumber: 'Nomor tag',
      isEmergency: 'Darurat',
      dateStart: 'Tanggal mulai',
      dateEnd: 'Tanggal selesai',
    },
    rules: { endBeforeStart: 'Tanggal selesai lebih awal dari tanggal mulai' },
  },
  reportHeader: {
    fields: {
      workOrderSPKId: 'Perintah kerja',
      reportNumber: 'Nomor laporan',
      title: 'Judul',
      equipmentNo: 'Nomor peralatan',
      objectType: 'Tipe objek',
      inspectionMethod: 'Metode inspeksi',
      location: 'Lokasi',
      actualStartDate: 'Mulai aktual',
      actualCompletedDate: 'Selesai aktual',
      status: 'Status',
    },
    values: {
      status: { draft: 'Draf', submitted: 'Diajukan', approved: 'Disetujui', rejected: 'Ditolak' },
      inspectionMethod: { thermal: 'Termografi' },
    },
  },
  thermalAnalysis: {
    fields: { reportHeaderId: 'Laporan', summary: 'Ringkasan', result: 'Hasil' },
  },
  thermalMeasurement: {
    fields: {
      thermalAnalysisId: 'Analisis termal',
      date: 'Tanggal pengukuran',
      tagNumber: 'Nomor tag',
      equipmentName: 'Nama peralatan',
      component: 'Komponen',
      componentDescription: 'Bagian yang diukur, mis. "Sepatu kabel fase R"',
      location: 'Lokasi',
      maxTemperatureC: 'Suhu maksimum',
      referenceTemperatureC: 'Suhu referensi',
      referenceTemperatureCDescription: 'Komponen serupa pada beban serupa',
      ambientTemperatureC: 'Suhu lingkungan',
      emissivity: 'Emisivitas',
      loadPercent: 'Beban',
      distanceM: 'Jarak',
      remarks: 'Keterangan',
      recommendation: 'Rekomendasi',
      deltaTC: 'ΔT',
      severity: 'Tingkat keparahan',
      thermalImage: 'Gambar',
    },
    groups: { equipment: 'Peralatan', temperatures: 'Suhu', camera: 'Kamera dan kondisi' },
    images: { thermalImage: 'Gambar termal', visualImage: 'Gambar visual' },
    values: {
      severity: {
        normal: 'Normal',
        investigate: 'Selidiki',
        repairAsTimePermits: 'Perbaiki bila sempat',
        repairImmediately: 'Perbaiki segera',
      },
    },
    rules: {
      referenceAboveMax:
        'Suhu referensi lebih tinggi dari suhu maksimum: ΔT menjadi negatif dan tingkat keparahan Normal. Periksa apakah keduanya tertukar.',
      maxAboveExpected: `Suhu maksimum di atas ${thermalPlausibility.hottestExpectedC} °C, jarang terjadi pada peralatan listrik. Periksa pembacaan dan rentang kamera.`,
      lowEmissivity: `Emisivitas di bawah ${String(thermalPlausibility.lowestReliableEmissivity).replace('.', ',')} (logam polos atau mengilap) membuat suhu yang terukur tidak andal. Ukur pada titik yang dicat atau diberi selotip bila memungkinkan.`,
    },
  },
};
