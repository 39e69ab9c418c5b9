import type { TechniqueWords } from '../labels/entity-keys.ts';
import { pipeFamiliesId } from './findings.id.ts';
import { weldDefectTypesId } from './ufd.id.ts';

/*
 * Bahasa Indonesia of paut's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

export const pautId: TechniqueWords = {
  technique: {
    label: 'PAUT',
    description: 'Pemeriksaan las phased-array: pengaturannya, dan indikasi setiap sambungan dinilai.',
  },
  entities: {
    pautInspection: {
      label: 'Inspeksi PAUT',
      variants: pipeFamiliesId,
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal pemeriksaan',
        procedureNo: 'Prosedur',
        refCodeOrAccCriteria: 'Kode atau kriteria penerimaan',
        refCodeOrAccCriteriaDescription: 'mis. "ASME B31.3 Tabel 341.3.2" atau "API 1104 §9"',
        testingEquipmentMake: 'Merek',
        testingEquipmentModel: 'Model',
        testingEquipmentModelSerialNumber: 'Nomor seri',
        testingEquipmentCalDueDate: 'Jatuh tempo kalibrasi',
        testingEquipmentSoftware: 'Perangkat lunak',
        testingEquipmentSoftwareSerialNumber: 'Nomor seri perangkat lunak',
        testingEquipmentEncoder: 'Encoder',
        probeMake: 'Merek probe',
        probeModel: 'Model probe',
        probeFrequency: 'Frekuensi probe',
        probeNumber: 'Nomor seri probe',
        cable: 'Kabel',
        wedgeMaterial: 'Material wedge',
        wedgeModel: 'Model wedge',
        wedgeDiameter: 'Diameter wedge',
        wedgeDiameterDescription: 'Diameter pipa yang menjadi kontur wedge, atau "datar"',
        plateMaterial: 'Material',
        materialClass: 'Kelas material',
        velocity: 'Kecepatan suara',
        diameter: 'Diameter luar',
        schOrNomThickness: 'Schedule atau tebal nominal',
        schOrNomThicknessDescription: 'mis. "SCH 40" atau "9,5 mm"',
        temperatureC: 'Suhu permukaan',
        surfaceCondition: 'Kondisi permukaan',
        couplant: 'Kuplan',
        scan1: 'Pemindaian',
        scan1Description: 'mis. "S-scan, 40–70°"',
        firstActivateEl1: 'Elemen aktif pertama',
        apetureEl1: 'Apertur (elemen)',
        angle1: 'Sudut',
        angle1Description: 'mis. "40–70°" atau "55°"',
        focusDistance1: 'Jarak fokus',
        beamResolution1: 'Resolusi berkas',
        refDesibel1: 'Penguatan referensi',
        scanningDesibel1: 'Penguatan pemindaian',
        scan2: 'Pemindaian',
        scan2Description: 'mis. "S-scan, 40–70°"',
        firstActivateEl2: 'Elemen aktif pertama',
        apetureEl2: 'Apertur (elemen)',
        angle2: 'Sudut',
        angle2Description: 'mis. "40–70°" atau "55°"',
        focusDistance2: 'Jarak fokus',
        beamResolution2: 'Resolusi berkas',
        refDesibel2: 'Penguatan referensi',
        scanningDesibel2: 'Penguatan pemindaian',
        encoderCalibration: 'Kalibrasi encoder',
        encoderScanResolution: 'Resolusi pemindaian',
        encoderSpeed: 'Kecepatan pemindaian',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      groups: {
        procedure: 'Prosedur',
        equipment: 'Peralatan',
        probe: 'Probe dan wedge',
        material: 'Material',
        scanGroup1: 'Grup pemindaian 1',
        scanGroup2: 'Grup pemindaian 2',
        encoder: 'Encoder',
        results: 'Hasil',
      },
      rules: {
        calibrationOverdue:
          'Kalibrasi alat sudah jatuh tempo sebelum pemeriksaan: hasil dari alat yang tidak terkalibrasi bisa tidak diterima. Konfirmasi hanya bila ada kalibrasi yang sah.',
        calibrationTooFar: 'Kalibrasi jatuh tempo paling lama 5 tahun setelah pemeriksaan: periksa tahunnya',
      },
      images: { isometricImageFile: 'Isometrik', additionalFiles: 'Berkas tambahan' },
      imageCategories: {
        additionalFiles: {
          procedure: 'Prosedur',
          calibrationCertificate: 'Sertifikat kalibrasi',
          personnelCertificate: 'Sertifikat personel',
          scanData: 'Data pemindaian',
          drawing: 'Gambar teknik',
          other: 'Lainnya',
        },
      },
    },
    pautSummary: {
      label: 'Sambungan PAUT',
      variants: pipeFamiliesId,
      fields: {
        pautInspectionId: 'Inspeksi PAUT',
        measurementDate: 'Tanggal pemindaian',
        jointNumber: 'Nomor sambungan',
        pkm: 'Patok kilometer',
        minimumWallThickness: 'Tebal dinding minimum',
        minimumWallThicknessDescription: 'Dinding tertipis yang terukur oleh pemindaian pada sambungan',
        gpsCoordinateLatitude: 'Lintang',
        gpsCoordinateLongitude: 'Bujur',
        spotsJson: 'Indikasi',
        spotsJsonItem: 'Indikasi',
        spots: 'Indikasi',
        rejectedSpots: 'Indikasi ditolak',
        result: 'Hasil',
        calibrationAtScan: 'Kalibrasi saat pemindaian',
        calibrationAtScanDescription:
          'Apakah kalibrasi alat masih berlaku pada tanggal pemindaian (jatuh tempo pada tanggal itu atau sesudahnya)',
      },
      values: {
        result: { accept: 'Diterima', reject: 'Ditolak' },
        calibrationAtScan: { inDate: 'Berlaku', overdue: 'Lewat jatuh tempo' },
      },
      items: {
        spotsJson: {
          position: 'Posisi',
          length: 'Panjang',
          depth: 'Kedalaman',
          height: 'Tinggi tembus dinding',
          type: 'Jenis indikasi',
          result: 'Hasil',
        },
      },
      itemValues: {
        spotsJson: {
          type: weldDefectTypesId,
          result: { accept: 'Diterima', reject: 'Ditolak' },
        },
      },
    },
  },
};
