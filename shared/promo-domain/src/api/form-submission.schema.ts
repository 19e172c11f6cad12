import { z } from 'zod';

/**
 * POST /form-submission/submit: a Join Us or Contact Us form, declared once. The server validates
 * with this schema (server/src/routes/form-submission.routes.ts) and then checks the form's own
 * starred fields itself (public-forms.rules.ts); the forms take the inferred types, as types only.
 */

/** One field of a form as the form shows it; the server trusts its own list of required fields, not `required`. */
export const formFieldSchema = z.object({
  name: z.string().min(1, 'Required').max(100),
  label: z.string().max(200),
  required: z.boolean(),
  type: z.enum(['text', 'email', 'tel', 'textarea']).optional(),
});
export type FormField = z.input<typeof formFieldSchema>;

export const formSubmissionSchema = z.object({
  formConfigurationID: z.enum(['join-us', 'contact-us']),
  response: z.record(z.string().max(100), z.string().max(5000)),
  formFields: z.array(formFieldSchema).max(50),
  accountId: z.string().max(100).optional(),
  accountName: z.string().max(300).optional(),
});
export type FormSubmission = z.input<typeof formSubmissionSchema>;
