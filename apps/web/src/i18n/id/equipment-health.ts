import type { Translation } from '../en/index.ts';
import type { equipmentHealth as en } from '../en/equipment-health.ts';

/** Kartu kesehatan peralatan (docs/equipment-health.md). */
export const equipmentHealth: Translation<typeof en> = {
  title: 'Kesehatan peralatan',
  nav: 'Kesehatan peralatan',
  subtitle: 'Cari peralatan menurut nomor, tag, atau deskripsinya untuk melihat kartu kesehatannya.',
  subtitleOf: 'Peralatan {{number}}: inspeksinya dengan setiap metode dari tahun ke tahun',
  open: 'Kartu kesehatan',
  openOf: 'Kartu kesehatan {{name}}',
  search: 'Peralatan',
  loading: 'Membaca kartu kesehatan…',
  notRead: 'Kartu kesehatan tidak dapat dibaca',
  identity: 'Peralatan',
  equipmentNo: 'Nomor peralatan',
  category: 'Kategori',
  objectType: 'Jenis objek',
  location: 'Lokasi',
  plannerGroup: 'Grup perencana',
  manufacturer: 'Pabrikan',
  yearInstalled: 'Tahun pemasangan',
  drawings_one: '{{count}} gambar',
  drawings_other: '{{count}} gambar',
  noDrawings: 'Tidak ada gambar di register NDT.',
  methods: 'Inspeksi per metode',
  reportCount_one: '{{count}} laporan',
  reportCount_other: '{{count}} laporan',
  noGradedFinding: 'Tidak ada temuan bertingkat',
  lastInspected: 'Terakhir diinspeksi {{date}} ({{age}} lalu)',
  noDate: 'Tanggal inspeksi tidak tercatat',
  openReport: 'Buka laporan {{number}} ({{method}})',
  neverInspected: 'Belum ada inspeksi peralatan ini yang dapat Anda lihat.',
  noInterval:
    'Inspeksi berikutnya: belum ada interval inspeksi yang ditetapkan untuk metode mana pun, jadi setiap kartu menunjukkan kapan metode itu terakhir menginspeksi peralatan ini.',
  timeline: 'Temuan dari tahun ke tahun',
  timelineEmpty: 'Belum ada temuan bertingkat untuk digambar.',
  timelineBounded:
    'Setiap metode digambar dari {{count}} laporan terakhirnya; {{methods}} memiliki lebih banyak.',
  timelineCaption:
    'Setiap titik adalah temuan terburuk sebuah laporan; tingkat setiap metode memakai skala yang sama dengan lencananya.',
  steps: {
    0: 'Dapat diterima',
    1: 'Pantau',
    2: 'Segera tindak',
    3: 'Tindak sekarang',
  },
};
