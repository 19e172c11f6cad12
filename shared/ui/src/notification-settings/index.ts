// My Account's "Notifications": what the user is told, on which channel, and push on this device.
export { NotificationSettings } from './notification-settings';
