export { NotificationArea } from './notification-area';
export { useNotify } from './use-notify';
export {
  dismissNotification,
  NOTIFICATION_DEFAULT_MS,
  notificationsAtom,
  notify,
  type Notification,
  type NotificationTone,
} from './notifications.atoms';
