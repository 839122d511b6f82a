// Keeping untrusted input within bounds. This entry is browser-safe (the dashboard measures what it
// sends); the Node-only worker with a time limit is `@switchboard/sandbox/timed-worker`.
export { formatBytes, utf8Length } from './text-size.js';
