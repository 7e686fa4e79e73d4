/** Offers `blob` to the user as a file named `fileName` (a temporary object URL on a clicked link). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The file name of a `content-disposition: attachment; filename="…"` header, or `fallback`. */
export function attachmentName(header: unknown, fallback: string): string {
  const match = typeof header === 'string' ? /filename="?([^";]+)"?/.exec(header) : null;
  return match?.[1] ?? fallback;
}
