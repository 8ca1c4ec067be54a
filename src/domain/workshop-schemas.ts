import { z } from 'zod';
import { LIMITS } from './constants';

/** Messages of the admin's workshop form and the workshop endpoints (the product's wording). */
export const WORKSHOP_MESSAGES = {
  created: 'Workshop created!',
  createFailed: 'Error creating workshop',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 200 characters',
  descriptionTooLong: 'Description must be less than 5000 characters',
  dateRequired: 'Date & time is required',
  dateInvalid: 'Please enter a valid date and time',
  dateInPast: 'Please choose a date and time in the future',
  maxRequired: 'Max participants is required',
  maxWhole: 'Max participants must be a whole number',
  maxMin: 'Max participants must be at least 1',
  maxTooMany: 'Max participants must be 10,000 or fewer',
  linkInvalid: 'Please enter a valid URL, starting with https://',
} as const;

const M = WORKSHOP_MESSAGES;
export const WORKSHOP_MAX_PARTICIPANTS = 10_000;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** The fields the browser form and the API share; only the date differs (local input vs ISO timestamp). */
const workshopFields = {
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  description: z.string().trim().max(5000, M.descriptionTooLong).optional(),
  maxParticipants: z
    .number({ error: M.maxRequired })
    .int(M.maxWhole)
    .min(1, M.maxMin)
    .max(WORKSHOP_MAX_PARTICIPANTS, M.maxTooMany),
  // Empty means "no link yet"; anything else must be a web address a participant can open.
  link: z
    .string()
    .trim()
    .max(2048, M.linkInvalid)
    .refine((value) => value === '' || isHttpUrl(value), M.linkInvalid)
    .optional(),
};

/** Is the instant still ahead of `now`? Shared so the form and the server refuse the same dates. */
export const isFutureInstant = (iso: string, now: Date = new Date()): boolean => new Date(iso).getTime() > now.getTime();

/** The admin's Create Workshop form: Date & Time comes from a datetime-local input in the browser's time zone. */
export const workshopFormSchema = z.object({
  ...workshopFields,
  date: z.string({ error: M.dateRequired }).superRefine((value, ctx) => {
    // One message at a time: required, then a real date, then in the future.
    if (value === '') ctx.addIssue({ code: 'custom', message: M.dateRequired });
    else if (Number.isNaN(new Date(value).getTime())) ctx.addIssue({ code: 'custom', message: M.dateInvalid });
    else if (!isFutureInstant(value)) ctx.addIssue({ code: 'custom', message: M.dateInPast });
  }),
});
export type WorkshopFormValues = z.infer<typeof workshopFormSchema>;

/** The API body: the same fields, with the date already converted to an ISO timestamp (as the product asks). */
export const createWorkshopSchema = z.object({
  ...workshopFields,
  date: z.iso.datetime({ offset: true, error: M.dateInvalid }),
});
export type CreateWorkshopInput = z.infer<typeof createWorkshopSchema>;

/** Turns the form's values into the API body: the local date and time become an ISO timestamp. */
export const toCreateWorkshopInput = (values: WorkshopFormValues): CreateWorkshopInput => ({
  title: values.title,
  description: values.description,
  maxParticipants: values.maxParticipants,
  link: values.link,
  date: new Date(values.date).toISOString(),
});

export const workshopFormDefaults = (): WorkshopFormValues => ({
  title: '',
  description: '',
  date: '',
  maxParticipants: LIMITS.workshopDefaultMaxParticipants,
  link: '',
});

/** One workshop as creators' dashboards read it from GET /api/workshops/upcoming. Keep this contract stable. */
export const upcomingWorkshopSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  link: z.string().nullable(),
  maxParticipants: z.number().int(),
});
export type UpcomingWorkshop = z.infer<typeof upcomingWorkshopSchema>;
export const upcomingWorkshopsResponseSchema = z.object({ workshops: z.array(upcomingWorkshopSchema) });

/** A workshop in the admin's list, with who created it and when. */
export const adminWorkshopSchema = upcomingWorkshopSchema.extend({ createdAt: z.string() });
export type AdminWorkshop = z.infer<typeof adminWorkshopSchema>;
export const adminWorkshopsResponseSchema = z.object({ workshops: z.array(adminWorkshopSchema) });
