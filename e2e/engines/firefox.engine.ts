import { describeJourneys } from './journeys.ts';

describeJourneys('firefox');
