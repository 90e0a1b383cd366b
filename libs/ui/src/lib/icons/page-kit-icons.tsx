// The icons only pages draw (@vox/ui/page-kit; libs/ui/README.md, "Entries").
import { Icon, type IconProps } from '../main-entry';

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </Icon>
  );
}
