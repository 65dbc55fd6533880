/** Latency figures of a benchmark, in milliseconds. */
export interface Row {
  benchmark: string;
  n: number;
  p50: number;
  p95: number;
  mean: number;
  throughput?: number;
  /** What the figure should reach, e.g. "p95 < 30 ms". */
  goal?: string;
  met?: boolean;
  /** The same work done by one raw SQL statement in the same run. */
  raw?: string;
  /** This figure over the raw statement's (how many times the cost of the SQL alone). */
  ratio?: number;
  note?: string;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

export const summarise = (benchmark: string, samples: number[], wallMs?: number, note?: string): Row => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    benchmark,
    n: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean,
    ...(wallMs ? { throughput: (samples.length / wallMs) * 1000 } : {}),
    ...(note ? { note } : {}),
  };
};

const figure = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "—");

export const printTable = (rows: Row[]) => {
  const header = ["benchmark", "n", "p50 ms", "p95 ms", "mean ms", "per s", "goal", "met", "raw SQL", "ratio", "note"];
  const lines = rows.map((r) => [
    r.benchmark,
    String(r.n),
    figure(r.p50),
    figure(r.p95),
    figure(r.mean),
    r.throughput ? r.throughput.toFixed(1) : "",
    r.goal ?? "",
    r.met === undefined ? "" : r.met ? "yes" : "NO",
    r.raw ?? "",
    r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}×`,
    r.note ?? "",
  ]);
  printMarkdownTable(header, lines);
};

/** A table in Markdown, each column as wide as its widest cell. */
export const printMarkdownTable = (header: string[], lines: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
};

/** How long a statement took where it ran (another process), which `time` takes over its own clock. */
export class RawTime {
  constructor(readonly ms: number) {}
}

export const time = async (fn: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  const result = await fn();
  return result instanceof RawTime ? result.ms : performance.now() - start;
};

/**
 * `run` timed once while the process's resident memory is sampled every 20 ms (after a collection
 * first, when node runs with --expose-gc): its result, its time and the peak growth of the RSS over
 * the start, in MiB.
 */
export const timeWithPeakRss = async <T>(run: () => Promise<T>) => {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const start = performance.now();
    const result = await run();
    return { result, ms: performance.now() - start, peakGrowthMiB: (peak - baseline) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
};

/** A bench file run alone (`node --import tsx <file>`): its figures printed under `title`, on the database it ran on. */
export const runAlone = async (moduleUrl: string, title: string, bench: (rows: Row[]) => Promise<void>) => {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const rows: Row[] = [];
  await bench(rows);
  console.log(`\n${title} on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}\n`);
  printTable(rows);
};
