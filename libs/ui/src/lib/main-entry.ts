// The parts of the main entry (@vox/ui) that the other entries' components use. They come through
// the shared name, not a relative path: @vox/ui is a federation singleton, so a build that provides
// @vox/ui/forms or @vox/ui/page-kit (a remote's own copy) takes these from the one @vox/ui on the
// page instead of bundling a second copy of them (libs/ui/README.md, "Entries").
// Only files of the side entries import this module; the main entry's files import relatively.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared name is the point (see above)
export { Alert, Button, CloseIcon, cx, Icon, MicIcon, Notice, type IconProps } from '@vox/ui';
