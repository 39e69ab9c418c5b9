import { declaredWords, labelInSentence } from '@inspectra/contract';
import type { DeclaredWords, ReportPdfLanguage } from '@inspectra/contract';

/**
 * The PDF's own words in each language it is printed in (docs/report-of-record.md). The names of
 * techniques, entities, fields, groups, images, variants and enumerated values (a report's status
 * too) are the declarations', read in the language by `labels` (the contract's table, else the
 * declaration's English); these are the words of the document itself.
 */
export type PdfWords = {
  locale: string;
  /** The declarations' words in the PDF's language. */
  labels: DeclaredWords;
  documentTitle: string;
  cover: {
    workOrder: string;
    reportNumber: string;
    reportTitle: string;
    equipmentTag: string;
    equipmentDescription: string;
    location: string;
    inspectionMethod: string;
    inspector: string;
    contractor: string;
    ownersStaff: string;
    actualStart: string;
    actualCompleted: string;
    status: string;
    revision: string;
    revisionReason: string;
    replacesVersion: string;
    replaces: (version: number, reportNumber: string, sha256: string) => string;
    printedAt: string;
  };
  inspections: string;
  noTechniques: string;
  withheld: (section: string) => string;
  general: string;
  records: (count: number) => string;
  recordOf: (label: string, n: number) => string;
  photos: string;
  files: string;
  fileColumns: { name: string; type: string; size: string; sha256: string };
  imageMissing: string;
  imageUnprintable: (type: string) => string;
  /** An inspection's rows drawn as its technique's profile declares, in the workspace's words. */
  profile: {
    title: (series: string, x: string) => string;
    empty: (x: string) => string;
    mixed: (field: string) => string;
  };
  /** A series' readings over the equipment's reports, after its rows (report-pdf-trend.ts). */
  trend: {
    title: (value: string) => string;
    /** The bound in words: points of the report shown, readings of each. */
    bound: (points: number, readings: number) => string;
    /** The report has more points than are drawn. */
    morePoints: (shown: number, total: number) => string;
    single: string;
    thisReport: string;
    unnamedPoint: string;
  };
  /** Under a graded rows table: the rows per level of the grade and the worst row. */
  grades: {
    counts: (count: number) => string;
    worst: (name: string, grade: string) => string;
  };
  /** A recorded verdict that differs from the standard's (docs/verdict-pairs.md). */
  verdicts: {
    cell: (recorded: string, standard: string) => string;
    block: (recorded: string, standard: string, reason: string | null) => string;
    /** After the rows by grade: "1 override", then who accepted them or that nobody has yet. */
    overrides: (count: number) => string;
    acceptedBy: (names: string) => string;
    notAccepted: string;
  };
  approval: {
    title: string;
    path: string;
    notSubmitted: string;
    level: string;
    position: string;
    name: string;
    decision: string;
    signature: string;
    date: string;
    comment: string;
    waiting: string;
    history: string;
    noHistory: string;
    by: string;
    action: string;
    actions: Record<string, string>;
    /** A step's move between statuses. */
    moved: (from: string, to: string) => string;
  };
  yes: string;
  no: string;
  footer: {
    fingerprint: string;
    notVersioned: (status: string) => string;
    version: (number: number) => string;
    /**
     * "Page 3 of 12" as a template of `{page}` and `{pages}`: data, as the footer is filled in on
     * the print's worker thread for each page (pdf-printer.ts).
     */
    page: string;
  };
  /** The version's signature block (report-pdf-signature.ts, docs/report-signing.md). */
  signing: {
    title: string;
    intro: string;
    reportId: string;
    version: string;
    previous: string;
    none: string;
    keyId: string;
    publicKey: string;
    signature: string;
    unsigned: string;
  };
  /** A report an approved revision replaced: on its cover and in every page's footer. */
  supersededBy: (reportNumber: string) => string;
  /** The words of a PDF as a plant files it (docs/report-pdf.md): the owner, the overall result. */
  filed: {
    plantOwner: string;
    contractor: string;
    overall: string;
    technique: string;
    entries: string;
    byGrade: string;
    worst: string;
    overrides: string;
    /** Of a technique's overrides on the cover, how many a reviewer accepted. */
    overridesAccepted: (count: number) => string;
    notGraded: string;
    /** Under a record's values: how many of its fields were left empty and are not printed. */
    emptyFields: (count: number) => string;
  };
};

