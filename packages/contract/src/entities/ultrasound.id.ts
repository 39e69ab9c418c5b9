import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of ultrasound's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const conditionId = {
  normal: 'Normal',
  lubricate: 'Lumasi',
  damageDeveloping: 'Kerusakan berkembang',
  severe: 'Parah',
};

export const ultrasoundId: TechniqueWords = {
  technique: {
    label: 'Ultrasonik',
    description: 'Ultrasonik pada bantalan: level dB per titik, kenaikannya dari baseline dan trennya.',
  },
  entities: {
    ultrasoundAnalysis: {
      label: 'Analisis ultrasonik',
      fields: {
        reportHeaderId: 'Laporan',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
    },
    ultrasoundInspection: {
      label: 'Inspeksi ultrasonik',
      fields: {
        ultrasoundAnalysisId: 'Analisis ultrasonik',
        inspectionDate: 'Tanggal inspeksi',
        area: 'Area',
        areaDescription: 'Area atau rute yang disurvei, mis. "Rumah pompa, P-101A/B"',
        instrument: 'Instrumen',
        instrumentDescription: 'Merek dan model, mis. "UE Systems Ultraprobe 15000"',
        instrumentSerialNumber: 'Nomor seri instrumen',
        sensor: 'Sensor',
        remarks: 'Keterangan',
      },
      values: {
        sensor: {
          contactProbe: 'Probe kontak',
          airborneScanner: 'Pemindai udara',
          magneticSensor: 'Sensor magnetik',
          parabolicDish: 'Parabola',
        },
      },
    },
    ultrasoundMeasurement: {
      label: 'Pengukuran ultrasonik',
      fields: {
        ultrasoundAnalysisId: 'Analisis ultrasonik',
        dateTime: 'Tanggal pengukuran',
        measurementPointName: 'Titik pengukuran',
        measurementPointNameDescription: 'Nama yang sama di setiap survei, mis. "Bantalan DE pompa"',
        ultrasoundValueDb: 'Level ultrasonik',
        isBaseline: 'Pembacaan baseline',
        isBaselineDescription:
          'Pembacaan setelah pelumasan atau perbaikan: pembacaan berikutnya naik dari titik ini',
        mode: 'Mode',
        frequencyHz: 'Frekuensi',
        percentSensitivity: 'Sensitivitas',
        condition: 'Kondisi (analis)',
        conditionDescription: 'Kondisi menurut analis; yang berbeda dari kenaikan perlu alasan',
        remarks: 'Keterangan',
        riseDb: 'Kenaikan dari baseline',
        conditionByRise: 'Kondisi menurut kenaikan',
      },
      values: {
        mode: { contact: 'Kontak', airborne: 'Udara' },
        condition: conditionId,
        conditionByRise: conditionId,
      },
      images: { ultrasoundSpectrumImage: 'Spektrum ultrasonik', waveformImage: 'Bentuk gelombang' },
    },
  },
};
