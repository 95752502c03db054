/**
 * The small script every layout loads (a few KB, no React): theme toggle, sign-out, prefetch, new-build watch,
 * and the toaster, which is mounted only when the first toast is shown.
 */
import { setupThemeToggle } from "./theme";
import { schedulePrefetch } from "./prefetch";
import { watchBuilds } from "./build-watch";
import { $toasts } from "./toast.store";
import { signOutLocally } from "./session";

setupThemeToggle();
schedulePrefetch();
watchBuilds(document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content ?? "dev");

for (const button of document.querySelectorAll<HTMLElement>("[data-sign-out]")) {
  button.addEventListener("click", () => {
    const kind = button.dataset.signOut === "admin" ? "admin" : "agent";
    location.replace(signOutLocally(kind, document.documentElement.dataset.locale ?? "en"));
  });
}

const unlisten = $toasts.listen((toasts) => {
  const container = document.getElementById("toaster");
  if (!toasts.length || !container) return;
  unlisten();
  void import("../components/mount-toaster").then(({ mountToaster }) => mountToaster(container));
});
