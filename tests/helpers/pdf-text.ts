import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, as one string, read with PDF.js (unpdf). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The PDFs attached to a raw email (base64 parts of type application/pdf), with their file names. */
export function pdfAttachments(raw: string): { filename: string; bytes: Uint8Array }[] {
  const found: { filename: string; bytes: Uint8Array }[] = [];
  for (const match of raw.matchAll(/Content-Type: application\/pdf[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*((?:\r?\n[^\r\n]+)*)\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/gi)) {
    const head = match[0].slice(0, match[0].length - match[2].length);
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? /name="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
    found.push({ filename, bytes: new Uint8Array(Buffer.from(match[2].replace(/\s+/g, ''), 'base64')) });
  }
  return found;
}
