import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of srut's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const srutVariants = { 'storage-tank': 'Tangki timbun', 'pressure-vessel': 'Bejana tekan' };

export const srutId: TechniqueWords = {
  technique: {
    label: 'SRUT',
    description:
      'Pemindaian ultrasonik jarak pendek: kedalaman setiap indikasi, dan sisa dinding terhadap tebal minimum.',
  },
  entities: {
    srutInspection: {
      label: 'Inspeksi SRUT',
      variants: srutVariants,
      fields: {
        reportHeaderId: 'Laporan',
        measurementDate: 'Tanggal pemeriksaan',
        nominalThickness: 'Tebal nominal',
        nominalThicknessDescription:
          'Pelat yang dipindai (pelat anular, lajur dinding, atau head), sesuai terpasang',
        minimumThickness: 'Tebal minimum yang disyaratkan',
        minimumThicknessDescription:
          't-min: untuk tangki timbun menurut API 653 (dinding 4.3, pelat dasar dan anular 4.4); untuk bejana tekan tebal yang disyaratkan perhitungan desainnya (API 510)',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      groups: { thickness: 'Ketebalan', results: 'Hasil' },
      images: {
        equipmentPhoto: 'Foto peralatan',
        topViewSketchDrawing: 'Sketsa tampak atas',
        fdOrPidDrawing: 'Gambar FD atau P&ID',
      },
      rules: {
        minimumAboveNominal:
          'Tebal minimum yang disyaratkan lebih besar dari tebal nominal: setiap indikasi akan dinilai di bawah minimum. Periksa apakah keduanya tertukar.',
      },
    },
    srutSummary: {
      label: 'Ringkasan SRUT',
      variants: srutVariants,
      fields: {
        srutInspectionId: 'Inspeksi SRUT',
        tag: 'Tag',
        tagDescription: 'Nama pemindaian sesuai tanda pada peralatan, mis. "A-03" atau "Anular 90–120°"',
        scanLength: 'Panjang pemindaian',
        scanLengthDescription:
          'Panjang yang dipindai di sepanjang tepi pelat atau dinding, dari tanda nol tag',
        locationOfIndicationL: 'Lokasi indikasi L',
        locationOfIndicationLDescription: 'Di sepanjang pemindaian, dari tanda nol tag',
        locationOfIndicationH: 'Lokasi indikasi H',
        locationOfIndicationHDescription: 'Dari probe ke dalam pelat, menurut lintasan suara',
        dimentionOfIndicationDL: 'Dimensi indikasi DL',
        dimentionOfIndicationDLDescription: 'Bentang di sepanjang pemindaian (L)',
        dimentionOfIndicationDH: 'Dimensi indikasi DH',
        dimentionOfIndicationDHDescription: 'Bentang ke dalam pelat (H)',
        estimationOfDepth: 'Perkiraan kedalaman',
        estimationOfDepthDescription: 'Logam yang hilang pada indikasi, menurut perkiraan pemindaian',
        remarks: 'Keterangan',
        remainingWall: 'Sisa dinding',
        remainingWallDescription: 'Tebal nominal inspeksi dikurangi perkiraan kedalaman',
        wallCondition: 'Kondisi dinding',
        wallConditionDescription: 'Sisa dinding terhadap tebal minimum yang disyaratkan inspeksi',
      },
      groups: { indication: 'Indikasi' },
      values: {
        wallCondition: { acceptable: 'Dapat diterima', belowMinimum: 'Di bawah minimum' },
      },
      images: { summaryImages: 'Foto' },
      imageTypes: {
        summaryImages: {
          aScan: 'A-scan',
          bScan: 'B-scan',
          indication: 'Indikasi',
          marking: 'Penandaan',
          overview: 'Tampak keseluruhan',
          other: 'Lainnya',
        },
      },
    },
    srutGeneralView: {
      label: 'Tampak umum SRUT',
      variants: srutVariants,
      fields: {
        srutInspectionId: 'Inspeksi SRUT',
        category: 'Kategori',
        imageType: 'Jenis gambar',
        displayName: 'Keterangan gambar',
        displayNameDescription: 'Apa yang diperlihatkan gambar, mis. "Sisi utara, pelat anular pada 0°"',
      },
      values: {
        category: {
          overallView: 'Tampak keseluruhan',
          scanArea: 'Area pemindaian',
          indication: 'Indikasi',
          testSetUp: 'Susunan pengujian',
          other: 'Lainnya',
        },
        imageType: {
          photo: 'Foto',
          sketch: 'Sketsa',
          aScan: 'A-scan',
          bScan: 'B-scan',
          other: 'Lainnya',
        },
      },
      images: { imageFile: 'Gambar' },
    },
  },
};
