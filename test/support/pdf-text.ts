import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF made by pdf-lib with a standard font: each content stream inflated, each `<hex> Tj` read
 * as WinAnsi (latin1) bytes, one line per drawn string. Enough to assert what a document says, not a general parser.
 */
export const pdfText = (bytes: Uint8Array | Buffer): string => {
  const raw = Buffer.from(bytes);
  const source = raw.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(raw.subarray(start, end)).toString('latin1');
    } catch {
      content = source.slice(start, end);
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(shown[1], 'hex').toString('latin1'));
    for (const shown of content.matchAll(/\((.*?)\)\s*Tj/g)) lines.push(shown[1]);
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
};
