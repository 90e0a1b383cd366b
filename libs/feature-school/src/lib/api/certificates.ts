import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { type Certificate, schoolEndpoints } from '@vox/contract/school';

/** The certificates area's calls (certificates of attendance and of classes); keys under ['certificates']. */
const certificateKeys = {
  all: ['certificates'] as const,
  mine: (userId: string | null) => ['certificates', 'mine', userId] as const,
  one: (certId: string, viewer: string | null) => ['certificates', 'one', certId, viewer] as const,
};

/** The certificates issued to me (signed in only). */
export function useMyCertificates() {
  const user = useUser();
  return useQuery({ queryKey: certificateKeys.mine(user?.id ?? null), queryFn: () => api.call(schoolEndpoints.myCertificates), enabled: Boolean(user) });
}

/** One certificate, for anyone holding its id. */
export function useCertificate(certId: string) {
  const viewer = useUser()?.id ?? null;
  return useQuery({ queryKey: certificateKeys.one(certId, viewer), queryFn: () => api.call(schoolEndpoints.certificate, { params: { certId } }), retry: false });
}

export function useRevokeCertificate(certId: string) {
  const client = useQueryClient();
  const viewer = useUser()?.id ?? null;
  return useMutation({
    mutationFn: () => api.call(schoolEndpoints.revokeCertificate, { params: { certId } }),
    onSuccess: (answer: Certificate) => {
      client.setQueryData(certificateKeys.one(certId, viewer), answer);
      void client.invalidateQueries({ queryKey: certificateKeys.all, predicate: (q) => q.queryKey[1] === 'mine' });
    },
  });
}
