// @vox/ui/forms: the dialog and the text fields (libs/ui/README.md, "Entries"). The shell's auth
// modal (loaded when it first opens) and pages use them; no first page renders them, so they are
// not in the shell's entry file.
export { Modal, type ModalProps } from './lib/modal/modal';
export { TextField, type TextFieldProps } from './lib/text-field/text-field';
export { PasswordField, type PasswordFieldProps } from './lib/text-field/password-field';
export { EyeIcon, EyeOffIcon } from './lib/icons/form-icons';
export { ConfirmDialog, type ConfirmDialogProps } from './lib/confirm-dialog/confirm-dialog';
export { useFocusFirstInvalid, type FocusFirstInvalid } from './lib/form-focus/use-focus-first-invalid';
