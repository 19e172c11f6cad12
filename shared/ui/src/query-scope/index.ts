export { preloadQueryScope, QueryScope } from './query-scope';
