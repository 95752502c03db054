/**
 * /admin/audit-log (issue 29 item 2): who did what, when, from where, to which record, and each field before → after.
 * Searchable and filtered by person, record, kind, result and dates (all kept in the address, so a link shows the
 * same rows), exported as csv/xlsx/pdf with the same filters. Read-only: the log cannot be changed by anyone. How it
 * looks is AuditLogView's: the edge draws it too (issue 32), and this island takes it over when the admin reaches for
 * a control (audit-log.client.ts).
 */
import { useCallback, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import type { AuditListResponse } from "../../contract/audit";
import { api } from "../../lib/api";
import { replaceQuery } from "../../lib/address";
import type { Locale } from "../../shared/locales";
import { ExportButton } from "../kit/ExportButton";
import { auditCallQuery, auditFilterParams, auditQueryFromSearch, auditSearchOf, type AuditQuery } from "./audit-query";
import { AuditLogView, type AuditState } from "./AuditLogView";

function AuditLogPage({ locale }: { locale: Locale }) {
  // The island is only ever mounted in the browser (in place of the drawn log, or where the edge could not draw it):
  // it reads the address at once, and writes every change back.
  const [query, setQuery] = useState<AuditQuery>(() => auditQueryFromSearch(location.search));
  const [state, setState] = useState<AuditState>({ status: "loading" });

  const load = useCallback(async () => {
    try {
      setState({ status: "ready", data: await api.get<AuditListResponse & { currency?: string }>("admin/audit-log", { query: auditCallQuery(query) }) });
    } catch {
      setState({ status: "error" });
    }
  }, [query]);

  useEffect(() => {
    void load();
    replaceQuery(auditSearchOf(query));
  }, [load, query]);

  return (
    <AuditLogView
      locale={locale}
      query={query}
      state={state}
      actions={{
        set: (name, value) => setQuery((q) => ({ filters: { ...q.filters, [name]: value }, page: 1 })),
        page: (page) => setQuery((q) => ({ ...q, page })),
        retry: () => void load(),
      }}
      exports={<ExportButton endpoint={(format) => `admin/audit-log/export/${format}`} params={() => ({ ...auditFilterParams(query.filters), lang: locale })} fileName="audit-log" testId="audit-export" />}
    />
  );
}

export default withI18n(AuditLogPage);
