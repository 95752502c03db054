/**
 * The agency picker of the admin pages (the ledger's and the requests list's agency filter, an event's agency):
 * every agency from agents/listAllAgents, sorted by name in the page's language, each with its email so two
 * agencies of one name can be told apart. One call per page, shared by every picker on it.
 */
import type { OptionsSource } from "../kit/resource";
import type { Locale } from "../../shared/locales";
import { optionsOf, wholeList } from "../kit/options";

export interface AgencyChoice {
  _id: string;
  name: string;
  email: string;
  enabled: boolean;
}

let agencies: Promise<AgencyChoice[]> | null = null;

/** The agencies as the picker lists them (the edge draws the ledger's picker with the same, issue 32). */
export const agencyChoices = (rows: AgencyChoice[], locale: Locale) => optionsOf(rows, (a) => `${a.name} · ${a.email}`, locale);
/** The call the picker reads its agencies from. */
export const AGENCIES_CALL = "agents/listAllAgents";

export const agencyOptions: OptionsSource = {
  load: async (locale) => {
    agencies ??= wholeList<AgencyChoice>(AGENCIES_CALL).catch((error: unknown) => {
      agencies = null; // a failed read is tried again by the next picker that opens
      throw error;
    });
    return agencyChoices(await agencies, locale);
  },
};
