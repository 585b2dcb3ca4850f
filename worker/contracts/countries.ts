// Every country (ISO 3166-1) and its currency (ISO 4217), without zod: the Worker's forms and the
// SPA's admin chunk and event cards all read it. No Intl API says which currency a country uses, so
// this table does (decision 037); Intl.DisplayNames names the countries in each language.
// Countries are stored as alpha-3 codes (what the venues and events already held); Intl.DisplayNames
// and schema.org want alpha-2, which each entry carries. Generated from CLDR (Babel's
// get_territory_currencies, tender currencies of 2026) and pycountry: "BRABRBRL" is BRA, BR, BRL.
// Antarctica (ATA) has no currency of its own: its events default to DEFAULT_CURRENCY.
const TABLE =
  "ABWAWAWG AFGAFAFN AGOAOAOA AIAAIXCD ALAAXEUR ALBALALL ANDADEUR AREAEAED ARGARARS ARMAMAMD ASMASUSD ATAAQ ATFTFEUR " +
  "ATGAGXCD AUSAUAUD AUTATEUR AZEAZAZN BDIBIBIF BELBEEUR BENBJXOF BESBQUSD BFABFXOF BGDBDBDT BGRBGBGN BHRBHBHD BHSBSBSD " +
  "BIHBABAM BLMBLEUR BLRBYBYN BLZBZBZD BMUBMBMD BOLBOBOB BRABRBRL BRBBBBBD BRNBNBND BTNBTBTN BVTBVNOK BWABWBWP CAFCFXAF " +
  "CANCACAD CCKCCAUD CHECHCHF CHLCLCLP CHNCNCNY CIVCIXOF CMRCMXAF CODCDCDF COGCGXAF COKCKNZD COLCOCOP COMKMKMF CPVCVCVE " +
  "CRICRCRC CUBCUCUP CUWCWXCG CXRCXAUD CYMKYKYD CYPCYEUR CZECZCZK DEUDEEUR DJIDJDJF DMADMXCD DNKDKDKK DOMDODOP DZADZDZD " +
  "ECUECUSD EGYEGEGP ERIERERN ESHEHMAD ESPESEUR ESTEEEUR ETHETETB FINFIEUR FJIFJFJD FLKFKFKP FRAFREUR FROFODKK FSMFMUSD " +
  "GABGAXAF GBRGBGBP GEOGEGEL GGYGGGBP GHAGHGHS GIBGIGIP GINGNGNF GLPGPEUR GMBGMGMD GNBGWXOF GNQGQXAF GRCGREUR GRDGDXCD " +
  "GRLGLDKK GTMGTGTQ GUFGFEUR GUMGUUSD GUYGYGYD HKGHKHKD HMDHMAUD HNDHNHNL HRVHREUR HTIHTHTG HUNHUHUF IDNIDIDR IMNIMGBP " +
  "INDININR IOTIOUSD IRLIEEUR IRNIRIRR IRQIQIQD ISLISISK ISRILILS ITAITEUR JAMJMJMD JEYJEGBP JORJOJOD JPNJPJPY KAZKZKZT " +
  "KENKEKES KGZKGKGS KHMKHKHR KIRKIAUD KNAKNXCD KORKRKRW KWTKWKWD LAOLALAK LBNLBLBP LBRLRLRD LBYLYLYD LCALCXCD LIELICHF " +
  "LKALKLKR LSOLSZAR LTULTEUR LUXLUEUR LVALVEUR MACMOMOP MAFMFEUR MARMAMAD MCOMCEUR MDAMDMDL MDGMGMGA MDVMVMVR MEXMXMXN " +
  "MHLMHUSD MKDMKMKD MLIMLXOF MLTMTEUR MMRMMMMK MNEMEEUR MNGMNMNT MNPMPUSD MOZMZMZN MRTMRMRU MSRMSXCD MTQMQEUR MUSMUMUR " +
  "MWIMWMWK MYSMYMYR MYTYTEUR NAMNAZAR NCLNCXPF NERNEXOF NFKNFAUD NGANGNGN NICNINIO NIUNUNZD NLDNLEUR NORNONOK NPLNPNPR " +
  "NRUNRAUD NZLNZNZD OMNOMOMR PAKPKPKR PANPAPAB PCNPNNZD PERPEPEN PHLPHPHP PLWPWUSD PNGPGPGK POLPLPLN PRIPRUSD PRKKPKPW " +
  "PRTPTEUR PRYPYPYG PSEPSILS PYFPFXPF QATQAQAR REUREEUR ROURORON RUSRURUB RWARWRWF SAUSASAR SDNSDSDG SENSNXOF SGPSGSGD " +
  "SGSGSGBP SHNSHSHP SJMSJNOK SLBSBSBD SLESLSLE SLVSVUSD SMRSMEUR SOMSOSOS SPMPMEUR SRBRSRSD SSDSSSSP STPSTSTN SURSRSRD " +
  "SVKSKEUR SVNSIEUR SWESESEK SWZSZSZL SXMSXXCG SYCSCSCR SYRSYSYP TCATCUSD TCDTDXAF TGOTGXOF THATHTHB TJKTJTJS TKLTKNZD " +
  "TKMTMTMT TLSTLUSD TONTOTOP TTOTTTTD TUNTNTND TURTRTRY TUVTVAUD TWNTWTWD TZATZTZS UGAUGUGX UKRUAUAH UMIUMUSD URYUYUYU " +
  "USAUSUSD UZBUZUZS VATVAEUR VCTVCXCD VENVEVES VGBVGUSD VIRVIUSD VNMVNVND VUTVUVUV WLFWFXPF WSMWSWST YEMYEYER ZAFZAZAR " +
  "ZMBZMZMW ZWEZWUSD";

export const DEFAULT_CURRENCY = "USD";

type Country = { alpha2: string; currency: string };

const BY_ALPHA3: ReadonlyMap<string, Country> = new Map(
  TABLE.split(" ").map((entry) => [entry.slice(0, 3), { alpha2: entry.slice(3, 5), currency: entry.slice(5) || DEFAULT_CURRENCY }]),
);

/** Every country's alpha-3 code, in code order (the forms sort them by name in the viewer's language). */
export const COUNTRY_CODES: readonly string[] = [...BY_ALPHA3.keys()];
/** Every currency some country uses, in code order. */
export const CURRENCY_CODES: readonly string[] = [...new Set([...BY_ALPHA3.values()].map((c) => c.currency))].sort();

export const isCurrencyCode = (code: string) => CURRENCY_CODES.includes(code);

/** The alpha-2 code of an alpha-3 one (what Intl.DisplayNames and schema.org take); undefined if unknown. */
export const countryAlpha2 = (alpha3: string): string | undefined => BY_ALPHA3.get(alpha3.toUpperCase())?.alpha2;

/**
 * "Brazil" / "Brasil" for BRA in the names' language; the code itself when it is no known country
 * (older free text) or the runtime cannot name it. Pass a cached Intl.DisplayNames where it is
 * called often.
 */
export function countryName(code: string, names: Intl.DisplayNames): string {
  const alpha2 = countryAlpha2(code);
  if (!alpha2) return code;
  try {
    return names.of(alpha2) ?? code;
  } catch {
    return code;
  }
}

/** The currency a country's events default to: BRL for BRA; DEFAULT_CURRENCY when unknown or none. */
export const currencyOfCountry = (alpha3: string | null | undefined): string => (alpha3 && BY_ALPHA3.get(alpha3)?.currency) || DEFAULT_CURRENCY;
