import type { fieldMessages } from '@inspectra/contract';

/**
 * The contract's field-message catalogue in Bahasa Indonesia, code by code (a test fails when a code
 * has none, or when a translation drops a value its English names). `{{article}}` is English only.
 */
export const validation: Record<keyof typeof fieldMessages, string> = {
  required: 'Wajib diisi',
  choose: 'Pilih {{field}}',
  atLeast: 'Minimal {{min}}',
  atMost: 'Maksimal {{max}}',
  minLength: 'Minimal {{min}} karakter',
  maxLength: 'Maksimal {{max}} karakter',
  minItems: 'Pilih minimal {{min}}',
  maxItems: 'Maksimal {{max}} item',
  number: 'Masukkan angka',
  wholeNumber: 'Masukkan bilangan bulat',
  date: 'Masukkan tanggal yang valid',
  dateTime: 'Masukkan tanggal dan waktu yang valid',
  yesOrNo: 'Pilih ya atau tidak',
  option: 'Pilih salah satu opsi',
  identifier: 'Pilih dari daftar',
  email: 'Masukkan alamat e-mail',
  phone: 'Masukkan nomor telepon: hanya angka, spasi, dan + ( ) - .',
  url: 'Masukkan alamat web yang diawali http:// atau https://',
  json: 'Masukkan JSON yang valid',
  noNul: 'Teks tidak boleh berisi karakter NUL',
  text: 'Masukkan teks',
  list: 'Pilih dari daftar',
  serverOwned: 'Diatur oleh sistem; tidak dapat diubah di sini',
  form: 'Nilai ini tidak sesuai bentuk yang diharapkan',
  invalid: 'Nilai ini tidak valid',
  codeCharacters: 'Gunakan huruf, angka, spasi dan . _ / ( ) + - saja, diawali huruf atau angka',
  tagCharacters: 'Gunakan huruf, angka, spasi dan . _ / ( ) + - " saja, diawali huruf atau angka',
  iso4406Code: 'Tulis kode ISO 4406 sebagai tiga angka skala 0 sampai 28 dengan garis miring, mis. 18/16/13',
  fileNameCharacters: 'Gunakan huruf, angka, spasi dan . _ ( ) + - saja, diawali huruf atau angka, tanpa ..',
  usernameCharacters: 'Nama pengguna hanya berisi huruf, angka dan . _ @ -',
  usernameLength: 'Nama pengguna minimal {{min}} karakter',
  passwordLength: 'Kata sandi minimal {{min}} karakter',
  passwordTooLong: 'Kata sandi maksimal {{max}} karakter',
  enterPassword: 'Masukkan kata sandi',
  enterFullName: 'Masukkan nama lengkap',
  enterRoleName: 'Masukkan nama peran',
  plannerGroupEmpty: 'Kode planner group tidak boleh kosong',
  tooManyImages: 'Maksimal {{max}} gambar',
  endBeforeStart: 'Tanggal akhir sebelum tanggal mulai',
  userIdentifier: 'Pilih pengguna dari daftar',
  approvalLevelsInOrder: 'Level dimulai dari 1 dan naik berurutan, tanpa celah atau pengulangan',
  taken: 'Sudah dipakai',
  notInList: 'Tidak ada di daftar; pilih salah satu dari daftar',
  unknownRole: 'Peran ini sudah tidak ada; pilih yang lain',
  unknownCompany: 'Perusahaan kontraktor ini sudah tidak ada; pilih yang lain',
  unknownPosition: 'Tidak ada jabatan persetujuan dengan nama ini',
  unknownPlannerGroups: 'Tidak ada planner group dengan kode {{codes}}',
  thickerThanNominal: 'Lebih tebal dari tebal nominal {{nominal}} mm lokasinya: periksa pembacaan',
  changedSinceRead: 'Orang lain telah mengubah data ini sejak Anda membukanya: muat ulang lalu coba lagi',
  ownAccount: 'Anda tidak dapat mengubah ini pada akun Anda sendiri',
  notYourself: 'Anda tidak dapat melakukan ini pada akun Anda sendiri',
  administratorOnly: 'Hanya administrator yang boleh mengelola akun administrator',
  administratorRoleOnly: 'Hanya administrator yang boleh memberikan atau mengubah peran administrator',
  roleHoldsMore: 'Peran ini memiliki izin yang tidak dimiliki peran Anda ({{count}})',
  userRoleHoldsMore: 'Peran pengguna ini memiliki izin yang tidak dimiliki peran Anda ({{count}})',
  administratorKeepsAll: 'Peran administrator selalu memiliki semua izin',
  unknownPermission: 'Izin ini tidak dikenal di sini: muat ulang halaman',
  mayNotCreateRole: 'Peran Anda tidak mengizinkan membuat peran',
  companyHasUsers:
    'Masih ada pengguna di perusahaan ini ({{count}}): {{names}}. Pindahkan mereka ke perusahaan lain atau hapus terlebih dahulu.',
  levelNotOnPath:
    'Metode ini tidak memiliki level persetujuan {{level}}: atur dulu di pengaturan persetujuan',
  reviewerInactive: '{{name}} tidak aktif dan tidak dapat meninjau',
  reviewerPosition: '{{name}} tidak memegang {{position}}, jabatan yang menyetujui level ini',
  inspectorNotEligible:
    '{{name}} ({{role}}) tidak dapat ditunjuk sebagai inspektur {{method}}: pilih orang yang perannya menulis laporan {{method}}',
  inspectorInactive: '{{name}} tidak aktif dan tidak dapat ditunjuk lagi sebagai inspektur',
  verdictOverride:
    'Standar memberi {{standard}} sedangkan yang dicatat {{recorded}}: konfirmasikan penyimpangan ini dengan alasan',
  notAnOverride: 'Baris ini bukan penyimpangan: putusannya sesuai dengan standar',
  wroteReport:
    'Anda menulis laporan ini atau sebagiannya: orang lain yang harus menyetujui atau mengembalikannya',
  wroteRevisedReport:
    'Anda menulis sebagian dari {{report}}, yang disalin revisi ini: orang lain yang harus menyetujui atau mengembalikannya',
  signatureRequired:
    'Buat tanda tangan Anda sebelum menyetujui: catatan persetujuan memuatnya (Tanda tangan saya, di menu pengguna)',
  levelsNeedApprovalSettings:
    'Hanya peran yang boleh mengubah pengaturan persetujuan yang dapat mengubah level dan jabatan persetujuan',
  namedTwice: '{{name}} disebut lebih dari sekali',
  reportTooLargeToPrint:
    'Laporan ini terlalu besar untuk dicetak sebagai satu PDF: penyusunannya memerlukan memori lebih dari yang boleh dipakai satu pencetakan. Bagian-bagiannya tetap dapat dibaca di halamannya.',
  printQueueFull: 'Laporan lain sedang dicetak: coba lagi dalam {{seconds}} detik',
  printAlreadyWaiting:
    'Laporan yang Anda minta masih menunggu untuk dicetak: laporan ini dapat diminta setelah laporan itu mulai dicetak',
};
