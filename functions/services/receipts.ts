/**
 * Receipts for the traveller, from the agency (issue 30 item 3): the agency's logo and footer (address, phone, licence
 * number) in the receipt's language, the traveller, the service, the reference, the date and a price the agency
 * chooses to show: its own selling price, typed when it prints; the net price it paid the platform only when it said
 * so (branding.showNetPrice) and never to its staff, who do not see money (DESIGN §3). A4 or a phone-size page,
 * Arabic and Kurdish shaped and right to left (export/pdf.ts). The platform's statement to the agency is unchanged.
 */
import { isRtl, type Locale } from "../../src/shared/locales";
import { formatDate, formatMoney } from "../../src/shared/format";
import { ApiError, notFound } from "../errors";
import { first, stmt } from "../db/d1";
import { nowIso } from "../db/ids";
import { translate } from "../i18n";
import type { Principal } from "./accounts";
import { fileUrl, storeFile, type Upload } from "./files";
import { agencyOf, oneRequest, type RequestDeps } from "./requests";
import { oneOrder } from "./translation-orders";
import type { PdfReceipt } from "./export/pdf";
import type { Branding } from "../../src/contract/credit";

export type { Branding };

interface BrandRow {
  name: string; phone: string; address: string | null; logo_key: string | null;
  receipt_footer_en: string; receipt_footer_ar: string; receipt_footer_ku: string; receipt_show_net: number;
}

const brandRow = (db: D1Database, agentId: string) =>
  first<BrandRow>(db, "SELECT name, phone, address, logo_key, receipt_footer_en, receipt_footer_ar, receipt_footer_ku, receipt_show_net FROM agents WHERE id = ?", agentId);

const brandingOf = (row: BrandRow): Branding => ({
  logo: fileUrl(row.logo_key), footer: { en: row.receipt_footer_en, ar: row.receipt_footer_ar, ku: row.receipt_footer_ku }, showNetPrice: row.receipt_show_net === 1,
});

/** GET agents/branding: the agency's logo and receipt footer (its owner and its staff, who print receipts too). */
export async function branding(db: D1Database, principal: Principal): Promise<Branding> {
  const row = await brandRow(db, agencyOf(principal));
  if (!row) throw notFound("entity.agent");
  return brandingOf(row);
}

/** PATCH agents/branding (the agency's owner): a new logo (PNG or JPEG, checked like every upload), the footer per language, showNetPrice. */
export async function setBranding(
  db: D1Database, files: R2Bucket, principal: Principal, input: { footer?: Record<Locale, string>; showNetPrice?: boolean }, logo: Upload | null,
): Promise<Branding> {
  const agentId = agencyOf(principal);
  const logoKey = logo ? await storeFile(files, "brand", logo) : undefined;
  const columns: Record<string, string | number> = {
    ...(logoKey ? { logo_key: logoKey } : {}),
    ...(input.footer ? { receipt_footer_en: input.footer.en, receipt_footer_ar: input.footer.ar, receipt_footer_ku: input.footer.ku } : {}),
    ...(input.showNetPrice === undefined ? {} : { receipt_show_net: input.showNetPrice ? 1 : 0 }),
  };
  const names = Object.keys(columns);
  if (names.length) await stmt(db, `UPDATE agents SET ${names.map((n) => `${n} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, ...names.map((n) => columns[n]!), nowIso(), agentId).run();
  return branding(db, principal);
}

/** A brand file (a logo) is its agency's (owner and staff) and the office's; to anyone else it does not exist. */
export async function mayReadBrandFile(db: D1Database, principal: Principal, key: string): Promise<boolean> {
  if (principal.kind === "Admin") return true;
  return Boolean(await first(db, "SELECT 1 FROM agents WHERE id = ? AND logo_key = ?", principal.agentId ?? principal.id, key));
}

export interface ReceiptOptions {
  layout: "a4" | "phone";
  /** The traveller's language. */
  locale: Locale;
  /** The agency's own selling price to print (minor units), typed when it prints. */
  price?: number;
  /** The traveller's name, for translation orders (visa requests carry the applicant's). */
  traveller?: string;
}

interface ReceiptFacts {
  agentId: string;
  traveller: string | null;
  service: string;
  reference: string;
  date: string;
  /** The net price the agency paid; undefined for staff (they never receive it). */
  net: number | undefined;
  /** The agency's own selling price stored with the record (migration 0027), null when none. */
  selling: number | null;
  currency: string;
}

