export { TierBar } from './tier-bar';
