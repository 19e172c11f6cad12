import { describeJourneys } from './journeys.ts';

describeJourneys('webkit');
