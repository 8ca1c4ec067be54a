import { DATABASE_LABELS, type DatabaseKind } from './databases';
import { TRIVIAL_ROUTE, type RouteResult } from './load';
import type { Cost } from './page-cost';

export interface SizeRun {
  database: DatabaseKind;
  size: number;
  routes: RouteResult[];
  pageView: Cost;
  original: Cost;
  /** The server's resident memory (MB): settled after start, right after the load, and settled again after it. */
  memory?: { idleMb: number; loadedMb: number; settledMb: number };
}

const num = (value: number, digits = 0) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${num(bytes / 1024 / 1024, 1)} MB` : `${num(bytes / 1024, 1)} KB`);
const ms = (value: number) => (value >= 1000 ? `${num(value / 1000, 2)} s` : `${num(value, value < 10 ? 2 : 0)} ms`);
const size = (value: number) => (value >= 1000 ? `${num(value / 1000)}k` : String(value));

const table = (headers: string[], rows: string[][]): string => {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
};

export const formatRun = (run: SizeRun): string => {
  const ceiling = run.routes.find((route) => route.name === TRIVIAL_ROUTE)?.rps ?? 0;
  const rows = run.routes.map((route) => [
    route.name,
    num(route.rps),
    num(route.p50, 1),
    num(route.p99, 1),
    ceiling > 0 ? `${num((route.rps / ceiling) * 100, 1)}%` : '-',
    route.group,
    route.hitRate === null ? '-' : `${num(route.hitRate * 100, 1)}%`,
    route.errors + route.non2xx > 0 ? `${route.errors} err, ${route.non2xx} non-2xx` : '0',
  ]);
  const memory = run.memory ? `\nserver RSS: ${num(run.memory.idleMb)} MB idle, ${num(run.memory.loadedMb)} MB after the load, ${num(run.memory.settledMb)} MB idle after it` : '';
  return `\n${DATABASE_LABELS[run.database]}, ${num(run.size)} approved creators\n${table(['route', 'req/s', 'p50 ms', 'p99 ms', 'vs ping', 'kind', 'cache hits', 'errors'], rows)}${memory}`;
};

export const formatSummary = (runs: SizeRun[]): string => {
  const out: string[] = [];
  for (const database of [...new Set(runs.map((run) => run.database))]) {
    const mine = runs.filter((run) => run.database === database).sort((a, b) => a.size - b.size);
    const smallest = mine[0];
    const largest = mine.at(-1);
    if (!smallest || !largest) continue;
    out.push(`\n=== ${DATABASE_LABELS[database]} ===`);
    const routeNames = smallest.routes.map((route) => route.name);
    const headers = ['route', ...mine.flatMap((run) => [`req/s@${size(run.size)}`, `p50@${size(run.size)}`, `p99@${size(run.size)}`]), 'vs ping', `p50 ${size(largest.size)}/${size(smallest.size)}`];
    const rows = routeNames.map((name) => {
      const cells = mine.flatMap((run) => {
        const route = run.routes.find((candidate) => candidate.name === name);
        return route ? [num(route.rps), num(route.p50, 1), num(route.p99, 1)] : ['-', '-', '-'];
      });
      const first = smallest.routes.find((route) => route.name === name);
      const last = largest.routes.find((route) => route.name === name);
      const ceiling = largest.routes.find((route) => route.name === TRIVIAL_ROUTE)?.rps ?? 0;
      const share = last && ceiling > 0 ? `${num((last.rps / ceiling) * 100, 1)}%` : '-';
      const growth = first && last && first.p50 > 0 ? num(last.p50 / first.p50, 2) : '-';
      return [name, ...cells, share, growth];
    });
    out.push(table(headers, rows));
    out.push(`('vs ping' is the route's throughput at ${size(largest.size)} as a share of the trivial route's on the same server.)`);
    out.push('\nOne marketplace page view vs a query shaped like the original (all approved creators with all portfolio items):');
    out.push(
      table(
        ['creators', 'page bytes', 'page time', 'original bytes', 'original time', 'bytes ×', 'time ×'],
        mine.map((run) => [
          num(run.size),
          kb(run.pageView.bytes),
          ms(run.pageView.ms),
          kb(run.original.bytes),
          ms(run.original.ms),
          `${num(run.original.bytes / run.pageView.bytes)}×`,
          `${num(run.original.ms / run.pageView.ms)}×`,
        ]),
      ),
    );
  }
  return out.join('\n');
};

/**
 * The targets, read off the largest PostgreSQL run: uncached reads (random terms, studios, filter combinations)
 * at p99 ≤ 50 ms and ≥ 25% of the trivial route; signed-in reads ≥ 25%; the cached first page as before (≥ 80%).
 */
export const formatTargets = (runs: SizeRun[]): string => {
  const largest = runs.filter((run) => run.database === 'postgres').sort((a, b) => a.size - b.size).at(-1);
  const ceiling = largest?.routes.find((route) => route.name === TRIVIAL_ROUTE);
  if (!largest || !ceiling) return '';
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines = [`\nTargets (PostgreSQL, ${num(largest.size)} creators; ping ${num(ceiling.rps)} req/s):`];
  for (const route of largest.routes) {
    const share = route.rps / ceiling.rps;
    if (route.group === 'uncached') {
      lines.push(`  ${route.name}: p99 ${num(route.p99, 1)} ms (≤ 50) ${mark(route.p99 <= 50)}; ${num(share * 100, 1)}% of ping (≥ 25%) ${mark(share >= 0.25)}`);
    } else if (route.group === 'signed-in' && route.name !== 'sign-in') {
      lines.push(`  ${route.name} (signed in): ${num(share * 100, 1)}% of ping (≥ 25%) ${mark(share >= 0.25)}`);
    } else if (route.name === 'marketplace first page' || route.name.startsWith('highest rated,')) {
      // 'Highest rated' is held to the first page's targets (decision 160).
      lines.push(`  ${route.name} (cached): p99 ${num(route.p99, 1)} ms (≤ 50) ${mark(route.p99 <= 50)}; ${num(share * 100, 1)}% of ping (≥ 80%) ${mark(share >= 0.8)}`);
    }
  }
  return lines.join('\n');
};
