/**
 * The small script every layout loads (a few KB, no React): theme toggle, account menu and sign-out, prefetch, new-build watch,
 * and the toaster, which is mounted only when the first toast is shown.
 */
import { setupThemeToggle } from "./theme";
import { schedulePrefetch } from "./prefetch";
import { watchBuilds } from "./build-watch";
import { $toasts } from "./toast.store";
import { setupAccountMenu } from "../components/AccountMenu.client";
import { sessionKind } from "./session";

setupThemeToggle();
schedulePrefetch();
watchBuilds(document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content ?? "dev");

// Header name and balance, sign-out, and no signed-in page from the back/forward cache after a logout.
setupAccountMenu();

// Live delivery (issue 13): signed-in pages of the default and admin layouts load it; sign-in pages never do.
const { layout = "" } = document.documentElement.dataset;
if (sessionKind() && (layout === "default" || layout === "admin" || layout === "editor")) {
  void import("../features/live/start").then(({ startLive }) => startLive());
}

const unlisten = $toasts.listen((toasts) => {
  const container = document.getElementById("toaster");
  if (!toasts.length || !container) return;
  unlisten();
  void import("../components/mount-toaster").then(({ mountToaster }) => mountToaster(container));
});
