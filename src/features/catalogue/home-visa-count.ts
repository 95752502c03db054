/** How many visas each home row shows (the stores ask for that many; the edge draws that many). */
export const HOME_VISA_COUNT = 6;
