import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of MCSA's declarations, kept beside them (labels/entity-keys.ts types the keys;
 * labels/id.ts gathers every domain's).
 */

export const mcsaId: TechniqueWords = {
  technique: {
    label: 'MCSA',
    description: 'Analisis arus motor: batang rotor dinilai dari level sideband, dengan tindakannya.',
    inspectionWord: { one: 'uji', other: 'uji' },
  },
  entities: {
    mcsaTest: {
      label: 'Uji MCSA',
      fields: {
        reportHeaderId: 'Laporan',
        testDate: 'Tanggal uji',
        motorTag: 'Tag motor',
        manufacturer: 'Pabrikan',
        model: 'Model',
        ratedPowerKw: 'Daya pengenal',
        ratedVoltageV: 'Tegangan pengenal',
        ratedCurrentA: 'Arus pengenal',
        ratedSpeedRpm: 'Kecepatan pengenal',
        poles: 'Jumlah kutub',
        rotorBars: 'Jumlah batang rotor',
        lineFrequencyHz: 'Frekuensi jaringan',
        loadCurrentA: 'Arus beban',
        sidebandDbDown: 'Sideband batang rotor',
        sidebandDbDownDescription: 'Puncak frekuensi jaringan dikurangi sideband pole-pass tertinggi',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
        loadPercent: 'Beban',
        rotorCondition: 'Kondisi rotor',
        recommendedAction: 'Tindakan yang disarankan',
      },
      groups: { motor: 'Pelat nama motor', test: 'Uji' },
      values: {
        rotorCondition: {
          excellent: 'Sangat baik',
          good: 'Baik',
          moderate: 'Sedang',
          crackDeveloping: 'Retak batang rotor berkembang',
          barsBroken: 'Dua batang retak atau patah',
          multipleBarsBroken: 'Beberapa batang patah',
          severe: 'Parah',
        },
        recommendedAction: {
          continueOperation: 'Lanjutkan operasi',
          trendCondition: 'Pantau tren kondisi',
          shortenInterval: 'Perpendek interval pemantauan',
          confirmByVibration: 'Konfirmasi dengan analisis getaran',
          overhaulSoon: 'Overhaul secepatnya',
          overhaulNow: 'Overhaul atau ganti segera',
        },
      },
      images: { spectrumImages: 'Spektrum' },
      imageTypes: {
        spectrumImages: {
          currentSpectrum: 'Spektrum arus',
          sidebandZoom: 'Perbesaran sideband',
          timeWaveform: 'Bentuk gelombang waktu',
          nameplate: 'Pelat nama',
          other: 'Lainnya',
        },
      },
      rules: {
        lineFrequency: 'Frekuensi jaringan adalah 50 Hz atau 60 Hz.',
        lowLoad:
          'Motor berjalan di bawah 70 % arus pengenalnya: level sideband kurang andal. Uji ulang saat berbeban bila memungkinkan.',
      },
    },
  },
};
