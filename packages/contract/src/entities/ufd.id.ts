import type { TechniqueWords } from '../labels/entity-keys.ts';
import { pipeFamiliesId } from './findings.id.ts';
import type { ufdDefectTypes } from './ufd.ts';

/*
 * Bahasa Indonesia of ufd's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

/** The weld-discontinuity families UFD and PAUT type their indications by (ISO 6520-1). */
export const weldDefectTypesId = {
  crack: 'Retak',
  lackOfFusion: 'Kurang fusi',
  incompletePenetration: 'Penetrasi tidak sempurna',
  slagInclusion: 'Inklusi terak',
  porosity: 'Porositas',
  undercut: 'Takik las (undercut)',
  other: 'Lainnya',
} satisfies Record<(typeof ufdDefectTypes)[number], string>;

export const ufdId: TechniqueWords = {
  technique: {
    label: 'Deteksi cacat ultrasonik (UFD)',
    description: 'Pemeriksaan ultrasonik las: pengaturannya, dan setiap indikasi diterima atau ditolak.',
  },
  entities: {
    ufdInspection: {
      label: 'Inspeksi UFD',
      variants: { ...pipeFamiliesId, 'pressure-vessel': 'Bejana tekan' },
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal pemeriksaan',
        procedureName: 'Prosedur',
        acceptanceCode: 'Kode penerimaan',
        acceptanceCodeDescription:
          'Kode atau standar yang menjadi acuan penilaian indikasi, mis. "ASME B31.3" atau "API 1104"',
        scanningTechnique: 'Teknik pemindaian',
        sensitivityLevel: 'Tingkat sensitivitas',
        sensitivityLevelDescription: 'Sensitivitas pemindaian, mis. "Tingkat referensi + 6 dB"',
        jobOrJoint: 'Pekerjaan atau sambungan',
        matThickness: 'Tebal material',
        weldingPrep: 'Persiapan las',
        weldingProcess: 'Proses las',
        surfaceCondition: 'Kondisi permukaan',
        equipmentUsed: 'Alat pendeteksi cacat',
        equipmentSerialNumber: 'Nomor seri alat pendeteksi cacat',
        testBlockUsed: 'Blok kalibrasi',
        couplantUsed: 'Kuplan',
        probeUsed: 'Probe',
        probeSerialNumber: 'Nomor seri probe',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      groups: {
        procedure: 'Prosedur',
        weld: 'Las dan material',
        equipment: 'Peralatan',
        probe: 'Probe',
        results: 'Hasil',
      },
      images: { isometricImage: 'Isometrik' },
    },
    ufdSummary: {
      label: 'Temuan UFD',
      variants: { ...pipeFamiliesId, 'pressure-vessel': 'Bejana tekan' },
      fields: {
        ufdInspectionId: 'Inspeksi UFD',
        measurementDate: 'Tanggal pemeriksaan',
        partOfSubject: 'Bagian yang diperiksa',
        partOfSubjectDescription: 'Letak pada sambungan, mis. "Akar las, arah jam 3"',
        defectLocationFromYAxis: 'Lokasi dari sumbu Y',
        transducerAngle: 'Sudut probe',
        decibelsDefectSensitivityLevel: 'Tingkat sensitivitas',
        decibelsDefectReferenceLevel: 'Tingkat referensi',
        decibelsDefectHeightOfScreenPercentage: 'Tinggi gema',
        decibelsDefectHeightOfScreenPercentageDescription:
          'Dari tinggi layar penuh, pada penguatan referensi',
        decibelsDefectThickness: 'Kedalaman',
        decibelsDefectThicknessDescription: 'Kedalaman indikasi di bawah permukaan pemindaian',
        decibelsDefectLength: 'Panjang',
        decibelsDefectAngularDistance: 'Jarak lintasan suara',
        decibelsDefectType: 'Jenis indikasi',
        examinationTime: 'Waktu pemeriksaan',
        examinationTimeDescription: 'Kapan indikasi dicatat, mis. "10:45"',
        result: 'Hasil',
        proposedResult: 'Hasil menurut kode',
        proposedResultDescription:
          'Hasil menurut ASME B31.3 (344.6.2) atau ASME VIII Div. 1 (Appendix 12) untuk indikasi ini, dari jenis, tinggi gema dan panjangnya serta tebal material',
      },
      values: {
        decibelsDefectType: weldDefectTypesId,
        result: { accept: 'Diterima', reject: 'Ditolak' },
        proposedResult: { accept: 'Diterima', reject: 'Ditolak' },
      },
      groups: { indication: 'Indikasi', signal: 'Sinyal' },
      images: { summaryImages: 'Foto' },
      imageTypes: {
        summaryImages: {
          aScan: 'A-scan',
          indication: 'Indikasi',
          marking: 'Penandaan',
          overview: 'Tampak keseluruhan',
          other: 'Lainnya',
        },
      },
    },
  },
};