/** What a receipt says (the PDF's content, before it is drawn): what tests read without a PDF reader. */
async function receiptContent(deps: RequestDeps, principal: Principal, facts: ReceiptFacts, options: ReceiptOptions): Promise<PdfReceipt> {
  const row = await brandRow(deps.db, facts.agentId);
  if (!row) throw notFound("entity.agent");
  const l = options.locale;
  const t = (key: string) => translate(l, key);
  // The price printed: the agency's own (typed when printing, else the one stored with the record); else the net price
  // only when the agency chose to show it and the caller sees money.
  const price = options.price ?? facts.selling ?? (row.receipt_show_net === 1 && principal.kind === "Agent" ? facts.net : undefined);
  const lines: [string, string][] = [
    ...(facts.traveller ? [[t("receipt.traveller"), facts.traveller] as [string, string]] : []),
    [t("receipt.service"), facts.service],
    [t("receipt.reference"), facts.reference],
    [t("receipt.date"), formatDate(facts.date, l, { dateStyle: "long" })],
    ...(price === undefined ? [] : [[t("receipt.price"), formatMoney(price, facts.currency, l)] as [string, string]]),
  ];
  const footer = [row[`receipt_footer_${l}`] || row.receipt_footer_en, row.address ?? "", row.phone].flatMap((text) => text.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean);
  let logo: { bytes: Uint8Array; type: "image/png" | "image/jpeg" } | null = null;
  if (row.logo_key) {
    const object = await deps.files.get(row.logo_key);
    const type = object?.httpMetadata?.contentType;
    if (object && (type === "image/png" || type === "image/jpeg")) logo = { bytes: new Uint8Array(await object.arrayBuffer()), type };
  }
  return { rtl: isRtl(l), layout: options.layout, title: t("receipt.title"), agencyName: row.name, footer, logo, lines, closing: t("receipt.closing") };
}

const drawn = async (content: Promise<PdfReceipt>) => (await import("./export/pdf")).writeReceipt(await content);

const notCharged = () => new ApiError(409, "errors.receiptRefunded", "RECEIPT_NOT_AVAILABLE");

/** GET requests/{id}/receipt/{layout}: a visa request the agency was charged for and not refunded. */
export const requestReceipt = (deps: RequestDeps, principal: Principal, id: string, options: ReceiptOptions) => drawn(requestReceiptContent(deps, principal, id, options));
/** GET legal-translation/{id}/receipt/{layout}: a translation order the agency was charged for and not refunded. */
export const orderReceipt = (deps: RequestDeps, principal: Principal, id: string, options: ReceiptOptions) => drawn(orderReceiptContent(deps, principal, id, options));

export async function requestReceiptContent(deps: RequestDeps, principal: Principal, id: string, options: ReceiptOptions): Promise<PdfReceipt> {
  const request = await oneRequest(deps, principal, id);
  if (request.status === "Canceled" || (request.status === "Rejected" && !request.paid)) throw notCharged();
  return receiptContent(deps, principal, {
    agentId: request.agency._id, traveller: request.fields.FullName ?? request.fields.FullQuadRupleName ?? null,
    service: request.visa.title[options.locale] || request.visa.title.en, reference: request.reference, date: request.createdAt,
    net: request.price, selling: await storedSellingPrice(deps.db, "request", id), currency: request.currency ?? deps.currency,
  }, options);
}

/** A sample receipt with the agency's branding as saved: a made-up traveller, service, reference and price. */
export const sampleReceipt = (deps: RequestDeps, principal: Principal, options: ReceiptOptions) => drawn(receiptContent(deps, principal, {
  agentId: agencyOf(principal), traveller: translate(options.locale, "receipt.sampleTraveller"), service: translate(options.locale, "receipt.sampleService"),
  reference: "VR-0000-000000", date: nowIso(), net: undefined, selling: SAMPLE_PRICE, currency: deps.currency,
}, options));
const SAMPLE_PRICE = 12_500;

export async function orderReceiptContent(deps: RequestDeps, principal: Principal, id: string, options: ReceiptOptions): Promise<PdfReceipt> {
  const order = await oneOrder(deps, principal, id);
  if (order.status === "Canceled") throw notCharged();
  return receiptContent(deps, principal, {
    agentId: order.agency._id, traveller: options.traveller ?? null,
    service: order.service.name[options.locale] || order.service.name.en, reference: order.reference, date: order.createdAt,
    net: order.price, selling: await storedSellingPrice(deps.db, "order", id), currency: order.currency ?? deps.currency,
  }, options);
}

// ── The selling price (migration 0027) ───────────────────────────────────────────────────────────────
const SELLING = {
  request: { table: "visa_requests", entity: "entity.request" },
  order: { table: "translation_orders", entity: "translation.entity.order" },
} as const;
export type SoldRecord = keyof typeof SELLING;

/**
 * The selling price stored with a request or order, read for its receipt whoever prints it: staff print receipts with
 * it (the traveller pays that price) though their record carries no money.
 */
async function storedSellingPrice(db: D1Database, kind: SoldRecord, id: string): Promise<number | null> {
  return (await first<{ selling_price: number | null }>(db, `SELECT selling_price FROM ${SELLING[kind].table} WHERE id = ?`, id))?.selling_price ?? null;
}

/**
 * PATCH requests/{id}/selling-price and legal-translation/{id}/selling-price (the agency's owner; the route keeps staff
 * out): the agency's own price to its traveller, null to remove it. Another agency's record does not exist (404).
 */
export async function setSellingPrice(db: D1Database, principal: Principal, kind: SoldRecord, id: string, price: number | null): Promise<void> {
  const { table, entity } = SELLING[kind];
  const result = await stmt(db, `UPDATE ${table} SET selling_price = ?, updated_at = ? WHERE id = ? AND agent_id = ?`, price, nowIso(), id, agencyOf(principal)).run();
  if (!result.meta.changes) throw notFound(entity);
}
