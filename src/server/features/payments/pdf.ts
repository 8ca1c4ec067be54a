import type { ColorTypes, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatDueDate, formatMoneyCents } from '../../../domain/payment-schemas';
import { loadPdfLib } from '../../lazy-modules';
import { accountNumberLabel, formatAccountNumber, routingCodeLabel, type BankDetails } from '../../../domain/bank-details-schemas';
import { formatLongDate } from '../../../domain/dates';

/**
 * Invoices and receipts as PDF (decision 170), drawn with pdf-lib's standard fonts: nothing to embed, the same
 * bytes for the same document. A calm layout: the platform's name, the document's number and date, the parties, one
 * line per amount, and the total.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
// pdf-lib's rgb() values, written out so that the package is loaded only when a document is made.
const rgb = (red: number, green: number, blue: number): RGB => ({ type: 'RGB' as ColorTypes.RGB, red, green, blue });
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.85, 0.85, 0.87);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** The standard fonts speak WinAnsi only: any other character is shown as '?' rather than failing the document. */
const printable = (font: PDFFont, text: string): string =>
  [...text.normalize('NFC')]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');

const dateOf = formatLongDate;

class Sheet {
  y = A4[1] - MARGIN;
  constructor(
    private page: PDFPage,
    private fonts: Fonts,
  ) {}

  text(text: string, options: { size?: number; bold?: boolean; color?: RGB; x?: number; right?: boolean } = {}) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? 10;
    const safe = printable(font, text);
    const x = options.right ? A4[0] - MARGIN - font.widthOfTextAtSize(safe, size) : (options.x ?? MARGIN);
    this.page.drawText(safe, { x, y: this.y, size, font, color: options.color ?? INK });
  }

  line(gap = 16) {
    this.y -= gap;
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
    this.line(18);
  }

  /** `text` broken into lines at spaces, each at most `width` points wide (a word longer than that gets its own line). */
  wrap(text: string, width: number, bold = false, size = 10): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lines: string[] = [];
    let current = '';
    for (const word of printable(font, text).split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    return current ? [...lines, current] : lines;
  }

  /** Text across the page's width, wrapped; leaves the sheet on its last line, as `text` does. */
  paragraph(text: string, options: { size?: number; color?: RGB } = {}) {
    const size = options.size ?? 10;
    this.wrap(text, A4[0] - 2 * MARGIN, false, size).forEach((line, index) => {
      if (index > 0) this.line(size + 4);
      this.text(line, { size, color: options.color });
    });
  }

  /** A label on the left, wrapped short of its value on the right, which stands on its first line. */
  row(label: string, value: string, bold = false) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const room = A4[0] - 2 * MARGIN - font.widthOfTextAtSize(printable(font, value), 10) - 24;
    const [first = '', ...rest] = this.wrap(label, room, bold);
    this.text(first, { bold });
    this.text(value, { bold, right: true });
    for (const line of rest) {
      this.line(14);
      this.text(line, { bold });
    }
    this.line(18);
  }
}

const startDocument = async (title: string, site: string, date: Date) => {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(site);
  doc.setCreator(site);
  doc.setProducer(site);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const sheet = new Sheet(doc.addPage(A4), fonts);
  return { doc, sheet };
};

/** The document's head; `due` (an invoice's due date, already written out) stands under the date. */
const header = (sheet: Sheet, site: string, kind: string, number: string, date: Date, status: string, due?: string) => {
  sheet.text(site, { size: 18, bold: true });
  sheet.text(kind.toUpperCase(), { size: 11, bold: true, color: MUTED, right: true });
  sheet.line(28);
  sheet.text(`Number ${number}`, { color: MUTED });
  sheet.text(`Date ${dateOf(date)}`, { color: MUTED, right: true });
  sheet.line(14);
  sheet.text(`Status ${status}`, { color: MUTED });
  if (due) sheet.text(`Due ${due}`, { color: MUTED, right: true });
  sheet.line(28);
  sheet.rule();
};

const party = (sheet: Sheet, label: string, lines: string[]) => {
  sheet.text(label.toUpperCase(), { size: 8, bold: true, color: MUTED });
  sheet.line(14);
  for (const line of lines.filter(Boolean)) {
    sheet.text(line);
    sheet.line(14);
  }
  sheet.line(10);
};

export interface InvoiceDocument {
  site: string;
  number: string;
  issuedAt: Date;
  status: 'awaiting_payment' | 'paid' | 'cancelled';
  paidAt: Date | null;
  reference: string | null;
  /** The client as invoiced: their company (null if their profile named none at issue), their name and email. */
  client: { name: string; company: string | null; email: string };
  /** The day payment is due (YYYY-MM-DD); null on invoices issued before due dates (decision 177), which print none. */
  dueDate: string | null;
  creatorName: string;
  projectTitle: string;
  milestone: string;
  amountCents: number;
  /**
   * How an open invoice is paid: by bank transfer to the platform's account (null while an admin has not set it),
   * or by card through the provider's checkout.
   */
  payment: { method: 'bank_transfer'; payTo: BankDetails | null } | { method: 'checkout' };
}

