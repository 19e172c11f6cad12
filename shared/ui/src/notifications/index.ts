export { NotificationArea } from './notification-area';
export { useNotify } from './use-notify';
export {
  NOTIFICATION_DEFAULT_MS,
  notificationsAtom,
  type Notification,
  type NotificationTone,
} from './notifications.atoms';
