export { Dialog, type DialogProps } from './dialog';
export { useModalDialog } from './use-modal-dialog';
