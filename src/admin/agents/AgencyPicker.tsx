/** One agency chosen from every agency (agents/listAllAgents): the admin never types an agency id. */
import { Select } from "../../components/ui";
import { useT } from "../../lib/i18n";
import { useOptions } from "../kit/hooks";
import { agencyOptions } from "./agency-options";

interface AgencyPickerProps {
  label: string;
  value: string;
  onValue: (agentId: string) => void;
  error?: string;
  required?: boolean;
  testId?: string;
}

export function AgencyPicker({ label, value, onValue, error, required, testId = "agency-picker" }: AgencyPickerProps) {
  const t = useT();
  const { options } = useOptions(agencyOptions);
  return <Select label={label} value={value} onValue={onValue} options={options} placeholder={t("kit.choose")} error={error} required={required} testId={testId} />;
}
