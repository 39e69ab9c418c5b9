import type { Translation } from '../en/index.ts';
import type {
  administration as enAdministration,
  roles as enRoles,
  users as enUsers,
} from '../en/administration.ts';

export const users: Translation<typeof enUsers> = {
  title: 'Pengguna',
  subtitle: 'Siapa yang masuk, dengan peran apa, untuk perusahaan mana.',
  nav: 'Pengguna',
  create: 'Pengguna baru',
  edit: 'Ubah pengguna',
  created: 'Pengguna {{name}} dibuat',
  saved: 'Pengguna disimpan',
  search: 'Cari nama, nama pengguna, e-mail atau nomor karyawan',
  empty: 'Tidak ada pengguna yang cocok.',
  total: 'Pengguna',
  active: 'Aktif',
  inactive: 'Nonaktif',
  byRole: 'Per peran',
  byCompany: 'Per perusahaan',
  ownerStaff: 'Staf pemilik pabrik',
  allRoles: 'Semua peran',
  allCompanies: 'Semua perusahaan',
  allStatuses: 'Semua status',
  username: 'Nama pengguna',
  fullName: 'Nama lengkap',
  email: 'E-mail',
  employeeNumber: 'Nomor karyawan',
  phoneNumber: 'Nomor telepon',
  password: 'Kata sandi',
  role: 'Peran',
  company: 'Perusahaan',
  approvalPosition: 'Jabatan persetujuan',
  approvalLevel: 'Level persetujuan',
  plannerGroups: 'Grup perencana',
  status: 'Status',
  actions: 'Tindakan',
  save: 'Simpan',
  cancel: 'Batal',
  changePassword: 'Ganti kata sandi',
  passwordTitle: 'Kata sandi baru untuk {{name}}',
  newPassword: 'Kata sandi baru',
  passwordChanged: 'Kata sandi diganti; sesi {{name}} telah berakhir',
  passwordPolicy:
    'Minimal 12 karakter, tidak memuat nama pengguna, dan sulit ditebak: bukan kata sandi umum, pola papan ketik, atau nama pengguna itu sendiri.',
  passwordWeakness: {
    containsUsername: 'Kata sandi tidak boleh memuat nama pengguna.',
    personal:
      'Kata sandi bertumpu pada kata yang mudah ditebak di sini: nama, nama pengguna, atau alamat e-mail pengguna, atau nama aplikasi ini. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    keyboard:
      'Deretan dan pola tombol pada papan ketik mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    repeated:
      'Karakter atau pola berulang, seperti "aaa" atau "abcabc", mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    sequence:
      'Urutan seperti "abc" atau "123" mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    dates:
      'Tanggal dan tahun mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    common:
      'Ini kata sandi yang umum dipakai. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    similarToCommon:
      'Ini terlalu mirip kata sandi yang umum dipakai. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    singleWord:
      'Satu kata saja mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    names:
      'Nama mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    guessable:
      'Kata sandi ini terlalu mudah ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    company:
      'Kata sandi memuat nama perusahaan pengguna Inspectra, yang akan dicoba siapa pun di sini. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    place:
      'Kata sandi memuat nama tempat, seperti kota atau wilayah pabrik, yang akan dicoba siapa pun di sini. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
    corporatePattern:
      'Sebuah kata dengan tahun dan simbol, seperti "Welcome@2026!", adalah pola yang pertama ditebak. Beberapa kata yang jarang dipakai, dirangkai, mudah diingat dan sulit ditebak.',
  },
  deactivate: 'Nonaktifkan',
  activate: 'Aktifkan',
  deactivateTitle: 'Nonaktifkan {{name}}?',
  deactivateText:
    '{{name}} langsung dikeluarkan dari semua perangkat dan tidak dapat masuk sampai diaktifkan lagi.',
  activateTitle: 'Aktifkan {{name}}?',
  activateText: '{{name}} dapat masuk lagi dengan kata sandinya.',
  statusChanged: 'Status {{name}} diubah',
  delete: 'Hapus',
  deleteTitle: 'Hapus {{name}}?',
  deleteText:
    'Pengguna yang pernah membuat catatan dinonaktifkan saja, agar catatan tetap memiliki pembuatnya.',
  yes: 'Konfirmasi',
  self: 'Anda',
  companiesUnavailable: 'Daftar perusahaan tidak dapat dimuat; pengguna tetap tanpa perusahaan.',
};

