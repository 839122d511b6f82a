/** Saves `blob` as a file named `fileName` through the browser's download, without a server round trip. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download already; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `fileName`. */
export function downloadText(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: 'application/yaml' }));
}
