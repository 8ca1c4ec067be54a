import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatLongDate, formatLongDateTimeUtc, formatMonthYear } from './dates';
import { formatDueDate, invoiceDueDate, isOverdue } from './payment-schemas';

describe('dates, written one way (decision 178)', () => {
  it('writes calendar days, documents and months in US English, in UTC', () => {
    expect(formatCalendarDay('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatLongDate('2026-11-28T23:30:00.000Z')).toBe('November 28, 2026');
    expect(formatLongDateTimeUtc(new Date('2026-11-26T04:30:00.000Z'))).toBe('November 26, 2026 at 4:30 AM UTC');
    expect(formatMonthYear('2026-10-01T00:00:00.000Z')).toBe('October 2026');
  });
});

describe('invoice terms (decision 177)', () => {
  it('is due seven days after the day of issue, counted in UTC', () => {
    expect(invoiceDueDate(new Date('2026-11-20T22:00:00.000Z'))).toBe('2026-11-27');
    expect(formatDueDate('2026-11-27')).toBe('November 27, 2026');
  });

  it('is overdue only while unpaid, from the day after its due date', () => {
    const now = new Date('2026-11-28T10:00:00.000Z');
    expect(isOverdue({ status: 'awaiting_payment', dueDate: '2026-11-27' }, now)).toBe(true);
    expect(isOverdue({ status: 'awaiting_payment', dueDate: '2026-11-28' }, now)).toBe(false);
    expect(isOverdue({ status: 'paid', dueDate: '2026-11-01' }, now)).toBe(false);
    expect(isOverdue({ status: 'cancelled', dueDate: '2026-11-01' }, now)).toBe(false);
    expect(isOverdue({ status: 'awaiting_payment', dueDate: null }, now)).toBe(false);
  });
});
