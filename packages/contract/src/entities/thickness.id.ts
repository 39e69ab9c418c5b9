import type { DomainWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of the thickness monitoring declarations, kept beside them: its entities' strings
 * under the keys the English has (labels/entity-keys.ts types them; labels/id.ts gathers every domain's).
 */

export const thicknessId: DomainWords = {
  entities: {
    thicknessLocation: {
      label: 'Lokasi pengukuran ketebalan',
      fields: {
        equipmentNo: 'Nomor peralatan',
        name: 'Lokasi',
        component: 'Komponen',
        code: 'Standar',
        inspectionClass: 'Kelas inspeksi (perpipaan)',
        nominalThicknessMm: 'Tebal nominal',
        requiredThicknessMm: 'Tebal minimum yang disyaratkan',
        corrosionAllowanceMm: 'Toleransi korosi',
        readingCount: 'Jumlah pembacaan',
        firstThicknessMm: 'Ketebalan pertama',
        firstDate: 'Pembacaan pertama',
        previousThicknessMm: 'Ketebalan sebelumnya',
        previousDate: 'Pembacaan sebelumnya',
        latestThicknessMm: 'Ketebalan terakhir',
        latestDate: 'Pembacaan terakhir',
        corrosionRateLongTermMmPerYear: 'Laju korosi jangka panjang',
        corrosionRateShortTermMmPerYear: 'Laju korosi jangka pendek',
        remainingLifeYears: 'Sisa umur',
        nextInspectionDate: 'Inspeksi berikutnya',
        projectedRequiredDate: 'Mencapai tebal minimum',
        status: 'Status',
        rateNote: 'Catatan laju',
      },
      values: {
        status: { ok: 'Baik', approaching: 'Mendekati', belowRequired: 'Di bawah minimum' },
        rateNote: {
          noReadings: 'Belum ada pembacaan',
          oneReading: 'Satu pembacaan: belum ada laju',
          noMetalLoss: 'Tidak ada kehilangan logam',
          growthNotUsed: 'Pertumbuhan, tidak dipakai untuk umur',
        },
        code: {
          api570: 'API 570 (perpipaan)',
          api510: 'API 510 (bejana tekan)',
          api653: 'API 653 (dinding tangki)',
        },
      },
      rules: {
        requiredBelowNominal: 'Tebal minimum yang disyaratkan harus di bawah tebal nominal',
        pipingNeedsClass: 'Lokasi perpipaan (API 570) memerlukan kelas inspeksi, 1 sampai 4',
      },
    },
    thicknessReading: {
      label: 'Pembacaan ketebalan',
      fields: {
        thicknessLocationId: 'Lokasi',
        date: 'Tanggal',
        thicknessMm: 'Ketebalan',
        method: 'Metode',
        sourceReportId: 'Laporan sumber',
        sourceRecordId: 'Rekaman sumber',
      },
      values: {
        method: {
          utSpot: 'UT titik',
          utScan: 'UT pemindaian',
          paut: 'PAUT',
          srut: 'SRUT',
          ufd: 'UFD',
          rt: 'Radiografi',
          other: 'Lainnya',
        },
      },
      rules: { notInFuture: 'Pembacaan tidak boleh bertanggal di masa depan' },
    },
  },
};
