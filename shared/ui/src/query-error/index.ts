export { CHECK_CONNECTION, QueryError, refetchAll, type QueryErrorProps } from './query-error';
