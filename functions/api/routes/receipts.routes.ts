/**
 * Receipts with the agency's logo (issue 30 item 3): GET requests/{id}/receipt/{layout} and
 * legal-translation/{id}/receipt/{layout} for the agency (owner and staff: staff print receipts, never with the net
 * price), and the agency's branding: GET/PATCH agents/branding (PATCH: its owner; JSON or multipart with a "logo"), a
 * sample receipt to preview it, and the agency's selling price per request and order (its owner).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { IMAGE_TYPES } from "../../../src/contract/catalogue";
import { RECEIPT_LAYOUTS, brandingInput, receiptQuery, sellingPriceInput } from "../../../src/contract/credit";
import { checkUpload } from "../../services/files";
import { branding, orderReceipt, requestReceipt, sampleReceipt, setBranding, setSellingPrice, type ReceiptOptions } from "../../services/receipts";
import { oneRequest } from "../../services/requests";
import { oneOrder } from "../../services/translation-orders";
import { principalOf, requireAgency, requireKind } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { multipartBody } from "../multipart";
import { idParam } from "../params";
import { jsonBody, parse, query } from "../validate";
import { dataPart, exportContext, requestDeps } from "./requests.routes";
import { linkViewer } from "./files.routes";
import { ApiError } from "../../errors";

function receiptOptions(c: AppContext): ReceiptOptions {
  const { layout } = parse(z.object({ layout: z.enum(RECEIPT_LAYOUTS, { error: "validation.invalid" }) }), { layout: c.req.param("layout") });
  const q = query(c, receiptQuery);
  // The traveller's language when asked (lang), else the page's: exports read it the same way.
  return { layout, locale: exportContext(c, "pdf").locale, ...(q.price === undefined ? {} : { price: q.price }), ...(q.traveller ? { traveller: q.traveller } : {}) };
}

/** Receipts open as links from the agency's pages (a new tab, no script): the session may come as the access cookie. */
async function agencyViewer(c: AppContext) {
  const viewer = await linkViewer(c);
  if (viewer.kind === "Admin") throw new ApiError(403, "errors.forbidden", "FORBIDDEN");
  return viewer;
}

const pdf = (c: AppContext, bytes: Uint8Array, name: string) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${name}"` });

export const requestReceiptRoutes = new Hono<AppEnv>();
requestReceiptRoutes.get("/:id/receipt/:layout", async (c) => {
  const viewer = await agencyViewer(c);
  const id = idParam(c);
  return pdf(c, await requestReceipt(requestDeps(c), viewer, id, receiptOptions(c)), `receipt-${id}.pdf`);
});

export const orderReceiptRoutes = new Hono<AppEnv>();
orderReceiptRoutes.get("/:id/receipt/:layout", async (c) => {
  const viewer = await agencyViewer(c);
  const id = idParam(c);
  return pdf(c, await orderReceipt(requestDeps(c), viewer, id, receiptOptions(c)), `receipt-${id}.pdf`);
});

/** The selling price (issue 30): money, so the agency's owner only; the record as the owner sees it comes back. */
requestReceiptRoutes.patch("/:id/selling-price", requireKind("Agent"), async (c) => {
  const id = idParam(c);
  const { sellingPrice } = await jsonBody(c, sellingPriceInput);
  await setSellingPrice(c.env.DB, principalOf(c), "request", id, sellingPrice);
  return c.json(await oneRequest(requestDeps(c), principalOf(c), id));
});
orderReceiptRoutes.patch("/:id/selling-price", requireKind("Agent"), async (c) => {
  const id = idParam(c);
  const { sellingPrice } = await jsonBody(c, sellingPriceInput);
  await setSellingPrice(c.env.DB, principalOf(c), "order", id, sellingPrice);
  return c.json(await oneOrder(requestDeps(c), principalOf(c), id));
});

export const brandingRoutes = new Hono<AppEnv>();
brandingRoutes.get("/branding", requireAgency, async (c) => c.json(await branding(c.env.DB, principalOf(c))));
/** A sample receipt with the branding as saved (the branding page's preview): made-up traveller, service and price. */
brandingRoutes.get("/branding/sample/:layout", async (c) => {
  const viewer = await agencyViewer(c);
  return pdf(c, await sampleReceipt(requestDeps(c), viewer, receiptOptions(c)), "receipt-sample.pdf");
});
brandingRoutes.patch("/branding", requireKind("Agent"), async (c) => {
  if (/^multipart\//i.test(c.req.header("Content-Type") ?? "")) {
    const form = await multipartBody(c, 1);
    const input = dataPart(form, brandingInput);
    const part = form.get("logo");
    // PNG or JPEG: what the receipt's PDF can embed.
    const logo = part === null ? null : await checkUpload(part, "logo", IMAGE_TYPES.filter((t) => t !== "image/webp"));
    return c.json(await setBranding(c.env.DB, c.env.FILES, principalOf(c), input, logo));
  }
  return c.json(await setBranding(c.env.DB, c.env.FILES, principalOf(c), await jsonBody(c, brandingInput), null));
});
