import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/support/pdf-text';
import { renderInvoicePdf, type InvoiceDocument } from './pdf';

// A4 is 595 points wide; the documents keep 56-point margins. Every drawn line must end inside them.
const WIDTH = 595 - 2 * 56;

const invoice = (projectTitle: string, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  site: 'Humanmade',
  number: 'HM-INV-2026-000010',
  issuedAt: new Date('2026-11-20T10:00:00Z'),
  status: 'awaiting_payment',
  paidAt: null,
  reference: null,
  client: { name: 'Ada Brennan', company: 'Brennan Bakery', email: 'ada@example.com' },
  dueDate: '2026-11-27',
  creatorName: 'Tomás Okafor',
  projectTitle,
  milestone: 'Sketches and first round of the illustrations',
  amountCents: 100_000,
  payment: { method: 'bank_transfer', payTo: { accountHolder: 'Humanmade Ltd', accountNumber: 'DE89370400440532013000', routingCode: 'COBADEFFXXX' } },
  ...overrides,
});

/** The lines drawn from the 'BILLED TO' label up to the next party's label. */
const billedTo = (text: string): string[] => {
  const lines = text.split('\n');
  return lines.slice(lines.indexOf('BILLED TO') + 1, lines.indexOf('FOR WORK BY'));
};

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

  it('bills the client’s company, above the person and their email, and states the due date under the issue date', async () => {
    const text = pdfText(await renderInvoicePdf(invoice('Shop front')));
    expect(billedTo(text)).toEqual(['Brennan Bakery', 'Ada Brennan', 'ada@example.com']);
    const lines = text.split('\n');
    // Issued November 20, due seven days later: beside the status, and again with how to pay.
    expect(lines.slice(lines.indexOf('Number HM-INV-2026-000010'), lines.indexOf('BILLED TO'))).toEqual([
      'Number HM-INV-2026-000010',
      'Date November 20, 2026',
      'Status Awaiting payment',
      'Due November 27, 2026',
    ]);
    expect(text.replace(/\n/g, ' ')).toContain('Please pay by November 27, 2026. The amount is held in escrow until you approve the work.');
  });

  it('names the person alone when the client has no company, and keeps the due date on a paid invoice', async () => {
    const paid = pdfText(
      await renderInvoicePdf(invoice('Shop front', { client: { name: 'Ada Brennan', company: null, email: 'ada@example.com' }, status: 'paid', paidAt: new Date('2026-11-23T09:00:00Z'), reference: 'BANK-7' })),
    );
    expect(billedTo(paid)).toEqual(['Ada Brennan', 'ada@example.com']);
    expect(paid).toContain('Due November 27, 2026');
    expect(paid).not.toContain('Please pay by');
  });

  it('prints no due date on a voided invoice, nor on one issued before due dates', async () => {
    const voided = pdfText(await renderInvoicePdf(invoice('Shop front', { status: 'cancelled' })));
    expect(voided).not.toContain('Due ');
    expect(voided).toContain('This invoice was voided; nothing is due.');
    const older = pdfText(await renderInvoicePdf(invoice('Shop front', { dueDate: null })));
    expect(older).not.toContain('Due ');
    expect(older).not.toContain('Please pay by');
    expect(older.replace(/\n/g, ' ')).toContain('so that we can match your transfer. The amount is held in escrow');
  });
});
