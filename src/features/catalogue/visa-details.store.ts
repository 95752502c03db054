/**
 * One visa (/visa/{id}/details): content, requirements and the agent's own price. A visa that does not exist or is
 * hidden from the agent's group answers 404, which the page shows as "not found".
 */
import { atom } from "nanostores";
import type { Visa } from "../../contract/catalogue";
import { fetchVisa } from "./api";
import { latestOnly, type Loadable } from "./loadable";

export const $visaDetails = atom<Loadable<Visa>>({ status: "loading" });

const run = latestOnly<Visa>((state) => $visaDetails.set(state));

/** Loads the visa the page is about (its id is read from the address after mount). */
export function loadVisaDetails(id: string): Promise<void> {
  return run(() => fetchVisa(id));
}

// Shared with the edge-drawn page (VisaDetailsBody.tsx), which must not pull the store's HTTP client into the Worker.
export { groupRequirements } from "./requirements";
