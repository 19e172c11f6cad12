export { CHECK_CONNECTION, QueryError, refetchAll, type QueryErrorProps } from './query-error';
export { queryFailure, queryGate, type GatedQuery, type QueryGate } from './query-gate';
