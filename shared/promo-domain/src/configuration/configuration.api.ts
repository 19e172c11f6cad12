import { http } from '@promo/domain/http/http-client';
import type { ConfigurationEntry, ConfigurationId } from '../types';

/** One entry from GET /configuration/get, or undefined where the server has no such entry. */
export async function getConfigurationEntry<Id extends ConfigurationId>(
  id: Id,
): Promise<ConfigurationEntry<Id> | undefined> {
  const entries = await http.get('/configuration/get', { ids: id });
  return entries.find((entry): entry is ConfigurationEntry<Id> => entry.id === id);
}
