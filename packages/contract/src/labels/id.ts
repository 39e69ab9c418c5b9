import { thermalPlausibility } from '../entities/thermal.ts';
import type { FindingSeverity } from '../entities/findings.ts';
import type { DeclaredLabels, EntityLabels, TechniqueLabels } from './entity-keys.ts';

/*
 * The declarations in Bahasa Indonesia: every entity's name, fields, help, values, images, image
 * types, rules, groups, variants and tabs, and every technique's name, under the keys the English
 * has (`entity-keys.ts` types them from the declarations). The web's translations and the report's
 * PDF both read this table; a key it lacks reads in the declaration's English.
 */

/** Each technique's name and its card's sentence. */
const techniqueLabels = {
  thermal: {
    label: 'Analisis termal',
    description: 'Survei inframerah: titik panas, ΔT dan tingkat keparahan.',
  },
  vci: {
    label: 'Inspeksi retak visual',
    description: 'Retak, korosi, dan kerusakan di permukaan, titik demi titik, dengan foto.',
  },
  walkthrough: {
    label: 'Inspeksi walkthrough',
    description: 'Menyusuri jalur: area, kondisinya, dan tingkat keparahannya, dengan foto.',
  },
  ufd: {
    label: 'Deteksi cacat ultrasonik (UFD)',
    description: 'Pemeriksaan ultrasonik las: pengaturannya, dan setiap indikasi diterima atau ditolak.',
  },
  supportingDocument: {
    label: 'Dokumen pendukung',
    description: 'Prosedur, sertifikat, gambar teknik, dan lembar kerja yang dilampirkan pada laporan.',
  },
  ndt: {
    label: 'Peralatan NDT',
    description:
      'Peralatan yang diinspeksi dengan NDT, inspeksi terakhirnya per metode, dan gambar isometriknya.',
  },
} satisfies Required<TechniqueLabels>;

const findingSeverity = {
  low: 'Rendah',
  medium: 'Sedang',
  high: 'Tinggi',
  critical: 'Kritis',
} satisfies Record<FindingSeverity, string>;

/** Pipe and pipeline, as the equipment classes of the piping techniques read. */
const pipeVariants = { pipe: 'Pipa', pipeline: 'Jalur pipa' };

