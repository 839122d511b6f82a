import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Template folders as zip files, through fflate: writing stores files uncompressed (templates are
 * small text), reading takes stored and deflated entries (what zip tools and operating systems make).
 */
export interface ZipEntry {
  path: string;
  content: string;
}

/** A zip of the entries, stored (no compression); non-ASCII names are marked UTF-8. */
export function writeZip(entries: readonly ZipEntry[]): Blob {
  const files = Object.fromEntries(entries.map((entry) => [entry.path, strToU8(entry.content)]));
  return new Blob([zipSync(files, { level: 0 })] as BlobPart[], { type: 'application/zip' });
}

/** The files of a zip (folders left out); an archive that cannot be read says so in words. */
export function readZip(buffer: ArrayBuffer): ZipEntry[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(buffer), { filter: (file) => !file.name.endsWith('/') });
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    if (reason.startsWith('unknown compression type'))
      throw new Error(`The zip archive uses a compression this page cannot read (${reason}).`);
    if (reason === 'invalid zip data') throw new Error('This file is not a zip archive.');
    throw new Error('The zip archive is damaged.');
  }
  return Object.entries(files).map(([path, data]) => ({ path, content: strFromU8(data) }));
}
