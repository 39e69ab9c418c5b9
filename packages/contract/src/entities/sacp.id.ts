import type { TechniqueWords } from '../labels/entity-keys.ts';
import { pipeFamiliesId } from './findings.id.ts';

/*
 * Bahasa Indonesia of sacp's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const sacpVariants = { ...pipeFamiliesId, structure: 'Struktur' };

export const sacpId: TechniqueWords = {
  technique: {
    label: 'SACP (proteksi katodik)',
    description: 'Survei potensial proteksi katodik: setiap titik uji dinilai terhadap kriteria.',
  },
  entities: {
    sacpInspection: {
      label: 'Inspeksi SACP',
      variants: sacpVariants,
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal survei',
        procedureName: 'Prosedur',
        acceptanceCode: 'Kriteria',
        acceptanceCodeDescription: 'Kriteria penilaian potensial, mis. "NACE SP0169"',
        scanningTechnique: 'Teknik survei',
        scanningTechniqueDescription: 'mis. "Survei titik uji, ON dan instant-OFF"',
        sensitivityLevel: 'Rentang alat ukur',
        jobOrJoint: 'Jalur atau seksi',
        matThickness: 'Tebal dinding',
        weldingPrep: 'Lapisan pelindung (coating)',
        weldingProcess: 'Sistem CP',
        surfaceCondition: 'Kondisi permukaan',
        equipmentUsed: 'Alat ukur',
        equipmentSerialNumber: 'Nomor seri alat ukur',
        probeUsed: 'Elektroda referensi',
        probeSerialNumber: 'Nomor seri elektroda',
        testBlockUsed: 'Pemeriksaan elektroda',
        couplantUsed: 'Media kontak',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      groups: { procedure: 'Prosedur', line: 'Jalur', equipment: 'Peralatan', results: 'Hasil' },
      images: { isometricImage: 'Isometrik', equipmentImage: 'Foto struktur' },
    },
    sacpMeasurement: {
      label: 'Pengukuran SACP',
      variants: sacpVariants,
      fields: {
        sacpInspectionId: 'Inspeksi SACP',
        measurementDate: 'Tanggal pembacaan',
        testPoint: 'Titik uji',
        testPointDescription: 'Tag titik uji, mis. "TP-012"',
        pkm: 'Patok kilometer',
        pileNumber: 'Nomor tiang',
        jointNumber: 'Nomor sambungan',
        ldOrBWDOrFWD: 'LD, BWD atau FWD',
        ldOrBWDOrFWDDescription: 'Posisi pembacaan terhadap titik uji, sebagaimana ditulis di lembar survei',
        latitude: 'Lintang',
        latitudeDegree: 'Lintang',
        latitudeMinutes: 'Menit lintang',
        latitudeSeconds: 'Detik lintang',
        latitudeHemisphere: 'Belahan lintang',
        longitude: 'Bujur',
        longitudeDegree: 'Bujur',
        longitudeMinutes: 'Menit bujur',
        longitudeSeconds: 'Detik bujur',
        longitudeHemisphere: 'Belahan bujur',
        pipePosition: 'Posisi pipa',
        pipePositionDescription: 'mis. "Tertanam", "Di atas tanah", "Persilangan jalan"',
        potential: 'Potensial (ON)',
        potentialDescription: 'Struktur terhadap elektrolit, dengan arus proteksi menyala',
        potentialReading: 'Potensial instant-OFF',
        potentialReadingDescription:
          'Dibaca sesaat setelah arus diputus, bebas IR drop; dinilai lebih dulu bila diisi',
        nativePotential: 'Potensial alami',
        nativePotentialDescription:
          'Sebelum proteksi atau setelah depolarisasi: polarisasi 100 mV darinya juga melindungi',
        referenceElectrode: 'Elektroda referensi',
        connectedYesNo: 'Terhubung',
        connectedYesNoDescription: 'Apakah kabel titik uji terhubung ke jalur atau struktur',
        soilCondition: 'Kondisi tanah',
        soilConditionDescription: 'mis. "Lempung basah"',
        waterCondition: 'Kondisi air',
        waterConditionDescription: 'mis. "Air laut, zona percikan"',
        rowCase: 'Kasus ROW',
        rowCaseDescription: 'Yang terlihat di jalur ROW pada titik itu (perambahan, erosi…)',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
        protection: 'Proteksi',
      },
      values: {
        referenceElectrode: { cse: 'Cu/CuSO₄ (CSE)', agAgCl: 'Ag/AgCl', zinc: 'Seng' },
        latitudeHemisphere: { N: 'LU', S: 'LS' },
        longitudeHemisphere: { E: 'BT', W: 'BB' },
        protection: {
          protected: 'Terproteksi',
          overprotected: 'Proteksi berlebih',
          underprotected: 'Kurang proteksi',
        },
      },
      rules: {
        offBelowOn:
          'Potensial instant-OFF lebih negatif daripada potensial ON, hal yang tidak lazim karena IR drop. Periksa apakah keduanya tertukar.',
        latitudeRange: 'Lintang paling besar 90°',
        latitudeSign: 'Tulis derajat lintang tanpa tanda bila belahannya disebut',
        latitudeMinutesAlone: 'Isi juga derajat lintang bersama menitnya',
        latitudeSecondsAlone: 'Isi juga derajat lintang bersama detiknya',
        longitudeRange: 'Bujur paling besar 180°',
        longitudeSign: 'Tulis derajat bujur tanpa tanda bila belahannya disebut',
        longitudeMinutesAlone: 'Isi juga derajat bujur bersama menitnya',
        longitudeSecondsAlone: 'Isi juga derajat bujur bersama detiknya',
      },
      groups: { location: 'Lokasi', potential: 'Potensial', site: 'Lapangan' },
      images: { summaryImages: 'Foto' },
      imageTypes: {
        summaryImages: { reading: 'Pembacaan', testPoint: 'Titik uji', site: 'Lapangan', other: 'Lainnya' },
      },
    },
  },
};
