// Demo accounts: an admin, two agencies in different groups with balances (as ledger top-ups, so the ledger
// invariant holds), and a staff member of one agency. Fixed ids: loading twice changes nothing.
import { hashPassword, sql } from "./lib.mjs";

export const DEMO_SIGN_INS = [
  { role: "Admin", email: "admin@visahub.example", password: "Admin#2026", page: "/en/admin/login" },
  { role: "Agent (Sunrise Travel, group Gold, 2,500.00 USD)", email: "agent@sunrise.example", password: "Agent#2026", page: "/en/login" },
  { role: "Agent (Tigris Tours, group Standard, 750.00 USD)", email: "agent@tigris.example", password: "Agent#2026", page: "/en/login" },
  { role: "Staff user of Sunrise Travel", email: "staff@sunrise.example", password: "Staff#2026", page: "/en/login" },
];

export const IDS = {
  groupGold: "0193a000-0000-7000-8000-00000000a001",
  groupStandard: "0193a000-0000-7000-8000-00000000a002",
  admin: "0193a000-0000-7000-8000-00000000b001",
  sunrise: "0193a000-0000-7000-8000-00000000c001",
  tigris: "0193a000-0000-7000-8000-00000000c002",
  staff: "0193a000-0000-7000-8000-00000000d001",
};

const AT = "2026-11-01T09:00:00.000Z";

export function statements() {
  const [admin, sunrise, tigris, staff] = DEMO_SIGN_INS;
  const agency = (id, email, password, name, contact, phone, city, group, balance) => [
    sql`INSERT OR IGNORE INTO agents (id, email, name, contact_name, phone, address, city, locale, group_id, balance, enabled, password_hash, created_at, updated_at)
        VALUES (${id}, ${email}, ${name}, ${contact}, ${phone}, ${"Main street 12"}, ${city}, 'en', ${group}, ${balance}, 1, ${hashPassword(password)}, ${AT}, ${AT})`,
    sql`INSERT OR IGNORE INTO transactions (id, agent_id, type, direction, amount, balance_after, note, created_by, created_at)
        VALUES (${`${id.slice(0, -4)}e${id.slice(-3)}`}, ${id}, 'TopUp', 'Incoming', ${balance}, ${balance}, ${"Opening balance"}, ${IDS.admin}, ${AT})`,
  ];
  return [
    sql`INSERT OR IGNORE INTO groups (id, name, description, is_default, created_at, updated_at) VALUES (${IDS.groupStandard}, 'Standard', ${"Every new agency starts here"}, 1, ${AT}, ${AT})`,
    sql`INSERT OR IGNORE INTO groups (id, name, description, is_default, created_at, updated_at) VALUES (${IDS.groupGold}, 'Gold', ${"High-volume partner agencies"}, 0, ${AT}, ${AT})`,
    sql`INSERT OR IGNORE INTO admins (id, email, name, password_hash, locale, created_at, updated_at)
        VALUES (${IDS.admin}, ${admin.email}, ${"Layla Hassan"}, ${hashPassword(admin.password)}, 'en', ${AT}, ${AT})`,
    ...agency(IDS.sunrise, sunrise.email, sunrise.password, "Sunrise Travel", "Omar Aziz", "+964 750 123 4567", "Erbil", IDS.groupGold, 250000),
    ...agency(IDS.tigris, tigris.email, tigris.password, "Tigris Tours", "Sara Kamal", "+964 770 987 6543", "Baghdad", IDS.groupStandard, 75000),
    sql`INSERT OR IGNORE INTO users (id, agent_id, email, name, phone, locale, password_hash, created_at, updated_at)
        VALUES (${IDS.staff}, ${IDS.sunrise}, ${staff.email}, ${"Rawa Jamal"}, ${"+964 750 555 0101"}, 'ku', ${hashPassword(staff.password)}, ${AT}, ${AT})`,
  ];
}
