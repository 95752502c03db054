/**
 * The agency picker of the admin pages (the ledger's and the requests list's agency filter, an event's agency):
 * every agency from agents/listAllAgents, sorted by name in the page's language, each with its email so two
 * agencies of one name can be told apart. One call per page, shared by every picker on it.
 */
import type { OptionsSource } from "../kit/resource";
import { optionsOf, wholeList } from "../kit/options";

export interface AgencyChoice {
  _id: string;
  name: string;
  email: string;
  enabled: boolean;
}

let agencies: Promise<AgencyChoice[]> | null = null;

export const agencyOptions: OptionsSource = {
  load: async (locale) => {
    agencies ??= wholeList<AgencyChoice>("agents/listAllAgents").catch((error: unknown) => {
      agencies = null; // a failed read is tried again by the next picker that opens
      throw error;
    });
    return optionsOf(await agencies, (a) => `${a.name} · ${a.email}`, locale);
  },
};
