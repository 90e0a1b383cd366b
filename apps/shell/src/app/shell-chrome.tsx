import { usePhotoUrl } from '@vox/api-client';
import { useNavigate } from 'react-router';
import { authActions, useUser, usePrivileges } from '@vox/auth';
import { useNewMessageDot } from '@vox/feature-notifications';
import { Footer, Header, TopBar, type PrivilegeFlags } from '@vox/ui';
import { href, productNameFor, type Variant } from '@vox/variant';

function usePrivilegeFlags(): PrivilegeFlags {
  const { has } = usePrivileges();
  return {
    draft: has('draft'),
    audio_library: has('audio_library'),
    read_free_script: has('read_free_script'),
    show_metrics: has('show_metrics'),
    teach: has('teach'),
  };
}

/** The header of the variant (the podcast variant has its own top bar), fed from the shared state. */
export function ShellHeader({ variant }: { variant: Variant }) {
  const user = useUser();
  const navigate = useNavigate();
  const photoUrl = usePhotoUrl(user?.photo);
  const privileges = usePrivilegeFlags();
  const hasNewMessages = useNewMessageDot();
  const onSignOut = () => {
    void authActions.signOut().then(() => navigate(href('home')));
  };
  const common = { user, photoUrl, privileges, site: variant.site, product: productNameFor(variant.site), onSignOut };
  if (variant.page === 'channel') {
    return <TopBar {...common} />;
  }
  return (
    <Header
      {...common}
      page={variant.page}
      hasNewMessages={hasNewMessages}
    />
  );
}

export function ShellFooter({ variant }: { variant: Variant }) {
  return <Footer product={productNameFor(variant.site)} />;
}
