export { useServerAction, type ServerAction, type ServerActionCallbacks } from './use-server-action';
