/**
 * The reader on its own, for pages whose form does not mount it yet (issue 14 ships before the filing form of
 * issue 8): it shows what was filled. The filing form mounts <PassportReader onFill=…/> itself (PassportReader.tsx).
 */
import { useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import type { PassportFieldKind } from "../../shared/mrz";
import { FilledMark, PassportReader, displayValue, type PassportFill, type PassportPicture } from "./PassportReader";

function PassportReaderAlone({ travelDate }: { travelDate?: string }) {
  const t = useT();
  const [filled, setFilled] = useState<PassportFill | null>(null);
  const [picture, setPicture] = useState<PassportPicture | null>(null);
  return (
    <section className="card mt-4 p-5" data-testid="passport-standalone">
      <PassportReader travelDate={travelDate} onFill={(fill, kept) => (setFilled(fill), setPicture(kept))} />
      {filled && (
        <div className="mt-4" data-testid="passport-filled">
          <h2 className="mb-1 font-bold">{t("passport.filledTitle")}</h2>
          <p role="status" className="mb-3 text-sm muted">{t("passport.filledDone")}</p>
          <p className="mb-3 text-sm" data-testid="passport-kept" data-attachment={picture?.attachment?._id ?? ""}>
            {picture?.attachment ? t("passport.uploaded") : t("passport.uploadFailed")}
          </p>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr_auto]">
            {(Object.entries(filled) as [PassportFieldKind, string][]).map(([kind, value]) => (
              <div key={kind} className="contents" data-testid={`passport-filled-${kind}`} data-value={value}>
                <dt className="font-semibold">{t(`passport.field.${kind}`)}</dt>
                <dd dir="ltr" className="text-start">{displayValue(kind, value, t)}</dd>
                <dd><FilledMark /></dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}

export default withI18n(PassportReaderAlone);