export const pdfWords: Record<ReportPdfLanguage, PdfWords> = {
  en: {
    locale: 'en-GB',
    labels: declaredWords('en'),
    documentTitle: 'Inspection report',
    cover: {
      workOrder: 'Work order',
      reportNumber: 'Report number',
      reportTitle: 'Title',
      equipmentTag: 'Equipment tag',
      equipmentDescription: 'Equipment description',
      location: 'Location',
      inspectionMethod: 'Inspection method',
      inspector: 'Inspector',
      contractor: 'Contractor company',
      ownersStaff: "The plant owner's staff",
      actualStart: 'Actual start',
      actualCompleted: 'Actual completion',
      status: 'Status',
      revision: 'Revision',
      revisionReason: 'Reason for revision',
      replacesVersion: 'Replaces',
      replaces: (version, reportNumber, sha256) =>
        `Version ${version} (${reportNumber}), fingerprint ${sha256.slice(0, 16)}…`,
      printedAt: 'Printed',
    },
    inspections: 'Inspections',
    noTechniques: 'This report holds no inspection records.',
    withheld: (section) => `${section}: not shown, your role may not view this inspection type.`,
    general: 'General',
    records: (count) => (count === 1 ? '1 record' : `${count.toLocaleString('en-GB')} records`),
    recordOf: (label, n) => `${label} ${n}`,
    photos: 'Photos',
    files: 'Files',
    fileColumns: { name: 'File', type: 'Type', size: 'Size', sha256: 'SHA-256' },
    imageMissing: 'Image missing',
    imageUnprintable: (type) => `Image in a format the PDF cannot show (${type})`,
    profile: {
      title: (series, x) => `${series} along the ${x}`,
      empty: (x) => `No ${labelInSentence(x)} has a value yet.`,
      mixed: (field) => `The limits are not drawn: the entries were read with more than one ${field}.`,
    },
    trend: {
      title: (value) => `Trend of ${value} over the equipment's reports`,
      bound: (points, readings) =>
        `Up to ${points} of this report's points, the latest ${readings} readings of each up to this report's latest; readings of superseded reports are left out.`,
      morePoints: (shown, total) => `The first ${shown} of its ${total} points are drawn.`,
      single: 'Each point has a single reading so far: there is no trend to draw yet.',
      thisReport: "This report's readings",
      unnamedPoint: 'Unnamed point',
    },
    grades: {
      counts: (count) =>
        count === 1 ? '1 entry, by grade:' : `${count.toLocaleString('en-GB')} entries, by grade:`,
      worst: (name, grade) => `Worst: ${name} (${grade})`,
    },
    verdicts: {
      cell: (recorded, standard) => `${recorded} (standard: ${standard}) — override`,
      block: (recorded, standard, reason) =>
        `Override: ${recorded} recorded where the standard gives ${standard}. Reason: ${reason ?? 'none given'}`,
      overrides: (count) => (count === 1 ? '1 override' : `${count.toLocaleString('en-GB')} overrides`),
      acceptedBy: (names) => `accepted by ${names}`,
      notAccepted: 'not yet accepted',
    },
    approval: {
      title: 'Approval record',
      path: 'Approval path',
      notSubmitted: 'Not yet submitted for approval.',
      level: 'Level',
      position: 'Position',
      name: 'Name',
      decision: 'Decision',
      signature: 'Signature',
      date: 'Date',
      comment: 'Comment',
      waiting: 'Waiting',
      history: 'History',
      noHistory: 'No step yet.',
      by: 'By',
      action: 'Step',
      actions: {
        submitted: 'Submitted',
        approved: 'Approved',
        returned: 'Returned',
        withdrawn: 'Withdrawn',
        revised: 'Revised',
        verdictAccepted: 'Verdict accepted',
      },
      moved: (from, to) => `from ${from} to ${to}`,
    },
    yes: 'Yes',
    no: 'No',
    footer: {
      fingerprint: 'Fingerprint (SHA-256)',
      notVersioned: (status) => `${status}, not a version`,
      version: (number) => `Approved version ${number}`,
      page: 'Page {page} of {pages}',
    },
    signing: {
      title: 'Signature of this version',
      intro:
        'The fingerprint is signed with the plant’s Ed25519 key, which the database does not hold. Check it offline: rebuild the signed statement from the lines below and verify the signature with the public key (docs/report-signing.md).',
      reportId: 'Report id',
      version: 'Version',
      previous: 'Previous fingerprint',
      none: 'none (first version)',
      keyId: 'Key id',
      publicKey: 'Public key (Ed25519, base64)',
      signature: 'Signature (base64)',
      unsigned: 'This version was approved before versions were signed: it carries no signature.',
    },
    supersededBy: (reportNumber) => `Superseded by ${reportNumber}`,
    filed: {
      plantOwner: 'Plant owner',
      contractor: 'Contractor',
      overall: 'Overall result',
      technique: 'Inspection',
      entries: 'Entries',
      byGrade: 'By grade',
      worst: 'Worst',
      overrides: 'Overrides',
      overridesAccepted: (count) => `${count.toLocaleString('en-GB')} accepted`,
      notGraded: 'Not graded',
      emptyFields: (count) =>
        count === 1
          ? '1 field left empty is not printed.'
          : `${count.toLocaleString('en-GB')} fields left empty are not printed.`,
    },
  },
  id: {
    locale: 'id-ID',
    labels: declaredWords('id'),
    documentTitle: 'Laporan inspeksi',
    cover: {
      workOrder: 'Work order',
      reportNumber: 'Nomor laporan',
      reportTitle: 'Judul',
      equipmentTag: 'Tag peralatan',
      equipmentDescription: 'Deskripsi peralatan',
      location: 'Lokasi',
      inspectionMethod: 'Metode inspeksi',
      inspector: 'Inspektor',
      contractor: 'Perusahaan kontraktor',
      ownersStaff: 'Staf pemilik kilang',
      actualStart: 'Mulai aktual',
      actualCompleted: 'Selesai aktual',
      status: 'Status',
      revision: 'Revisi',
      revisionReason: 'Alasan revisi',
      replacesVersion: 'Menggantikan',
      replaces: (version, reportNumber, sha256) =>
        `Versi ${version} (${reportNumber}), sidik jari ${sha256.slice(0, 16)}…`,
      printedAt: 'Dicetak',
    },
    inspections: 'Inspeksi',
    noTechniques: 'Laporan ini belum memuat catatan inspeksi.',
    withheld: (section) =>
      `${section}: tidak ditampilkan, peran Anda tidak boleh melihat jenis inspeksi ini.`,
    general: 'Umum',
    records: (count) => `${count.toLocaleString('id-ID')} catatan`,
    recordOf: (label, n) => `${label} ${n}`,
    photos: 'Foto',
    files: 'Berkas',
    fileColumns: { name: 'Berkas', type: 'Jenis', size: 'Ukuran', sha256: 'SHA-256' },
    imageMissing: 'Gambar tidak ditemukan',
    imageUnprintable: (type) => `Gambar dalam format yang tidak dapat ditampilkan PDF (${type})`,
    profile: {
      title: (series, x) => `${series} sepanjang ${x}`,
      empty: (x) => `Belum ada ${labelInSentence(x)} yang memiliki nilai.`,
      mixed: (field) => `Batas tidak digambar: entri dibaca dengan lebih dari satu ${field}.`,
    },
    trend: {
      title: (value) => `Tren ${value} pada laporan-laporan peralatan`,
      bound: (points, readings) =>
        `Paling banyak ${points} titik laporan ini, ${readings} pembacaan terakhir dari tiap titik hingga pembacaan terakhir laporan ini; pembacaan dari laporan yang telah digantikan tidak disertakan.`,
      morePoints: (shown, total) => `${shown} titik pertama dari ${total} titiknya digambar.`,
      single: 'Setiap titik baru memiliki satu pembacaan: belum ada tren untuk digambar.',
      thisReport: 'Pembacaan laporan ini',
      unnamedPoint: 'Titik tanpa nama',
    },
    grades: {
      counts: (count) => `${count.toLocaleString('id-ID')} entri, menurut tingkat:`,
      worst: (name, grade) => `Terburuk: ${name} (${grade})`,
    },
    verdicts: {
      cell: (recorded, standard) => `${recorded} (standar: ${standard}) — penyimpangan`,
      block: (recorded, standard, reason) =>
        `Penyimpangan: dicatat ${recorded} sedangkan standar memberi ${standard}. Alasan: ${reason ?? 'tidak ada'}`,
      overrides: (count) => `${count.toLocaleString('id-ID')} penyimpangan`,
      acceptedBy: (names) => `diterima oleh ${names}`,
      notAccepted: 'belum diterima',
    },
    approval: {
      title: 'Catatan persetujuan',
      path: 'Jalur persetujuan',
      notSubmitted: 'Belum diajukan untuk persetujuan.',
      level: 'Level',
      position: 'Jabatan',
      name: 'Nama',
      decision: 'Keputusan',
      signature: 'Tanda tangan',
      date: 'Tanggal',
      comment: 'Komentar',
      waiting: 'Menunggu',
      history: 'Riwayat',
      noHistory: 'Belum ada langkah.',
      by: 'Oleh',
      action: 'Langkah',
      actions: {
        submitted: 'Diajukan',
        approved: 'Disetujui',
        returned: 'Dikembalikan',
        withdrawn: 'Ditarik',
        revised: 'Direvisi',
        verdictAccepted: 'Putusan diterima',
      },
      moved: (from, to) => `dari ${from} ke ${to}`,
    },
    yes: 'Ya',
    no: 'Tidak',
    footer: {
      fingerprint: 'Sidik jari (SHA-256)',
      notVersioned: (status) => `${status}, belum menjadi versi`,
      version: (number) => `Versi disetujui ${number}`,
      page: 'Halaman {page} dari {pages}',
    },
    signing: {
      title: 'Tanda tangan versi ini',
      intro:
        'Sidik jari ditandatangani dengan kunci Ed25519 milik pabrik, yang tidak disimpan di basis data. Periksa secara luring: susun ulang pernyataan yang ditandatangani dari baris di bawah dan verifikasi tanda tangan dengan kunci publik (docs/report-signing.md).',
      reportId: 'Id laporan',
      version: 'Versi',
      previous: 'Sidik jari sebelumnya',
      none: 'tidak ada (versi pertama)',
      keyId: 'Id kunci',
      publicKey: 'Kunci publik (Ed25519, base64)',
      signature: 'Tanda tangan (base64)',
      unsigned: 'Versi ini disetujui sebelum versi ditandatangani: tidak ada tanda tangannya.',
    },
    supersededBy: (reportNumber) => `Digantikan oleh ${reportNumber}`,
    filed: {
      plantOwner: 'Pemilik kilang',
      contractor: 'Kontraktor',
      overall: 'Hasil keseluruhan',
      technique: 'Inspeksi',
      entries: 'Entri',
      byGrade: 'Menurut tingkat',
      worst: 'Terburuk',
      overrides: 'Penyimpangan',
      overridesAccepted: (count) => `${count.toLocaleString('id-ID')} diterima`,
      notGraded: 'Tidak dinilai',
      emptyFields: (count) => `${count.toLocaleString('id-ID')} isian yang dibiarkan kosong tidak dicetak.`,
    },
  },
};

/**
 * The language a PDF is printed in: `?lang=` when given, else the first language of
 * `Accept-Language` the PDF has (by its primary tag: `id-ID` is Indonesian), else English.
 */
export function pdfLanguage(lang: ReportPdfLanguage | undefined, acceptLanguage: string | undefined) {
  if (lang) return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: (tag ?? '').toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const found = ranked.find((l) => l.tag === 'en' || l.tag === 'id');
  return (found?.tag ?? 'en') as ReportPdfLanguage;
}
