/**
 * The password-reset pages (issue 27), as the sign-in pages: /forgot-password's form is in the HTML from the build
 * and its island comes when the visitor reaches for it; /reset-password's island comes at once (it reads the link's
 * token from the address), as a chunk after the page is painted, so neither page carries React up front.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({
  "forgot-form": () => import("./ForgotPasswordForm"),
  "reset-form": () => import("./ResetPasswordForm"),
});
