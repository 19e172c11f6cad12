export {
  isConnectionFailure,
  OFFLINE_ACTION_MESSAGE,
  OFFLINE_NOTICE_ON_SCREEN,
  offlineAction,
  showsOfflineNoticeOnScreen,
  whileOnline,
} from './offline-action';
export { OfflineActionNotice } from './offline-action-notice';
