/**
 * /top-up: the edge draws the balance, the office's payment instructions, the form and the agency's requests
 * (functions/edge/views/wallet.tsx). The form's island comes when the agency reaches for it (what was typed or the
 * slip chosen meanwhile is carried over), at once when the edge could not draw the page, or when the office decides a
 * request or the balance moves (the live hub's "balance" topic): the open page then shows it as it is now.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "top-up-page": () => import("./TopUpPage") });
takeOverOnChange("top-up-page", ["balance"]);
