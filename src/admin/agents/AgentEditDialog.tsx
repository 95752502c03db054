/**
 * The office's edit of an agency's profile (agents/editByAdmin), in the kit's form dialog: the API's own zod schema
 * on the form, server 400s on their fields, a 409 (email taken) on the email field, and the unsaved-changes guard.
 * Only changed fields are sent, so the agency's history names exactly what the office changed.
 */
import { useMemo } from "react";
import { editAgentByAdminInput, type AdminAgentRecord } from "../../contract/agents";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { FormDialog } from "../kit/ResourceForm";
import { createFormStore } from "../kit/form.store";
import { inputFromValues, valuesFromRecord, type FormValues } from "../kit/fields";
import { AGENT_PROFILE_FIELDS } from "./agent-fields";

export interface AgentEditDialogProps {
  agent: AdminAgentRecord;
  open: boolean;
  onClose: () => void;
  onSaved: (agent: AdminAgentRecord) => void;
}

export default function AgentEditDialog({ agent, open, onClose, onSaved }: AgentEditDialogProps) {
  const t = useT();
  const currency = agent.currency ?? "USD";
  const form = useMemo(() => {
    const initial = valuesFromRecord(AGENT_PROFILE_FIELDS, agent, currency);
    return createFormStore<FormValues>({
      schema: editAgentByAdminInput,
      initial,
      toInput: (values) => {
        const converted = inputFromValues(AGENT_PROFILE_FIELDS, values, currency);
        const input = converted.input as FormValues;
        const changed = Object.fromEntries(Object.entries(input).filter(([name, value]) => value !== initial[name]));
        return { ...converted, input: changed };
      },
    });
  }, [agent, currency]);

  return (
    <FormDialog
      open={open}
      title={t("agents.editTitle", { name: agent.name })}
      onClose={onClose}
      form={form}
      fields={AGENT_PROFILE_FIELDS}
      currency={currency}
      testId="agent-edit-dialog"
      onSubmit={async (input) => {
        // Nothing changed: nothing to send (the API would answer "nothing to update").
        if (Object.keys(input as object).length === 0) return onClose();
        // The form shows what went wrong on its fields: no toast on top.
        const saved = await api.patch<AdminAgentRecord>(`agents/editByAdmin/${encodeURIComponent(agent._id)}`, input, { notify: false });
        onSaved(saved);
      }}
    />
  );
}
