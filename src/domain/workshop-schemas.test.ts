import { describe, expect, it } from 'vitest';
import { createWorkshopSchema, toCreateWorkshopInput, workshopFormDefaults, workshopFormSchema, WORKSHOP_MESSAGES as M } from './workshop-schemas';

const pad = (value: number) => String(value).padStart(2, '0');
/** A datetime-local value, as the browser's input gives it, `hours` from now. */
const localValue = (hours: number) => {
  const date = new Date(Date.now() + hours * 3600 * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const fieldErrors = (values: Record<string, unknown>) => {
  const result = workshopFormSchema.safeParse({ ...workshopFormDefaults(), ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the Create Workshop form schema', () => {
  it('defaults Max Participants to 50 and leaves the rest empty', () => {
    expect(workshopFormDefaults()).toEqual({ title: '', description: '', date: '', maxParticipants: 50, link: '' });
  });

  it('requires a title and a date and time, one message each', () => {
    expect(fieldErrors({})).toEqual({ title: M.titleRequired, date: M.dateRequired });
  });

  it('refuses a past date, a non-whole or zero participant count, an empty number and a link that is not a web address', () => {
    expect(fieldErrors({ title: 'Critique', date: localValue(-2) }).date).toBe(M.dateInPast);
    expect(fieldErrors({ title: 'Critique', date: localValue(2), maxParticipants: 2.5 }).maxParticipants).toBe(M.maxWhole);
    expect(fieldErrors({ title: 'Critique', date: localValue(2), maxParticipants: 0 }).maxParticipants).toBe(M.maxMin);
    expect(fieldErrors({ title: 'Critique', date: localValue(2), maxParticipants: Number.NaN }).maxParticipants).toBe(M.maxRequired);
    expect(fieldErrors({ title: 'Critique', date: localValue(2), link: 'meet.example.com' }).link).toBe(M.linkInvalid);
    expect(fieldErrors({ title: 'Critique', date: localValue(2), link: 'ftp://example.com' }).link).toBe(M.linkInvalid);
  });

  it('turns the local date and time into an ISO timestamp the API schema accepts', () => {
    const value = localValue(30);
    const form = workshopFormSchema.parse({ ...workshopFormDefaults(), title: ' Critique ', date: value, link: 'https://meet.example.com/x' });
    const body = toCreateWorkshopInput(form);
    expect(body.date).toBe(new Date(value).toISOString());
    expect(body.title).toBe('Critique');
    expect(createWorkshopSchema.safeParse(body).success).toBe(true);
  });

  it('makes the API refuse a date without a time zone', () => {
    const result = createWorkshopSchema.safeParse({ title: 'X', maxParticipants: 5, date: localValue(5) });
    expect(result.success).toBe(false);
  });
});
