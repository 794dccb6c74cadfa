import { adminApi } from '../../../api/admin';
import { useAsync } from '../../../hooks/use-async';

export const useAdminStats = () => useAsync((signal) => adminApi.stats(signal), []);
