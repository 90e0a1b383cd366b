import { Icon } from '@vox/ui';

/** A broken chain link, in @vox/ui's icon frame. */
export function LinkOffIcon() {
  return (
    <Icon>
      <path d="M9 17H7A5 5 0 0 1 7 7h2M15 7h2a5 5 0 0 1 4 8M8 12h4M3 3l18 18" />
    </Icon>
  );
}
