/**
 * /admin/agent-groups: the groups from the kit, and the price grid of the group picked in the table. The edge draws
 * the groups' table (src/admin/edge-pages.ts; issue 32: hydrated at load, the page's largest paint came at 4.0 s on a
 * phone, when the grid arrived after mount); this island takes it over when the admin reaches for a control, and
 * opens the default group's prices then. The grid's code (its store, the HTTP client) loads with it, never at the edge.
 */
import { useStore } from "@nanostores/react";
import { Suspense, useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { IconButton } from "../../components/ui/Button";
import { BadgeDollarSign } from "../../components/ui/icons";
import { withI18n } from "../../components/with-i18n";
import { lazyPart } from "../../lib/lazy-part";
import { ResourcePage, useResourceStore } from "../kit/ResourcePage";
import { groups } from "./groups.resource";

const priceGrid = lazyPart(() => import("./GroupPriceGrid").then((m) => m.GroupPriceGrid));
const GroupPriceGrid = priceGrid.Part;

function GroupsPage() {
  const t = useT();
  const store = useResourceStore(groups);
  const list = useStore(store.$list);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.data.find((group) => group._id === selectedId) ?? null;

  // The default group's prices are open from the start; a picked group stays picked while it exists.
  useEffect(() => {
    if (selected || list.data.length === 0) return;
    setSelectedId((list.data.find((group) => group.isDefault) ?? list.data[0])!._id);
  }, [list.data, selected]);

  return (
    <ResourcePage
      resource={groups}
      store={store}
      caption={t("pages.admin-agent-groups.title")}
      selectedId={selectedId}
      rowActions={(row) => (
        <IconButton
          size="sm"
          icon={BadgeDollarSign}
          label={t("resources.groups.prices.open", { name: row.name })}
          aria-pressed={row._id === selectedId}
          onClick={() => setSelectedId(row._id)}
          data-testid="row-prices"
        />
      )}
    >
      {selected && (
        <Suspense fallback={null}>
          <GroupPriceGrid key={selected._id} group={selected} />
        </Suspense>
      )}
    </ResourcePage>
  );
}

export default withI18n(GroupsPage);
