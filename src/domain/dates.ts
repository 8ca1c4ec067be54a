/** One day in milliseconds, for timers and due dates counted in whole days. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How Humanmade writes dates and times, everywhere: in US English, month first ("Nov 28, 2026", "2:05 PM"), the
 * way its prices are written. Instants are shown in the reader's time zone; a calendar day (a due date, YYYY-MM-DD)
 * and what the server writes into emails and PDFs are read in UTC, so they never move by a day.
 */
const LOCALE = 'en-US';

/**
 * A formatter made on its first use: each Intl.DateTimeFormat costs milliseconds to build (about 150 ms for these
 * nine on a throttled phone, all in the first script of any page that shows a date), and most pages use one or two.
 */
const formatter = (options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format'> => {
  let made: Intl.DateTimeFormat | null = null;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(LOCALE, options)).format(date) };
};

const day = formatter({ month: 'short', day: 'numeric', year: 'numeric' });
const dayTime = formatter({ dateStyle: 'medium', timeStyle: 'short' });
const eventTime = formatter({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const monthDay = formatter({ month: 'short', day: 'numeric' });
const time = formatter({ hour: 'numeric', minute: '2-digit' });
const calendarDay = formatter({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const longDay = formatter({ dateStyle: 'long', timeZone: 'UTC' });
const longDayTime = formatter({ dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const monthYear = formatter({ month: 'long', year: 'numeric', timeZone: 'UTC' });

type Instant = string | Date;
const toDate = (value: Instant): Date => (typeof value === 'string' ? new Date(value) : value);

/** "Nov 28, 2026", in the reader's time zone. */
export const formatDate = (value: Instant): string => day.format(toDate(value));
/** "Nov 28, 2026, 2:05 PM", in the reader's time zone. */
export const formatDateTime = (value: Instant): string => dayTime.format(toDate(value));
/** "Sat, Nov 28, 2026, 2:05 PM", in the reader's time zone: when something is on (a workshop). */
export const formatEventTime = (value: Instant): string => eventTime.format(toDate(value));
/** "Nov 28", in the reader's time zone: a recent day in a list. */
export const formatMonthDay = (value: Instant): string => monthDay.format(toDate(value));
/** "2:05 PM", in the reader's time zone. */
export const formatTime = (value: Instant): string => time.format(toDate(value));
/** A calendar day (YYYY-MM-DD, e.g. a milestone's due date) as "Nov 28, 2026", the same day wherever it is read. */
export const formatCalendarDay = (date: string): string => calendarDay.format(new Date(`${date}T00:00:00Z`));
/** "November 28, 2026" in UTC: documents and emails, written on the server. */
export const formatLongDate = (value: Instant): string => longDay.format(toDate(value));
/** "November 28, 2026 at 2:05 PM UTC": an exact moment in a document or an email. */
export const formatLongDateTimeUtc = (value: Instant): string => `${longDayTime.format(toDate(value))} UTC`;
/** "November 2026" in UTC: when a review's project ran, or since when someone is a member. */
export const formatMonthYear = (value: Instant): string => monthYear.format(toDate(value));