export const roles: Translation<typeof enRoles> = {
  title: 'Peran dan hak akses',
  subtitle: 'Apa yang boleh dilihat, dibuat, diubah, dihapus dan disetujui setiap peran, per modul.',
  nav: 'Peran',
  create: 'Peran baru',
  name: 'Nama',
  description: 'Deskripsi',
  users_one: '{{count}} pengguna',
  users_other: '{{count}} pengguna',
  administratorNote:
    'Peran administrator selalu memegang semua hak akses, agar tidak ada yang terkunci dari administrasi.',
  save: 'Simpan hak akses',
  saved: 'Hak akses {{name}} disimpan',
  created: 'Peran {{name}} dibuat',
  module: 'Modul',
  groups: { work: 'Pekerjaan', administration: 'Administrasi', techniques: 'Teknik' },
  actions: { view: 'Lihat', create: 'Buat', update: 'Ubah', delete: 'Hapus', approve: 'Setujui' },
  cancel: 'Batal',
  choose: 'Pilih peran untuk melihat hak aksesnya.',
  grant: '{{action}}: {{module}}',
  modules: {
    workOrder: 'Perintah kerja',
    reportHeader: 'Laporan',
    taskAssignment: 'Penugasan',
    myTask: 'Tugas saya',
    asset: 'Master aset',
    inspectionMethod: 'Metode inspeksi',
    user: 'Pengguna',
    role: 'Peran dan hak akses',
    contractorCompany: 'Perusahaan kontraktor',
    approval: 'Pengaturan persetujuan dan peninjau',
    plantOwner: 'Pemilik kilang',
    thickness: 'Pemantauan ketebalan',
  },
  methods: {
    thermal: 'Analisis termal',
    vibration: 'Vibrasi',
    ultrasound: 'Ultrasonik',
    vci: 'Inspeksi retak visual',
    flowrate: 'Laju alir',
    motionMagnification: 'Pembesaran gerak',
    srut: 'SRUT',
    walkthrough: 'Inspeksi walkthrough',
    ufd: 'Deteksi cacat ultrasonik (UFD)',
    sacp: 'SACP (proteksi katodik)',
    paut: 'PAUT',
    mcsa: 'MCSA',
    lubeOil: 'Minyak pelumas',
  },
  planned: 'Belum tersedia',
  plannedNote:
    'Metode bertanda “Belum tersedia” belum memiliki layar. Hak akses yang Anda berikan untuknya berlaku begitu layarnya tersedia.',
  unsaved: 'Perubahan belum disimpan',
  discardTitle: 'Buang perubahan yang belum disimpan pada {{name}}?',
  discardText:
    'Hak akses yang Anda centang untuk {{name}} belum disimpan. Jika Anda membuka peran lain sekarang, perubahan itu hilang.',
  keepEditing: 'Lanjutkan mengubah',
  discard: 'Buang perubahan',
};

export const administration: Translation<typeof enAdministration> = {
  title: 'Administrasi',
  companies: {
    title: 'Perusahaan kontraktor',
    subtitle:
      'Perusahaan yang stafnya menginspeksi atau meninjau berdasarkan kontrak. Penggunanya hanya melihat pekerjaan yang ditugaskan ke perusahaannya, dan logonya tampil pada laporan yang mereka susun.',
    add: 'Tambah perusahaan',
    empty: 'Belum ada perusahaan kontraktor.',
  },
  reportAuthor: 'Disusun oleh {{name}}',
  plantOwner: {
    nav: 'Pemilik kilang',
    title: 'Pemilik kilang',
    subtitle:
      'Organisasi pemilik kilang: nama, alamat, dan logonya menjadi kepala sampul PDF setiap laporan.',
    notSet: 'Belum diatur',
    notSetText: 'Selama pemilik kilang belum diatur, sampul laporan hanya menyebut kontraktor.',
    saved: 'Pemilik kilang disimpan',
  },
};
