export { useOnline } from './use-online';
