/** /admin/agent-groups: the groups from the kit, and the price grid of the group picked in the table. */
import { useStore } from "@nanostores/react";
import { BadgeDollarSign } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { IconButton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage, useResourceStore } from "../kit";
import { GroupPriceGrid } from "./GroupPriceGrid";
import { groups } from "./groups.resource";

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
      {selected && <GroupPriceGrid key={selected._id} group={selected} />}
    </ResourcePage>
  );
}

export default withI18n(GroupsPage);
