import { DIVISION_CODES, DIVISIONS, type DivisionCode } from '@promo/domain/api/values';
import type { ConfigurationEntry } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractCaller, contractQuery } from '../http/contract';

function divisionLogoId(code: DivisionCode): string {
  return `division-logo-${code}`;
}

export function registerConfigurationRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * 'branch.details' is the branch list; a rep sees the branches of their allowed regions
   * only, a customer sees all. Unknown ids are left out.
   */
  app.get('/configuration/get', async (request, reply): Promise<ConfigurationEntry[]> => {
    const user = contractCaller(ctx, request, reply, 'GET /configuration/get');
    const { ids } = contractQuery(request, 'GET /configuration/get');
    const entries: ConfigurationEntry[] = [];
    for (const id of ids) {
      if (id === 'branch.details') {
        entries.push({ id, value: ctx.content.branchesFor(user) });
      } else if (id === 'division.details') {
        // 'division.details' is an addition to the original API: each division's name and logo image id.
        const value = DIVISION_CODES.map((division) => ({
          division,
          name: DIVISIONS[division],
          logo: { id: divisionLogoId(division) },
        }));
        entries.push({ id, value });
      }
    }
    return entries;
  });
}
