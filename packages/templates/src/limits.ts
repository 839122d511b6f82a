/** Limits that keep one template, or one render of it, from costing more than scaffolding is worth. */
export const templateLimits = {
  /** Total UTF-8 size of a template's files and its scaffold.yaml. */
  totalBytes: 2 * 1024 * 1024,
  /** Most files in one template. */
  files: 1000,
  /** Longest path of a template file or of a rendered target. */
  pathLength: 300,
  /** Total size of everything one render writes. */
  outputBytes: 10 * 1024 * 1024,
  /**
   * Output the renders running at once may hold in all, whatever the number of workers: each
   * reserves `outputBytes` when it starts, so two renders run side by side and a third waits.
   */
  heldOutputBytes: 2 * 10 * 1024 * 1024,
  /** LiquidJS's own time limit for one render call, in milliseconds. */
  renderMs: 2000,
  /** Wall-clock limit of a whole render job in the worker; the worker is ended when it is passed. */
  jobMs: 5000,
  /** LiquidJS's limit on template text parsed in one call. */
  parseChars: 4 * 1024 * 1024,
  /** LiquidJS's limit on objects and characters a render may create (ranges, joins and the like). */
  memoryUnits: 50_000_000,
} as const;

// Measured the same way as the architecture engine's limits, so both speak of sizes alike.
export { formatBytes, utf8Length } from '@switchboard/sandbox';
