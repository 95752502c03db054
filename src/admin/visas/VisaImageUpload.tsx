/**
 * The main image of a visa (POST visa/image/{id}, multipart "file"; DELETE visa/image/{id} removes it): the edit
 * dialog shows it once the visa exists.
 */
import { useT } from "../../lib/i18n";
import { api } from "../../lib/api";
import type { Visa, VisaSummary } from "../../contract/catalogue";
import { ImageUpload, fileForm, upload } from "../kit";

export function VisaImageUpload<T extends VisaSummary>({ visa, onChange }: { visa: T; onChange: (visa: T) => void }) {
  const t = useT();
  const path = `visa/image/${encodeURIComponent(visa._id)}`;
  return (
    <div className="mt-6 border-t border-[var(--border)] pt-4">
      <ImageUpload
        label={t("resources.visas.fields.image")}
        current={visa.image}
        send={(file, options) => upload<Visa>(path, fileForm(file), options)}
        onUploaded={(answer) => onChange({ ...visa, ...(answer as Partial<T>) })}
        onRemove={async () => onChange({ ...visa, ...(await api.delete<Partial<T>>(path)) })}
        testId="visa-image"
      />
    </div>
  );
}
