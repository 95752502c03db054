/**
 * The page's header names the record its address is about (a visa's details, an agency's admin page): the edge sees the
 * id in the address, so no island has to read it (RecordReference.tsx does only where the edge could not draw).
 * One view for every registry whose pages have it.
 */
import { RecordReferenceText } from "../../../src/components/RecordReferenceText";
import type { EdgeView } from "./view";

export const recordReferenceView: EdgeView = {
  calls: [],
  messages: ["common"],
  render: (_, { params }) => <RecordReferenceText id={params.id ?? ""} />,
};
