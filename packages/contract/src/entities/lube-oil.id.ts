import type { TechniqueWords } from '../labels/entity-keys.ts';

/*
 * Bahasa Indonesia of lube oil's declarations, kept beside them: the technique's name and card
 * sentence, and its entities' strings under the keys the English has (labels/entity-keys.ts
 * types them; labels/id.ts gathers every domain's).
 */

const grades = { normal: 'Normal', caution: 'Waspada', critical: 'Kritis' };

export const lubeOilId: TechniqueWords = {
  technique: {
    label: 'Minyak pelumas',
    description: 'Sampel oli: viskositas, air, keasaman, kebersihan dan logam aus per komponen.',
  },
  entities: {
    lubeOilAnalysis: {
      label: 'Analisis minyak pelumas',
      fields: {
        reportHeaderId: 'Laporan',
        sampleDate: 'Tanggal sampel',
        laboratory: 'Laboratorium',
        sampleNumber: 'Nomor sampel laboratorium',
        hoursOnOil: 'Jam pemakaian oli',
        oilBrand: 'Merek oli',
        oilGrade: 'Jenis oli',
        oilGradeDescription: 'Produk sesuai nama dari pembuatnya, mis. "Omala S2 GX 220"',
        newOilIsoVg: 'ISO VG oli baru',
        newOilIsoVgDescription:
          'Kelas ISO 3448: angkanya adalah viskositas titik tengah pada 40 °C dalam cSt',
        newOilViscosity40Cst: 'Viskositas oli baru pada 40 °C',
        newOilViscosity40CstDescription:
          'Sesuai pengukuran oli baru; titik tengah ISO VG dipakai bila kosong',
        newOilTanMgKohG: 'TAN oli baru',
        targetIsoCode: 'Target kebersihan (ISO 4406)',
        targetIsoCodeDescription: 'Kebersihan yang harus dijaga pada mesin, mis. 17/15/12',
        finding: 'Temuan',
        recommendation: 'Rekomendasi',
        remarks: 'Keterangan',
      },
      groups: { sample: 'Sampel', newOil: 'Oli baru dan target', summary: 'Ringkasan umum' },
      rules: {
        notIsoVg:
          'ISO VG oli baru bukan kelas ISO 3448 (2, 3, 5, 7, 10, 15, 22, 32, 46, 68, 100, 150, 220, 320, 460, 680, 1000, 1500, 2200, 3200): periksa lembar data oli.',
      },
    },
    lubeOilComponent: {
      label: 'Komponen minyak pelumas',
      fields: {
        lubeOilAnalysisId: 'Analisis minyak pelumas',
        component: 'Komponen',
        componentDescription: 'Bagian yang diwakili sampel, mis. "Gearbox"',
        viscosity40Cst: 'Viskositas pada 40 °C',
        waterPpm: 'Air',
        tanMgKohG: 'TAN',
        oxidationAbsPer01Mm: 'Oksidasi',
        oxidationAbsPer01MmDescription: 'Puncak oksidasi FTIR, dicatat dan ditrendkan, tidak dinilai',
        isoCode: 'Kebersihan (ISO 4406)',
        ironPpm: 'Besi (Fe)',
        copperPpm: 'Tembaga (Cu)',
        aluminiumPpm: 'Aluminium (Al)',
        chromiumPpm: 'Kromium (Cr)',
        leadPpm: 'Timbal (Pb)',
        siliconPpm: 'Silikon (Si)',
        status: 'Status analis',
        statusDescription: 'Penilaian analis sendiri; bila berbeda dari penilaian batas, perlu alasan',
        remarks: 'Keterangan',
        viscosityChangePercent: 'Perubahan viskositas',
        viscosityChangePercentDescription: 'Dari viskositas oli baru pada 40 °C',
        viscosityGrade: 'Viskositas',
        viscosityGradeDescription: 'Perubahan dari oli baru: di atas ±10 % waspada, di atas ±20 % kritis',
        waterGrade: 'Air',
        waterGradeDescription: 'Di atas 500 ppm waspada, di atas 1.000 ppm kritis',
        tanIncrease: 'Kenaikan TAN',
        tanIncreaseDescription: 'Di atas TAN oli baru',
        tanGrade: 'TAN',
        tanGradeDescription: 'Kenaikan dari oli baru: di atas 0,2 mg KOH/g waspada, di atas 0,4 kritis',
        cleanlinessGrade: 'Kebersihan',
        cleanlinessGradeDescription: 'Satu angka skala ISO 4406 di atas target waspada, dua kritis',
        wearGrade: 'Logam aus',
        wearGradeDescription: 'Yang terburuk dari Fe, Cu, Al, Cr, Pb dan Si terhadap batas umumnya',
        grade: 'Nilai menurut batas',
        gradeDescription: 'Yang terburuk dari kriteria komponen',
      },
      groups: {
        condition: 'Kondisi oli',
        wear: 'Logam aus dan kontaminasi',
        verdict: 'Putusan',
      },
      values: {
        status: grades,
        viscosityGrade: grades,
        waterGrade: grades,
        tanGrade: grades,
        cleanlinessGrade: grades,
        wearGrade: grades,
        grade: grades,
      },
    },
    lubeOilVisual: {
      label: 'Visual minyak pelumas',
      fields: {
        lubeOilAnalysisId: 'Analisis minyak pelumas',
        component: 'Komponen',
        componentDescription: 'Komponen tempat sampel diambil',
        appearance: 'Penampilan',
        colour: 'Warna',
        freeWater: 'Air bebas',
        sediment: 'Endapan atau partikel',
        odour: 'Bau',
        remarks: 'Keterangan',
      },
      values: {
        appearance: {
          clearBright: 'Jernih dan cerah',
          hazy: 'Berkabut',
          cloudy: 'Keruh',
          milky: 'Seperti susu',
          emulsified: 'Teremulsi',
        },
        colour: { light: 'Terang', amber: 'Kuning tua', brown: 'Cokelat', dark: 'Gelap', black: 'Hitam' },
        odour: { normal: 'Normal', burnt: 'Hangus', sour: 'Asam', fuel: 'Bahan bakar', solvent: 'Pelarut' },
      },
      images: { VisualImage: 'Gambar visual' },
    },
  },
};
