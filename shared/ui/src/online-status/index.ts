export { onlineAtom } from './online-status.atoms';
export { useOnline } from './use-online';
