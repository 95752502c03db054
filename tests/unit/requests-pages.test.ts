/** The request pages repeat a few contract lists (the contract loads zod, which the pages keep out of their first load).
 * The statuses themselves are one table (src/shared/request-status.ts) that the contract re-exports. */
import { describe, expect, it } from "vitest";
import { OPTIONAL_FIELD_KINDS, VISA_STATUSES } from "../../src/contract/requests";
import { FIELD_KINDS } from "../../src/contract/catalogue";
import { STATUSES, STATUS_HINT, STATUS_LABEL } from "../../src/features/requests/status";
import { DOCUMENT_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "../../src/lib/upload";
import { DOCUMENT_TYPES, MAX_FILE_BYTES } from "../../src/contract/catalogue";

describe("request pages and the contract", () => {
  it("know every visa status, with a label and a hint", () => {
    expect(STATUSES).toBe(VISA_STATUSES); // the same table, not a copy
    for (const status of VISA_STATUSES) {
      expect(STATUS_LABEL[status]).toBe(`requests.status.${status}`);
      expect(STATUS_HINT[status]).toBe(`requests.statusHint.${status}`);
    }
  });
  it("treat the same field kinds as optional and accept the same files as the API", async () => {
    const { OPTIONAL_KINDS, FIELD_INPUT, FIELD_LABEL } = await import("../../src/features/requests/filing.store");
    expect(OPTIONAL_KINDS).toEqual(OPTIONAL_FIELD_KINDS);
    expect(Object.keys(FIELD_INPUT).sort()).toEqual([...FIELD_KINDS].sort());
    expect(Object.keys(FIELD_LABEL).sort()).toEqual([...FIELD_KINDS].sort());
    expect([...DOCUMENT_UPLOAD_TYPES]).toEqual([...DOCUMENT_TYPES]);
    expect(MAX_UPLOAD_BYTES).toBe(MAX_FILE_BYTES);
  });
});
