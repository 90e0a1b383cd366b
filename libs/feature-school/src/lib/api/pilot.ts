import { useMutation } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { type PilotFields, schoolEndpoints } from '@vox/contract/school';

/** The pilot programme's application to the team (a honeypot `website` field rides along). */
export const useSendPilot = () => useMutation({ mutationFn: (body: PilotFields & { website: string }) => api.call(schoolEndpoints.submitPilot, { body }) });
