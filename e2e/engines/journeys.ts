import type { EngineName } from './driver.ts';
import { customerJourney } from './journeys/customer-journey.ts';
import { guestJourney } from './journeys/guest-journey.ts';
import { offlineJourney } from './journeys/offline-journey.ts';
import { repJourney } from './journeys/rep-journey.ts';

/**
 * Every journey, registered for one engine; each runs in a browser session of its own, one after
 * the other (the engines run side by side, run-engines.ts). Both engines here have service
 * workers, so both run the offline journey (docs/decisions/036-engine-suite.md).
 */
export function describeJourneys(engine: EngineName): void {
  guestJourney(engine);
  customerJourney(engine);
  repJourney(engine);
  offlineJourney(engine);
}
