// Scale on paper, checked by simulation (issue 31, docs/scale.md): a generated workload of 10 000 agencies whose
// filing rates follow a heavy tail (a few agencies file most requests), routed to N shards — one D1 database each,
// every agency's money and requests on one shard (the ledger invariant stays inside one database) — and the write
// rate of the hottest shard at the busiest hour, against what one D1 database can take.
//
//   npm run bench -- shards     # deterministic (seeded); SHARD_AGENCIES, SHARD_FILINGS_PER_DAY override the workload
//
// The model (each figure printed with the result):
// - Agency sizes: Zipf over rank with exponent 0.9 (the 1st agency files ~500× the 1 000th); mean FILINGS_PER_DAY.
// - One filing causes WRITES_PER_FILING write transactions over its life: the filing batch (request, documents,
//   history, Order, event), two attachment uploads, two status moves on average, one refund in ten.
// - The busiest hour carries PEAK_HOUR_SHARE of a day's writes (agencies work office hours in a few time zones).
// - Routing: rendezvous hashing of the agency id over the shard ids (adding a shard moves only ~1/N of the agencies).
// - Storage: BYTES_PER_FILING stay in D1 per filing; a D1 database holds at most 10 GB.
// - A D1 database runs its queries one at a time; DB_WRITES_PER_SECOND is what one database sustains for our write
//   batches (docs/scale.md derives it from Cloudflare's published figure and our batch sizes).

const AGENCIES = Number(process.env.SHARD_AGENCIES ?? 10_000);
const FILINGS_PER_DAY = Number(process.env.SHARD_FILINGS_PER_DAY ?? 5); // mean per agency
const ZIPF = 0.9;
const WRITES_PER_FILING = 1 + 2 + 2 + 0.1;
const PEAK_HOUR_SHARE = 0.2;
const DB_WRITES_PER_SECOND = 200;
/** D1 bytes one filing leaves for good (request, documents, history, ledger rows, attachments, events), measured from the
 * demo data's rows as SQL text (docs/scale.md): ~7.6 KB, taken with indexes as 10 KB. */
const BYTES_PER_FILING = 10_000;
const DB_MAX_BYTES = 10e9;
const SHARD_COUNTS = [1, 2, 4, 8, 16, 32, 64];

/** A small seeded PRNG (mulberry32): the same workload on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, 32 bits: the hash rendezvous routing scores with. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  // A final avalanche, so near-identical ids spread.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/** The shard of an agency: the shard id that scores highest with it (rendezvous / highest-random-weight hashing). */
export function shardOf(agencyId, shards) {
  let best = 0;
  let bestScore = -1;
  for (let s = 0; s < shards; s++) {
    const score = hash(`${agencyId}:shard-${s}`);
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** The agencies: ids (UUID-like, as the product makes them) and filings per day, heavy-tailed, shuffled. */
export function workload({ agencies = AGENCIES, meanPerDay = FILINGS_PER_DAY, seed = 31 } = {}) {
  const next = random(seed);
  const weights = Array.from({ length: agencies }, (_, rank) => 1 / Math.pow(rank + 1, ZIPF));
  const total = weights.reduce((a, b) => a + b, 0);
  const perDay = weights.map((w) => (w / total) * meanPerDay * agencies);
  return perDay.map((filings, i) => ({
    id: `0193${Math.floor(next() * 0xffffffff).toString(16).padStart(8, "0")}-${String(i).padStart(6, "0")}`,
    filingsPerDay: filings,
  }));
}

const peakWritesPerSecond = (filingsPerDay) => (filingsPerDay * WRITES_PER_FILING * PEAK_HOUR_SHARE) / 3600;

export function simulate(options = {}) {
  const agencies = workload(options);
  const totalPeak = agencies.reduce((sum, a) => sum + peakWritesPerSecond(a.filingsPerDay), 0);
  const rows = SHARD_COUNTS.map((shards) => {
    const load = new Array(shards).fill(0);
    const members = new Array(shards).fill(0);
    for (const agency of agencies) {
      const s = shardOf(agency.id, shards);
      load[s] += peakWritesPerSecond(agency.filingsPerDay);
      members[s] += 1;
    }
    const hottest = Math.max(...load);
    const at = load.indexOf(hottest);
    // The hottest shard's filings a day (its peak writes back to filings) and the days until it holds 10 GB.
    const filingsPerDay = (hottest * 3600) / (WRITES_PER_FILING * PEAK_HOUR_SHARE);
    return {
      shards,
      hottestWritesPerSecond: Number(hottest.toFixed(2)),
      meanWritesPerSecond: Number((totalPeak / shards).toFixed(2)),
      hottestOverMean: Number((hottest / (totalPeak / shards)).toFixed(2)),
      agenciesOnHottest: members[at],
      headroom: Number((DB_WRITES_PER_SECOND / hottest).toFixed(1)),
      daysTo10GB: Math.round(DB_MAX_BYTES / (filingsPerDay * BYTES_PER_FILING)),
    };
  });
  const biggest = agencies[0];
  return {
    model: {
      agencies: agencies.length, meanFilingsPerAgencyPerDay: FILINGS_PER_DAY, zipfExponent: ZIPF, writesPerFiling: WRITES_PER_FILING,
      peakHourShare: PEAK_HOUR_SHARE, dbWritesPerSecond: DB_WRITES_PER_SECOND, bytesPerFiling: BYTES_PER_FILING,
    },
    filingsPerDay: Math.round(agencies.reduce((sum, a) => sum + a.filingsPerDay, 0)),
    peakWritesPerSecond: Number(totalPeak.toFixed(2)),
    biggestAgency: { filingsPerDay: Math.round(biggest.filingsPerDay), peakWritesPerSecond: Number(peakWritesPerSecond(biggest.filingsPerDay).toFixed(2)) },
    rows,
  };
}

export async function measureShards() {
  return simulate();
}

export function formatShardsMarkdown(r) {
  const n = (v) => v.toLocaleString("en-US");
  return [
    `Shard simulation (\`npm run bench -- shards\`, seeded): ${n(r.model.agencies)} agencies, ${n(r.filingsPerDay)} filings a day`,
    `(mean ${r.model.meanFilingsPerAgencyPerDay} per agency, Zipf ${r.model.zipfExponent}; the biggest agency files ${n(r.biggestAgency.filingsPerDay)} a day),`,
    `${r.model.writesPerFiling} write transactions per filing, ${r.model.peakHourShare * 100} % of a day's writes in the busiest hour:`,
    `${r.peakWritesPerSecond} writes/s at peak in all. One D1 database taken as ${r.model.dbWritesPerSecond} write transactions/s and ${n(r.model.bytesPerFiling)} bytes kept per filing, 10 GB at most (docs/scale.md).`,
    "",
    "| shards (D1 databases) | hottest shard, writes/s at peak | mean per shard | hottest ÷ mean | agencies on the hottest | write headroom of the hottest | days until the hottest holds 10 GB |",
    "|--:|--:|--:|--:|--:|--:|--:|",
    ...r.rows.map((row) => `| ${row.shards} | ${row.hottestWritesPerSecond} | ${row.meanWritesPerSecond} | ${row.hottestOverMean} | ${n(row.agenciesOnHottest)} | ${row.headroom}× | ${n(row.daysTo10GB)} |`),
    "",
    `The biggest agency alone writes ${r.biggestAgency.peakWritesPerSecond}/s at peak: no sharding by agency goes below that floor on its shard.`,
  ].join("\n");
}
