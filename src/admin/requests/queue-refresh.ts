/** How often the admin's queue reads itself again while its tab is shown (the live hub's fallback, issue 26). */
export const QUEUE_REFRESH_MS = 30_000;
