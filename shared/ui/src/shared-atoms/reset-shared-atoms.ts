import { getDefaultStore } from 'jotai';
import { notifications } from '../notifications/notifications.store';
import { INITIAL_PAGE_FRAME, pageFrame } from '../page-frame/page-frame.store';

/** Tests: the toasts and the page frame back to their first values in jotai's default store. */
export function resetSharedAtoms(): void {
  getDefaultStore().set(notifications, []);
  getDefaultStore().set(pageFrame, INITIAL_PAGE_FRAME);
}
