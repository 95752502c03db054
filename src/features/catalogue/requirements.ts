import type { VisaRequirement } from "../../contract/catalogue";

/** Requirements split the way an agent prepares them: documents to upload, information to fill in; required first. */
export function groupRequirements(requirements: readonly VisaRequirement[]) {
  const order = (a: VisaRequirement, b: VisaRequirement) => Number(b.required) - Number(a.required);
  return {
    documents: requirements.filter((r) => r.kind === "document").sort(order),
    information: requirements.filter((r) => r.kind === "information").sort(order),
  };
}
