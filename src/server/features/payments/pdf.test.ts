import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/support/pdf-text';
import { renderInvoicePdf, type InvoiceDocument } from './pdf';

// A4 is 595 points wide; the documents keep 56-point margins. Every drawn line must end inside them.
const WIDTH = 595 - 2 * 56;

const invoice = (projectTitle: string): InvoiceDocument => ({
  site: 'Humanmade',
  number: 'HM-INV-2026-000010',
  issuedAt: new Date('2026-11-20T10:00:00Z'),
  status: 'awaiting_payment',
  paidAt: null,
  reference: null,
  client: { name: 'Brennan Bakery', email: 'ada@example.com' },
  creatorName: 'Tomás Okafor',
  projectTitle,
  milestone: 'Sketches and first round of the illustrations',
  amountCents: 100_000,
  payment: { method: 'bank_transfer', payTo: { accountHolder: 'Humanmade Ltd', accountNumber: 'DE89370400440532013000', routingCode: 'COBADEFFXXX' } },
});

describe('invoice PDF', () => {
  it('wraps a long description short of the amount, and every note inside the margins', async () => {
    const title = 'A complete illustrated identity for the bakery, its shop front, its seasonal boxes and the new café menu';
    const text = pdfText(await renderInvoicePdf(invoice(title)));
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = text.split('\n');
    // The description is split over lines; put back together, it is all there.
    const start = lines.findIndex((line) => line.startsWith('A complete illustrated'));
    expect(start).toBeGreaterThan(-1);
    // The amount is drawn right after the description's first line, on the same line of the page.
    const amount = lines[start + 1] ?? '';
    expect(amount).toMatch(/^\$1,000/);
    const amountWidth = font.widthOfTextAtSize(amount, 10);
    let description = '';
    for (let index = start; !description.endsWith('illustrations'); index += 1) {
      if (index === start + 1) continue;
      expect(font.widthOfTextAtSize(lines[index] ?? '', 10)).toBeLessThanOrEqual(WIDTH - amountWidth - 24);
      description = description ? `${description} ${lines[index]}` : (lines[index] ?? '');
      expect(index).toBeLessThan(lines.length);
    }
    expect(description).toBe(`${title}: Sketches and first round of the illustrations`);
    expect(lines.indexOf(description)).toBe(-1);
    // The closing note, at 9 points, is wrapped to the page as well.
    for (const line of lines) expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(WIDTH + 1);
    expect(text).toContain('Quote HM-INV-2026-000010 as the payment reference');
  });
});
