import { ArchitectureError } from './errors.js';
import { limits } from './limits.js';

/**
 * A repository-relative path with forward slashes and no `.` segments. Refuses absolute paths, drive
 * letters and paths that climb out of the repository, because a path names a file the CLI will read
 * and the server will store findings under.
 */
export function normaliseRepoPath(path: string): string {
  const refuse = (why: string) => new ArchitectureError('PATH_INVALID', `The path "${path}" ${why}.`);
  if (path.length === 0) throw refuse('is empty');
  if (path.length > limits.pathLength) throw refuse(`is longer than ${limits.pathLength} characters`);
  if (path.includes('\0')) throw refuse('contains a NUL character');
  const slashed = path.replaceAll('\\', '/');
  if (/^[A-Za-z]:/.test(slashed))
    throw refuse('starts with a drive letter; give it relative to the repository');
  if (slashed.startsWith('/')) throw refuse('is absolute; give it relative to the repository');
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw refuse('leads outside the repository');
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  if (segments.length === 0) throw refuse('names no file');
  return segments.join('/');
}
