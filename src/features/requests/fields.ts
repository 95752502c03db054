/** The applicant's field kinds (spec §3) as the request pages show and enter them. */
import type { FieldKind } from "../../contract/catalogue";

/** Field kinds the applicant may leave empty (the contract's OPTIONAL_FIELD_KINDS; a unit test keeps them equal). */
export const OPTIONAL_KINDS: readonly FieldKind[] = ["LastEntry"];

/** How each field kind is entered. */
export const FIELD_INPUT: Record<FieldKind, "text" | "date" | "email" | "textarea"> = {
  FullName: "text",
  FullQuadRupleName: "text",
  PassportNumber: "text",
  Email: "email",
  DateOfBirth: "date",
  TravelDate: "date",
  ReturnDate: "date",
  PassportExpiry: "date",
  LastEntry: "date",
  EducationDegree: "text",
  TravelReason: "textarea",
  DestinationAirport: "text",
};

/** Message keys of the field labels (literal, so the locale test sees them). */
export const FIELD_LABEL: Record<FieldKind, string> = {
  FullName: "filing.field.FullName",
  FullQuadRupleName: "filing.field.FullQuadRupleName",
  PassportNumber: "filing.field.PassportNumber",
  Email: "filing.field.Email",
  DateOfBirth: "filing.field.DateOfBirth",
  TravelDate: "filing.field.TravelDate",
  ReturnDate: "filing.field.ReturnDate",
  PassportExpiry: "filing.field.PassportExpiry",
  LastEntry: "filing.field.LastEntry",
  EducationDegree: "filing.field.EducationDegree",
  TravelReason: "filing.field.TravelReason",
  DestinationAirport: "filing.field.DestinationAirport",
};

