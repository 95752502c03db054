/** The browser's side of src/shared/visa-lead.ts: fills the lead when the edge could not. */
import { LEAD_ATTRIBUTE, type VisaLead } from "../../shared/visa-lead";

/** Fills VisaLead.astro's elements in the browser (the edge does the same with HTMLRewriter). */
export function fillVisaLead(root: HTMLElement, lead: VisaLead): void {
  const part = (name: string) => root.querySelector<HTMLElement>(`[${LEAD_ATTRIBUTE}="${name}"]`);
  for (const name of ["title", "summary", "country", "code"] as const) {
    const element = part(name);
    if (element) element.textContent = lead[name];
  }
  part("summary")?.toggleAttribute("hidden", !lead.summary);
  const image = part("image");
  if (image && lead.image) image.setAttribute("src", lead.image);
  image?.toggleAttribute("hidden", !lead.image);
  part("placeholder")?.toggleAttribute("hidden", Boolean(lead.image));
  root.hidden = false;
}
