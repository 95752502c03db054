/**
 * The small script every layout loads (a few KB, no React): theme toggle, account menu and sign-out, prefetch, new-build watch,
 * and the toaster, which is mounted only when the first toast is shown.
 */
import { setupThemeToggle } from "./theme";
import { schedulePrefetch } from "./prefetch";
import { watchBuilds } from "./build-watch";
import { $toasts } from "./toast.store";
import { setupAccountMenu } from "../components/AccountMenu.client";

setupThemeToggle();
schedulePrefetch();
watchBuilds(document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content ?? "dev");

// Header name and balance, sign-out, and no signed-in page from the back/forward cache after a logout.
setupAccountMenu();

const unlisten = $toasts.listen((toasts) => {
  const container = document.getElementById("toaster");
  if (!toasts.length || !container) return;
  unlisten();
  void import("../components/mount-toaster").then(({ mountToaster }) => mountToaster(container));
});
