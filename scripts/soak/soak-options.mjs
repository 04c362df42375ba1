// The soak's command line (scripts/soak.mjs): its options, checked, and DATABASE_URL (a postgresql:// URL or none).
// Bad usage prints why and exits 2; --help prints the options and exits 0.
import { parseArgs } from "node:util";

export const HELP = `Usage: node scripts/soak.mjs [options]
  --minutes N            length of the loaded run (default 30; kills at 1/3 and 2/3)
  --out FILE             also write the results as JSON
  --port P               first of three loopback ports: app instances P and P+1, judge server P+2 (default 3400)
  --annotators N         annotator clients (default 4)
  --reviewers N          reviewer clients (default 2)
  --compress-clients N   concurrent compress clients (default 8)
  --compress-pause-ms N  pause of each compress client between requests (default 250)
  --think-ms N           annotators' and reviewers' pause between steps (default 400)
  --judge-pairs N        pairs per judge run (default 10)
  --sweep-pairs N        gold pairs of the dataset the sweeps run over (default 120)
  --drain-s N            how long jobs may take to finish after the run (default 180)
  --no-pages             annotators and reviewers skip the HTML pages (API only)
  --keep-logs            keep the processes' logs (kept anyway when a goal is missed)
  --admin-email E, --admin-password P   an admin of the database in DATABASE_URL
  --seed N               seed of the generated pairs (default 1)
  --help`;

/** Prints what is wrong with the command line and exits 2. */
export const usage = (msg) => {
  console.error(`[soak] ${msg}`);
  process.exit(2);
};

/** The options as given (`values`), checked and converted (`config`), and DATABASE_URL when set (`external`). */
export function parseSoakOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        minutes: { type: "string", default: "30" },
        out: { type: "string" },
        port: { type: "string", default: "3400" },
        annotators: { type: "string", default: "4" },
        reviewers: { type: "string", default: "2" },
        "compress-clients": { type: "string", default: "8" },
        "compress-pause-ms": { type: "string", default: "250" },
        "think-ms": { type: "string", default: "400" },
        "judge-pairs": { type: "string", default: "10" },
        "sweep-pairs": { type: "string", default: "120" },
        "drain-s": { type: "string", default: "180" },
        "no-pages": { type: "boolean", default: false },
        "keep-logs": { type: "boolean", default: false },
        "admin-email": { type: "string" },
        "admin-password": { type: "string" },
        seed: { type: "string", default: "1" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (e) {
    console.error(`[soak] ${e.message}\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }

  const num = (name, { min, integer = true }) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n)))
      usage(`--${name} must be ${integer ? "an integer" : "a number"} ≥ ${min}`);
    return n;
  };
  const config = {
    minutes: num("minutes", { min: 1, integer: false }),
    port: num("port", { min: 1024 }),
    annotators: num("annotators", { min: 2 }),
    reviewers: num("reviewers", { min: 1 }),
    compressClients: num("compress-clients", { min: 0 }),
    compressPauseMs: num("compress-pause-ms", { min: 0 }),
    thinkMs: num("think-ms", { min: 0 }),
    judgePairs: num("judge-pairs", { min: 1 }),
    sweepPairs: num("sweep-pairs", { min: 1 }),
    drainS: num("drain-s", { min: 10 }),
    seed: num("seed", { min: 0 }),
    pages: !values["no-pages"],
  };
  if (config.port + 2 > 65_535) usage("--port leaves no room for three ports");
  const external = process.env.DATABASE_URL;
  if (external && !/^postgres(ql)?:\/\//i.test(external))
    usage("the soak runs on PostgreSQL: unset DATABASE_URL (a throwaway cluster is started) or give a postgresql:// URL");
  return { values, config, external };
}
