import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of vibration's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const zones = { A: 'A', B: 'B', C: 'C', D: 'D' };
const byAnalysis = { vibrationAnalysisId: 'Analisis getaran' };
const phaseAtRest =
  'Fase 1X memerlukan mesin berputar: pada 0 rpm tidak ada komponen 1X (sekali per putaran). Isi kecepatan saat pembacaan, atau kosongkan fasenya.';
const gapOutside =
  'Tegangan celah di luar rentang linear probe proksimitas 8 mm (−2 sampai −18 V, API 670): amplitudo yang terbaca mungkin salah. Periksa celah probe.';
const deviation = (what: string, whatLower: string) => ({
  label: `Deviasi ${what}`,
  description: `${whatLower} terhadap nilai pengenal: (aktual − pengenal) / pengenal × 100`,
});
const flowDeviation = deviation('laju alir', 'Laju alir');
const headDeviation = deviation('head', 'Head');
const efficiencyDeviation = deviation('efisiensi', 'Efisiensi');

export const vibrationId: TechniqueWords = {
  technique: {
    label: 'Analisis getaran',
    description:
      'Getaran mesin per titik dan arah, dizonakan menurut ISO 20816-3 dan ditrenkan antarlaporan.',
  },
  entities: {
    vibrationAnalysis: {
      label: 'Analisis getaran',
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal pengukuran',
        driver: 'Penggerak',
        driverDescription: 'Mesin penggerak, mis. "Motor listrik 75 kW"',
        driven: 'Yang digerakkan',
        drivenDescription: 'Mesin yang digerakkan, mis. "Pompa sentrifugal"',
        powerKw: 'Daya',
        speedRpm: 'Kecepatan',
        machineGroup: 'Kelompok mesin',
        machineGroupDescription:
          'ISO 20816-3: kelompok 1 mesin besar di atas 300 kW, kelompok 2 mesin menengah 15–300 kW',
        foundation: 'Fondasi',
        foundationDescription: 'ISO 20816-3: tumpuan kaku atau fleksibel pada arah pengukuran',
        finding: 'Temuan',
        analysis: 'Analisis',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      groups: { machine: 'Mesin', results: 'Hasil' },
      values: {
        machineGroup: { group1: 'Kelompok 1 (di atas 300 kW)', group2: 'Kelompok 2 (15–300 kW)' },
        foundation: { rigid: 'Kaku', flexible: 'Fleksibel' },
      },
      rules: {
        powerOutsideGroup:
          'Daya tidak sesuai dengan kelompok mesin (ISO 20816-3: kelompok 1 di atas 300 kW, kelompok 2 dari 15 sampai 300 kW). Periksa daya atau kelompoknya: zona dinilai menurut kelompok.',
      },
    },
    vibrationMeasurement: {
      label: 'Pengukuran getaran',
      fields: {
        ...byAnalysis,
        measurementPoint: 'Titik pengukuran',
        measurementPointDescription: 'Bantalan yang diukur, mis. "DE" (sisi penggerak) atau "NDE"',
        direction: 'Arah',
        measurementDate: 'Tanggal pengukuran',
        velocityRmsMmPerS: 'Kecepatan (r.m.s.)',
        accelerationG: 'Percepatan',
        displacementUmPkPk: 'Simpangan (pk-pk)',
        bearingTemperatureC: 'Suhu bantalan',
        remarks: 'Keterangan',
        zone: 'Zona',
        zoneDescription:
          'Zona evaluasi ISO 20816-3 dari kecepatan, menurut kelompok mesin dan fondasi analisis: A mesin baru, B operasi jangka panjang tanpa batasan, C operasi terbatas, D kerusakan',
        zoneBlank: 'Kelompok atau fondasi belum dicatat',
        analystZone: 'Zona menurut analis',
        analystZoneDescription:
          'Zona yang Anda nilai untuk titik ini bila berbeda dari zona ISO 20816-3 (spektrum, tren, riwayat mesin); perbedaan memerlukan alasan',
      },
      groups: { readings: 'Pembacaan' },
      values: {
        direction: { horizontal: 'Horizontal', vertical: 'Vertikal', axial: 'Aksial' },
        zone: zones,
        analystZone: zones,
      },
    },
    vibrationBentlyNevada: {
      label: 'Pembacaan probe proksimitas (Bently Nevada)',
      fields: {
        ...byAnalysis,
        probeLocation: 'Lokasi probe',
        probeLocationDescription: 'Bantalan yang dibaca pasangan probe X/Y, mis. "Pompa DE"',
        measurementDate: 'Tanggal pengukuran',
        machineSpeedRpm: 'Kecepatan mesin',
        directAmplitudeXUmPkPk: 'Amplitudo langsung X (pk-pk)',
        directAmplitudeYUmPkPk: 'Amplitudo langsung Y (pk-pk)',
        oneXAmplitudeXUmPkPk: 'Amplitudo 1X X (pk-pk)',
        oneXPhaseXDeg: 'Fase 1X X',
        oneXAmplitudeYUmPkPk: 'Amplitudo 1X Y (pk-pk)',
        oneXPhaseYDeg: 'Fase 1X Y',
        gapVoltageXV: 'Tegangan celah X',
        gapVoltageYV: 'Tegangan celah Y',
        remarks: 'Keterangan',
        shaftZone: 'Zona poros',
        shaftZoneDescription:
          'Zona ISO 7919-3 dari amplitudo langsung yang lebih besar pada kecepatan mesin n: A/B 4800/√n, B/C 9000/√n, C/D 13200/√n µm pk-pk',
        shaftZoneBlank: 'Kecepatan atau amplitudo belum dicatat',
      },
      groups: { readings: 'Pembacaan' },
      values: { shaftZone: zones },
      rules: {
        phaseXAtRest: phaseAtRest,
        phaseYAtRest: phaseAtRest,
        gapXOutsideRange: gapOutside,
        gapYOutsideRange: gapOutside,
      },
    },
    vibrationFlowRatePerformance: {
      label: 'Kinerja laju alir',
      fields: {
        ...byAnalysis,
        suctionPressureBar: 'Tekanan isap',
        dischargePressureBar: 'Tekanan buang',
        flowM3PerH: 'Laju alir',
        headM: 'Head',
        efficiencyPercent: 'Efisiensi',
        ratedFlowM3PerH: 'Laju alir pengenal',
        ratedHeadM: 'Head pengenal',
        ratedEfficiencyPercent: 'Efisiensi pengenal',
        remarks: 'Keterangan',
        flowDeviationPercent: flowDeviation.label,
        flowDeviationPercentDescription: flowDeviation.description,
        headDeviationPercent: headDeviation.label,
        headDeviationPercentDescription: headDeviation.description,
        efficiencyDeviationPercent: efficiencyDeviation.label,
        efficiencyDeviationPercentDescription: efficiencyDeviation.description,
      },
      groups: { actual: 'Aktual', rated: 'Pengenal' },
    },
    vibrationOperatingParameter: {
      label: 'Parameter operasi',
      fields: {
        ...byAnalysis,
        parameter: 'Parameter',
        unit: 'Satuan',
        value: 'Nilai',
        remarks: 'Keterangan',
      },
    },
  },
};
