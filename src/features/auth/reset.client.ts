/**
 * The password-reset pages (issue 27), as the sign-in pages: /forgot-password's form is in the HTML from the build
 * and its island comes when the visitor reaches for it; /reset-password's island comes at once (it reads the link's
 * token from the address), as a chunk after the page is painted, so neither page carries React up front.
 */
import { registerViews, viewElement } from "../../lib/edge-views";
import { isIncompleteLink } from "./incomplete-link";

const reset = viewElement("reset-form");
registerViews({
  "forgot-form": () => import("./ForgotPasswordForm"),
  // A link without its token: the build's "incomplete link" card, shown while the page was parsed, and no island
  // (issue 32); it said the same once loaded, as the page's largest paint 2.6 s after the first on a phone.
  ...(reset && isIncompleteLink() ? {} : { "reset-form": () => import("./ResetPasswordForm") }),
});
