import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { MESSAGES } from '@market/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../config/paths.ts';

/** Ends the session on the server, forgets cached data, and returns to the home page. */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? 'Could not log out');
    },
    onSuccess: async () => {
      // Older versions of the app kept a token here; the session cookie is all we use now.
      localStorage.removeItem('accessToken');
      queryClient.setQueryData(['me'], null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      toast.success(MESSAGES.logoutSuccess);
      await navigate(paths.home);
    },
    onError: (err) => {
      console.error(err);
      toast.error(err.message);
    },
  });
}
