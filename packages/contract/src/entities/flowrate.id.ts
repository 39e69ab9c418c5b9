import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of flowrate's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const flowrateVariants = { pipe: 'Pipa', 'rotating-equipment': 'Peralatan berputar' };
const flowUnitsAgreement = { agree: 'Sesuai', disagree: 'Tidak sesuai' };
const flowUnitsDisagree =
  'Laju alir dalam barel per hari dan galon per menit berbeda lebih dari 2 % (GPM = BPD × 42 / 1440): periksa apakah salah satunya salah ketik.';
/** The flow checks every flowrate record holding both units has. */
const flowChecks = {
  bpdAsGPM: 'BPD sebagai GPM',
  bpdAsGPMDescription: 'Laju alir dalam barel per hari diubah ke galon AS per menit (× 42 / 1440)',
  flowUnitsAgreement: 'BPD dan GPM',
  flowUnitsAgreementBlank: 'Tidak ada aliran terukur',
  flowUnitsAgreementDescription:
    'Apakah laju alir dalam barel per hari dan galon per menit adalah satu aliran: selisih paling banyak 2 % dari yang lebih besar, 1 bbl = 42 galon AS, 1 hari = 1.440 menit',
};

export const flowrateId: TechniqueWords = {
  technique: {
    label: 'Laju alir',
    description:
      'Laju alir jalur dan pompa dalam barel per hari dan galon per menit, diperiksa satu sama lain.',
  },
  entities: {
    flowrateInspection: {
      label: 'Inspeksi laju alir',
      variants: flowrateVariants,
      fields: {
        reportHeaderId: 'Laporan',
        equipmentName: 'Nama peralatan',
        equipmentNameDescription: 'Jalur atau pompa yang diukur, sesuai namanya di lapangan',
        measurementDate: 'Tanggal pengukuran',
        dischargePressurePsi: 'Tekanan buang',
        highestBearingTempC: 'Suhu bantalan tertinggi',
        highestWindingTempC: 'Suhu belitan tertinggi',
        highestVoltageV: 'Tegangan tertinggi',
        highestCurrentA: 'Arus tertinggi',
        percentControlValpeOpen: 'Bukaan katup kendali',
        actualFlowrateGPM: 'Laju alir aktual',
        ratedFlowGPM: 'Laju alir desain',
        ratedFlowGPMDescription:
          'Laju alir desain atau pelat nama yang dibandingkan dengan laju alir aktual (tambahan kami)',
        flowrateBPD: 'Laju alir (BPD)',
        flowrateGPM: 'Laju alir (GPM)',
        finding: 'Temuan',
        analysis: 'Analisis',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
        ...flowChecks,
        flowDeviationPercent: 'Simpangan dari laju alir desain',
        flowDeviationPercentDescription:
          'Laju alir aktual terhadap laju alir desain: (aktual − desain) / desain × 100',
      },
      groups: { operation: 'Operasi', flow: 'Aliran', results: 'Hasil' },
      values: { flowUnitsAgreement },
      images: { isometricImage: 'Isometrik' },
      rules: { flowUnitsDisagree },
    },
    flowrateMeasurementPipe: {
      label: 'Pengukuran laju alir pipa',
      variants: { pipe: 'Pipa' },
      fields: {
        flowrateInspectionPipeId: 'Inspeksi laju alir',
        lineValve: 'Katup jalur',
        lineValveDescription: 'Katup tempat laju alir dibaca, sesuai tagnya di lapangan',
        bblD: 'Laju alir',
      },
    },
    flowrateMeasurement: {
      label: 'Pengukuran laju alir',
      variants: { 'rotating-equipment': 'Peralatan berputar' },
      fields: {
        flowrateInspectionId: 'Inspeksi laju alir',
        attemp: 'Percobaan',
        attempDescription:
          'Nomor percobaan, atau labelnya: "Attempt 3" disimpan sebagai 3, label tanpa angka sebagai 0',
        flowrateBPD: 'Laju alir (BPD)',
        flowrateGPM: 'Laju alir (GPM)',
        suctionPressurePsi: 'Tekanan isap',
        dischargePressurePsi: 'Tekanan buang',
        percentControlValveOpen: 'Bukaan katup kendali',
        remarks: 'Keterangan',
        ...flowChecks,
        differentialPressurePsi: 'Tekanan diferensial',
        differentialPressurePsiDescription:
          'Tekanan buang dikurangi tekanan isap: tinggi tekan yang ditambahkan pompa',
      },
      values: { flowUnitsAgreement },
      rules: { flowUnitsDisagree },
    },
  },
};
