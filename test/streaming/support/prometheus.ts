// @ts-expect-error the package ships no types; its output shape is described by PromFamily below.
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { expect } from "vitest";
import type { ApiClient } from "../../support/http";

interface PromSample {
  value?: string;
  buckets?: Record<string, string>;
  labels?: Record<string, string>;
}
export interface PromFamily {
  name: string;
  type: string;
  metrics: PromSample[];
}

/** GET /metrics (with `query`, e.g. an access token) parsed by a Prometheus text-format parser, by family name. */
export async function scrapeMetrics(client: ApiClient, query = ""): Promise<Map<string, PromFamily>> {
  const response = await client.get(`/metrics${query}`);
  expect(response.status, response.text).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(response.text) as PromFamily[];
  return new Map(families.map((family) => [family.name, family]));
}

/** The value of the sample with these labels (0 when absent). */
export function sample(families: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}): number {
  const found = families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(found?.value ?? 0);
}

/** Observations of a histogram (0 when absent): this parser folds a labelled histogram into one sample, so its +Inf bucket counts every series. */
export function observations(families: Map<string, PromFamily>, name: string): number {
  const family = families.get(name);
  if (!family) return 0;
  expect(family.type).toBe("HISTOGRAM");
  return Number(family.metrics[0]?.buckets?.["+Inf"] ?? 0);
}
