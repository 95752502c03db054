/**
 * Visa requests and translation orders made through the API as a demo agency, for browser tests that need one in a given state (the admin's
 * journeys, live updates of open pages).
 */
import type { Api } from "./helpers";

/** A 1×1 PNG and a one-page PDF: what an agency scans and what an admin attaches. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const FUTURE = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A valid value per field kind (spec §3); names in the page's script, as agencies type them. */
export function applicant(kinds: string[], locale: "en" | "ar"): Record<string, string> {
  const values: Record<string, string> = {
    FullName: locale === "ar" ? "أحمد علي" : "Ahmed Ali",
    FullQuadRupleName: locale === "ar" ? "أحمد علي حسن كريم" : "Ahmed Ali Hasan Karim",
    PassportNumber: `A${String(Date.now()).slice(-7)}`,
    Email: "traveller@example.com",
    DateOfBirth: "1990-05-01",
    TravelDate: FUTURE(30),
    ReturnDate: FUTURE(45),
    PassportExpiry: FUTURE(900),
    LastEntry: "2024-01-10",
    EducationDegree: "Bachelor",
    TravelReason: "Tourism",
    DestinationAirport: "IST",
  };
  return Object.fromEntries(kinds.map((kind) => [kind, values[kind]!]));
}

export interface Filed {
  _id: string;
  reference: string;
  price: number;
  requirements: { _id: string; name: Record<string, string> }[];
}

/** Files a request for the agency through the API: the first visa it may see, every required document uploaded. */
export async function fileRequest(agency: Api, locale: "en" | "ar"): Promise<Filed> {
  const visas = await agency.call<{ data: { _id: string }[] }>("GET", "visa/list?limit=20");
  const visa = await agency.call<{ _id: string; fields: string[]; requirements: { _id: string; kind: string; required: boolean; name: Record<string, string> }[] }>("GET", `visa/one/${visas.data[0]!._id}`);
  const documents = visa.requirements.filter((r) => r.kind === "document");
  const uploaded = [];
  for (const requirement of documents.filter((r) => r.required)) {
    const attachment = await agency.call<{ _id: string }>("POST", "requests/upload-attachment-to-s3-by-agent", {
      multipart: { file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
    });
    uploaded.push({ attachmentId: attachment._id, requirementId: requirement._id });
  }
  const filed = await agency.call<Filed>("POST", "requests", {
    data: { visaId: visa._id, fields: applicant(visa.fields, locale), documents: uploaded },
    headers: { "Idempotency-Key": `e2e-${locale}-${Date.now()}-${Math.random()}` },
  });
  return { ...filed, requirements: documents };
}


/** The demo's legal translation service, Arabic to English (seeded). */
const DEMO_TRANSLATION = {
  serviceId: "0193a000-0000-7000-8000-000000080001",
  fromLanguageId: "0193a000-0000-7000-8000-000000070001",
  toLanguageId: "0193a000-0000-7000-8000-000000070002",
};

/** Orders a one-page translation for the agency through the API (its scan uploaded first, as the form does). */
export async function placeOrder(agency: Api): Promise<{ _id: string; reference: string }> {
  const attachment = await agency.call<{ _id: string }>("POST", "requests/upload-attachment-to-s3-by-agent", {
    multipart: { file: { name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF } },
  });
  return agency.call("POST", "legal-translation", {
    data: { ...DEMO_TRANSLATION, pages: 1, documents: [attachment._id] },
    headers: { "Idempotency-Key": `e2e-order-${Date.now()}-${Math.random()}` },
  });
}
