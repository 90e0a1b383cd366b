// @vox/ui/forms: the dialog and the text fields (libs/ui/README.md, "Entries"). The shell's auth
// modal (loaded when it first opens) and pages use them; no first page renders them, so they are
// not in the shell's entry file.
export { Modal } from './lib/modal/modal';
export { TextField, type TextFieldProps } from './lib/text-field/text-field';
export { PasswordField } from './lib/text-field/password-field';
export { EyeIcon, EyeOffIcon } from './lib/icons/form-icons';
export { ConfirmDialog } from './lib/confirm-dialog/confirm-dialog';
export { useFocusFirstInvalid } from './lib/form-focus/use-focus-first-invalid';