const entities: EntityLabels = {
  workOrderSpk: {
    label: 'Perintah kerja',
    fields: {
      woNumber: 'Nomor WO',
      title: 'Judul',
      description: 'Deskripsi',
      workType: 'Jenis pekerjaan',
      contractNo: 'Nomor kontrak',
      equipmentCategory: 'Kategori peralatan',
      tagNumber: 'Tag peralatan',
      plannerGroup: 'Grup perencana',
      location: 'Lokasi',
      priority: 'Prioritas',
      isEmergency: 'Darurat',
      dateStart: 'Rencana mulai',
      dateEnd: 'Rencana selesai',
      actualStartDate: 'Mulai aktual',
      actualEndDate: 'Selesai aktual',
      status: 'Status',
    },
    values: {
      workType: {
        conditionMonitoring: 'Pemantauan kondisi',
        preventive: 'Preventif',
        corrective: 'Korektif',
        statutoryInspection: 'Inspeksi wajib (regulasi)',
        turnaround: 'Turnaround',
        project: 'Proyek',
      },
      priority: { veryHigh: 'Sangat tinggi', high: 'Tinggi', medium: 'Sedang', low: 'Rendah' },
      status: {
        open: 'Terbuka',
        inProgress: 'Sedang dikerjakan',
        completed: 'Selesai',
        cancelled: 'Dibatalkan',
      },
    },
    rules: {
      endBeforeStart: 'Tanggal selesai lebih awal dari tanggal mulai',
      actualEndBeforeStart: 'Selesai aktual lebih awal dari mulai aktual',
      actualStartInFuture: 'Mulai aktual berada di masa depan',
    },
    tabs: {
      open: 'Terbuka',
      openDescription: 'Direncanakan, belum dimulai',
      inProgress: 'Sedang dikerjakan',
      completed: 'Selesai',
      completedDescription: 'Selesai atau dibatalkan',
      emergency: 'Darurat',
      emergencyDescription: 'Pekerjaan darurat yang belum selesai atau dibatalkan',
    },
  },
  reportHeader: {
    label: 'Laporan',
    fields: {
      workOrderSPKId: 'Perintah kerja',
      reportNumber: 'Nomor laporan',
      title: 'Judul',
      equipmentNo: 'Nomor peralatan',
      equipmentCategory: 'Kategori peralatan',
      objectType: 'Tipe objek',
      inspectionMethod: 'Metode inspeksi',
      location: 'Lokasi',
      actualStartDate: 'Tanggal mulai aktual',
      actualCompletedDate: 'Tanggal selesai aktual',
      status: 'Status',
      statusComment: 'Komentar status',
      revision: 'Revisi',
      revisionOf: 'Revisi dari',
      revisionReason: 'Alasan revisi',
      approvalLevel: 'Level persetujuan',
      approvalPath: 'Jalur persetujuan',
    },
    values: {
      status: {
        draft: 'Draf',
        submitted: 'Diajukan',
        inReview: 'Sedang ditinjau',
        returned: 'Dikembalikan',
        approved: 'Disetujui',
      },
      // The inspection methods the product knows are its techniques, named as the techniques are.
      inspectionMethod: Object.fromEntries(Object.entries(techniqueLabels).map(([m, t]) => [m, t.label])),
    },
    rules: {
      actualStartInFuture: 'Tanggal mulai aktual berada di masa depan',
      actualCompletedBeforeStart: 'Tanggal selesai aktual lebih awal dari tanggal mulai aktual',
    },
  },
  woTaskAssignment: {
    label: 'Penugasan',
    fields: {
      workOrderSPKId: 'Perintah kerja',
      inspectionMethod: 'Metode inspeksi',
      userPDMIds: 'Inspektor',
      levelApprovals: 'Tingkat persetujuan',
      positionLevels: 'Jabatan persetujuan',
      approvalStatus: 'Disetujui',
      approvalComment: 'Komentar persetujuan',
      state: 'Status tugas',
      woNumber: 'Nomor WO',
      woTitle: 'Judul WO',
      tagNumber: 'Tag peralatan',
      equipmentCategory: 'Kategori peralatan',
      plannedStart: 'Rencana mulai',
      plannedFinish: 'Rencana selesai',
    },
    values: {
      state: {
        todo: 'Belum dikerjakan',
        inProgress: 'Sedang dikerjakan',
        waitingApproval: 'Menunggu persetujuan',
        returned: 'Dikembalikan',
        done: 'Selesai',
      },
    },
  },
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
  vciAnalysis: {
    label: 'Analisis VCI',
    variants: pipeVariants,
    fields: {
      reportHeaderId: 'Laporan',
      measurementDate: 'Tanggal pengukuran',
      finding: 'Temuan',
      analysis: 'Analisis',
      recommendation: 'Rekomendasi',
    },
    images: { drawingImage: 'Gambar teknik', isometricImage: 'Isometrik' },
  },
  vciSummary: {
    label: 'Ringkasan VCI',
    variants: pipeVariants,
    fields: {
      vciAnalysisId: 'Analisis VCI',
      measurementDate: 'Tanggal pengukuran',
      location: 'Lokasi',
      segmentPipingNumber: 'Nomor segmen / perpipaan',
      feature: 'Jenis temuan',
      vciSpotNumber: 'Nomor titik VCI',
      severity: 'Tingkat keparahan',
      remarks: 'Keterangan',
    },
    values: {
      feature: {
        crack: 'Retak',
        corrosion: 'Korosi',
        pitting: 'Korosi sumuran',
        dent: 'Penyok',
        gouge: 'Cungkilan',
        coatingDamage: 'Kerusakan lapisan pelindung',
        leak: 'Kebocoran',
        deformation: 'Deformasi',
        other: 'Lainnya',
      },
      severity: findingSeverity,
    },
    images: { summaryImages: 'Foto' },
    imageTypes: {
      summaryImages: {
        overview: 'Tampak keseluruhan',
        closeUp: 'Jarak dekat',
        measurement: 'Pengukuran',
        marking: 'Penandaan',
        other: 'Lainnya',
      },
    },
  },
  walkthroughInspection: {
    label: 'Inspeksi walkthrough',
    variants: pipeVariants,
    fields: {
      reportHeaderId: 'Laporan',
      inspectionDate: 'Tanggal inspeksi',
      finding: 'Temuan',
      recommendation: 'Rekomendasi',
      remarks: 'Keterangan',
    },
    images: { isometricImage: 'Isometrik' },
  },
  ufdInspection: {
    label: 'Inspeksi UFD',
    variants: { ...pipeVariants, 'pressure-vessel': 'Bejana tekan' },
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
    variants: { ...pipeVariants, 'pressure-vessel': 'Bejana tekan' },
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
      decibelsDefectHeightOfScreenPercentageDescription: 'Dari tinggi layar penuh, pada penguatan referensi',
      decibelsDefectThickness: 'Kedalaman',
      decibelsDefectThicknessDescription: 'Kedalaman indikasi di bawah permukaan pemindaian',
      decibelsDefectLength: 'Panjang',
      decibelsDefectAngularDistance: 'Jarak lintasan suara',
      decibelsDefectType: 'Jenis indikasi',
      examinationTime: 'Waktu pemeriksaan',
      examinationTimeDescription: 'Kapan indikasi dicatat, mis. "10:45"',
      result: 'Hasil',
    },
    values: {
      decibelsDefectType: {
        crack: 'Retak',
        lackOfFusion: 'Kurang fusi',
        incompletePenetration: 'Penetrasi tidak sempurna',
        slagInclusion: 'Inklusi terak',
        porosity: 'Porositas',
        undercut: 'Takik las (undercut)',
        other: 'Lainnya',
      },
      result: { accept: 'Diterima', reject: 'Ditolak' },
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
  walkthroughSummary: {
    label: 'Temuan walkthrough',
    variants: pipeVariants,
    fields: {
      walkthroughInspectionId: 'Inspeksi walkthrough',
      inspectionDate: 'Tanggal inspeksi',
      inspectionArea: 'Area inspeksi',
      finding: 'Temuan',
      condition: 'Kondisi',
      severity: 'Tingkat keparahan',
      recommendation: 'Rekomendasi',
      remarks: 'Keterangan',
    },
    values: {
      condition: { good: 'Baik', fair: 'Cukup', poor: 'Kurang', bad: 'Buruk' },
      severity: findingSeverity,
    },
    images: { summaryImages: 'Foto' },
    imageTypes: {
      summaryImages: {
        overview: 'Tampak keseluruhan',
        closeUp: 'Jarak dekat',
        support: 'Penyangga',
        coating: 'Lapisan pelindung',
        leak: 'Kebocoran',
        other: 'Lainnya',
      },
    },
  },
  reportSupportingDocument: {
    label: 'Dokumen pendukung',
    fields: { reportHeaderId: 'Laporan', documentType: 'Jenis dokumen', description: 'Deskripsi' },
    values: {
      documentType: {
        procedure: 'Prosedur',
        calibrationCertificate: 'Sertifikat kalibrasi',
        drawing: 'Gambar teknik',
        dataSheet: 'Lembar data',
        previousReport: 'Laporan sebelumnya',
        photoLog: 'Dokumentasi foto',
        permit: 'Izin kerja',
        correspondence: 'Korespondensi',
        other: 'Lainnya',
      },
    },
    images: { file: 'Berkas' },
  },
  ndtEquipment: {
    label: 'Peralatan NDT',
    fields: {
      equipmentNo: 'Nomor peralatan',
      tagNumber: 'Nomor tag',
      description: 'Deskripsi',
      objectType: 'Tipe objek',
      location: 'Lokasi',
    },
  },
  ndtIsometric: {
    label: 'Gambar isometrik',
    fields: {
      ndtEquipmentId: 'Peralatan',
      fileName: 'Nama berkas',
      drawingNumber: 'Nomor gambar',
      revision: 'Revisi',
    },
    images: { drawing: 'Gambar teknik' },
  },
  equipmentCategory: {
    label: 'Kategori peralatan',
    fields: { code: 'Kode', name: 'Nama', description: 'Deskripsi' },
  },
  objectType: {
    label: 'Tipe objek',
    fields: { code: 'Kode', name: 'Nama', categoryCode: 'Kategori' },
  },
  plannerGroup: {
    label: 'Grup perencana',
    fields: { code: 'Kode', name: 'Nama', plant: 'Kilang' },
  },
  functionalLocation: {
    label: 'Lokasi',
    fields: { code: 'Kode', name: 'Nama', plant: 'Kilang' },
  },
  equipment: {
    label: 'Peralatan',
    fields: {
      equipmentNo: 'Nomor peralatan',
      tagNumber: 'Nomor tag',
      description: 'Deskripsi',
      categoryCode: 'Kategori',
      objectTypeCode: 'Tipe objek',
      locationCode: 'Lokasi',
      plannerGroupCode: 'Grup perencana',
      manufacturer: 'Pabrikan',
      yearInstalled: 'Tahun pemasangan',
    },
  },
  inspectionPoint: {
    label: 'Titik inspeksi',
    fields: { equipmentId: 'Peralatan', pointCode: 'Titik', description: 'Deskripsi' },
  },
  inspectionMethod: {
    label: 'Metode inspeksi',
    fields: {
      code: 'Kode',
      name: 'Nama',
      description: 'Deskripsi',
      equipmentCategories: 'Kategori peralatan',
      isActive: 'Aktif',
    },
  },
  contractorCompany: {
    label: 'Perusahaan kontraktor',
    fields: {
      contractorName: 'Nama perusahaan',
      contactPerson: 'Narahubung',
      contactEmail: 'Email kontak',
      phoneNumber: 'Nomor telepon',
      address: 'Alamat',
      isActive: 'Aktif',
    },
    images: { companyLogo: 'Logo perusahaan' },
  },
  approvalPosition: {
    label: 'Jabatan persetujuan',
    fields: {
      name: 'Jabatan',
      description: 'Deskripsi',
      levelApproval: 'Level umum',
      isActive: 'Aktif',
    },
  },
  inspectionMethodApproval: {
    label: 'Level persetujuan',
    fields: {
      inspectionMethod: 'Metode inspeksi',
      levelApproval: 'Level',
      approvalPosition: 'Jabatan persetujuan',
    },
  },
  reviewerAssignment: {
    label: 'Penugasan peninjau',
    fields: {
      userPdmId: 'Peninjau',
      inspectionMethod: 'Metode inspeksi',
      levelApproval: 'Level',
      approvalPosition: 'Jabatan persetujuan',
      contractorCompanyId: 'Meninjau laporan dari',
      isActive: 'Aktif',
    },
  },
};

/** Bahasa Indonesia of the declared entities and techniques. */
export const idLabels: DeclaredLabels = { entities, techniques: techniqueLabels };
