/** Latency figures of a benchmark, in milliseconds. */
export interface Row {
  benchmark: string;
  n: number;
  p50: number;
  p95: number;
  mean: number;
  throughput?: number;
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

export const printTable = (rows: Row[]) => {
  const header = ["benchmark", "n", "p50 ms", "p95 ms", "mean ms", "per s", "note"];
  const lines = rows.map((r) => [
    r.benchmark,
    String(r.n),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.mean.toFixed(1),
    r.throughput ? r.throughput.toFixed(1) : "",
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
};

export const time = async (fn: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