const INVOICE_STATUS = { awaiting_payment: 'Awaiting payment', paid: 'Paid', cancelled: 'Void' } as const;

export const renderInvoicePdf = async (invoice: InvoiceDocument): Promise<Uint8Array> => {
  const { doc, sheet } = await startDocument(`Invoice ${invoice.number}`, invoice.site, invoice.issuedAt);
  // A voided invoice is due no more: it says so below, and prints no due date.
  const due = invoice.dueDate && invoice.status !== 'cancelled' ? formatDueDate(invoice.dueDate) : undefined;
  header(sheet, invoice.site, 'Invoice', invoice.number, invoice.issuedAt, INVOICE_STATUS[invoice.status], due);
  // The company is who is billed, above the person who asked for the work.
  party(sheet, 'Billed to', [invoice.client.company ?? '', invoice.client.name, invoice.client.email]);
  party(sheet, 'For work by', [invoice.creatorName]);
  sheet.rule();
  sheet.text('Description', { size: 8, bold: true, color: MUTED });
  sheet.text('Amount', { size: 8, bold: true, color: MUTED, right: true });
  sheet.line(18);
  sheet.row(`${invoice.projectTitle}: ${invoice.milestone}`, formatMoneyCents(invoice.amountCents));
  sheet.line(4);
  sheet.rule();
  sheet.row('Total', formatMoneyCents(invoice.amountCents), true);
  sheet.line(18);
  if (invoice.status === 'awaiting_payment') {
    howToPay(sheet, invoice);
    return doc.save();
  }
  const note =
    invoice.status === 'paid'
      ? // Said in a way that stays true after the release: the PDF is downloaded long after payment.
        `Received ${invoice.paidAt ? dateOf(invoice.paidAt) : ''}${invoice.reference ? `, reference ${invoice.reference}` : ''}, into escrow. Escrow is released to the creator when the work is approved.`
      : 'This invoice was voided; nothing is due.';
  sheet.paragraph(note, { size: 9, color: MUTED });
  return doc.save();
};

/** An open invoice's instructions: when it is due, the account to pay into and the reference to quote, or who will send them. */
const howToPay = (sheet: Sheet, invoice: InvoiceDocument) => {
  const closing = `${invoice.dueDate ? `Please pay by ${formatDueDate(invoice.dueDate)}. ` : ''}The amount is held in escrow until you approve the work.`;
  if (invoice.payment.method === 'checkout') {
    sheet.paragraph(`Pay by card through the secure checkout linked from your project on ${invoice.site}. ${closing}`, { size: 9, color: MUTED });
    return;
  }
  sheet.text('PAY BY BANK TRANSFER', { size: 8, bold: true, color: MUTED });
  sheet.line(18);
  const payTo = invoice.payment.payTo;
  if (!payTo) {
    sheet.paragraph(`${invoice.site} will email you the bank details for this transfer.`);
    sheet.line(16);
  } else {
    sheet.row('Account holder', payTo.accountHolder);
    sheet.row(accountNumberLabel(payTo.accountNumber), formatAccountNumber(payTo.accountNumber));
    if (payTo.routingCode) sheet.row(routingCodeLabel(payTo.routingCode), payTo.routingCode);
    if (payTo.bankName) sheet.row('Bank', payTo.bankName);
    if (payTo.country) sheet.row('Country', payTo.country);
  }
  sheet.row('Payment reference', invoice.number, true);
  sheet.line(6);
  sheet.paragraph(`Quote ${invoice.number} as the payment reference, so that we can match your transfer. ${closing}`, { size: 9, color: MUTED });
};

export interface ReceiptDocument {
  site: string;
  number: string;
  paidAt: Date;
  reference: string;
  creator: { name: string; email: string };
  /** The account it went to, masked; null for payouts requested before details were kept. */
  account: string | null;
  amountCents: number;
  /**
   * Context for the line: what the payout drew on, over the creator's history up to this payout. Fixed when the
   * receipt was issued (decision 228), so the document reads the same at every download.
   */
  earnedCents: number;
  feesCents: number;
}

export const renderReceiptPdf = async (receipt: ReceiptDocument): Promise<Uint8Array> => {
  const { doc, sheet } = await startDocument(`Receipt ${receipt.number}`, receipt.site, receipt.paidAt);
  header(sheet, receipt.site, 'Payout receipt', receipt.number, receipt.paidAt, 'Paid');
  party(sheet, 'Paid to', [receipt.creator.name, receipt.creator.email, ...(receipt.account ? [receipt.account] : [])]);
  sheet.rule();
  sheet.row('Released to your balance up to this payout (after fees)', formatMoneyCents(receipt.earnedCents));
  sheet.row('Platform fees withheld on those releases', formatMoneyCents(receipt.feesCents));
  sheet.line(4);
  sheet.rule();
  sheet.row('This payout', formatMoneyCents(receipt.amountCents), true);
  sheet.line(18);
  sheet.text(`Sent ${dateOf(receipt.paidAt)}, reference ${receipt.reference}.`, { size: 9, color: MUTED });
  return doc.save();
};
