import { CONTACT_FIELDS, JOIN_US_FIELDS, requiredFieldNames } from '@promo/domain/public/public-forms.rules';
import { INCORRECT_EMAIL_FORMAT, isValidEmail } from '@promo/domain/validation/validation.rules';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractBody, currentUser, requireUser } from '../http/contract';
import { badRequest } from '../http/errors';

/**
 * Required fields per form (docs/product-rules.md, 'Join Us' and 'Contact Us'): the starred fields
 * of the forms the client shows (@promo/domain/public/public-forms.rules). The server checks them itself
 * instead of trusting the `required` flags the client sends in formFields.
 */
const REQUIRED_FIELDS = {
  'join-us': requiredFieldNames(JOIN_US_FIELDS),
  'contact-us': requiredFieldNames(CONTACT_FIELDS),
} as const;

export function registerFormSubmissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Join Us is open to visitors; Contact Us needs a signed-in customer or rep. */
  app.post('/form-submission/submit', async (request, reply) => {
    const body = contractBody(request, 'POST /form-submission/submit');
    const user =
      body.formConfigurationID === 'contact-us'
        ? requireUser(ctx, request, reply)
        : currentUser(ctx, request, reply);

    for (const field of REQUIRED_FIELDS[body.formConfigurationID]) {
      if ((body.response[field] ?? '').trim() === '') throw badRequest(`response.${field}: Required`);
    }
    if (!isValidEmail(body.response.email ?? ''))
      throw badRequest(`response.email: ${INCORRECT_EMAIL_FORMAT}`);

    // The account it names is the writer's own, or one of a rep's regions: the contract's reach
    // refuses any other before this runs (src/http/reach.ts).
    const accountId = body.accountId ?? (user?.role === 'customer' ? user.accountId : null);

    ctx.formSubmissions.add({
      formConfigurationID: body.formConfigurationID,
      userId: user?.id ?? null,
      accountId,
      accountName: body.accountName ?? null,
      response: body.response,
      formFields: body.formFields,
      createdAt: ctx.now(),
    });
    return { ok: true };
  });
}
