// The part of autocannon 8's API the benchmarks use (it ships no types of its own).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Worker threads firing the requests; 0 fires them from the calling thread. */
    workers?: number;
    method?: string;
    headers?: Record<string, string>;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface Result {
    /** Seconds the run actually took. */
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  function autocannon(options: Options): EventEmitter & Promise<Result>;
  export default autocannon;
}
