/**
 * The words of RecordReference.tsx, given the id: the edge draws them into /visa/{id}/details (it sees the id in the
 * address, functions/edge/views.tsx), the island draws them in the browser once it has read the id from the URL.
 * No browser globals here: the Worker renders this file too.
 */
import { useT } from "../lib/i18n";

/**
 * A short human form of a record id: a UUID (ours are v7, whose first half is a timestamp shared by records made
 * together) shortens to its last eight hex digits, upper case ("0193a000-…-000000030001" → "00030001"); a reference
 * that is already short (a request's "VR-2026-000123", a small id) stays as it is. The full id stays in the title.
 */
export function shortReference(id: string): string {
  const hex = id.replace(/-/g, "");
  return /^[0-9a-f]{32}$/i.test(hex) ? hex.slice(-8).toUpperCase() : id;
}

/**
 * The label is set in the page's font (Arabic script in a monospace font comes apart); only the Latin reference is
 * monospace, isolated left to right inside the sentence. Without an id (not read yet) it is a skeleton.
 */
export function RecordReferenceText({ id, reference }: { id: string | null; reference?: string }) {
  const t = useT();
  // The translated sentence around a marker, so the reference can sit in it as its own element in any word order.
  const [before = "", after = ""] = t("common.reference", { id: "\u0000" }).split("\u0000");
  return (
    <p className="mt-2 text-sm" data-testid="record-id" data-id={id ?? ""} aria-busy={id ? undefined : true}>
      {id ? (
        <>
          {before}
          <bdi dir="ltr" className="font-mono" title={id} data-testid="record-reference" data-latin>
            {reference ?? shortReference(id)}
          </bdi>
          {after}
        </>
      ) : (
        <span className="skeleton inline-block h-4 w-40 align-middle" />
      )}
    </p>
  );
}
