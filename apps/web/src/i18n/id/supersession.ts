import type { Translation } from '../en/index.ts';
import type { supersession as en } from '../en/supersession.ts';

/** Revisi dan laporan yang digantikan, laporan yang terlalu besar, dan tanda tangan pemberi persetujuan. */
export const supersession: Translation<typeof en> = {
  status: 'Digantikan',
  title: 'Digantikan oleh {{number}}',
  titleUnread: 'Digantikan oleh revisi yang lebih baru',
  text: 'Laporan ini tidak lagi berlaku: revisinya {{number}} telah disetujui dan menggantikannya. Laporan ini tetap persis seperti saat disetujui, sebagai catatan; baca revisinya untuk yang berlaku sekarang.',
  textUnread:
    'Laporan ini tidak lagi berlaku: revisi yang lebih baru telah disetujui dan menggantikannya. Laporan ini tetap persis seperti saat disetujui, sebagai catatan.',
  open: 'Buka {{number}}',
  openUnread: 'Buka revisi yang menggantikannya',
  includeSuperseded: 'Tampilkan laporan yang digantikan',
  tooManyRows:
    '{{technique}}: lebih dari {{max}} entri {{label}} dalam satu daftar, batas terbanyak agar laporan dapat disetujui dan dicetak: bagi ke beberapa laporan',
  signature: {
    requiredTitle: 'Persetujuan Anda memerlukan tanda tangan Anda',
    requiredText:
      'Catatan persetujuan memuat tanda tangan pemberi persetujuan, dan Anda belum membuatnya. Buat di bawah ini dan simpan, lalu setujui.',
    askedTitle: 'Tambahkan tanda tangan Anda ke catatan persetujuan?',
    askedText:
      'Anda belum membuat tanda tangan, sehingga catatan persetujuan di PDF tidak menampilkannya di samping persetujuan Anda. Buat dan simpan di bawah ini, atau setujui tanpa tanda tangan.',
  },
  options: {
    title: 'Opsi persetujuan',
    signatureRequired: 'Persetujuan memerlukan tanda tangan pemberi persetujuan',
    signatureRequiredHelp:
      'Jika aktif, peninjau yang belum membuat tanda tangan diminta membuatnya sebelum menyetujui, dan persetujuan tanpa tanda tangan ditolak. Mengembalikan laporan tidak memerlukannya.',
    saved: 'Opsi persetujuan disimpan',
    failed: 'Opsi persetujuan tidak dapat disimpan',
  },
};
