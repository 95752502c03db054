/** The agency's request page's conversation (issue 29): drawn by the edge, its island on reach (drawn-thread.ts). */
import { drawnThread } from "./drawn-thread";

drawnThread("request-thread");
