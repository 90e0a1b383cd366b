// The auth modal (log in, join, reset) as its own entry: the shell loads it when the modal first
// opens, so no first route carries its forms. Its files use the auth store's types
// only; at run time they talk to the store through the actions the shell passes in.
export * from './modal';
