import type { TechniqueWords } from '../labels/entity-keys.ts';
import { thermalPlausibility } from './thermal-plausibility.ts';

/*
 * Bahasa Indonesia of thermal's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const thermalId: TechniqueWords = {
  technique: {
    label: 'Analisis termal',
    description: 'Survei inframerah: titik panas, ΔT dan tingkat keparahan.',
  },
  entities: {
    thermalAnalysis: {
      label: 'Analisis termal',
      fields: { reportHeaderId: 'Laporan', summary: 'Ringkasan', result: 'Hasil' },
    },
    thermalMeasurement: {
      label: 'Pengukuran termal',
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
  },
};
