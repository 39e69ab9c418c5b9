import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of motionMagnification's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const motionMagnificationVariants = {
  pipe: 'Pipa',
  'storage-tank': 'Tangki timbun',
  'pressure-vessel': 'Bejana tekan',
};

export const motionMagnificationId: TechniqueWords = {
  technique: {
    label: 'Pembesaran gerak',
    description:
      'Video peralatan yang beroperasi, diperbesar geraknya: bagaimana ia bergerak, dan seberapa parah getarannya.',
  },
  entities: {
    motionMagnificationAnalysis: {
      label: 'Analisis pembesaran gerak',
      variants: motionMagnificationVariants,
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal perekaman',
        finding: 'Temuan',
        diagnosis: 'Diagnosis',
        diagnosisDescription:
          'Apa yang menggerakkan peralatan, mis. "Resonansi jalur buang di dekat 1× putaran pompa"',
        analysis: 'Analisis',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      images: {
        isometricImage: 'Isometrik',
        equipmentTopViewImage: 'Tampak atas peralatan',
        overallDeflectionDirectionImage: 'Arah defleksi keseluruhan',
      },
    },
    motionMagnificationSummary: {
      label: 'Ringkasan pembesaran gerak',
      variants: motionMagnificationVariants,
      fields: {
        motionMagnificationAnalysisId: 'Analisis pembesaran gerak',
        measurementDate: 'Tanggal perekaman',
        shootingAreaOrCameraDirection: 'Area pengambilan atau arah kamera',
        shootingAreaOrCameraDirectionDescription:
          'Di mana kamera berdiri dan apa yang direkam, mis. "Sisi utara, di permukaan tanah, menghadap siku buang"',
        dominantFrequencyHz: 'Frekuensi dominan',
        velAmplitude: 'Amplitudo kecepatan',
        velAmplitudeDescription: 'Kecepatan puncak (nol ke puncak) pada frekuensi dominan',
        dispAmplitude: 'Amplitudo simpangan',
        dispAmplitudeDescription: 'Simpangan puncak ke puncak pada frekuensi dominan',
        finding: 'Temuan',
        remarks: 'Keterangan',
        vibrationScreening: 'Penyaringan getaran',
        vibrationScreeningDescription:
          'Amplitudo kecepatan terhadap garis tingkat keparahan getaran pipa Wachel (SwRI), puncak: desain 12,7, marginal 25,4, perbaikan 50,8, bahaya 101,6 mm/s; untuk frekuensi dominan 10 sampai 300 Hz',
      },
      values: {
        vibrationScreening: {
          acceptable: 'Dapat diterima',
          aboveDesign: 'Di atas batas desain',
          marginal: 'Marginal',
          correction: 'Perlu perbaikan',
          danger: 'Bahaya',
        },
      },
      images: {
        magnificationVideo: 'Video pembesaran',
        deflectionDirection: 'Arah defleksi',
        motionIntensitySpectrum: 'Spektrum intensitas gerak',
        summaryImages: 'Foto',
      },
      imageTypes: {
        summaryImages: {
          magnifiedFrame: 'Bingkai diperbesar',
          motionMap: 'Peta gerak',
          spectrum: 'Spektrum',
          overview: 'Tampak keseluruhan',
          other: 'Lainnya',
        },
      },
    },
  },
};
