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

function read(file: Blob, as: 'readAsDataURL' | 'readAsText'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Não foi possível ler o arquivo.'));
    reader[as](file);
  });
}

/** The file as a data URL (data:text/csv;base64,...), the form in which uploads travel as TX_Base (product-spec §3). */
export const readAsDataUrl = (file: Blob): Promise<string> => read(file, 'readAsDataURL');

/** The file's text, read as UTF-8 (through FileReader, as `readAsDataUrl`: jsdom's Blob has no `text()`). */
export const readAsText = (file: Blob): Promise<string> => read(file, 'readAsText');
