/**
 * Nationality codes of passports (ICAO 9303: ISO 3166-1 alpha-3, plus ICAO's own) as the alpha-2 region codes Intl
 * names, so a reader sees "Iraq" or "العراق" rather than "IRQ" (issue 26 item 6). Generated once from Debian's
 * iso-codes (iso_3166-1.json): each entry is the alpha-3 code followed by its alpha-2 code.
 */
import { intlLocales } from "./format";

const ISO = "ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG AUSAU AUTAT AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO BRABR BRBBB BRNBN BTNBT BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB GEOGE GGYGG GHAGH GIBGI GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR IRQIQ ISLIS ISRIL ITAIT JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB LBRLR LBYLY LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE PHLPH PLWPW PNGPG POLPL PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC VENVE VGBVG VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW";

/** ICAO's codes that are not ISO alpha-3: Germany's "D", the British nationality variants. */
const ICAO: Record<string, string> = { D: "DE", GBD: "GB", GBN: "GB", GBO: "GB", GBP: "GB", GBS: "GB" };

let table: Map<string, string> | null = null;

/** The alpha-2 region of a passport's nationality code, or null (stateless, refugee, United Nations, unknown). */
export function regionOfNationality(code: string): string | null {
  const clean = code.replace(/</g, "").toUpperCase();
  if (ICAO[clean]) return ICAO[clean]!;
  table ??= new Map(ISO.split(" ").map((entry) => [entry.slice(0, 3), entry.slice(3)]));
  return table.get(clean) ?? null;
}

/** A passport's nationality as a country name in the reader's language; the code itself when Intl has no name. */
export function nationalityName(code: string, locale: string): string {
  const region = regionOfNationality(code);
  if (!region) return code;
  try {
    return new Intl.DisplayNames(intlLocales(locale), { type: "region", fallback: "none" }).of(region) ?? code;
  } catch {
    return code;
  }
}
