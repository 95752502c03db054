/**
 * Money pages render only for an agency's own account (DESIGN §3): staff users (kind User) never see money, and an
 * admin has no statement of their own. The edge already keeps them off; this is the page's own guard, decided after
 * mount (the session cookie is not known while the page is pre-rendered).
 */
import { useEffect, useState, type ReactNode } from "react";
import { Skeleton } from "../../components/ui";
import { sessionKind } from "../../lib/session";
import { NoMoney } from "./NoMoney";

export function MoneyGate({ children }: { children: ReactNode }) {
  const [kind, setKind] = useState<string | null | undefined>(undefined);
  useEffect(() => setKind(sessionKind()), []);
  if (kind === undefined)
    return (
      <div className="card p-5 flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-64" />
      </div>
    );
  if (kind !== "Agent") return <NoMoney />;
  return <>{children}</>;
}
