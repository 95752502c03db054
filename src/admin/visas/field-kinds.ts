/** Spec §3 field kinds, as the admin reads them: the visa form and the request page (a module of its own: the edge draws the request page without the visa resource). */
import type { FieldKind } from "../../contract/catalogue";

export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  FullName: "resources.visas.fieldKind.FullName",
  FullQuadRupleName: "resources.visas.fieldKind.FullQuadRupleName",
  PassportNumber: "resources.visas.fieldKind.PassportNumber",
  Email: "resources.visas.fieldKind.Email",
  DateOfBirth: "resources.visas.fieldKind.DateOfBirth",
  TravelDate: "resources.visas.fieldKind.TravelDate",
  ReturnDate: "resources.visas.fieldKind.ReturnDate",
  PassportExpiry: "resources.visas.fieldKind.PassportExpiry",
  LastEntry: "resources.visas.fieldKind.LastEntry",
  EducationDegree: "resources.visas.fieldKind.EducationDegree",
  TravelReason: "resources.visas.fieldKind.TravelReason",
  DestinationAirport: "resources.visas.fieldKind.DestinationAirport",
};
