export { CHECK_CONNECTION, QueryError, type QueryErrorProps } from './query-error';
